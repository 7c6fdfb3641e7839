"""The league table: match days of teams in groups, turned into ranking points and a table.

A league division ("Staffel", the DDV Bundesliga) plays **match days**. On each, its teams meet
in **groups** (the Bundesliga: four teams a group); a team's **day score** is the sum of its
players' game points (or a figure given, e.g. a venue's paper result). The teams of a group are
placed by their day scores, and each place earns **ranking points** ("Siegpunkte") from a table
(the DDV's 4/3/2/1 for groups of four). The **table** adds them up over the days and orders the
teams by the rule's criteria in turn (ranking points, then game points, ...). The best
``promoted`` and the last ``relegated`` teams are marked. A team with no day counted yet is not
ranked: it is listed after the ranked teams, by name, without a rank or a mark; before anything
is played no team is ranked or marked (nothing tells them apart yet).

A group counts once one of its teams has a result (a score given, or a player who played); a
day counts with its groups that have results, and a day none of whose groups has any counts
nowhere (not in the table, not as a day played, not as pending): a match day added before it is
played is worth nothing yet. A day counts for the **final** table only once the organiser has
marked it final; the **provisional** table counts every day with results (``final_only=False``)
and says so.

docs/TEAMS.md ("Leagues") words every option with its source. Pure Python: no Django, no
database, no translations. Refusals carry codes (karlchen.messages).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from typing import Any

from karlchen.collation import sort_key
from karlchen.refusals import Problems

MAX_TABLE = 100  # no group has more places than this


class DayTies(StrEnum):
    """What teams with the same day score in a group earn: they share the place, and ..."""

    AVERAGE = "average"  # ... the average of the points of the places they occupy
    BETTER = "better"  # ... each the points of the better place
    WORSE = "worse"  # ... each the points of the worse place


class Criterion(StrEnum):
    """What orders the table, in the order the rule names them (the higher ranks first)."""

    RANKING_POINTS = "ranking_points"  # the ranking points of all days counted
    GAME_POINTS = "game_points"  # the day scores of all days counted
    DAY_WINS = "day_wins"  # days placed first in the group (a shared first place counts)
    HEAD_TO_HEAD = "head_to_head"  # days ahead of the other teams still tied, minus behind
    BEST_DAY = "best_day"  # the best day score


DEFAULT_ORDER = (
    Criterion.RANKING_POINTS,
    Criterion.GAME_POINTS,
    Criterion.DAY_WINS,
    Criterion.HEAD_TO_HEAD,
)
DDV_TABLE = (4, 3, 2, 1)


class Mark(StrEnum):
    PROMOTION = "promotion"
    RELEGATION = "relegation"
    # A shared rank across the line: the rule cannot tell who goes (the organiser decides).
    PROMOTION_TIE = "promotion_tie"
    RELEGATION_TIE = "relegation_tie"


@dataclass(frozen=True)
class LeagueRule:
    """How a division turns its days into a table (module docstring; docs/TEAMS.md)."""

    points_table: tuple[int, ...] = DDV_TABLE  # by place; empty: the group's size downwards
    day_ties: DayTies = DayTies.AVERAGE
    order: tuple[Criterion, ...] = DEFAULT_ORDER
    promoted: int = 0
    relegated: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "points_table": list(self.points_table),
            "day_ties": self.day_ties.value,
            "order": [criterion.value for criterion in self.order],
            "promoted": self.promoted,
            "relegated": self.relegated,
        }

    def place_points(self, place: int, group_size: int) -> int:
        """The ranking points of a place (1 = first) in a group of ``group_size`` teams."""
        if not self.points_table:
            return group_size - place + 1
        return self.points_table[place - 1] if place <= len(self.points_table) else 0


def parse_rule(raw: object, field: str = "league_rule") -> LeagueRule:
    """A rule from its JSON (``{}`` is the default: the DDV's 4/3/2/1, shared places share the
    average, then game points, day wins, head to head); every problem at once, each naming
    ``<field>.<option>``."""
    problems = Problems()
    if not isinstance(raw, Mapping):
        problems.add("invalid_option", field, option=field)
        problems.raise_if_any()
    assert isinstance(raw, Mapping)
    default = LeagueRule()
    values: dict[str, Any] = {}
    for key, value in sorted(raw.items(), key=lambda item: str(item[0])):
        name = str(key)
        where = f"{field}.{name}"
        if name == "points_table":
            values[name] = _points_table(value, where, problems)
        elif name == "day_ties":
            values[name] = _choice(value, DayTies, where, problems)
        elif name == "order":
            values[name] = _order(value, where, problems)
        elif name in ("promoted", "relegated"):
            values[name] = _count(value, where, problems)
        else:
            problems.add("unknown_option", where, option=name)
    problems.raise_if_any()
    return LeagueRule(
        points_table=values.get("points_table", default.points_table),
        day_ties=values.get("day_ties", default.day_ties),
        order=values.get("order", default.order),
        promoted=values.get("promoted", default.promoted),
        relegated=values.get("relegated", default.relegated),
    )


def _points_table(value: object, field: str, problems: Problems) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) > MAX_TABLE:
        problems.add("invalid_option", field, option="points_table")
        return ()
    if not all(_is_count(points) for points in value):
        problems.add("invalid_option", field, option="points_table")
        return ()
    table = tuple(value)
    if any(worse > better for better, worse in pairwise(table)):
        problems.add("league_points_table_rising", field)
    return table


def _choice(value: object, kind: type[DayTies], field: str, problems: Problems) -> DayTies:
    if isinstance(value, str) and value in {choice.value for choice in kind}:
        return kind(value)
    problems.add("invalid_option", field, option=field.rsplit(".", 1)[-1])
    return DayTies.AVERAGE


def _order(value: object, field: str, problems: Problems) -> tuple[Criterion, ...]:
    known = {criterion.value for criterion in Criterion}
    if (
        not isinstance(value, list | tuple)
        or not value
        or not all(isinstance(name, str) and name in known for name in value)
        or len(set(value)) != len(value)
    ):
        problems.add("invalid_option", field, option="order")
        return DEFAULT_ORDER
    return tuple(Criterion(name) for name in value)


def _count(value: object, field: str, problems: Problems) -> int:
    if not _is_count(value):
        problems.add("invalid_option", field, option=field.rsplit(".", 1)[-1])
        return 0
    assert isinstance(value, int)
    return value


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# --- input -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DayResult:
    """A team's result on a match day: its score as given, or its players' game points."""

    team: int
    score: int | None = None  # given (a venue's paper result); None: the sum of ``players``
    players: tuple[int, ...] = ()  # the game points of each player who played for the team

    @property
    def points(self) -> int:
        return self.score if self.score is not None else sum(self.players)

    @property
    def has_result(self) -> bool:
        """A score given, or a player who played: the team's group has been played."""
        return self.score is not None or bool(self.players)


