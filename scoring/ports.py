"""The ports of scoring (karlchen.ports): what apps above it do when a series closes."""

from __future__ import annotations

from collections.abc import Callable

from karlchen.ports import Many, declare

# Called in the transaction that closes a series, with its tournament's id: the statistics'
# rating is computed again after the commit (stats, a task through the outbox). What a listener
# does must not make the closing fail.
SeriesClosed = Callable[[int], None]

SERIES_CLOSED: Many[SeriesClosed] = declare(Many("scoring.series_closed", provided_by=("stats",)))
