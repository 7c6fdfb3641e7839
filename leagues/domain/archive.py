"""A league's share of its season's archive (``seasons.parts``): its divisions with their rules
and teams (a team with a squad: its players, by name and member number, substitutes marked),
and its match days with their groups, line-ups, given scores and final marks.

A match day names its evening by its place in the archive's ``evenings``; a line-up names its
roster by the team's name in that evening's tournament (the tournament archive carries its
teams, ``teams.domain.team_archive``). Restored after the evenings, in the import's
transaction: a refusal names its place in the file (``league.days.0.teams.2.roster``) and the
whole import is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.utils import timezone

from clubs.domain.names import affiliation
from competitions.models import Entrant, Fixture, FixtureTeam, SquadMember
from karlchen.actors import Actor
from karlchen.plaintext import typed_name
from karlchen.refusals import Problem, Problems, Refused
from leagues.domain.leagues import create_league
from leagues.models import League
from people.models import Player
from seasons.models import Season, SeasonEvening
from seasons.parts import SeasonPart
from teams.models import Team
from tournaments.models import Entry, Tournament

NAME = "league"
MAX_DAYS = 500
MAX_SCORE = 10**9
NAME_LENGTH = 120  # Player.name
MEMBER_NUMBER_LENGTH = 30  # Player.member_number


def export_league(season: Season, tournaments: Sequence[int]) -> dict[str, Any] | None:
    league = League.objects.filter(season=season).first()
    if league is None:
        return None
    evening_of = {tournament: index for index, tournament in enumerate(tournaments)}
    divisions = [
        {
            "name": division.name,
            "rule": division.rule,
            "teams": [
                {"name": team.name, "club": team.club_name or None} | _squad(team)
                for team in division.teams.order_by("name", "pk")
            ],
        }
        for division in league.groups.all()
    ]
    days = [
        {
            "number": day.number,
            "evening": evening_of[day.evening.tournament_id],
            "final": day.final,
            "final_at": day.final_at.isoformat() if day.final_at else None,
            "teams": [
                {
                    "team": lineup.entrant.name,
                    "group": lineup.group,
                    "roster": lineup.team.name if lineup.team else None,
                    "score": lineup.score,
                }
                for lineup in day.sides.select_related("entrant", "team")
            ],
        }
        for day in Fixture.objects.filter(competition=league).select_related("evening__tournament")
    ]
    return {"divisions": divisions, "days": days}


def _squad(team: Entrant) -> dict[str, Any]:
    """A team's squad, where it has one (an archive of a league without squads is as before)."""
    members = SquadMember.objects.filter(team=team).select_related("player").order_by("position")
    if not members:
        return {}
    return {
        "squad": [
            {
                "name": member.player.name,
                "member_number": member.player.member_number,
                "substitute": member.substitute,
            }
            for member in members
        ]
    }


def check_league(row: object) -> list[Problem]:
    """The shape of an archive's league (what only the database can tell: ``restore_league``)."""
    problems = Problems()
    if not _object(row, NAME, ("divisions", "days"), problems):
        return _listed(problems)
    assert isinstance(row, dict)
    if isinstance(row.get("divisions"), list):
        for index, division in enumerate(row["divisions"]):
            where = f"{NAME}.divisions.{index}"
            if _object(division, where, ("name", "rule", "teams"), problems) and _list(
                division["teams"], f"{where}.teams", problems
            ):
                for position, team in enumerate(division["teams"]):
                    at = f"{where}.teams.{position}"
                    _object(team, at, ("name", "club"), problems, optional=("squad",))
                    if isinstance(team, dict) and "squad" in team:
                        _check_squad(team["squad"], f"{at}.squad", problems)
    elif "divisions" in row:
        problems.add("archive_type", f"{NAME}.divisions", expected="list")
    days = row.get("days", [])
    if _list(days, f"{NAME}.days", problems):
        if len(days) > MAX_DAYS:
            problems.add("archive_too_long", f"{NAME}.days", max=MAX_DAYS)
            return _listed(problems)
        for index, day in enumerate(days):
            _check_day(day, f"{NAME}.days.{index}", problems)
    return _listed(problems)


def _listed(problems: Problems) -> list[Problem]:
    try:
        problems.raise_if_any()
    except Refused as refusal:
        return list(refusal.problems)
    return []