@dataclass(frozen=True)
class MatchDay:
    id: int
    number: int  # the day's order in the season (ties by id)
    groups: tuple[tuple[DayResult, ...], ...]  # the teams of each group with their results
    final: bool = False  # marked final by the organiser


# --- output ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DayLine:
    """A team's match day: its group, score, place in the group and the points it earned."""

    day: int
    group: int  # the group's index on that day
    score: int
    place: int  # shared places: the better place (1, 1, 3)
    ranking_points: Fraction
    final: bool


@dataclass(frozen=True)
class TeamRow:
    team: int
    rank: int | None  # None: no day counted yet (listed after the ranked teams, by name)
    ranking_points: Fraction
    game_points: int
    day_wins: int
    best_day: int | None  # None: no day played
    days: tuple[DayLine, ...]  # the days counted that the team played, in their order
    tie_figures: Mapping[str, Fraction]  # the head-to-head figure, where it was needed
    decided_by: str | None  # the criterion that placed it below the row above; None: first/tie
    mark: Mark | None

    @property
    def days_played(self) -> int:
        return len(self.days)

    @property
    def ranked(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True)
class LeagueTable:
    rule: LeagueRule
    rows: tuple[TeamRow, ...]  # best first
    days: tuple[int, ...]  # the days counted (those with results), in their order
    pending: tuple[int, ...]  # the days with results not final (left out of a final-only table)
    provisional: bool  # counts a day that is not final


# --- the table ---------------------------------------------------------------------------------


