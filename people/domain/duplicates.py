"""Duplicate candidates among the players a user may manage (``people.access``): the pure
engine (``people.engine.duplicates``) scores the pairs, this reads the players."""

from __future__ import annotations

import hashlib
from array import array
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import QuerySet

from karlchen.changes import cached_registry
from people.engine.duplicates import (
    DEFAULT_THRESHOLD,
    Candidate,
    Person,
    candidates,
    collection_paused,
)
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
    """The likely pairs among ``players`` (the erased are no one's duplicate), best first.

    Cached until the registry changes (``karlchen.changes.registry_changed``, sent by every
    write of a player or a membership: ``people.apps``), for exactly these players: the key
    holds a digest of their ids, so a user who may manage more or fewer players than before
    (a new role, a tournament entered) is answered afresh."""
    view = f"duplicates:{_players_key(players)}:{threshold}:{limit}"
    found = cached_registry(view, lambda: _candidates(players, threshold=threshold, limit=limit))
    wanted = {c.first for c in found} | {c.second for c in found}
    named = Player.objects.select_related("club").prefetch_related("memberships__association")
    by_id = named.in_bulk(wanted)
    return [
        DuplicatePair(by_id[c.first], by_id[c.second], c.score, c.reasons)
        for c in found
        if c.first in by_id and c.second in by_id  # merged or erased meanwhile: gone
    ]


def _players_key(players: QuerySet[Player]) -> str:
    """Which players ``players`` are, for the cache: every player (a superuser's registry: who
    they are is what the registry's generation says, so the ids need not be read), else a
    digest of their ids."""
    if not players.query.has_filters() and not players.query.is_sliced:
        return "all"
    ids = list(players.order_by("pk").values_list("pk", flat=True))
    return hashlib.sha256(array("q", ids).tobytes()).hexdigest()[:32]


def _candidates(players: QuerySet[Player], *, threshold: float, limit: int) -> list[Candidate]:
    with collection_paused():  # tens of thousands of rows read, and then compared
        memberships: dict[int, set[tuple[int, str]]] = defaultdict(set)
        for player_id, association_id, number in Membership.objects.filter(
            player__in=players
        ).values_list("player_id", "association_id", "member_number"):
            memberships[player_id].add((association_id, number))
        numbers = {player_id: frozenset(pairs) for player_id, pairs in memberships.items()}
        rows = players.filter(erased_at__isnull=True).values_list(
            "pk", "name", "birth_year", "member_number"
        )
        none: frozenset[tuple[int, str]] = frozenset()
        people = [
            Person(pk, name, year, number, numbers.get(pk, none)) for pk, name, year, number in rows
        ]
        return candidates(people, threshold=threshold)[:limit]
