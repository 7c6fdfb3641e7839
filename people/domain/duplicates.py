"""Duplicate candidates among the players a user may manage (``people.access``): the pure
engine (``people.engine.duplicates``) scores the pairs, this reads the players."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import QuerySet

from people.engine.duplicates import DEFAULT_THRESHOLD, Person, candidates
from people.models import Membership, Player

MAX_CANDIDATES = 200  # the desk shows the best ones; merging them shows the next


@dataclass(frozen=True)
class DuplicatePair:
    first: Player
    second: Player
    score: float
    reasons: tuple[str, ...]


def duplicate_pairs(
    players: QuerySet[Player],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    limit: int = MAX_CANDIDATES,
) -> list[DuplicatePair]:
    """The likely pairs among ``players`` (the erased are no one's duplicate), best first."""
    rows = players.filter(erased_at__isnull=True).values_list(
        "pk", "name", "birth_year", "member_number"
    )
    memberships = defaultdict(set)
    for player_id, association_id, number in Membership.objects.filter(
        player__in=players
    ).values_list("player_id", "association_id", "member_number"):
        memberships[player_id].add((association_id, number))
    people = [
        Person(pk, name, year, number, frozenset(memberships[pk]))
        for pk, name, year, number in rows
    ]
    found = candidates(people, threshold=threshold)[:limit]
    ids = {c.first for c in found} | {c.second for c in found}
    by_id = Player.objects.in_bulk(ids)
    return [DuplicatePair(by_id[c.first], by_id[c.second], c.score, c.reasons) for c in found]
