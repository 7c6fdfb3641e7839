"""Side rankings: teams and clubs of one tournament ranked from their members' results.

A *unit* (a team, or a club) has members, each with the points the tournament's standings give
them and whether they played at all. A ``SideRule`` says how a unit's score is made of its
members' points (docs/TEAMS.md):

- ``sum``: the points of every member who played;
- ``best``: the ``best`` highest totals of the members who played; a unit with fewer players
  than that is listed but not ranked ("Vereinswertung: the best four of each club");
- ``average``: the points per member who played (an exact fraction; shown to 2 decimals).

A member who played no deal counts nowhere: a substitute who sat on the bench neither adds 0 to
a best-of nor lowers an average. A unit nobody of which played is listed unranked.

Ties (``ties``): ``best_member`` orders equal scores by the counted members' totals, best
first, compared one by one (the better best player ahead, then the better second, ...), and
shares the rank only where those are equal too (where one list is a prefix of the other, the
unit with fewer counted members is ahead); ``shared`` shares the rank at once. Units sharing a
rank, and the unranked ones, are listed by name as a German reader looks names up
(``karlchen.collation.sort_key``), then by id.

Pure Python: no Django, no database, no translations. Refusals carry codes (karlchen.messages).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from karlchen.collation import sort_key
from karlchen.refusals import Problems

MAX_BEST = 100  # no team or club counts more players than this


class Method(StrEnum):
    SUM = "sum"
    BEST = "best"
    AVERAGE = "average"


class Ties(StrEnum):
    BEST_MEMBER = "best_member"
    SHARED = "shared"


@dataclass(frozen=True)
class SideRule:
    method: Method = Method.SUM
    best: int | None = None  # with ``best``: how many members count
    ties: Ties = Ties.BEST_MEMBER

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method.value, "best": self.best, "ties": self.ties.value}


def parse_rule(raw: object, field: str = "rule") -> SideRule:
    """A rule from its JSON (``{}`` is the default: the sum, ties by the best member); refuses
    with every problem at once, each naming ``<field>.<option>``."""
    problems = Problems()
    if not isinstance(raw, Mapping):
        problems.add("side_rule_not_object", field)
        problems.raise_if_any()
    assert isinstance(raw, Mapping)
    unknown = sorted(str(name) for name in raw if name not in ("method", "best", "ties"))
    for name in unknown:
        problems.add("unknown_option", f"{field}.{name}", option=name)
    method = _choice(raw.get("method", Method.SUM.value), Method, f"{field}.method", problems)
    ties = _choice(raw.get("ties", Ties.BEST_MEMBER.value), Ties, f"{field}.ties", problems)
    best = raw.get("best")
    if method is Method.BEST:
        if isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= MAX_BEST:
            problems.add("side_rule_best", f"{field}.best", max=MAX_BEST)
    elif best is not None:
        problems.add("side_rule_best_unused", f"{field}.best")
    problems.raise_if_any()
    assert method is not None
    assert ties is not None
    return SideRule(method=method, best=best if method is Method.BEST else None, ties=ties)


E = TypeVar("E", bound=StrEnum)


def _choice(value: object, kind: type[E], field: str, problems: Problems) -> E | None:
    if isinstance(value, str) and value in {choice.value for choice in kind}:
        return kind(value)
    problems.add("invalid_option", field, option=field.rsplit(".", 1)[-1])
    return None


@dataclass(frozen=True)
class Member:
    id: int  # the entry's id
    points: int
    played: bool


@dataclass(frozen=True)
class Unit:
    id: int | str  # a team's id, or a club's name
    members: tuple[Member, ...]
    name: str = ""  # what orders units sharing a rank (a club's name is its id)


@dataclass(frozen=True)
class UnitStanding:
    id: int | str
    rank: int | None  # None: not ranked (too few players, or none played)
    score: Fraction
    counted: tuple[int, ...]  # the members whose points make the score, best first
    played: int  # how many members played

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def unit_score(unit: Unit, rule: SideRule) -> tuple[Fraction, tuple[Member, ...], bool]:
    """The unit's score, the members counted (best first) and whether it can be ranked."""
    players = sorted(
        (member for member in unit.members if member.played), key=lambda m: (-m.points, m.id)
    )
    if rule.method is Method.BEST:
        assert rule.best is not None
        counted = tuple(players[: rule.best])
        return Fraction(sum(m.points for m in counted)), counted, len(counted) == rule.best
    counted = tuple(players)
    total = Fraction(sum(m.points for m in counted))
    if rule.method is Method.AVERAGE:
        return (total / len(counted) if counted else total), counted, bool(counted)
    return total, counted, bool(counted)


def rank_units(units: Sequence[Unit], rule: SideRule) -> list[UnitStanding]:
    """Every unit, the ranked ones best first (ranks shared on ties by the rule), then the
    unranked ones; within a shared rank, and among the unranked, by name, then by id."""
    scored = [(unit, *unit_score(unit, rule)) for unit in units]
    ranked = [row for row in scored if row[3]]
    unranked = [row for row in scored if not row[3]]

    def key(row: tuple[Unit, Fraction, tuple[Member, ...], bool]) -> tuple[Any, ...]:
        _unit, score, counted, _rankable = row
        if rule.ties is Ties.SHARED:
            return (score,)
        return (score, tuple(member.points for member in counted))

    ranked.sort(key=lambda row: (_negated(key(row)), listing_order(row[0])))
    unranked.sort(key=lambda row: listing_order(row[0]))
    result: list[UnitStanding] = []
    previous: tuple[tuple[Any, ...], int] | None = None
    for place, row in enumerate(ranked, start=1):
        rank = previous[1] if previous is not None and previous[0] == key(row) else place
        previous = (key(row), rank)
        result.append(_standing(row, rank))
    result.extend(_standing(row, None) for row in unranked)
    return result


def listing_order(unit: Unit) -> tuple[tuple[int | str, ...], int, str]:
    """Where a unit stands among units of equal standing: by its name (German order), then by
    its id, a team's as a number (6 before 10), a club's as its name."""
    number, text = (unit.id, "") if isinstance(unit.id, int) else (0, unit.id)
    return sort_key(unit.name), number, text


def _negated(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """Best first: the score descending, then the counted members' points one by one, each
    descending (where one list runs out first, the unit with fewer counted members is ahead:
    it made the same with fewer players)."""
    score, *rest = key
    return (-score, *(tuple(-points for points in members) for members in rest))


def _standing(
    row: tuple[Unit, Fraction, tuple[Member, ...], bool], rank: int | None
) -> UnitStanding:
    unit, score, counted, _rankable = row
    played = sum(1 for member in unit.members if member.played)
    return UnitStanding(
        id=unit.id, rank=rank, score=score, counted=tuple(m.id for m in counted), played=played
    )
