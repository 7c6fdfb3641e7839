"""The geometry of the statistics' pictures: scales, tick marks, a line's points, bars and
columns, in the units of an SVG ``viewBox`` (x to the right, y downwards).

The pages draw these as server-rendered SVG that scales with the page (a phone at 360 px, a
projector at 1920 × 1080): the numbers here fix the shapes, the templates the words. Pure
Python: no Django.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

NICE_STEPS = (1, 2, 2.5, 5, 10)


@dataclass(frozen=True)
class Scale:
    """A linear map from the figures (``low``…``high``) to the drawing (``start``…``end``); a
    range of one value maps to the middle of the drawing."""

    low: float
    high: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        if self.high == self.low:
            return round((self.start + self.end) / 2, 2)
        share = (value - self.low) / (self.high - self.low)
        return round(self.start + share * (self.end - self.start), 2)


def nice_step(span: float, count: int) -> float:
    """A step of 1, 2, 2.5 or 5 times a power of ten that cuts ``span`` into at most about
    ``count`` parts."""
    if span <= 0:
        return 1
    rough = span / max(count, 1)
    power: float = 10.0 ** math.floor(math.log10(rough))
    return next(step * power for step in NICE_STEPS if step * power >= rough)


def ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Evenly spaced round values from at or below ``low`` to at or above ``high``: the
    labels of an axis. A range of one value gets that value and its step around it."""
    if low == high:
        low, high = low - 1, high + 1
    step = nice_step(high - low, count)
    first = math.floor(low / step)
    last = math.ceil(high / step)
    return [round(index * step, 10) for index in range(first, last + 1)]


@dataclass(frozen=True)
class Frame:
    """The drawing's size and the margins around the plot (for the axis' labels)."""

    width: float = 320
    height: float = 160
    left: float = 36
    right: float = 8
    top: float = 8
    bottom: float = 20

    @property
    def plot_left(self) -> float:
        return self.left

    @property
    def plot_right(self) -> float:
        return self.width - self.right

    @property
    def plot_top(self) -> float:
        return self.top

    @property
    def plot_bottom(self) -> float:
        return self.height - self.bottom


@dataclass(frozen=True)
class Tick:
    value: float
    y: float


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: float


@dataclass(frozen=True)
class LineChart:
    """A line through the values in order (a player's points per series over time)."""

    frame: Frame
    points: list[Point]
    ticks: list[Tick]
    zero: float  # the y of the value 0

    @property
    def path(self) -> str:
        """The points as an SVG path's ``d``."""
        return " ".join(
            f"{'M' if index == 0 else 'L'}{point.x:g} {point.y:g}"
            for index, point in enumerate(self.points)
        )


def line_chart(values: Sequence[float], frame: Frame = Frame()) -> LineChart:
    """The line of ``values`` in order, from the left edge of the plot to its right, with the
    axis' ticks; 0 is always on the axis."""
    marks = ticks(min([0, *values]), max([0, *values]))
    y = Scale(marks[0], marks[-1], frame.plot_bottom, frame.plot_top)
    x = Scale(0, max(len(values) - 1, 0), frame.plot_left, frame.plot_right)
    return LineChart(
        frame=frame,
        points=[Point(x(index), y(value), value) for index, value in enumerate(values)],
        ticks=[Tick(mark, y(mark)) for mark in marks],
        zero=y(0),
    )


@dataclass(frozen=True)
class Bar:
    """One row of a bar chart of shares: ``played`` drawn full length ``width``, ``won`` as the
    part ``won_width`` of it, ``share`` in whole percent (None: nothing played)."""

    label: str
    played: int
    won: int
    y: float
    width: float
    won_width: float
    share: int | None


def share_bars(
    rows: Sequence[tuple[str, int, int]],
    *,
    width: float = 200,
    row_height: float = 24,
) -> list[Bar]:
    """Bars of (label, played, won), the longest as long as ``width``, one per row."""
    most = max((played for _label, played, _won in rows), default=0)
    length = Scale(0, most or 1, 0, width)
    return [
        Bar(
            label=label,
            played=played,
            won=won,
            y=index * row_height,
            width=length(played),
            won_width=length(won),
            share=round(100 * won / played) if played else None,
        )
        for index, (label, played, won) in enumerate(rows)
    ]


@dataclass(frozen=True)
class Column:
    """One column of a column chart: from ``y`` down ``height`` (below the zero line for a
    value below 0)."""

    label: str
    value: float
    x: float
    width: float
    y: float
    height: float


@dataclass(frozen=True)
class ColumnChart:
    frame: Frame
    columns: list[Column]
    ticks: list[Tick]
    zero: float


def column_chart(
    values: Sequence[tuple[str, float]], frame: Frame = Frame(), gap: float = 0.25
) -> ColumnChart:
    """A column per (label, value), side by side over the plot's width with ``gap`` (a share
    of each slot) between them; 0 is always on the axis."""
    figures = [value for _label, value in values]
    marks = ticks(min([0, *figures]), max([0, *figures]))
    y = Scale(marks[0], marks[-1], frame.plot_bottom, frame.plot_top)
    zero = y(0)
    slot = (frame.plot_right - frame.plot_left) / max(len(values), 1)
    columns = []
    for index, (label, value) in enumerate(values):
        top = min(y(value), zero)
        columns.append(
            Column(
                label=label,
                value=value,
                x=round(frame.plot_left + index * slot + slot * gap / 2, 2),
                width=round(slot * (1 - gap), 2),
                y=top,
                height=round(abs(y(value) - zero), 2),
            )
        )
    return ColumnChart(frame, columns, [Tick(mark, y(mark)) for mark in marks], zero)
