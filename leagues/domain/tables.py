"""A division's league table from its stored match days (``teams.engine.league``).

A team's day score is its score as given (a venue's paper result) or the sum of the totals in
the day's standings (``results.domain.standings``, penalties included) of its roster's players
who played there; a team of a day with neither counts 0 there. The organisers' view: every deal
counts, confirmed or not. The spectators' view (``public``) reads a day as the day's tournament
shows it to them: confirmed deals only where it asks for confirmations, and no day at all while
its standings are hidden or frozen (``shown``), as if it were still to come. Never stored:
computed on every read.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from competitions.models import Fixture, FixtureTeam, Group, present
from results.domain.standings import Standing, standings
from teams.domain.rankings import played
from teams.engine.league import DayResult, LeagueTable, league_table
from teams.engine.league import MatchDay as Day
from teams.models import TeamMember
from tournaments import visibility

Rosters = defaultdict[int, list[tuple[int, bool]]]  # a roster's team id -> (entry, substitute)
Rows = dict[int, Standing]  # an entry's id -> its row in the day's standings


@dataclass(frozen=True)
class LineupPlayers:
    """Who played for a league team on a match day (its roster's players with a deal or
    points there, by entry id), and which of them were substitutes."""

    league_team: int
    played: tuple[int, ...]
    substitutes: tuple[int, ...]


def shown(day: Fixture, *, public: bool) -> bool:
    """Whether the day's results are there for the reader: spectators see a day whose
    tournament is public with its standings published and not frozen."""
    return not public or visibility.live_for_spectators(day.evening.tournament)


def _day(
    day: Fixture, *, all_rosters: bool, public: bool
) -> tuple[list[FixtureTeam], Rosters, Rows]:
    """The day's line-ups, their rosters (entry, substitute) and the day's standings, read
    only where a roster's results are needed (``all_rosters``: for every roster)."""
    lineups = list(FixtureTeam.objects.filter(fixture=day))
    rosters: Rosters = defaultdict(list)
    members = TeamMember.objects.filter(team_id__in=[lineup.team_id for lineup in lineups])
    for team_id, entry_id, substitute in members.values_list("team_id", "entry_id", "substitute"):
        rosters[team_id].append((entry_id, substitute))
    needed = any(
        lineup.team_id is not None and (all_rosters or lineup.score is None) for lineup in lineups
    )
    tournament = day.evening.tournament
    confirmed_only = visibility.confirmed_only(tournament, public=public)
    rows = (
        {row.entry_id: row for row in standings(tournament, confirmed_only=confirmed_only)}
        if needed
        else {}
    )
    return lineups, rosters, rows


def day_results(day: Fixture, *, public: bool = False) -> dict[int, DayResult]:
    """Each league team of the day (by id) with its result there."""
    lineups, rosters, rows = _day(day, all_rosters=False, public=public)
    results = {}
    for lineup in lineups:
        points: tuple[int, ...] = ()
        if lineup.score is None and lineup.team_id is not None:
            entries = sorted(entry for entry, _substitute in rosters[lineup.team_id])
            points = tuple(rows[entry].total for entry in entries if played(rows.get(entry)))
        results[lineup.entrant_id] = DayResult(
            team=lineup.entrant_id, score=lineup.score, players=points
        )
    return results


def lineup_players(day: Fixture, *, public: bool = False) -> dict[int, LineupPlayers]:
    """Each league team of the day (by id) with who played for it, substitutes among them
    (the substitutes played, tracked per match day); a team without a roster: nobody."""
    lineups, rosters, rows = _day(day, all_rosters=True, public=public)
    found = {}
    for lineup in lineups:
        roster = sorted(rosters[lineup.team_id]) if lineup.team_id is not None else []
        playing = [(entry, substitute) for entry, substitute in roster if played(rows.get(entry))]
        found[lineup.entrant_id] = LineupPlayers(
            league_team=lineup.entrant_id,
            played=tuple(entry for entry, _substitute in playing),
            substitutes=tuple(entry for entry, substitute in playing if substitute),
        )
    return found


def division_table(
    division: Group, *, final_only: bool = False, public: bool = False
) -> LeagueTable:
    """The division's table over the league's match days (only those marked final where
    ``final_only``; else the provisional table, which says so; for spectators only the days
    ``shown`` to them)."""
    names = dict(division.teams.values_list("pk", "name"))
    days = []
    match_days = Fixture.objects.filter(competition_id=division.competition_id).select_related(
        "evening__tournament"
    )
    # The division's line-ups of every day in one query; a day it has none of is not read.
    lineups: dict[int, list[FixtureTeam]] = defaultdict(list)
    for lineup in FixtureTeam.objects.filter(entrant__group=division):
        lineups[lineup.fixture_id].append(lineup)
    for day in match_days.order_by("number"):
        if day.pk not in lineups or not shown(day, public=public):
            continue
        results = day_results(day, public=public)
        groups: dict[int, list[DayResult]] = defaultdict(list)
        for lineup in lineups[day.pk]:
            groups[present(lineup.group, "group")].append(results[lineup.entrant_id])
        if groups:
            days.append(
                Day(
                    id=day.pk,
                    number=present(day.number, "number"),
                    groups=tuple(tuple(groups[group]) for group in sorted(groups)),
                    final=day.final,
                )
            )
    return league_table(division.table_rule, list(names), days, final_only=final_only, names=names)
