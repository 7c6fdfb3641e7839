"""The tournaments a person played: what merging, erasing and the desk's player page list."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Tournament


def tournaments_of(player_id: int) -> QuerySet[Tournament]:
    return Tournament.objects.filter(entries__player_id=player_id).distinct()
