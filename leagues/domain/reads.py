"""What clients read of a league: its set-up, its divisions' tables and its match days' results.

Each read is a cached JSON body with an ETag (``karlchen.changes.cached_season_body``) under the
league's season: a change of the league (``season_changed`` by every operation of
``leagues.domain.leagues``) or of any match day's tournament (a deal corrected on day 1:
``tournament_changed`` turns the season of that tournament over too) turns it over at once.

Spectators read a public season's league as its tournaments show them
(``competitions.domain.results.shown``): a day counts with its confirmed deals where its
tournament asks for confirmations, and a day whose standings are hidden or frozen is left out of
the tables and shown without results (``withheld``) until they are published again; the table
is provisional until the organiser marks the days final, and a player who asked not to be listed
is shown without a name. A spectator's read (``public_league``) caches the season's look-up with
the body, so it runs no query while nothing changed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch, QuerySet

from competitions.domain.results import SideResult, fixture_results, shown
from competitions.models import Entrant, Fixture, FixtureTeam, Group, Kind, present
from karlchen.changes import Body, cached_season_body
from karlchen.collation import sort_key
from leagues.domain.tables import division_table
from leagues.models import TEAM_ORDER, League
from results.domain.standings import one_snapshot
from seasons.models import Season
from seasons.visibility import public_seasons
from teams.engine.league import DayLine, LeagueRule, LeagueTable, day_lines
from teams.engine.league import MatchDay as Day
from tournaments.models import Entry, Tournament
from tournaments.visibility import shown_as_hidden

VIEWS = ("detail", "tables", "tables:final", "days")


def league_read(season: Season, view: str, *, public: bool) -> Body:
    """One read of the season's league (``VIEWS``, or ``day:<number>``); its body is ``null``
    where the season is no league (or has no such day)."""
    return cached_season_body(
        season.pk,
        f"league:{view}:{'public' if public else 'organiser'}",
        lambda: _build(season, view, public=public),
    )


def public_league(season_id: int, view: str) -> Body | None:
    """What a spectator reads, or None where there is no public league of that season."""

    def build() -> object:
        season = public_seasons().filter(pk=season_id).first()
        return None if season is None else _build(season, view, public=True)

    body = cached_season_body(season_id, f"league:{view}:public", build)
    return None if body.content == b"null" else body


def _build(season: Season, view: str, *, public: bool) -> object:
    league = League.objects.filter(season=season).first()
    if league is None:
        return None
    with one_snapshot():  # every day as of one moment, never half of a write
        if view == "detail":
            return league_detail(league)
        if view in ("tables", "tables:final"):
            return league_tables(league, final_only=view == "tables:final", public=public)
        if view == "days":
            return _day_dicts(list(_days(league)), public=public)
        number = int(view.removeprefix("day:"))
        day = _days(league).filter(number=number).first()
        return None if day is None else _day_dicts([day], public=public)[0]


def _days(league: League) -> QuerySet[Fixture]:
    return Fixture.objects.filter(competition=league).select_related("evening__tournament")


def league_detail(league: League) -> dict[str, Any]:
    divisions = league.groups.prefetch_related(
        Prefetch("teams", queryset=Entrant.objects.order_by(*TEAM_ORDER))
    )
    return {
        "season": league.season_id,
        "name": league.season.name,
        "divisions": [
            {
                "id": division.shown,
                "name": division.name,
                "position": division.position,
                "rule": rule_dict(division.table_rule),
                "teams": [_team(team) for team in division.teams.all()],
            }
            for division in divisions
        ],
        "match_days": [
            {"number": day.number, "tournament": _tournament(day), **_final(day)}
            for day in _days(league)
        ],
    }


def rule_dict(rule: LeagueRule) -> dict[str, Any]:
    """A rule with every option (the defaults filled in), as the API shows it."""
    return {
        "points_table": list(rule.points_table),
        "day_ties": str(rule.day_ties),
        "order": [str(criterion) for criterion in rule.order],
        "promoted": rule.promoted,
        "relegated": rule.relegated,
    }


def league_tables(
    league: League, *, final_only: bool, public: bool = False
) -> list[dict[str, Any]]:
    numbers = {
        pk: present(number, "number") for pk, number in _days(league).values_list("pk", "number")
    }
    names = {team.pk: _team(team) for team in Entrant.objects.filter(competition=league)}
    return [
        _table_dict(
            division,
            division_table(division, final_only=final_only, public=public),
            numbers,
            names,
        )
        for division in league.groups.all()
    ]


def _table_dict(
    division: Group,
    table: LeagueTable,
    numbers: Mapping[int, int],
    names: Mapping[int, dict[str, Any]],
) -> dict[str, Any]:
    return {
        "division": {"id": division.shown, "name": division.name},
        "provisional": table.provisional,
        "days": [numbers[day] for day in table.days],
        "pending": [numbers[day] for day in table.pending],
        "rows": [
            {
                "rank": row.rank,
                "team": names[row.team],
                "ranking_points": number(row.ranking_points),
                "game_points": row.game_points,
                "day_wins": row.day_wins,
                "best_day": row.best_day,
                "days_played": row.days_played,
                "mark": None if row.mark is None else str(row.mark),
                "decided_by": row.decided_by,
                "tie_figures": {name: number(value) for name, value in row.tie_figures.items()},
                "days": [_line(line, numbers) for line in row.days],
            }
            for row in table.rows
        ],
    }


def _line(line: DayLine, numbers: Mapping[int, int]) -> dict[str, Any]:
    return {
        "day": numbers[line.day],
        "score": line.score,
        "place": line.place,
        "ranking_points": number(line.ranking_points),
        "final": line.final,
    }


def _day_dicts(days: list[Fixture], *, public: bool) -> list[dict[str, Any]]:
    """The days with their results as the reader may see them (``competitions.domain.results``),
    read together: their line-ups, rosters, standings and players' names at once."""
    lineups: dict[int, list[FixtureTeam]] = defaultdict(list)
    found = FixtureTeam.objects.filter(
        fixture__in=[day for day in days if shown(day, public=public)]
    )
    for lineup in found.select_related("entrant__group", "team"):
        lineups[lineup.fixture_id].append(lineup)
    results = fixture_results(days, public=public, sides=lineups)
    entries = {entry for sides in results.values() for side in sides for entry in side.played}
    names = {
        entry.pk: None if shown_as_hidden(entry.hidden, public=public) else entry.player.name
        for entry in Entry.objects.filter(pk__in=entries).select_related("player")
    }
    return [_day_dict(day, lineups[day.pk], results.get(day.pk), names) for day in days]


