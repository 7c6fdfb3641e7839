"""Penalty rows (TSR 9): zero-sum corrections, and the one kind that is not (unsporting conduct)."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.cache import cache
from django.db import transaction

from scoring.domain.deals import standings_cache_key
from scoring.domain.errors import rejected
from tournaments.enums import AdjustmentKind
from tournaments.models import Adjustment, AdjustmentLine, Entry, Series, Table

UNSPORTING_MAXIMUM = 12  # TSR 9: up to −12, with no credit to the others


def minor_breach_lines(table: Table, offender: Entry, *, soloist: Entry | None = None) -> dict:
    """TSR 9 minor breach: offender −3, the others +1 each; against a soloist: soloist +3."""
    others = [seat.entry for seat in table.seats.all() if seat.entry_id != offender.pk]
    if soloist is not None:
        return {offender: -3, soloist: 3}
    return {offender: -3, **dict.fromkeys(others[:3], 1)}


def add_adjustment(
    series: Series,
    *,
    kind: str,
    lines: Mapping[Entry, int],
    reason: str,
    by=None,
    table: Table | None = None,
) -> Adjustment:
    """Add a penalty row to ``series``; every kind but unsporting conduct must sum to 0."""
    _check(series, kind, lines, reason)
    with transaction.atomic():
        adjustment = Adjustment.objects.create(
            series=series, table=table, kind=kind, reason=reason.strip(), author=by
        )
        AdjustmentLine.objects.bulk_create(
            AdjustmentLine(adjustment=adjustment, entry=entry, points=points)
            for entry, points in lines.items()
        )
        key = standings_cache_key(series.tournament_id)
        transaction.on_commit(lambda: cache.delete(key))
    return adjustment


def _check(series: Series, kind: str, lines: Mapping[Entry, int], reason: str) -> None:
    if kind not in AdjustmentKind.values:
        raise rejected("unknown_adjustment_kind", "kind", kind=kind)
    if not reason.strip():
        raise rejected("reason_required", "reason")
    if not lines or any(entry.tournament_id != series.tournament_id for entry in lines):
        raise rejected("not_entered", "lines")
    if kind == AdjustmentKind.UNSPORTING:
        (points,) = lines.values() if len(lines) == 1 else (None,)
        if points is None or not -UNSPORTING_MAXIMUM <= points < 0:
            raise rejected("unsporting_penalty", "lines", max=UNSPORTING_MAXIMUM)
    elif sum(lines.values()) != 0:
        raise rejected("adjustment_not_zero_sum", "lines", total=sum(lines.values()))
