"""The season ranking: from each player's evenings to the ranked season table.

A season ("Jahreswertung", "Vereinsmeisterschaft", a cup's qualifying evenings, the DDV
Rangliste) ranks players over many evenings (tournaments). Its input is, per evening, each
player's result as the evening's standings give it (points per list, penalties, place) and a
``RankingRule``; its output is the season table with, per player, which evenings and lists
counted and which were dropped, and which tie-break decided each place. docs/SEASONS.md words
every rule for organisers.

What an evening is worth (``scoring``):
- ``points``: the evening's points (its lists, penalties included, as its standings show);
- ``placement``: placement points for the evening's place, from a table (20/17/15/...) or one
  point per player beaten (``placement_table`` empty).

How the season adds them up (``aggregate``): the ``total`` of what counts, or the ``average``
per list (per evening for placement points). ``best`` counts only the best N units (evenings or
lists, ``unit``) and drops the rest; a missed evening counts 0 or is skipped (``missed``). A
player with fewer than ``min_lists`` lists is not ranked (``below_minimum = unranked``) or has
the missing lists counted as 0 (``fill_zero``). ``attendance_bonus`` adds points per evening
played; ``window_months`` and ``ranking_only`` restrict the evenings (the DDV preset).

Pure Python: no Django, no database, no translations. Refusals carry codes (karlchen.messages).
"""

from __future__ import annotations

import datetime
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from karlchen.collation import sort_key
from karlchen.refusals import Problem, Refused


class Scoring(StrEnum):
    POINTS = "points"
    PLACEMENT = "placement"


class Aggregate(StrEnum):
    TOTAL = "total"
    AVERAGE = "average"


class Unit(StrEnum):
    EVENING = "evening"
    LIST = "list"


class Missed(StrEnum):
    ZERO = "zero"
    SKIP = "skip"


class BelowMinimum(StrEnum):
    UNRANKED = "unranked"
    FILL_ZERO = "fill_zero"


class TieBreak(StrEnum):
    """What orders players with the same season score, in the order the rule names them."""

    AVERAGE = "average"  # points per list played (all lists, dropped ones too)
    EVENINGS_WON = "evenings_won"  # evenings finished first (shared first places count)
    BEST_EVENING = "best_evening"  # the best evening's points
    HEAD_TO_HEAD = "head_to_head"  # evenings finished ahead of the others tied, minus behind
    EVENINGS_PLAYED = "evenings_played"  # more evenings played
    LISTS_PLAYED = "lists_played"  # more lists played


DEFAULT_TIE_BREAKS = (TieBreak.AVERAGE, TieBreak.EVENINGS_WON, TieBreak.BEST_EVENING)
SCORE = "score"  # what ``decided_by`` says where the season score alone decided
FILLED = -1  # the "evening" of the 0s that fill a player's lists up to the minimum


@dataclass(frozen=True)
class RankingRule:
    """How a season ranks its players (see the module docstring; docs/SEASONS.md)."""

    scoring: Scoring = Scoring.POINTS
    placement_table: tuple[int, ...] = ()  # placement points; empty: one per player beaten
    aggregate: Aggregate = Aggregate.TOTAL
    unit: Unit = Unit.EVENING
    best: int | None = None  # count only the best N units
    missed: Missed = Missed.SKIP
    min_lists: int = 0
    below_minimum: BelowMinimum = BelowMinimum.UNRANKED
    attendance_bonus: int = 0  # points per evening played (added to a total, not averaged)
    window_months: int | None = None  # only evenings of the last N months before ``as_of``
    ranking_only: bool = False  # only evenings marked as ranking tournaments
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS

    def to_json(self) -> dict[str, Any]:
        return {
            "scoring": self.scoring.value,
            "placement_table": list(self.placement_table),
            "aggregate": self.aggregate.value,
            "unit": self.unit.value,
            "best": self.best,
            "missed": self.missed.value,
            "min_lists": self.min_lists,
            "below_minimum": self.below_minimum.value,
            "attendance_bonus": self.attendance_bonus,
            "window_months": self.window_months,
            "ranking_only": self.ranking_only,
            "tie_breaks": [criterion.value for criterion in self.tie_breaks],
        }


