"""Leagues: set one up over a season, add its match days, mark a day's results final (its
tournament's).

Each operation takes the acting person, runs in one transaction with the league's season
locked and writes the season's log (``karlchen.log``); what touches a match day is written
there once, about that tournament, whose log shows it as well. Anything that changes what
the league's reads show calls ``season_changed`` (and ``tournament_changed`` for the day's
tournament).
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from competitions.domain.lineups import prepare_fixture, refuse_without_regulars
from competitions.domain.setup import LEAGUE, Names, group_name, team_name
from competitions.models import Entrant, Fixture, FixtureTeam, Group, SquadMember
from karlchen.actors import Actor
from karlchen.changes import season_changed, tournament_changed
from karlchen.log import log
from karlchen.refusals import Problems, Refused, refused
from leagues.log import LeagueCode
from leagues.models import League
from seasons.domain.seasons import add_evening, new_evening
from seasons.models import Season
from teams.domain.match_final import mark_match_final, reopen_match
from teams.engine.league import parse_rule
from teams.models import Team
from tournaments.models import Tournament

MAX_DIVISIONS = 20
MAX_TEAMS = 200  # a league's teams, all divisions


def create_league(season: Season, *, by: Actor, divisions: Sequence[Mapping[str, Any]]) -> League:
    """Make ``season`` a league with its divisions, each ``{"name", "rule", "teams"}`` (the
    teams' names). Every problem is refused at once, naming ``divisions.<i>.<field>``."""
    checked = _check_divisions(divisions)
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()
        if League.objects.filter(season=season).exists():
            raise Refused.one("league_exists", "season")
        league = League.objects.create(season=season)
        teams = 0
        for position, (name, rule, names) in enumerate(checked, start=1):
            division = Group.objects.create(
                competition=league, name=name, position=position, rule=rule
            )
            Entrant.objects.bulk_create(
                Entrant(competition=league, group=division, name=team) for team in names
            )
            teams += len(names)
        log(
            season,
            by,
            LeagueCode.LEAGUE_CREATED,
            divisions=len(checked),
            teams=teams,
            name=season.name,
        )
        season_changed(season.pk)
    return league


def _check_divisions(
    divisions: Sequence[Mapping[str, Any]],
) -> list[tuple[str, dict[str, Any], list[str]]]:
    problems = Problems()
    if not divisions:
        problems.add("league_no_division", "divisions")
    if len(divisions) > MAX_DIVISIONS:
        problems.add("league_too_many_divisions", "divisions", max=MAX_DIVISIONS)
    problems.raise_if_any()
    checked: list[tuple[str, dict[str, Any], list[str]]] = []
    division_names, team_names = Names(), Names()
    count = 0
    for index, raw in enumerate(divisions):
        where = f"divisions.{index}"
        if not isinstance(raw, Mapping):
            problems.add("league_division_invalid", where)
            continue
        name = group_name(raw.get("name"), f"{where}.name", division_names, problems, LEAGUE)
        rule = raw.get("rule", {})
        try:
            parse_rule(rule, f"{where}.rule")
        except Refused as refusal:
            for problem in refusal.problems:
                problems.add(problem.code, problem.field, **problem.params)
        names: list[str] = []
        listed = raw.get("teams", ())
        if not isinstance(listed, list | tuple):
            problems.add("league_teams_invalid", f"{where}.teams")
            listed = ()
        for position, team in enumerate(listed):
            names.append(team_name(team, f"{where}.teams.{position}", team_names, problems, LEAGUE))
        count += len(names)
        checked.append((name, dict(rule) if isinstance(rule, Mapping) else {}, names))
    if count > MAX_TEAMS:
        problems.add("league_too_many_teams", "divisions", max=MAX_TEAMS)
    problems.raise_if_any()
    return checked


def change_division(
    division: Group,
    *,
    by: Actor,
    name: str | None = None,
    rule: Mapping[str, Any] | None = None,
    teams: Sequence[Mapping[str, Any]] | None = None,
) -> Group:
    """Change a division after the league was set up; only what is given changes. ``rule``:
    the tables follow at once (they are computed on every read). ``teams``: the division's
    teams as they are to be, each ``{"id", "name"}`` for a team it has (renamed if the name
    differs) or ``{"name"}`` for a new one; a team left out is removed, refused while it has
    played a match day. Every problem is refused at once, naming ``name``, ``rule`` or
    ``teams.<i>.<field>``."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=division.competition.season_id).first()
        division = Group.objects.select_related("competition__season").get(pk=division.pk)
        problems = Problems()
        new_name = _changed_division_name(division, name, problems)
        if rule is not None:
            try:
                parse_rule(rule, "rule")
            except Refused as refusal:
                for problem in refusal.problems:
                    problems.add(problem.code, problem.field, **problem.params)
        plan = _team_changes(division, teams, problems) if teams is not None else None
        problems.raise_if_any()
        changed = _apply_division(division, new_name, rule, plan)
        log(
            division.competition.season,
            by,
            LeagueCode.LEAGUE_DIVISION_CHANGED,
            division=division.name,
            **changed,
        )
        season_changed(division.competition.season_id)
    return division


def _changed_division_name(division: Group, name: str | None, problems: Problems) -> str | None:
    if name is None:
        return None
    others = Group.objects.filter(competition=division.competition).exclude(pk=division.pk)
    return group_name(name, "name", Names(others.values_list("name", flat=True)), problems, LEAGUE)


@dataclass(frozen=True)
class _TeamChanges:
    renamed: dict[int, str]
    added: list[str]
    removed: list[Entrant]


def _team_changes(
    division: Group, teams: Sequence[Mapping[str, Any]], problems: Problems
) -> _TeamChanges:
    """What ``teams`` asks of the division's teams, its problems added to ``problems``."""
    own = {team.shown: team for team in Entrant.objects.filter(group=division)}
    others = Entrant.objects.filter(competition=division.competition).exclude(group=division)
    taken = Names(others.values_list("name", flat=True))
    renamed: dict[int, str] = {}
    added: list[str] = []
    kept: set[int] = set()
    if not isinstance(teams, list | tuple):
        problems.add("league_teams_invalid", "teams")
        teams = ()
    for index, raw in enumerate(teams):
        where = f"teams.{index}"
        if not isinstance(raw, Mapping):
            problems.add("league_team_invalid", where)
            continue
        team_id = raw.get("id")
        if team_id is not None and (isinstance(team_id, bool) or team_id not in own):
            problems.add("league_team_unknown", f"{where}.id", team=team_id)
            continue
        if team_id in kept:
            problems.add("league_team_listed_twice", f"{where}.id", team=team_id)
            continue
        name = team_name(raw.get("name"), f"{where}.name", taken, problems, LEAGUE)
        if team_id is None:
            added.append(name)
        else:
            kept.add(team_id)
            if own[team_id].name != name:
                renamed[own[team_id].pk] = name
    removed = [team for pk, team in own.items() if pk not in kept]
    played = FixtureTeam.objects.filter(entrant__in=removed).values_list("entrant__name", flat=True)
    for played_name in sorted(set(played)):
        problems.add("league_team_played", "teams", name=played_name)
    total = Entrant.objects.filter(competition=division.competition).count()
    if total - len(removed) + len(added) > MAX_TEAMS:
        problems.add("league_too_many_teams", "teams", max=MAX_TEAMS)
    return _TeamChanges(renamed, added, removed)


def _apply_division(
    division: Group,
    name: str | None,
    rule: Mapping[str, Any] | None,
    plan: _TeamChanges | None,
) -> dict[str, object]:
    """Write the checked changes; what changed, for the log."""
    if name is not None:
        division.name = name
    if rule is not None:
        division.rule = dict(rule)
    division.save(update_fields=["name", "rule"])
    if plan is None:
        return {"added": 0, "removed": 0, "renamed": 0}
    Entrant.objects.filter(pk__in=[team.pk for team in plan.removed]).delete()
    # Names are unique in the league: the renamed ones get a placeholder first, so that two
    # teams can swap their names.
    renamed = list(Entrant.objects.filter(pk__in=plan.renamed))
    for team in renamed:
        team.name = uuid.uuid4().hex
    Entrant.objects.bulk_update(renamed, ["name"])
    for team in renamed:
        team.name = plan.renamed[team.pk]
    Entrant.objects.bulk_update(renamed, ["name"])
    Entrant.objects.bulk_create(
        Entrant(competition=division.competition, group=division, name=added)
        for added in plan.added
    )
    return {"added": len(plan.added), "removed": len(plan.removed), "renamed": len(plan.renamed)}


def add_match_day(
    league: League,
    tournament: Tournament,
    *,
    by: Actor,
    number: int,
    groups: Sequence[Sequence[int]],
) -> Fixture:
    """Make ``tournament`` match day ``number`` of the league (an evening of its season, as
    ``seasons.domain.seasons.add_evening`` makes it) with its groups of league teams (their
    ids), each group of one division, each team once."""
    season = league.season
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()
        teams = {team.shown: team for team in Entrant.objects.filter(competition=league)}
        problems = Problems()
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            problems.add("league_day_number", "number")
        elif Fixture.objects.filter(competition=league, number=number).exists():
            problems.add("league_day_number_taken", "number", number=number)
        if Fixture.objects.filter(evening__tournament=tournament).exists():
            problems.add("league_day_tournament_taken", "tournament")
        _check_groups(groups, teams, number, problems)
        problems.raise_if_any()
        evening = add_evening(season, tournament, by=by)
        day = Fixture.objects.create(competition=league, evening=evening, number=number)
        FixtureTeam.objects.bulk_create(
            FixtureTeam(fixture=day, entrant=teams[team], group=group)
            for group, members in enumerate(groups, start=1)
            for team in members
        )
        _log_day(
            day,
            by,
            LeagueCode.LEAGUE_MATCH_DAY_ADDED,
            number=number,
            groups=len(groups),
            teams=sum(len(members) for members in groups),
        )
        season_changed(season.pk)
        tournament_changed(tournament.pk)
    return day


def start_match_day(
    league: League,
    *,
    by: Actor,
    number: int,
    groups: Sequence[Sequence[int]],
    date: datetime.date | None = None,
    name: str | None = None,
) -> Fixture:
    """Start the league's next match day as the season starts its next evening (a draft
    tournament with the season's rules and settings: ``seasons.domain.seasons.new_evening``)
    and make it match day ``number`` with its groups; refused, nothing is created. Where the
    playing teams have squads, the day is prepared from them in the same step
    (``competitions.domain.lineups.prepare_fixture``: their regulars entered, each team's
    roster set up; refused at ``groups`` while a playing team has no regular, naming it); else
    the season's regulars are entered, as at any evening."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=league.season_id).first()
        playing = _playing_teams(league, groups)
        from_squads = SquadMember.objects.filter(team__in=playing).exists()
        if from_squads:  # refused before the evening is started
            refuse_without_regulars(playing, "groups")
        tournament = new_evening(
            league.season,
            by=by,
            date=date,
            name=name or _day_name(league, number),
            players=[] if from_squads else None,
        )
        day = add_match_day(league, tournament, by=by, number=number, groups=groups)
        if from_squads:
            prepare_fixture(day, by=by, field="groups")
        return day


def _playing_teams(league: League, groups: object) -> list[Entrant]:
    """The teams ``groups`` lists, in its order (as given: what is not a team's id is left to
    ``add_match_day`` to refuse)."""
    listed = [
        team
        for members in (groups if isinstance(groups, list | tuple) else ())
        if isinstance(members, list | tuple)
        for team in members
        if isinstance(team, int) and not isinstance(team, bool)
    ]
    by_shown_id = Q(shown_id__in=listed) | Q(shown_id__isnull=True, pk__in=listed)
    teams = {team.shown: team for team in Entrant.objects.filter(by_shown_id, competition=league)}
    return list({teams[team].pk: teams[team] for team in listed if team in teams}.values())


def _day_name(league: League, number: object) -> str | None:
    if isinstance(number, bool) or not isinstance(number, int):
        return None
    return gettext("%(season)s, match day %(number)s") % {
        "season": league.season.name,
        "number": number,
    }


def _check_groups(
    groups: Sequence[Sequence[int]],
    teams: Mapping[int, Entrant],
    number: object,
    problems: Problems,
) -> None:
    if not groups:
        problems.add("league_day_no_group", "groups")
    seen: set[int] = set()
    for index, members in enumerate(groups):
        if not isinstance(members, list | tuple):
            problems.add("league_group_invalid", f"groups.{index}")
            continue
        if not members:
            problems.add("league_group_empty", f"groups.{index}")
        divisions: set[int] = set()
        for position, team in enumerate(members):
            where = f"groups.{index}.{position}"
            known = teams.get(team)
            if known is None:
                problems.add("league_team_unknown", where, team=team)
                continue
            if team in seen:
                problems.add("league_team_twice", where, team=known.name, day=number)
            seen.add(team)
            divisions.add(known.group_id)
        if len(divisions) > 1:
            problems.add("league_group_divisions", f"groups.{index}")


def set_day_final(day: Fixture, *, by: Actor, final: bool = True, reason: str = "") -> Fixture:
    """Mark a match day's results final: its tournament's results are made final
    (``teams.domain.match_final``: refused while a series is open or a protest awaits a
    decision), so the day counts in the final table and nothing of it changes any more. Or take
    the mark back as the tournament's final results are reopened (``reason`` required, logged).
    Unchanged: nothing is written."""
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=day.competition.season_id).first()
        locked = Fixture.objects.select_related("competition__season", "evening__tournament")
        day = locked.get(pk=day.pk)
        tournament = day.evening.tournament
        if final:
            changed = mark_match_final(tournament, by=by)
        else:
            changed = reopen_match(tournament, by=by, reason=reason)
        if not changed:
            return day
        day = locked.get(pk=day.pk)
        _log_day(
            day,
            by,
            LeagueCode.LEAGUE_DAY_FINAL if final else LeagueCode.LEAGUE_DAY_REOPENED,
            number=day.number,
        )
        season_changed(day.competition.season_id)
    return day


def set_lineup(
    lineup: FixtureTeam,
    *,
    by: Actor,
    team: Team | None = None,
    score: int | None = None,
) -> FixtureTeam:
    """A league team's roster on its match day (a team of the day's tournament, or none) and
    its day score as given (None: the sum of its roster's results in the day's standings)."""
    with transaction.atomic():
        lineup = (
            FixtureTeam.objects.select_for_update()
            .select_related("fixture__competition__season", "fixture__evening__tournament")
            .select_related("entrant")
            .get(pk=lineup.pk)
        )
        day = lineup.fixture
        if day.final:
            raise refused("results_final", "final")
        problems = Problems()
        if team is not None and team.tournament_id != day.evening.tournament_id:
            problems.add("league_roster_other_tournament", "team")
        elif (
            team is not None
            and FixtureTeam.objects.filter(team=team).exclude(pk=lineup.pk).exists()
        ):
            problems.add("league_roster_taken", "team", name=team.name)
        if score is not None and (isinstance(score, bool) or not isinstance(score, int)):
            problems.add("league_day_score", "score")
        problems.raise_if_any()
        lineup.team = team
        lineup.score = score
        lineup.save(update_fields=["team", "score"])
        _log_day(
            day,
            by,
            LeagueCode.LEAGUE_LINEUP_SET,
            number=day.number,
            team=lineup.entrant.name,
            roster=team.name if team is not None else None,
            score=score,
        )
        season_changed(day.competition.season_id)
        tournament_changed(day.evening.tournament_id)
    return lineup


def _log_day(day: Fixture, by: Actor, action: LeagueCode, **details: object) -> None:
    """Once, in the season's log about the match day's tournament (whose log shows it too)."""
    season = day.competition.season
    tournament = day.evening.tournament
    log((season, tournament), by, action, name=tournament.name, season=season.name, **details)