def _check_day(day: object, where: str, problems: Problems) -> None:
    if not _object(day, where, ("number", "evening", "final", "final_at", "teams"), problems):
        return
    assert isinstance(day, dict)
    for name in ("number", "evening"):
        if not (type(day[name]) is int and 0 <= day[name] <= 10_000):
            problems.add("archive_type", f"{where}.{name}", expected="integer")
    if type(day["final"]) is not bool:
        problems.add("archive_type", f"{where}.final", expected="boolean")
    if day["final_at"] is not None and not _moment(day["final_at"]):
        problems.add("archive_type", f"{where}.final_at", expected="date and time")
    if not _list(day["teams"], f"{where}.teams", problems):
        return
    for position, lineup in enumerate(day["teams"]):
        at = f"{where}.teams.{position}"
        if not _object(lineup, at, ("team", "group", "roster", "score"), problems):
            continue
        if not (type(lineup["group"]) is int and 1 <= lineup["group"] <= 1000):
            problems.add("archive_range", f"{at}.group", min=1, max=1000)
        if lineup["roster"] is not None and type(lineup["roster"]) is not str:
            problems.add("archive_type", f"{at}.roster", expected="text")
        score = lineup["score"]
        if score is not None and not (type(score) is int and abs(score) <= MAX_SCORE):
            problems.add("archive_type", f"{at}.score", expected="integer")


def _check_squad(squad: object, where: str, problems: Problems) -> None:
    if not _list(squad, where, problems):
        return
    assert isinstance(squad, list)
    for position, member in enumerate(squad):
        at = f"{where}.{position}"
        if not _object(member, at, ("name", "member_number", "substitute"), problems):
            continue
        if typed_name(member["name"], limit=NAME_LENGTH) is None:
            problems.add("squad_player_name", f"{at}.name", max=NAME_LENGTH)
        number = member["member_number"]
        if number is not None and typed_name(number, limit=MEMBER_NUMBER_LENGTH) is None:
            problems.add("archive_type", f"{at}.member_number", expected="string")
        if not isinstance(member["substitute"], bool):
            problems.add("archive_type", f"{at}.substitute", expected="boolean")


def _object(
    row: object,
    where: str,
    keys: tuple[str, ...],
    problems: Problems,
    optional: tuple[str, ...] = (),
) -> bool:
    """Whether ``row`` is an object with all of ``keys`` (problems added where not, and for any
    other key than those and the ``optional`` ones)."""
    if not isinstance(row, dict):
        problems.add("archive_type", where, expected="object")
        return False
    clean = True  # unknown fields are reported; the known ones are still read
    for key in row:
        if key not in keys and key not in optional:
            problems.add("archive_unknown_field", f"{where}.{key}")
    for key in keys:
        if key not in row:
            problems.add("archive_required", f"{where}.{key}")
            clean = False
    return clean


def _list(value: object, where: str, problems: Problems) -> bool:
    if not isinstance(value, list):
        problems.add("archive_type", where, expected="list")
        return False
    return True


def _moment(value: object) -> bool:
    if type(value) is not str:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def restore_league(
    season: Season, row: Mapping[str, Any], evenings: Sequence[Tournament], by: Actor
) -> None:
    """The league on the imported season: its divisions (as ``create_league`` checks them) and
    its days, each on its evening, its teams, groups, rosters, scores and final mark."""
    divisions = [
        {
            "name": division["name"],
            "rule": division["rule"],
            "teams": [team["name"] for team in division["teams"]],
        }
        for division in row["divisions"]
    ]
    try:
        league = create_league(season, by=by, divisions=divisions)
    except Refused as refusal:
        raise Refused([_at(problem) for problem in refusal.problems]) from refusal
    teams = {team.name.casefold(): team for team in Entrant.objects.filter(competition=league)}
    for division in row["divisions"]:
        for team in division["teams"]:
            if team["club"]:  # as the archive names it: text, no new club
                found = teams[team["name"].strip().casefold()]  # a name create_league took
                for field, value in affiliation(team["club"]).items():
                    setattr(found, field, value)
                found.save(update_fields=["club_name", "club"])
    _restore_squads(league, row, evenings, teams)
    problems = Problems()
    days = [
        _restore_day(league, day, index, evenings, teams, problems, by)
        for index, day in enumerate(row["days"])
    ]
    problems.raise_if_any()
    FixtureTeam.objects.bulk_create(lineup for lineups in days for lineup in lineups)