# The presets an organiser starts from (docs/SEASONS.md).
PRESETS: Mapping[str, RankingRule] = {
    "total": RankingRule(),
    "average": RankingRule(aggregate=Aggregate.AVERAGE, unit=Unit.LIST),
    "placement": RankingRule(
        scoring=Scoring.PLACEMENT,
        placement_table=(20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        missed=Missed.ZERO,
    ),
    # DDV Rangliste: the average per round ("Rundenschnitt") of all ranking tournaments of the
    # last 24 months, ranked from 36 rounds on (dokoverband.de/wettbewerbe).
    "ddv": RankingRule(
        aggregate=Aggregate.AVERAGE,
        unit=Unit.LIST,
        min_lists=36,
        window_months=24,
        ranking_only=True,
        tie_breaks=(TieBreak.LISTS_PLAYED,),
    ),
}


@dataclass(frozen=True)
class Evening:
    """One evening (tournament) of the season."""

    id: int
    date: datetime.date
    lists: int  # how many lists (series) the evening played: a missed one counts this many 0s
    ranking: bool = False  # a ranking tournament (the DDV preset counts only these)


@dataclass(frozen=True)
class EveningResult:
    """A player's result at one evening, as the evening's standings give it."""

    evening: int
    player: int
    lists: tuple[int, ...]  # points per list played, penalties included
    place: int
    penalties: int = 0  # the part of the points that were penalties (shown, not added again)

    @property
    def points(self) -> int:
        return sum(self.lists)


@dataclass(frozen=True)
class Counted:
    """One unit of a player's season: an evening, or one list of it; counted or dropped."""

    evening: int
    list_number: int | None  # the list's number at that evening (unit "list"), else None
    value: Fraction
    counted: bool
    missed: bool = False  # a missed evening's 0, or a 0 filled up to the minimum
    lists: int = 1  # the lists this unit stands for (its weight in an average per list)


@dataclass(frozen=True)
class EveningLine:
    """A player's evening in their season: what it was worth and whether it counted."""

    evening: int
    date: datetime.date
    played: bool
    points: int
    lists: tuple[int, ...]
    penalties: int
    place: int | None
    value: Fraction  # what the evening is worth to the season (points or placement points)
    counted: bool  # counted whole or in part (unit "list": some of its lists)


@dataclass(frozen=True)
class PlayerSeason:
    player: int
    rank: int | None  # None: not ranked (fewer lists than the minimum)
    score: Fraction
    evenings: tuple[EveningLine, ...]
    units: tuple[Counted, ...]
    evenings_played: int
    lists_played: int
    lists_counted: int
    bonus: int
    tie_figures: Mapping[str, Fraction]
    decided_by: str | None  # what placed them below the row above: SCORE, a tie-break, None
    ranked: bool = True


@dataclass(frozen=True)
class SeasonTable:
    rule: RankingRule
    evenings: tuple[Evening, ...]  # the evenings the rule counts, oldest first
    rows: tuple[PlayerSeason, ...]  # ranked players first, best first; then the unranked


# --- reading a rule from JSON ------------------------------------------------------------------

_ENUMS: Mapping[str, type[StrEnum]] = {
    "scoring": Scoring,
    "aggregate": Aggregate,
    "unit": Unit,
    "missed": Missed,
    "below_minimum": BelowMinimum,
}
_OPTIONAL_POSITIVE = ("best", "window_months")
_NON_NEGATIVE = ("min_lists", "attendance_bonus")


def parse_rule(data: object) -> RankingRule:
    """A ranking rule from its JSON form: a ``preset`` name and/or options over it.

    Raises ``Refused`` naming every problem (``ranking_rule.<option>``).
    """
    if not isinstance(data, Mapping):
        raise Refused.one("invalid_option", "ranking_rule", option="ranking_rule")
    problems: list[Problem] = []
    preset_name = data.get("preset", "total")
    base = PRESETS.get(preset_name) if isinstance(preset_name, str) else None
    if base is None:
        problems.append(Problem("unknown_preset", "ranking_rule.preset", {"preset": preset_name}))
        base = RankingRule()
    changes: dict[str, Any] = {}
    for name, value in data.items():
        if name == "preset":
            continue
        try:
            changes[name] = _option(name, value)
        except KeyError:
            problems.append(Problem("unknown_option", f"ranking_rule.{name}", {"option": name}))
        except ValueError:
            problems.append(Problem("invalid_option", f"ranking_rule.{name}", {"option": name}))
    rule = replace(base, **changes)
    problems.extend(_contradictions(rule))
    if problems:
        raise Refused(problems)
    return rule


def _option(name: str, value: object) -> object:
    if name in _ENUMS:
        return _ENUMS[name](_text(value))
    if name in _OPTIONAL_POSITIVE:
        return None if value is None else _integer(value, minimum=1)
    if name in _NON_NEGATIVE:
        return _integer(value, minimum=0)
    if name == "ranking_only":
        if not isinstance(value, bool):
            raise ValueError(name)
        return value
    if name == "placement_table":
        return tuple(_integer(points, minimum=0) for points in _sequence(value))
    if name == "tie_breaks":
        criteria = tuple(TieBreak(_text(criterion)) for criterion in _sequence(value))
        if len(set(criteria)) != len(criteria):
            raise ValueError(name)
        return criteria
    raise KeyError(name)


def _integer(value: object, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(value)
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(value)
    return value


def _sequence(value: object) -> Sequence[object]:
    if not isinstance(value, list | tuple):
        raise ValueError(value)
    return value


def _contradictions(rule: RankingRule) -> list[Problem]:
    if rule.scoring is Scoring.PLACEMENT and rule.unit is Unit.LIST:
        # a place is the evening's, not a list's
        return [Problem("invalid_option", "ranking_rule.unit", {"option": "unit"})]
    return []


# --- the ranking -------------------------------------------------------------------------------


def season_evenings(
    rule: RankingRule, evenings: Iterable[Evening], as_of: datetime.date | None = None
) -> tuple[Evening, ...]:
    """The evenings the rule counts, oldest first: ranking tournaments only, within the window
    (the months before ``as_of``, that day included; ``as_of`` defaults to the last evening)."""
    chosen = sorted(
        (evening for evening in evenings if evening.ranking or not rule.ranking_only),
        key=lambda evening: (evening.date, evening.id),
    )
    if rule.window_months is None or not chosen:
        return tuple(chosen)
    end = as_of or chosen[-1].date
    start = months_before(end, rule.window_months)
    return tuple(evening for evening in chosen if start < evening.date <= end)


def months_before(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` months earlier (the month's last day where it is shorter)."""
    month_index = day.year * 12 + day.month - 1 - months
    year, month = divmod(month_index, 12)
    month += 1
    for last_day in (day.day, 30, 29, 28):
        try:
            return datetime.date(year, month, min(day.day, last_day))
        except ValueError:
            continue
    raise AssertionError("unreachable: every month has 28 days")  # pragma: no cover


def rank_season(
    rule: RankingRule,
    evenings: Iterable[Evening],
    results: Iterable[EveningResult],
    *,
    as_of: datetime.date | None = None,
    lines_for: Collection[int] | None = None,
    names: Mapping[int, str] | None = None,
) -> SeasonTable:
    """The season table: every player with a result in a counted evening, ranked by the rule.

    ``lines_for``: the players whose rows carry a line per evening and their units
    (``evenings``, ``units``; all where None). A ranking needs neither, and a window of hundreds
    of evenings and thousands of players would spend most of its time on lines nobody reads.
    ``names``: what lists players sharing a rank (and the unranked of one score), in German
    order (``karlchen.collation``), then by id."""
    chosen = season_evenings(rule, evenings, as_of)
    by_id = {evening.id: evening for evening in chosen}
    by_player: dict[int, dict[int, EveningResult]] = defaultdict(dict)
    by_evening: dict[int, list[EveningResult]] = defaultdict(list)
    for result in results:
        if result.evening in by_id:
            by_player[result.player][result.evening] = result
            by_evening[result.evening].append(result)
    values = _evening_values(rule, by_evening)
    seasons = [
        _player_season(
            rule, chosen, player, played, values, lines=lines_for is None or player in lines_for
        )
        for player, played in sorted(by_player.items())
    ]
    order = _listing_order(names or {})
    ranked = _ranked(rule, [row for row in seasons if row.ranked], by_player, order)
    unranked = sorted(
        (row for row in seasons if not row.ranked), key=lambda row: (-row.score, order(row))
    )
    return SeasonTable(rule=rule, evenings=chosen, rows=(*ranked, *unranked))


def qualifiers(table: SeasonTable, places: int) -> tuple[PlayerSeason, ...]:
    """A cup's qualifiers: the ranked players placed within the best ``places`` (all those who
    share the last place qualify)."""
    return tuple(row for row in table.rows if row.rank is not None and row.rank <= places)


def _evening_values(
    rule: RankingRule, by_evening: Mapping[int, list[EveningResult]]
) -> dict[tuple[int, int], int]:
    """What each (evening, player) result is worth to the season."""
    values: dict[tuple[int, int], int] = {}
    for evening, results in by_evening.items():
        places = sorted(result.place for result in results)
        for result in results:
            values[(evening, result.player)] = _evening_value(rule, result, places)
    return values


def _evening_value(rule: RankingRule, result: EveningResult, places: Sequence[int]) -> int:
    if rule.scoring is Scoring.POINTS:
        return result.points
    if rule.placement_table:
        index = result.place - 1
        return rule.placement_table[index] if 0 <= index < len(rule.placement_table) else 0
    return len(places) - bisect_right(places, result.place)  # players beaten (placed behind)


# A unit while the season is worked out: (evening, list number, value, missed, lists), as in
# ``Counted``. Plain tuples: a window of thousands of players has a hundred thousand units, and
# only the rows that show them are given ``Counted`` units.
_Unit = tuple[int, int | None, int, bool, int]


def _player_season(
    rule: RankingRule,
    evenings: Sequence[Evening],
    player: int,
    played: Mapping[int, EveningResult],
    values: Mapping[tuple[int, int], int],
    *,
    lines: bool = True,
) -> PlayerSeason:
    # A row without its units, where nothing is dropped, needs only the total and the weight:
    # for points, an evening's lists as one unit weighing them give the same (and a window has
    # 100 000 lists). Placement points weigh each unit 1.
    whole = not lines and rule.best is None and rule.scoring is Scoring.POINTS
    units = _units(rule, evenings, player, played, values, whole_evenings=whole)
    lists_played = sum(len(result.lists) for result in played.values())
    ranked = True
    if lists_played < rule.min_lists:
        if rule.below_minimum is BelowMinimum.UNRANKED:
            ranked = False
        elif whole:
            units.append((FILLED, None, 0, True, rule.min_lists - lists_played))
        else:
            units.extend([(FILLED, None, 0, True, 1)] * (rule.min_lists - lists_played))
    flags = _choose_best(rule, units)
    counted = [unit for unit, flag in zip(units, flags, strict=True) if flag]
    bonus = rule.attendance_bonus * len(played)
    score = _score(rule, counted) + bonus
    counted_at = {unit[0] for unit in counted}
    evening_lines = tuple(
        _evening_line(evening, played.get(evening.id), player, values, evening.id in counted_at)
        for evening in (evenings if lines else ())
    )
    return PlayerSeason(
        player=player,
        rank=None,
        score=score,
        evenings=evening_lines,
        units=tuple(
            Counted(evening, number, Fraction(value), flag, missed=missed, lists=weight)
            for (evening, number, value, missed, weight), flag in zip(units, flags, strict=True)
        )
        if lines
        else (),
        evenings_played=len(played),
        lists_played=lists_played,
        lists_counted=sum(unit[4] for unit in counted),
        bonus=bonus,
        tie_figures={},
        decided_by=None,
        ranked=ranked,
    )


def _units(
    rule: RankingRule,
    evenings: Sequence[Evening],
    player: int,
    played: Mapping[int, EveningResult],
    values: Mapping[tuple[int, int], int],
    *,
    whole_evenings: bool = False,
) -> list[_Unit]:
    """The units the player's season is made of, all counted until the best are chosen.

    ``whole_evenings``: an evening's lists as one unit (its points, weighing its lists)."""
    units: list[_Unit] = []
    if rule.missed is not Missed.ZERO:  # only the evenings played: a window has hundreds
        evenings = [evening for evening in evenings if evening.id in played]
    for evening in evenings:
        result = played.get(evening.id)
        if result is None:
            units.extend(_missed_units(rule, evening, whole_evenings=whole_evenings))
        elif rule.unit is Unit.EVENING:
            units.append((evening.id, None, values[(evening.id, player)], False, len(result.lists)))
        elif whole_evenings:
            units.append((evening.id, None, result.points, False, len(result.lists)))
        else:
            units.extend(
                (evening.id, number, points, False, 1)
                for number, points in enumerate(result.lists, start=1)
            )
    return units


def _missed_units(rule: RankingRule, evening: Evening, *, whole_evenings: bool) -> list[_Unit]:
    if rule.unit is Unit.LIST and not whole_evenings:
        return [(evening.id, number, 0, True, 1) for number in range(1, evening.lists + 1)]
    return [(evening.id, None, 0, True, evening.lists)]


def _choose_best(rule: RankingRule, units: list[_Unit]) -> list[bool]:
    """Which units count: the best N (the earlier of equal units counts), or all.

    Under an average per list the best N evenings are those whose average is highest, not those
    with the most points: an evening of three lists and 45 points would otherwise count before
    one of two lists and 45, and a player ahead on every list could rank behind one he beat
    everywhere. Each unit then weighs its lists; other units weigh 1, and the best are simply
    the highest."""
    if rule.best is None or len(units) <= rule.best:
        return [True] * len(units)
    weighed = rule.aggregate is Aggregate.AVERAGE and rule.scoring is Scoring.POINTS
    weights = [unit[4] if weighed else 1 for unit in units]
    keep = _highest_average(rule.best, [unit[2] for unit in units], weights)
    return [index in keep for index in range(len(units))]


def _highest_average(count: int, values: Sequence[int], weights: Sequence[int]) -> set[int]:
    """The ``count`` units whose values over their weights average highest (of units worth the
    same, the earlier), by Dinkelbach's method: from the best by value, take the best by value
    less the average so far times weight, until the average no longer rises. Each round's
    average is at least the last one's and there are finitely many choices, so it ends; with
    equal weights the first choice is the answer."""

    def best_at(average: Fraction) -> tuple[list[int], Fraction]:
        order = sorted(
            range(len(values)), key=lambda index: (average * weights[index] - values[index], index)
        )
        chosen = order[:count]
        # a unit of no lists (an evening not yet played) is worth nothing either
        weight = max(sum(weights[index] for index in chosen), 1)
        return chosen, Fraction(sum(values[index] for index in chosen), weight)

    chosen, average = best_at(Fraction(0))
    if len(set(weights)) == 1:
        return set(chosen)
    while True:
        chosen, better = best_at(average)
        if better <= average:
            return set(chosen)
        average = better


def _score(rule: RankingRule, counted: Sequence[_Unit]) -> Fraction:
    total = sum(unit[2] for unit in counted)
    if rule.aggregate is Aggregate.TOTAL:
        return Fraction(total)
    # average per list for points, per evening for placement points
    weight = sum(unit[4] if rule.scoring is Scoring.POINTS else 1 for unit in counted)
    return Fraction(total, weight) if weight else Fraction(0)


def _evening_line(
    evening: Evening,
    result: EveningResult | None,
    player: int,
    values: Mapping[tuple[int, int], int],
    counted: bool,
) -> EveningLine:
    return EveningLine(
        evening=evening.id,
        date=evening.date,
        played=result is not None,
        points=result.points if result else 0,
        lists=result.lists if result else (),
        penalties=result.penalties if result else 0,
        place=result.place if result else None,
        value=Fraction(values.get((evening.id, player), 0)),
        counted=counted,
    )


# --- ranks and tie-breaks ----------------------------------------------------------------------


OrderKey = Callable[[PlayerSeason], tuple[tuple[int | str, ...], int]]


def _listing_order(names: Mapping[int, str]) -> OrderKey:
    """Where a player stands among players of equal standing: by name, then by id."""
    return lambda row: (sort_key(names.get(row.player, "")), row.player)


def _ranked(
    rule: RankingRule,
    rows: list[PlayerSeason],
    played: Mapping[int, Mapping[int, EveningResult]],
    order: OrderKey,
) -> list[PlayerSeason]:
    """Rows by score, ties broken by the rule's criteria in order (each applied within the
    players still tied); players tied on all share a rank, listed in ``order``."""
    figures: dict[int, dict[str, Fraction]] = {row.player: {} for row in rows}
    ordered: list[tuple[PlayerSeason, str]] = []
    for group in _split(rows, lambda row: row.score, order):
        ordered.extend(_break_ties(rule.tie_breaks, group, played, figures, order))
    result: list[PlayerSeason] = []
    for place, (row, decided_by) in enumerate(ordered, start=1):
        shared = bool(result) and decided_by == ""
        rank = result[-1].rank if shared else place
        result.append(
            replace(
                row,
                rank=rank,
                tie_figures=figures[row.player],
                decided_by=None if shared or not result else decided_by,
            )
        )
    return result


def _split(rows: Sequence[PlayerSeason], key: Any, order: OrderKey) -> list[list[PlayerSeason]]:
    """Rows grouped by ``key`` (higher first); each group listed in ``order``."""
    groups: dict[Fraction, list[PlayerSeason]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    return [sorted(groups[value], key=order) for value in sorted(groups, reverse=True)]


def _break_ties(
    criteria: Sequence[TieBreak],
    group: list[PlayerSeason],
    played: Mapping[int, Mapping[int, EveningResult]],
    figures: dict[int, dict[str, Fraction]],
    order: OrderKey,
    decided_by: str = SCORE,
) -> list[tuple[PlayerSeason, str]]:
    """The group in order, each row with what separated it from the row above ("" = tied)."""
    if len(group) == 1:
        return [(group[0], decided_by)]
    if not criteria:
        return [(row, decided_by if index == 0 else "") for index, row in enumerate(group)]
    criterion, rest = criteria[0], criteria[1:]
    value = _tie_figure(criterion, group, played)
    for row in group:
        figures[row.player][criterion.value] = value(row)
    ordered: list[tuple[PlayerSeason, str]] = []
    for index, subgroup in enumerate(_split(group, value, order)):
        label = decided_by if index == 0 else criterion.value
        ordered.extend(_break_ties(rest, subgroup, played, figures, order, label))
    return ordered


def _tie_figure(
    criterion: TieBreak,
    group: Sequence[PlayerSeason],
    played: Mapping[int, Mapping[int, EveningResult]],
) -> Any:
    if criterion is TieBreak.HEAD_TO_HEAD:
        others = {row.player for row in group}
        return lambda row: Fraction(_head_to_head(row.player, others, played))
    return lambda row: _figure(criterion, row, played[row.player])


def _figure(
    criterion: TieBreak, row: PlayerSeason, played: Mapping[int, EveningResult]
) -> Fraction:
    if criterion is TieBreak.AVERAGE:
        points = sum(result.points for result in played.values())
        return Fraction(points, row.lists_played) if row.lists_played else Fraction(0)
    if criterion is TieBreak.EVENINGS_WON:
        return Fraction(sum(1 for result in played.values() if result.place == 1))
    if criterion is TieBreak.BEST_EVENING:
        return Fraction(max(result.points for result in played.values()))
    if criterion is TieBreak.EVENINGS_PLAYED:
        return Fraction(row.evenings_played)
    return Fraction(row.lists_played)  # LISTS_PLAYED


def _head_to_head(
    player: int, group: set[int], played: Mapping[int, Mapping[int, EveningResult]]
) -> int:
    """Evenings this player finished ahead of another tied player, minus those behind."""
    balance = 0
    for evening, result in played[player].items():
        for other in group - {player}:
            theirs = played[other].get(evening)
            if theirs is not None:
                balance += (result.place < theirs.place) - (result.place > theirs.place)
    return balance