def check_days(teams: Sequence[int], days: Sequence[MatchDay]) -> None:
    """Refuses days naming a team not in the division, a team twice on a day, a day twice."""
    problems = Problems()
    known = set(teams)
    seen_days: set[int] = set()
    for index, day in enumerate(days):
        if day.id in seen_days:
            problems.add("league_day_twice", f"days.{index}", day=day.number)
        seen_days.add(day.id)
        seen: set[int] = set()
        for group_index, group in enumerate(day.groups):
            for position, result in enumerate(group):
                where = f"days.{index}.groups.{group_index}.{position}"
                if result.team not in known:
                    problems.add("league_team_unknown", where, team=result.team)
                elif result.team in seen:
                    problems.add("league_team_twice", where, team=result.team, day=day.number)
                seen.add(result.team)
    problems.raise_if_any()


def played(group: Sequence[DayResult]) -> bool:
    """Whether a group of a day has been played: one of its teams has a result. A team without
    one in a played group counts 0 there (it did not turn up)."""
    return any(result.has_result for result in group)


def day_lines(rule: LeagueRule, day: MatchDay) -> dict[int, DayLine]:
    """Each team's line of one day: its place in its group and the ranking points it earned
    (the teams of a group not played yet have none)."""
    lines: dict[int, DayLine] = {}
    for group_index, group in enumerate(day.groups):
        if not played(group):
            continue
        ordered = sorted(group, key=lambda result: (-result.points, result.team))
        size = len(ordered)
        start = 0
        while start < size:
            end = start
            while end < size and ordered[end].points == ordered[start].points:
                end += 1
            earned = _shared_points(rule, start + 1, end, size)
            for result in ordered[start:end]:
                lines[result.team] = DayLine(
                    day=day.id,
                    group=group_index,
                    score=result.points,
                    place=start + 1,
                    ranking_points=earned,
                    final=day.final,
                )
            start = end
    return lines


def _shared_points(rule: LeagueRule, first: int, last: int, size: int) -> Fraction:
    """What each team sharing the places ``first`` to ``last`` earns."""
    if rule.day_ties is DayTies.BETTER:
        return Fraction(rule.place_points(first, size))
    if rule.day_ties is DayTies.WORSE:
        return Fraction(rule.place_points(last, size))
    points = [rule.place_points(place, size) for place in range(first, last + 1)]
    return Fraction(sum(points), len(points))


def league_table(
    rule: LeagueRule,
    teams: Sequence[int],
    days: Sequence[MatchDay],
    *,
    final_only: bool = False,
    names: Mapping[int, str] | None = None,
) -> LeagueTable:
    """The division's table: every team of ``teams`` (also one that has not played yet), ranked
    by the rule's criteria; ``final_only`` counts only the days marked final. Teams sharing a
    rank are listed by their ``names`` (German order, ``karlchen.collation``), then by id."""
    check_days(teams, days)
    ordered_days = [
        day
        for day in sorted(days, key=lambda day: (day.number, day.id))
        if any(played(group) for group in day.groups)
    ]
    counted = [day for day in ordered_days if day.final or not final_only]
    lines: dict[int, list[DayLine]] = {team: [] for team in teams}
    for day in counted:
        for team, line in day_lines(rule, day).items():
            lines[team].append(line)
    rows = [_row(team, tuple(lines[team])) for team in sorted(set(teams))]
    order = _listing_order(names or {})
    ranked = _ranked(rule, [row for row in rows if row.days], lines, order)
    unranked = sorted((row for row in rows if not row.days), key=lambda row: order(row.team))
    return LeagueTable(
        rule=rule,
        rows=(*_marked(rule, ranked), *unranked),
        days=tuple(day.id for day in counted),
        pending=tuple(day.id for day in ordered_days if not day.final),
        provisional=any(not day.final for day in counted),
    )


def _row(team: int, days: tuple[DayLine, ...]) -> TeamRow:
    return TeamRow(
        team=team,
        rank=None,
        ranking_points=sum((line.ranking_points for line in days), Fraction(0)),
        game_points=sum(line.score for line in days),
        day_wins=sum(1 for line in days if line.place == 1),
        best_day=max((line.score for line in days), default=None),
        days=days,
        tie_figures={},
        decided_by=None,
        mark=None,
    )


