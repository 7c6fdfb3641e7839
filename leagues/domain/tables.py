"""A division's league table from its stored match days (``teams.engine.league``).

A team's day score is its result there as ``competitions.domain.results`` reads a fixture: its
score as given (a venue's paper result) or the sum of the totals in the day's standings
(penalties included) of its roster's players who played there; a team of a day with neither
counts 0 there if its group has been played. The organisers' view: every deal counts, confirmed
or not. The spectators' view (``public``) reads a day as the day's tournament shows it to them:
confirmed deals only where it asks for confirmations, and no day at all while its standings
are hidden or frozen (``competitions.domain.results.shown``), as if it were still to come.
Never stored: computed on every read.
"""

from __future__ import annotations

from collections import defaultdict

from competitions.domain.results import fixture_results
from competitions.models import Fixture, FixtureTeam, Group, present
from teams.engine.league import DayResult, LeagueTable, league_table
from teams.engine.league import MatchDay as Day


def division_table(
    division: Group, *, final_only: bool = False, public: bool = False
) -> LeagueTable:
    """The division's table over the league's match days (only those marked final where
    ``final_only``; else the provisional table, which says so; for spectators only the days
    shown to them)."""
    names = dict(division.teams.values_list("pk", "name"))
    match_days = Fixture.objects.filter(competition_id=division.competition_id).select_related(
        "evening__tournament"
    )
    # The division's line-ups of every day in one query; a day it has none of is not read.
    lineups: dict[int, list[FixtureTeam]] = defaultdict(list)
    for lineup in FixtureTeam.objects.filter(entrant__group=division):
        lineups[lineup.fixture_id].append(lineup)
    ordered = [day for day in match_days.order_by("number") if day.pk in lineups]
    results = fixture_results(ordered, public=public, sides=lineups)
    days = []
    for day in ordered:
        if day.pk not in results:  # not shown to the reader
            continue
        groups: dict[int, list[DayResult]] = defaultdict(list)
        for lineup, result in zip(lineups[day.pk], results[day.pk], strict=True):
            groups[present(lineup.group, "group")].append(result.day_result)
        days.append(
            Day(
                id=day.pk,
                number=present(day.number, "number"),
                groups=tuple(tuple(groups[group]) for group in sorted(groups)),
                final=day.final,
            )
        )
    return league_table(division.table_rule, list(names), days, final_only=final_only, names=names)