def _day_dict(
    day: Fixture,
    lineups: list[FixtureTeam],
    results: list[SideResult] | None,
    names: Mapping[int, str | None],
) -> dict[str, Any]:
    """A day with its groups' results; ``results`` None: not shown to the reader (withheld)."""
    head = {"number": day.number, "tournament": _tournament(day), **_final(day)}
    if results is None:
        return {**head, "withheld": True, "played": False, "groups": []}
    groups: dict[int, list[tuple[FixtureTeam, SideResult]]] = defaultdict(list)
    for lineup, result in zip(lineups, results, strict=True):
        groups[present(lineup.group, "group")].append((lineup, result))
    found = []
    for group, members in sorted(groups.items()):
        division = members[0][0].entrant.group
        engine_day = Day(
            id=day.pk,
            number=present(day.number, "number"),
            groups=(tuple(result.day_result for _lineup, result in members),),
        )
        lines = day_lines(division.table_rule, engine_day)  # none: not played yet
        rows = sorted(
            members, key=lambda m: (_place(lines.get(m[0].entrant_id)), _name_order(m[0]))
        )
        found.append(
            {
                "group": group,
                "division": {"id": division.shown, "name": division.name},
                "played": bool(lines),
                "teams": [
                    _lineup_dict(lineup, result, lines.get(lineup.entrant_id), names)
                    for lineup, result in rows
                ],
            }
        )
    played = any(group["played"] for group in found)
    return {**head, "withheld": False, "played": played, "groups": found}


def _place(line: DayLine | None) -> int:
    return 0 if line is None else line.place


def _name_order(lineup: FixtureTeam) -> tuple[tuple[int | str, ...], int]:
    return sort_key(lineup.entrant.name), lineup.entrant_id


def _lineup_dict(
    lineup: FixtureTeam,
    result: SideResult,
    line: DayLine | None,
    names: Mapping[int, str | None],
) -> dict[str, Any]:
    """A team's line of the day; score, place and ranking points None where its group has not
    been played yet."""
    substitutes = set(result.substitutes)
    return {
        "team": _team(lineup.entrant),
        "score": None if line is None else line.score,
        "given": lineup.score is not None,
        "place": None if line is None else line.place,
        "ranking_points": None if line is None else number(line.ranking_points),
        "roster": None if lineup.team is None else {"id": lineup.team.pk, "name": lineup.team.name},
        "played": [
            {"entry": entry, "name": names[entry], "substitute": entry in substitutes}
            for entry in result.played
        ],
        "substitutes": len(substitutes),
    }


def _team(team: Entrant) -> dict[str, Any]:
    return {"id": team.shown, "name": team.name, "club": team.club_name or None}


def _tournament(day: Fixture) -> dict[str, Any]:
    tournament = day.evening.tournament
    return {"id": tournament.pk, "name": tournament.name, "date": str(tournament.date)}


def _final(day: Fixture) -> dict[str, Any]:
    return {"final": day.final, "final_at": day.final_at.isoformat() if day.final_at else None}


def number(value: Fraction) -> int | float:
    """Ranking points as JSON: whole numbers as integers, shares to two decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def is_match_day(tournament: Tournament) -> bool:
    """Whether the tournament is a match day of a league."""
    return Fixture.objects.filter(
        evening__tournament=tournament, competition__kind=Kind.LEAGUE
    ).exists()