def figure(criterion: Criterion, row: TeamRow) -> Fraction:
    """A row's own figure for a criterion (head to head is the tied teams' and has none)."""
    if criterion is Criterion.RANKING_POINTS:
        return row.ranking_points
    if criterion is Criterion.GAME_POINTS:
        return Fraction(row.game_points)
    if criterion is Criterion.DAY_WINS:
        return Fraction(row.day_wins)
    if criterion is Criterion.BEST_DAY:
        # a team that has not played has no best day: below any day played, even a negative one
        return Fraction(row.best_day) if row.best_day is not None else Fraction(-(10**18))
    raise ValueError(f"{criterion.value} is a figure of the tied teams together")


OrderKey = Callable[[int], tuple[tuple[int | str, ...], int]]


def _listing_order(names: Mapping[int, str]) -> OrderKey:
    """Where a team stands among teams of equal standing: by name, then by id (as a number)."""
    return lambda team: (sort_key(names.get(team, "")), team)


def _ranked(
    rule: LeagueRule,
    rows: list[TeamRow],
    lines: Mapping[int, Sequence[DayLine]],
    order: OrderKey,
) -> list[TeamRow]:
    figures: dict[int, dict[str, Fraction]] = {row.team: {} for row in rows}
    ordered = _break_ties(rule.order, rows, lines, figures, "", order)
    result: list[TeamRow] = []
    for place, (row, decided_by) in enumerate(ordered, start=1):
        shared = bool(result) and decided_by == ""
        rank = result[-1].rank if shared else place
        result.append(
            replace(row, rank=rank, tie_figures=figures[row.team], decided_by=decided_by or None)
        )
    return result


def _break_ties(
    criteria: Sequence[Criterion],
    group: list[TeamRow],
    lines: Mapping[int, Sequence[DayLine]],
    figures: dict[int, dict[str, Fraction]],
    decided_by: str,
    order: OrderKey,
) -> list[tuple[TeamRow, str]]:
    """The rows in order, each with the criterion that separated it from the row above ("":
    none, the first row or a tie on every criterion, listed in ``order``)."""
    if len(group) == 1 or not criteria:
        rows = sorted(group, key=lambda row: order(row.team))
        return [(row, decided_by if index == 0 else "") for index, row in enumerate(rows)]
    criterion, rest = criteria[0], criteria[1:]
    if criterion is Criterion.HEAD_TO_HEAD:
        tied = {row.team for row in group}
        values = {row.team: Fraction(_head_to_head(row.team, tied, lines)) for row in group}
        for row in group:
            figures[row.team][criterion.value] = values[row.team]
    else:
        values = {row.team: figure(criterion, row) for row in group}
    split: dict[Fraction, list[TeamRow]] = defaultdict(list)
    for row in group:
        split[values[row.team]].append(row)
    ordered: list[tuple[TeamRow, str]] = []
    for index, value in enumerate(sorted(split, reverse=True)):
        label = decided_by if index == 0 else criterion.value
        ordered.extend(_break_ties(rest, split[value], lines, figures, label, order))
    return ordered


def _head_to_head(team: int, tied: set[int], lines: Mapping[int, Sequence[DayLine]]) -> int:
    """Days this team was placed ahead of another tied team of its group, minus behind."""
    balance = 0
    for line in lines[team]:
        for other in tied - {team}:
            for theirs in lines[other]:
                if theirs.day == line.day and theirs.group == line.group:
                    balance += (line.place < theirs.place) - (line.place > theirs.place)
    return balance


def _marked(rule: LeagueRule, rows: list[TeamRow]) -> list[TeamRow]:
    """Promotion for the best ``promoted`` places, relegation for the last ``relegated`` (not
    also promoted); a rank shared across a line is marked as a tie there. ``rows``: the ranked
    teams (the places are theirs; a team not ranked yet has none)."""
    count = len(rows)
    promoted = min(rule.promoted, count)
    relegated = min(rule.relegated, count - promoted)
    result = []
    for row in rows:
        rank = row.rank
        assert rank is not None  # only ranked rows come here
        # the places the row's rank spans: from its rank to the last row sharing it
        last = max(place for place, other in enumerate(rows, 1) if other.rank == rank)
        mark = None
        if last <= promoted:
            mark = Mark.PROMOTION
        elif rank <= promoted:
            mark = Mark.PROMOTION_TIE
        elif rank > count - relegated:
            mark = Mark.RELEGATION
        elif last > count - relegated:
            mark = Mark.RELEGATION_TIE
        result.append(replace(row, mark=mark))
    return result
