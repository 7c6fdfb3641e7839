"""Merge two players of the registry who are one person: the history follows the one kept.

One transaction, both players locked (in the order of their ids, so two merges of the same pair
cannot deadlock). Every reference to the other player moves to the kept one, found from the
model's relations (entries, memberships, the team cups' players, and whatever an app adds
later) and in a season final's seeding, so their entries bring their deals, team rosters,
sign-ups and fees along. Refused, with every reason at once, where the two cannot be one
person: both played one tournament or play in one team cup, their member numbers (the DDV's,
or an association's) or years of birth differ, or one of them was erased. The kept player's
empty fields are filled from the other's; the stricter privacy choice wins.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import ForeignObjectRel

from competitions.models import SquadMember
from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import Conflict, Problem, Refused, refused
from people.domain.players import players_reads_changed
from people.models import Player
from registry.domain.frozen import rewrite_frozen
from registry.domain.history import tournaments_of
from registry.log import RegistryCode
from seasons.models import IndividualCup, SeasonRegular
from tournaments.models import Entry, Tournament


def merge_players(kept: Player, other: Player, *, by: Actor) -> Player:
    """Move ``other``'s history to ``kept`` and delete ``other``; returns the kept player."""
    if kept.pk == other.pk:
        raise refused("player_merge_self", "other")
    with transaction.atomic():
        locked = {
            player.pk: player
            for player in Player.objects.select_for_update()
            .filter(pk__in=[kept.pk, other.pk])
            .order_by("pk")
        }
        if len(locked) < 2:
            raise Conflict("player_gone", "other")  # merged away or deleted meanwhile
        kept, other = locked[kept.pk], locked[other.pk]
        problems = merge_problems(kept, other)
        if problems:
            raise Refused(problems)
        their_tournaments = list(tournaments_of(other.pk))
        their_entries = list(Entry.objects.filter(player=other).values_list("pk", flat=True))
        _fill_in(kept, other)
        _drop_double_regulars(kept, other)
        _move_references(kept, other)
        _move_seeds(kept, other)
        for tournament in their_tournaments:
            _rewrite_frozen(tournament, other.pk, their_entries, kept)
            log(tournament, by, RegistryCode.PLAYER_MERGED, name=other.name, into=kept.name)
        log(kept, by, RegistryCode.MERGED_IN, other=other.pk)
        log(other, by, RegistryCode.MERGED_INTO, kept=kept.pk)
        players_reads_changed(kept)  # after the move: every tournament of both
        players_reads_changed(other)
        other.delete()
    return kept


def _drop_double_regulars(kept: Player, other: Player) -> None:
    """A season names a person a regular once: where both are named, the kept one stays."""
    both = SeasonRegular.objects.filter(player=kept).values("season")
    SeasonRegular.objects.filter(player=other, season__in=both).delete()


def _move_seeds(kept: Player, other: Player) -> None:
    """A season final's seeding names players by id inside its JSON (no relation carries it
    along): the other's seed becomes the kept player's."""
    for cup in IndividualCup.objects.select_for_update().exclude(seeds=[]):
        if any(seed.get("player") == other.pk for seed in cup.seeds):
            cup.seeds = [
                {**seed, "player": kept.pk} if seed.get("player") == other.pk else seed
                for seed in cup.seeds
            ]
            cup.save(update_fields=["seeds"])


def merge_problems(kept: Player, other: Player) -> list[Problem]:
    """Why ``kept`` and ``other`` cannot be one person (empty: they can)."""
    if kept.erased_at is not None or other.erased_at is not None:
        return [Problem("player_erased", "other", {})]
    problems = []
    shared = Tournament.objects.filter(entries__player=kept).filter(entries__player=other)
    if shared.exists():
        names = ", ".join(f"„{t.name}“ ({t.date:%d.%m.%Y})" for t in shared.order_by("date"))
        problems.append(Problem("player_merge_same_tournament", "other", {"tournaments": names}))
    cups = SquadMember.objects.filter(player=kept, competition__in=_cups_of(other)).select_related(
        "competition"
    )
    if cups:
        names = ", ".join(f"„{row.competition}“" for row in cups)
        problems.append(Problem("player_merge_same_cup", "other", {"cups": names}))
    for field, code in (
        ("member_number", "player_merge_member_numbers"),
        ("birth_year", "player_merge_birth_years"),
    ):
        mine, theirs = getattr(kept, field), getattr(other, field)
        if mine and theirs and mine != theirs:
            problems.append(Problem(code, field, {"kept": mine, "other": theirs}))
    return problems + _membership_problems(kept, other)


def _membership_problems(kept: Player, other: Player) -> list[Problem]:
    """One problem per association in which both are members (with different numbers: a
    number is one person's in its association). The others' memberships move with the other
    references, so the kept player takes over those they lack."""
    theirs = {row.association_id: row.member_number for row in other.memberships.all()}
    return [
        Problem(
            "player_merge_memberships",
            "memberships",
            {
                "association": row.association.name,
                "kept": row.member_number,
                "other": theirs[row.association_id],
            },
        )
        for row in kept.memberships.select_related("association").order_by("association__name")
        if row.association_id in theirs and theirs[row.association_id] != row.member_number
    ]


def _cups_of(player: Player) -> Any:
    return SquadMember.objects.filter(player=player).values("competition_id")


def _fill_in(kept: Player, other: Player) -> None:
    """The kept player's empty fields from the other's; the stricter privacy choice."""
    member_number = kept.member_number or other.member_number
    if other.member_number:
        other.member_number = None  # unique: free it before the kept player takes it
        other.save(update_fields=["member_number"])
    kept.member_number = member_number
    kept.birth_year = kept.birth_year or other.birth_year
    if not kept.club_name:  # the club as typed, with its link
        kept.club_name, kept.club = other.club_name, other.club
    kept.guest = kept.guest and other.guest  # a member somewhere is no guest
    kept.profile_hidden = kept.profile_hidden or other.profile_hidden
    if other.listing_consent is False or (
        kept.listing_consent is None and other.listing_consent is not None
    ):
        kept.listing_consent = other.listing_consent
        kept.consent_at, kept.consent_by = other.consent_at, other.consent_by
        kept.consent_how = other.consent_how
    kept.save()


def _move_references(kept: Player, other: Player) -> None:
    """Every row pointing at ``other`` now points at ``kept`` (every app's relations)."""
    for relation in player_relations():
        field = relation.field.name
        manager = relation.related_model._base_manager  # type: ignore[union-attr]
        manager.filter(**{field: other}).update(**{field: kept})


def player_relations() -> list[ForeignObjectRel]:
    """Every relation pointing at a player, those without a reverse name ("+") as well."""
    return [
        field
        for field in Player._meta.get_fields(include_hidden=True)
        if isinstance(field, ForeignObjectRel)
    ]


def _rewrite_frozen(
    tournament: Tournament, other_id: int, entries: list[int], kept: Player
) -> None:
    if tournament.frozen_standings is None:
        return
    tournament.frozen_standings = rewrite_frozen(
        tournament.frozen_standings,
        player_id=other_id,
        entries=set(entries),
        new_id=kept.pk,
        name=kept.name,
        club=kept.club_name or None,
    )
    tournament.save(update_fields=["frozen_standings"])
