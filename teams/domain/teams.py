"""Teams of a tournament: set one up with its roster, change it, delete it; choose the rules of
the side rankings.

A roster is entries of the team's tournament: regulars, substitutes and at most one captain
among them. A player is in one team of a tournament at most: the tournament's row is locked
while a roster is checked and written, and the database holds it too (``team_member_once``), so
two organisers entering the same player at once leave one of them refused, not both entered.

Each operation takes the acting person, runs in one transaction, writes the tournament's log
and turns the tournament's cached reads over (the side rankings show rosters).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Conflict, Problem, Problems, Refused
from teams.engine.ranking import parse_rule
from teams.log import TeamCode
from teams.models import SideRankings, Team, TeamMember
from tournaments.models import Entry, Tournament

NAME_LIMIT = 120  # Team.name's max_length
MAX_ROSTER = 100  # players listed in one team
UNCHANGED: Any = object()  # update_team: leave this part as it is


@dataclass(frozen=True)
class Roster:
    """Who is in a team, by entry id: regulars, substitutes, and the captain (one of them)."""

    members: tuple[int, ...] = ()
    substitutes: tuple[int, ...] = ()
    captain: int | None = None


def create_team(tournament: Tournament, *, by: Actor, name: str, roster: Roster = Roster()) -> Team:
    """A new team of the tournament with its roster (fields ``name``, ``members.<i>``,
    ``substitutes.<i>``, ``captain``)."""
    name = name.strip()
    with _writing(tournament):
        _check(tournament, name, roster, team=None)
        team = Team.objects.create(tournament=tournament, name=name)
        _write_roster(team, roster)
        log(tournament, by, TeamCode.TEAM_CREATED, name=name, players=_size(roster))
    return team


def update_team(
    team: Team, *, by: Actor, name: str = UNCHANGED, roster: Roster = UNCHANGED
) -> Team:
    """Rename a team or replace its roster (the whole of it: who is not listed leaves)."""
    tournament = team.tournament
    with _writing(tournament):
        current = team_roster(team)
        new_name = team.name if name is UNCHANGED else name.strip()
        new_roster = current if roster is UNCHANGED else roster
        _check(tournament, new_name, new_roster, team=team)
        changed = []
        if new_name != team.name:
            team.name = new_name
            team.save(update_fields=["name"])
            changed.append("name")
        if _unordered(new_roster) != _unordered(current):
            team.members.all().delete()
            _write_roster(team, new_roster)
            changed.append("roster")
        if changed:
            log(
                tournament,
                by,
                TeamCode.TEAM_CHANGED,
                name=new_name,
                fields=changed,
                players=_size(new_roster),
            )
    return team


def set_rosters(
    tournament: Tournament, *, by: Actor, rosters: Sequence[tuple[str, Roster]]
) -> list[Team]:
    """Set up each named team with its roster, or replace the roster of the team of that name
    (compared without case); other teams stay. All at once: a player may move from one listed
    team to another in any order, as only the rosters as they will be are checked. Refused
    whole, each problem at ``teams.<i>.<field>`` (``i`` the team's place in ``rosters``)."""
    with _writing(tournament):
        existing = {team.name.lower(): team for team in Team.objects.filter(tournament=tournament)}
        replaced = {
            existing[name.lower()].pk
            for name, _roster in rosters
            if name.strip().lower() in existing
        }
        problems = Problems()
        claimed: dict[int, str] = {}  # entry: the listed team that has them
        names: set[str] = set()
        for index, (given, roster) in enumerate(rosters):
            name = given.strip()
            team = existing.get(name.lower())
            try:
                if name.lower() in names:
                    raise Refused([Problem("team_name_taken", "name", {"name": name})])
                _check(tournament, name, roster, team=team, replaced=replaced, claimed=claimed)
            except Refused as refusal:
                for problem in refusal.problems:
                    problems.add(problem.code, f"teams.{index}.{problem.field}", **problem.params)
            names.add(name.lower())
            for entry in (*roster.members, *roster.substitutes):
                claimed.setdefault(entry, team.name if team is not None else name)
        problems.raise_if_any()
        before = {team.pk: team_roster(team) for team in existing.values() if team.pk in replaced}
        TeamMember.objects.filter(team_id__in=replaced).delete()
        teams = []
        for given, roster in rosters:
            name = given.strip()
            team = existing.get(name.lower())
            if team is None:
                team = Team.objects.create(tournament=tournament, name=name)
                log(tournament, by, TeamCode.TEAM_CREATED, name=name, players=_size(roster))
            elif _unordered(roster) != _unordered(before[team.pk]):
                log(
                    tournament,
                    by,
                    TeamCode.TEAM_CHANGED,
                    name=team.name,
                    fields=["roster"],
                    players=_size(roster),
                )
            _write_roster(team, roster)
            teams.append(team)
    return teams


def teams_of_entries(tournament: Tournament) -> dict[int, int]:
    """Per entry of the tournament in a team (regular or substitute), that team's id: what the
    seating keeps apart (``seating.ports.TEAMS_OF``)."""
    return dict(TeamMember.objects.filter(tournament=tournament).values_list("entry_id", "team_id"))


def delete_team(team: Team, *, by: Actor) -> None:
    """The team is gone (its players stay entered)."""
    with _writing(team.tournament):
        log(team.tournament, by, TeamCode.TEAM_DELETED, name=team.name)
        team.delete()


def team_roster(team: Team) -> Roster:
    rows = list(
        team.members.order_by("entry__start_number").values_list(
            "entry_id", "substitute", "captain"
        )
    )
    return Roster(
        members=tuple(entry for entry, substitute, _captain in rows if not substitute),
        substitutes=tuple(entry for entry, substitute, _captain in rows if substitute),
        captain=next((entry for entry, _substitute, captain in rows if captain), None),
    )


def set_side_rankings(tournament: Tournament, *, by: Actor, **fields: Any) -> SideRankings:
    """Choose how teams and clubs are ranked (``team_rule``, ``club_rule``: see
    ``teams.engine.ranking``) and whether spectators see the clubs' ranking (``clubs_shown``)."""
    problems = Problems()
    for name in ("team_rule", "club_rule"):
        if name in fields:
            try:
                fields[name] = parse_rule(fields[name], name).to_json()
            except Refused as refusal:  # every problem of both rules at once
                for problem in refusal.problems:
                    problems.add(problem.code, problem.field, **problem.params)
    problems.raise_if_any()
    with _writing(tournament, rosters=False):  # how units are ranked and shown: not a result
        settings, _created = SideRankings.objects.get_or_create(tournament=tournament)
        changed = sorted(name for name, value in fields.items() if getattr(settings, name) != value)
        for name, value in fields.items():
            setattr(settings, name, value)
        settings.save()
        if changed:
            log(tournament, by, TeamCode.SIDE_RANKINGS_CHANGED, fields=changed)
    return settings


@contextmanager
def _writing(tournament: Tournament, *, rosters: bool = True) -> Iterator[None]:
    """One transaction with the tournament locked (rosters of one tournament are written one
    after the other); a constraint the database finds broken all the same is a ``Conflict``.
    Rosters are refused once the results are final (``results_final``): who played for which
    team decides a match day's or a cup match's scores, final with the tournament's results
    (docs/TEAMS.md, "Final means one thing")."""
    try:
        with transaction.atomic():
            locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
            if rosters and locked is not None and locked.results_final:
                raise Refused([Problem("results_final", "tournament", {})])
            yield
            tournament_changed(tournament.pk)
    except IntegrityError as error:
        raise Conflict("teams_changed_meanwhile", "team") from error


def _check(
    tournament: Tournament,
    name: str,
    roster: Roster,
    *,
    team: Team | None,
    replaced: Collection[int] = (),
    claimed: Mapping[int, str] | None = None,
) -> None:
    """The team's name and roster are fine. A player in another team is refused, but for the
    teams whose rosters are ``replaced`` at once; ``claimed`` is who those have already."""
    problems = Problems()
    if not name:
        problems.add("team_name_required", "name")
    elif len(name) > NAME_LIMIT:
        problems.add("text_too_long", "name", max=NAME_LIMIT)
    elif has_control_characters(name):
        problems.add("text_control_characters", "name")
    elif _name_taken(tournament, name, team):
        problems.add("team_name_taken", "name", name=name)
    if _size(roster) > MAX_ROSTER:
        problems.add("team_roster_too_large", "members", max=MAX_ROSTER)
        problems.raise_if_any()
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(
            pk__in=[*roster.members, *roster.substitutes]
        ).select_related("player")
    }
    others = dict(
        TeamMember.objects.filter(tournament=tournament, entry_id__in=entries)
        .exclude(team_id__in={*replaced, *([team.pk] if team is not None else [])})
        .values_list("entry_id", "team__name")
    )
    others.update({entry: name for entry, name in (claimed or {}).items() if entry in entries})
    seen: set[int] = set()
    for part, ids in (("members", roster.members), ("substitutes", roster.substitutes)):
        for index, entry_id in enumerate(ids):
            field = f"{part}.{index}"
            entry = entries.get(entry_id)
            if entry is None or entry.tournament_id != tournament.pk:
                problems.add("team_entry_unknown", field, entry=entry_id)
            elif entry_id in seen:
                problems.add("team_entry_twice", field, name=entry.player.name)
            elif entry_id in others:
                problems.add(
                    "team_entry_in_other_team",
                    field,
                    name=entry.player.name,
                    team=others[entry_id],
                )
            seen.add(entry_id)
    if roster.captain is not None and roster.captain not in seen:
        problems.add("team_captain_not_member", "captain")
    problems.raise_if_any()


