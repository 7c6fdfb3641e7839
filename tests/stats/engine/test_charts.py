"""The pictures' geometry: ticks cover the figures with round, even steps; a line's points and
the bars and columns sit where the figures say, inside the drawing."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stats.engine.charts import (
    Frame,
    Scale,
    column_chart,
    line_chart,
    nice_step,
    share_bars,
    ticks,
)

pytestmark = pytest.mark.unit

figures = st.integers(-500, 500)


def test_a_scale_maps_linearly_and_a_single_value_to_the_middle():
    scale = Scale(0, 10, 100, 0)
    assert (scale(0), scale(5), scale(10)) == (100, 50, 0)
    assert Scale(3, 3, 0, 10)(3) == 5


def test_steps_are_round():
    assert nice_step(0, 4) == 1
    assert nice_step(60, 4) == 20
    assert nice_step(7, 4) == 2
    assert nice_step(0.2, 4) == 0.05
    assert nice_step(10, 0) == 10


@given(figures, figures)
def test_ticks_cover_the_range_evenly(first, second):
    low, high = sorted((first, second))
    marks = ticks(low, high)
    assert marks[0] <= low
    assert marks[-1] >= high
    steps = {round(b - a, 6) for a, b in itertools.pairwise(marks)}
    assert len(steps) == 1
    assert 2 <= len(marks) <= 10


def test_a_range_of_one_value_gets_room_around_it():
    assert ticks(0, 0) == [-1, -0.5, 0, 0.5, 1]


@given(st.lists(figures, min_size=1, max_size=40))
def test_a_line_runs_left_to_right_inside_the_plot(values):
    frame = Frame()
    chart = line_chart(values, frame)
    assert [point.value for point in chart.points] == values
    xs = [point.x for point in chart.points]
    assert xs == sorted(xs)
    middle = (frame.plot_left + frame.plot_right) / 2
    assert xs[0] == (frame.plot_left if len(values) > 1 else middle)  # one point: in the middle
    for point in chart.points:
        assert frame.plot_top <= point.y <= frame.plot_bottom
        assert (point.y < chart.zero) == (point.value > 0)  # above the zero line: positive
    assert chart.path.startswith(f"M{xs[0]:g} ")
    assert chart.path.count("L") == len(values) - 1
    assert {tick.value for tick in chart.ticks} >= {0}


def test_a_line_of_two_points():
    chart = line_chart([0, 10])
    assert chart.path == "M36 140 L312 8"
    assert chart.zero == 140


@given(st.lists(st.tuples(st.text(max_size=3), st.integers(0, 50), st.integers(0, 50))))
def test_bars_are_as_long_as_their_share_of_the_most(rows):
    rows = [(label, played, min(won, played)) for label, played, won in rows]
    bars = share_bars(rows, width=200, row_height=24)
    most = max((played for _label, played, _won in rows), default=0)
    for index, (bar, (label, played, won)) in enumerate(zip(bars, rows, strict=True)):
        assert (bar.label, bar.played, bar.won, bar.y) == (label, played, won, index * 24)
        assert 0 <= bar.won_width <= bar.width <= 200
        if played == most and most:
            assert bar.width == 200
        assert bar.share == (round(100 * won / played) if played else None)


@given(st.lists(st.tuples(st.text(max_size=3), figures), max_size=30))
def test_columns_stand_on_the_zero_line(values):
    frame = Frame()
    chart = column_chart(values, frame)
    assert len(chart.columns) == len(values)
    for column, (label, value) in zip(chart.columns, values, strict=True):
        assert column.label == label
        assert frame.plot_left <= column.x
        assert column.x + column.width <= frame.plot_right + 0.01
        if value >= 0:
            assert abs(column.y + column.height - chart.zero) < 0.02  # up from the line
        else:
            assert column.y == chart.zero  # down from it
    lefts = [column.x for column in chart.columns]
    assert lefts == sorted(lefts)