def _restore_squads(
    league: League,
    row: Mapping[str, Any],
    evenings: Sequence[Tournament],
    teams: Mapping[str, Entrant],
) -> None:
    """Each squad's players: the person of that member number, else the person of that name
    among the imported evenings' players, else a new one. A player listed for two teams is
    refused at the second (``squad_player_taken``)."""
    players = {
        entry.player.name: entry.player
        for entry in Entry.objects.filter(tournament__in=evenings).select_related("player")
    }
    problems = Problems()
    placed: dict[int, str] = {}
    for index, division in enumerate(row["divisions"]):
        for position, team_row in enumerate(division["teams"]):
            team = teams[team_row["name"].strip().casefold()]
            for number, listed in enumerate(team_row.get("squad", ()), start=1):
                name = listed["name"].strip()
                person = None
                if listed["member_number"]:
                    person = Player.objects.filter(member_number=listed["member_number"]).first()
                person = person or players.get(name)
                if person is None:
                    person = Player.objects.create(
                        name=name, member_number=listed["member_number"] or None
                    )
                    players[name] = person
                if person.pk in placed:
                    at = f"{NAME}.divisions.{index}.teams.{position}.squad.{number - 1}"
                    problems.add("squad_player_taken", at, name=name, team=placed[person.pk])
                    continue
                placed[person.pk] = team.name
                SquadMember.objects.create(
                    competition=league,
                    team=team,
                    player=person,
                    position=number,
                    substitute=listed["substitute"],
                )
    problems.raise_if_any()


def _restore_day(
    league: League,
    row: Mapping[str, Any],
    index: int,
    evenings: Sequence[Tournament],
    teams: Mapping[str, Entrant],
    problems: Problems,
    by: Actor,
) -> list[FixtureTeam]:
    where = f"{NAME}.days.{index}"
    if not 0 <= row["evening"] < len(evenings):
        problems.add("archive_range", f"{where}.evening", min=0, max=len(evenings) - 1)
        return []
    tournament = evenings[row["evening"]]
    if (
        row["number"] < 1
        or Fixture.objects.filter(competition=league, number=row["number"]).exists()
    ):
        problems.add("league_day_number_taken", f"{where}.number", number=row["number"])
        return []
    if Fixture.objects.filter(evening__tournament=tournament).exists():
        problems.add("league_day_tournament_taken", f"{where}.evening")
        return []
    if row["final"] and not tournament.results_final:
        # a final day is its tournament's final results (teams.domain.match_final), restored
        # as they were: the archive of a tournament does not carry the mark
        final_at = datetime.fromisoformat(row["final_at"]) if row["final_at"] else timezone.now()
        tournament.results_final_at, tournament.results_final_by = final_at, by.label[:150]
        tournament.save(update_fields=["results_final_at", "results_final_by"])
    day = Fixture.objects.create(
        competition=league,
        evening=SeasonEvening.objects.get(season=league.season, tournament=tournament),
        number=row["number"],
    )
    rosters = {team.name: team for team in Team.objects.filter(tournament=tournament)}
    lineups: list[FixtureTeam] = []
    seen: set[int] = set()
    taken: set[int] = set()
    divisions: dict[int, set[int]] = {}
    for position, lineup in enumerate(row["teams"]):
        at = f"{where}.teams.{position}"
        named = lineup["team"]
        team = teams.get(named.strip().casefold()) if isinstance(named, str) else None
        if team is None or team.pk in seen:
            problems.add(
                "league_team_unknown" if team is None else "league_team_twice",
                f"{at}.team",
                team=lineup["team"],
                day=row["number"],
            )
            continue
        seen.add(team.pk)
        divisions.setdefault(lineup["group"], set()).add(team.group_id)
        if len(divisions[lineup["group"]]) > 1:
            problems.add("league_group_divisions", f"{at}.group")
        roster = None
        if lineup["roster"] is not None:
            roster = rosters.get(lineup["roster"])
            if roster is None:
                problems.add("league_roster_other_tournament", f"{at}.roster")
            elif roster.pk in taken:
                problems.add("league_roster_taken", f"{at}.roster", name=roster.name)
            else:
                taken.add(roster.pk)
        lineups.append(
            FixtureTeam(
                fixture=day,
                entrant=team,
                group=lineup["group"],
                team=roster,
                score=lineup["score"],
            )
        )
    return lineups


def _at(problem: Problem) -> Problem:
    return Problem(problem.code, f"{NAME}.{problem.field}", problem.params)


LEAGUE_PART = SeasonPart(
    name=NAME, export=export_league, check=check_league, restore=restore_league
)