def _name_taken(tournament: Tournament, name: str, team: Team | None) -> bool:
    """Another team of the tournament has this name (in any case)."""
    others = Team.objects.filter(tournament=tournament, name__iexact=name)
    return (others.exclude(pk=team.pk) if team is not None else others).exists()


def _write_roster(team: Team, roster: Roster) -> None:
    TeamMember.objects.bulk_create(
        TeamMember(
            team=team,
            tournament_id=team.tournament_id,
            entry_id=entry,
            substitute=substitute,
            captain=entry == roster.captain,
        )
        for entries, substitute in ((roster.members, False), (roster.substitutes, True))
        for entry in entries
    )


def _unordered(roster: Roster) -> tuple[frozenset[int], frozenset[int], int | None]:
    """A roster as sets of players: the order they are listed in is no change."""
    return frozenset(roster.members), frozenset(roster.substitutes), roster.captain


def _size(roster: Roster) -> int:
    return len(roster.members) + len(roster.substitutes)


def roster_by_start_numbers(
    tournament: Tournament,
    *,
    members: Sequence[int] = (),
    substitutes: Sequence[int] = (),
    captain: int | None = None,
) -> Roster:
    """A roster named by start numbers (the desk's form, a team file); an unknown number is
    refused at its place (``members.<i>``, ``substitutes.<i>``, ``captain``)."""
    numbers = [*members, *substitutes, *([captain] if captain is not None else [])]
    entries = dict(
        tournament.entries.filter(start_number__in=numbers).values_list("start_number", "pk")
    )
    problems = Problems()
    for part, listed in (("members", members), ("substitutes", substitutes)):
        for index, number in enumerate(listed):
            if number not in entries:
                problems.add("team_start_number_unknown", f"{part}.{index}", number=number)
    if captain is not None and captain not in entries:
        problems.add("team_start_number_unknown", "captain", number=captain)
    problems.raise_if_any()
    return Roster(
        members=tuple(entries[number] for number in members),
        substitutes=tuple(entries[number] for number in substitutes),
        captain=entries[captain] if captain is not None else None,
    )
