"""A player's course as an SVG line chart: cumulative points deal by deal, series marked.

Server-rendered (no charting library to ship): the template draws what ``course_chart`` returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

WIDTH, HEIGHT, PAD_X, PAD_Y = 640, 240, 40, 20
TICK_GAP = 28  # units between two value labels: a phone draws them 24 units high


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    path: str  # the polyline's points
    zero_y: float
    ticks: list[tuple[float, int]]  # (y, value) for the value axis
    series: list[tuple[float, int]]  # (x, series number) where a series starts
    last: tuple[float, float, int] | None  # the last point and its value


def course_chart(deals: list[dict]) -> Chart:
    """``deals``: the player's deals in order, each with ``series`` and running ``total``."""
    totals = [0, *(deal["total"] for deal in deals)]
    low, high = min(totals), max(totals)
    if low == high:
        low, high = low - 1, high + 1
    step_x = (WIDTH - 2 * PAD_X) / max(len(totals) - 1, 1)

    def x(index: int) -> float:
        return round(PAD_X + index * step_x, 1)

    def y(value: int) -> float:
        return round(HEIGHT - PAD_Y - (value - low) * (HEIGHT - 2 * PAD_Y) / (high - low), 1)

    starts, seen = [], set()
    for index, deal in enumerate(deals):
        if deal["series"] not in seen:
            seen.add(deal["series"])
            starts.append((x(index), deal["series"]))
    ticks = _apart([0, low, high] if low < 0 < high else [low, high], y)
    last = (x(len(totals) - 1), y(totals[-1]), totals[-1]) if deals else None
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        path=" ".join(f"{x(i)},{y(value)}" for i, value in enumerate(totals)),
        zero_y=y(0) if low <= 0 <= high else y(low),
        ticks=[(y(value), value) for value in sorted(ticks)],
        series=starts,
        last=last,
    )


def _apart(values: list[int], y: Callable[[int], float]) -> list[int]:
    """The axis values to label, first ones first, each at least TICK_GAP from those kept: a
    label for 0 beside one for 2 would print the two over each other."""
    kept: list[int] = []
    for value in values:
        if all(abs(y(value) - y(other)) >= TICK_GAP for other in kept):
            kept.append(value)
    return kept
