"""Penalty rows (TSR 9): zero-sum corrections, and the one kind that is not (unsporting conduct)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import refused
from scoring.enums import AdjustmentKind
from scoring.log import ScoringCode
from scoring.models import Adjustment, AdjustmentLine
from seating.models import Table
from tournaments.domain.frozen import check_not_final
from tournaments.models import Entry, Series

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from scoring.models import Deal

UNSPORTING_MAXIMUM = 12  # TSR 9: up to −12, with no credit to the others


def minor_breach_lines(
    table: Table, offender: Entry, *, soloist: Entry | None = None, deal: Deal | None = None
) -> dict[Entry, int]:
    """TSR 9 minor breach: offender −3, the other three players +1 each; against a soloist
    (a Kontra player's breach that could hurt the solo): offender −3, soloist +3.

    At a five-table the others are the players of ``deal`` (the dealer sat out), so the deal
    must be named there.
    """
    if soloist is not None:
        return {offender: -3, soloist: 3}
    seats = list(table.seats.select_related("entry"))
    if len(seats) == 5 and deal is None:
        raise refused("deal_required", "deal")
    playing = set(deal.current.input["seats"]) if deal is not None else None
    others = [
        seat.entry
        for seat in seats
        if seat.entry_id != offender.pk and (playing is None or seat.position in playing)
    ]
    return {offender: -3, **dict.fromkeys(others, 1)}


def add_adjustment(
    series: Series,
    *,
    kind: str,
    lines: Mapping[Entry, int],
    reason: str,
    by: Actor,
    table: Table | None = None,
) -> Adjustment:
    """Add a penalty row to ``series``; every kind but unsporting conduct must sum to 0."""
    check_adjustment(series, kind=kind, lines=lines, reason=reason, table=table)
    with transaction.atomic():
        adjustment = Adjustment.objects.create(
            series=series, table=table, kind=kind, reason=reason.strip(), author=by.user
        )
        AdjustmentLine.objects.bulk_create(
            AdjustmentLine(adjustment=adjustment, entry=entry, points=points)
            for entry, points in lines.items()
        )
        # refused where the results are final; read last, as a deal write and closing a series
        # lock the table before the tournament
        check_not_final(series.tournament_id)
        log(series.tournament, by, ScoringCode.PENALTY_ADDED, **_details(adjustment))
        tournament_changed(series.tournament_id)
    return adjustment


def remove_adjustments(adjustments: QuerySet[Adjustment], *, by: Actor) -> None:
    """Delete penalty rows (a queryset), e.g. one entered by mistake; standings follow."""
    with transaction.atomic():
        changed = set()
        for adjustment in adjustments.select_related("series__tournament", "table"):
            if adjustment.series.tournament_id not in changed:
                check_not_final(adjustment.series.tournament_id)
            log(
                adjustment.series.tournament,
                by,
                ScoringCode.PENALTY_REMOVED,
                **_details(adjustment),
            )
            changed.add(adjustment.series.tournament_id)
        AdjustmentLine.objects.filter(adjustment__in=adjustments).delete()
        adjustments.delete()
        for tournament_id in changed:  # once per tournament, not once per row
            tournament_changed(tournament_id)


def _details(adjustment: Adjustment) -> dict[str, Any]:
    table = adjustment.table.number if adjustment.table else "—"
    return {"table": table, "series": adjustment.series.number, "reason": adjustment.reason}


def check_adjustment(
    series: Series,
    *,
    kind: str,
    lines: Mapping[Entry, int],
    reason: str,
    table: Table | None = None,
) -> None:
    """Refuse a penalty row that TSR 9 does not allow (forms call this before saving)."""
    if table is not None and table.series_id != series.pk:
        raise refused("table_not_in_series", "table")
    if kind not in AdjustmentKind.values:
        raise refused("unknown_adjustment_kind", "kind", kind=kind)
    if not reason.strip():
        raise refused("reason_required", "reason")
    if not lines or any(entry.tournament_id != series.tournament_id for entry in lines):
        raise refused("not_entered", "lines")
    if kind == AdjustmentKind.UNSPORTING:
        points = list(lines.values())
        if len(points) != 1 or not -UNSPORTING_MAXIMUM <= points[0] < 0:
            raise refused("unsporting_penalty", "lines", max=UNSPORTING_MAXIMUM)
    elif sum(lines.values()) != 0:
        raise refused("adjustment_not_zero_sum", "lines", total=sum(lines.values()))
