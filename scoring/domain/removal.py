"""Removing tournaments with everything played in them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from karlchen.changes import tournament_changed
from scoring.models import Adjustment, AdjustmentLine, Deal, DealRevision, RevisionPoints
from seating.models import Seat

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from tournaments.models import Tournament


def delete_tournaments(tournaments: QuerySet[Tournament]) -> None:
    """Delete tournaments (a queryset) with their deals, history and penalty rows.

    Deals and penalty rows protect the entries they score (``on_delete=PROTECT``) and a deal
    protects its current revision, so a plain ``delete()`` is refused: remove them in order.
    """
    with transaction.atomic():
        for tournament_id in tournaments.values_list("pk", flat=True):
            tournament_changed(tournament_id)  # a season counting it ranks without it now
        in_scope = {"series__tournament__in": tournaments}
        AdjustmentLine.objects.filter(adjustment__series__tournament__in=tournaments).delete()
        Adjustment.objects.filter(**in_scope).delete()
        deals = Deal.objects.filter(table__series__tournament__in=tournaments)
        deals.update(current=None)
        RevisionPoints.objects.filter(revision__deal__in=deals).delete()
        DealRevision.objects.filter(deal__in=deals).delete()  # and their idempotency keys
        deals.delete()
        Seat.objects.filter(**in_scope).delete()
        tournaments.delete()
