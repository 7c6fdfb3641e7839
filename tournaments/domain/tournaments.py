"""Tournaments: set one up with its series, change its settings and its host club."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from clubs import access
from clubs.access import Can
from clubs.models import Club
from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import Problem, Refused
from rules import parse_rules
from tournaments import ports
from tournaments.enums import Game
from tournaments.log import TournamentCode
from tournaments.models import Series, Tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def create_tournament(
    *, by: Actor, rules: Mapping[str, object] | None = None, **fields: Any
) -> Tournament:
    """A new tournament with its series rows; ``by`` becomes its organiser.

    The rule set is checked by the engine of the tournament's game (fields ``rules.<option>``).
    """
    game = fields.get("game", Game.DOPPELKOPF)
    parse_rules(game, rules or {})  # raises Refused naming each bad option
    if game == Game.SCHAFKOPF:
        fields.setdefault("normal_deals", 32)
        fields["compulsory_solos"] = False
    with transaction.atomic():
        tournament = Tournament(rules=rules or {}, **fields)
        tournament.full_clean()
        tournament.save()
        if by.user is not None:
            tournament.organisers.add(by.user)
        add_missing_series(tournament)
        log(tournament, by, TournamentCode.TOURNAMENT_CREATED)
    return tournament


def add_missing_series(tournament: Tournament) -> None:
    """Create the series rows up to ``series_count`` (e.g. after the count was raised)."""
    numbers = set(tournament.series.values_list("number", flat=True))
    Series.objects.bulk_create(
        Series(tournament=tournament, number=number)
        for number in range(1, tournament.series_count + 1)
        if number not in numbers
    )


def update_tournament(tournament: Tournament, *, by: Actor, **fields: Any) -> Tournament:
    """Change a tournament's fields (name, date, venue, status, ``standings_public``, ...) and
    freeze or thaw its public standings (``standings_frozen``); spectators see the change."""
    frozen = fields.pop("standings_frozen", None)
    with transaction.atomic():
        changed = {name for name, value in fields.items() if getattr(tournament, name) != value}
        for name, value in fields.items():
            setattr(tournament, name, value)
        if tournament.game != Game.DOPPELKOPF and fields:
            # compulsory solos are Doppelkopf's: another game never keeps them
            if tournament.compulsory_solos:
                changed.add("compulsory_solos")
            tournament.compulsory_solos = False
            fields["compulsory_solos"] = False
        tournament.full_clean()
        if fields:
            tournament.save(update_fields=list(fields))
        add_missing_series(tournament)  # the count may have been raised
        _log_changes(tournament, by, changed)
        if frozen is not None and frozen != (tournament.standings_frozen_at is not None):
            _freeze_standings(tournament, frozen)
            log(tournament, by, TournamentCode.FROZEN if frozen else TournamentCode.THAWED)
        tournament_changed(tournament.pk)
    return tournament


def change_host_club(tournament: Tournament, club: Club | None, *, by: Actor) -> Tournament:
    """Move the tournament to another host club, or make it a private tournament of its own
    organisers (``club`` None). Who acts must run tournaments of both clubs (``clubs.access``):
    the one it leaves (refused as ``host_club_not_allowed``) and the one it joins
    (``club_not_allowed``); a tournament made private gets the actor among its organisers, so
    it stays theirs. Logged; the calendar, the results index and the club pages follow."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        old = tournament.club  # read after the lock: a move at the same time is seen
        if (old.pk if old else None) == (club.pk if club else None):
            return tournament
        problems = []
        if old is None and not access.may(by.user, tournament, Can.RUN):
            problems.append(Problem("club_not_allowed", "club"))
        if old is not None and not access.may_club(by.user, old, Can.RUN):
            problems.append(Problem("host_club_not_allowed", "club", {"club": old.name}))
        if club is not None and not access.may_club(by.user, club, Can.RUN):
            problems.append(Problem("club_not_allowed", "club"))
        if club is None and by.user is None:
            problems.append(Problem("club_not_allowed", "club"))
        if problems:
            raise Refused(problems)
        tournament.club = club
        tournament.save(update_fields=["club"])
        if club is None and by.user is not None:  # none: refused above
            tournament.organisers.add(by.user)
        log(
            tournament,
            by,
            TournamentCode.HOST_CLUB_CHANGED,
            old=old.name if old else None,
            new=club.name if club else None,
        )
        tournament_changed(tournament.pk)
    return tournament


def add_organiser(tournament: Tournament, user: User, *, by: Actor) -> None:
    with transaction.atomic():
        tournament.organisers.add(user)
        log(tournament, by, TournamentCode.ORGANISER_ADDED, name=user.get_username())


def remove_organiser(tournament: Tournament, user: User, *, by: Actor) -> None:
    with transaction.atomic():
        tournament.organisers.remove(user)
        log(tournament, by, TournamentCode.ORGANISER_REMOVED, name=user.get_username())


def _log_changes(tournament: Tournament, by: Actor, changed: set[str]) -> None:
    """One entry per kind of change, worded for the organisers who read the log."""
    if "status" in changed:
        log(tournament, by, TournamentCode.STATUS_CHANGED, status=tournament.status)
    if "standings_public" in changed:
        log(
            tournament,
            by,
            TournamentCode.PUBLISHED if tournament.standings_public else TournamentCode.UNPUBLISHED,
        )
    settings = sorted(changed - {"status", "standings_public"})
    if settings:
        log(tournament, by, TournamentCode.TOURNAMENT_CHANGED, fields=settings)


def _freeze_standings(tournament: Tournament, frozen: bool) -> None:
    """Freeze what spectators see (overall and per series) as it is now, or thaw it."""
    if frozen:
        tournament.frozen_standings = ports.STANDINGS.get().public_snapshot(tournament)
        tournament.standings_frozen_at = timezone.now()
    else:
        tournament.frozen_standings, tournament.standings_frozen_at = None, None
    tournament.save(update_fields=["frozen_standings", "standings_frozen_at"])
