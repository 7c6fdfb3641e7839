"""The request checked and put into indices: players 0..n−1 by id, then the withdrawn.

``method_of`` and ``prepare`` refuse what cannot be seated (``SeatingRefused`` with a stable code,
the offending field and params for the message); ``checked_fixed`` checks an imported plan seat
by seat; ``ranked_indices`` turns the standings into indices, unranked players last.

It does NOT seat anyone (``planner``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .model import (
    ClubSeparation,
    Method,
    Player,
    SeatingRefused,
    SeatingRequest,
    Series,
    TeamSeating,
    table_sizes,
)


@dataclass(frozen=True, slots=True)
class Problem:
    """The request in indices: 0..n−1 the players to seat (by id), then the withdrawn."""

    ids: tuple[int, ...]
    sizes: tuple[int, ...]
    clubs: tuple[int, ...]
    pins: tuple[int, ...]
    frozen: dict[int, Series]
    open_numbers: tuple[int, ...]  # the series to seat
    club_active: tuple[bool, ...]  # per open series
    history: dict[tuple[int, int], float]  # pairs of ids (the lower first): earlier meetings
    teams: tuple[int, ...] = ()  # per player index, his team's place among the names (−1: none)
    against: bool = False  # a league match day: every table holds each team equally

    @property
    def n(self) -> int:
        return len(self.pins)


def method_of(request: SeatingRequest) -> Method:
    """The request's method, once its scalar options are known to be sound."""
    if request.budget < 0:
        raise ValueError(f"budget must not be negative, not {request.budget!r}")
    for pair, weight in request.history.items():
        if len(pair) != 2 or not 0 <= weight < math.inf:
            raise ValueError(
                f"history needs pairs of ids and weights ≥ 0, not {pair!r}: {weight!r}"
            )
    if request.series_count < 1:
        raise SeatingRefused("series_count", "series_count", {"count": request.series_count})
    if request.method not in set(Method):
        raise SeatingRefused("method", "method", {"method": request.method})
    if request.separate_clubs not in set(ClubSeparation):
        raise SeatingRefused("separate_clubs", "separate_clubs", {"value": request.separate_clubs})
    if request.teams not in set(TeamSeating):
        raise SeatingRefused("teams", "teams", {"value": request.teams})
    method = Method(request.method)
    if request.teams == TeamSeating.AGAINST and method is Method.RANKING:
        raise SeatingRefused("teams_ranking", "teams", {})
    return method


def prepare(request: SeatingRequest) -> Problem:
    """The request in indices, or SeatingRefused."""
    ids = sorted(player.id for player in request.players)
    for pid, count in Counter(ids).items():
        if count > 1:
            raise SeatingRefused("duplicate_player", "players", {"id": pid})
    sizes = table_sizes(len(ids))
    frozen = _checked_frozen(request)
    withdrawn = sorted({p for t in frozen.values() for table in t for p in table} - set(ids))
    index = {pid: i for i, pid in enumerate([*ids, *withdrawn])}
    open_numbers = tuple(n for n in range(1, request.series_count + 1) if n not in frozen)
    separate = ClubSeparation(request.separate_clubs)
    teams = _label_indices(request, index, lambda player: player.team)
    pins = _checked_pins(request, sizes, index)
    against = request.teams == TeamSeating.AGAINST
    if against:
        _check_team_pattern(request, sizes, teams[: len(ids)], pins)
    return Problem(
        ids=(*ids, *withdrawn),
        sizes=sizes,
        clubs=_label_indices(request, index, lambda player: player.club),
        pins=pins,
        frozen=frozen,
        open_numbers=open_numbers,
        club_active=tuple(
            separate is ClubSeparation.ALL or (separate is ClubSeparation.FIRST and n == 1)
            for n in open_numbers
        ),
        history={
            (min(pair), max(pair)): weight for pair, weight in request.history.items() if weight
        },
        teams=teams,
        against=against,
    )


def _label_indices(
    request: SeatingRequest, index: dict[int, int], label: Callable[[Player], str | None]
) -> tuple[int, ...]:
    """Per player index, his club's (or team's) place among the names in order (−1: none,
    unknown)."""
    names = sorted({name for player in request.players if (name := label(player)) is not None})
    number = {name: i for i, name in enumerate(names)}
    labels = [-1] * len(index)
    for player in request.players:
        name = label(player)
        if name is not None:
            labels[index[player.id]] = number[name]
    return tuple(labels)


def _check_team_pattern(
    request: SeatingRequest, sizes: tuple[int, ...], teams: tuple[int, ...], pins: tuple[int, ...]
) -> None:
    """A league match day needs every player in a team, teams of one size and tables of one
    size that holds each team equally, and fixed table wishes within each table's share."""
    for position, player in enumerate(request.players):
        if player.team is None:
            raise SeatingRefused("team_missing", f"players.{position}.team", {"id": player.id})
    members = Counter(teams)
    share = sizes[0] // len(members) if members else 0
    if not _shares_out(sizes, members.values()):
        raise SeatingRefused(
            "team_pattern",
            "players",
            {"teams": len(members), "players": len(teams), "tables": len(sizes)},
        )
    wishes = Counter((pin, teams[p]) for p, pin in enumerate(pins) if pin >= 0)
    for (table, _), count in sorted(wishes.items()):
        if count > share:
            raise SeatingRefused(
                "fixed_table_team", "players", {"table": table + 1, "share": share}
            )


def team_pattern_fits(team_sizes: Sequence[int]) -> bool:
    """Whether teams of these sizes (every player in one) can sit team against team: at least
    two teams of one size, and tables of one size that hold each team equally."""
    try:
        sizes = table_sizes(sum(team_sizes))
    except SeatingRefused:
        return False
    return _shares_out(sizes, team_sizes)


def _shares_out(sizes: Sequence[int], team_sizes: Collection[int]) -> bool:
    share, rest = divmod(sizes[0], max(len(team_sizes), 1))
    even = set(team_sizes) == {share * len(sizes)}
    return len(team_sizes) >= 2 and not rest and len(set(sizes)) == 1 and even


def _checked_frozen(request: SeatingRequest) -> dict[int, Series]:
    frozen = {}
    for number in sorted(request.frozen):
        if not 1 <= number <= request.series_count:
            raise SeatingRefused(
                "frozen_series", "frozen", {"series": number, "count": request.series_count}
            )
        tables = tuple(tuple(table) for table in request.frozen[number])
        _refuse_twice(tables, "frozen_duplicate", f"frozen.{number}")
        frozen[number] = tables
    return frozen


def _refuse_twice(tables: Series, code: str, field: str) -> None:
    counts = Counter(p for table in tables for p in table)
    twice = sorted(p for p, count in counts.items() if count > 1)
    if twice:
        raise SeatingRefused(code, field, {"ids": twice})


def _checked_pins(
    request: SeatingRequest, sizes: tuple[int, ...], index: dict[int, int]
) -> tuple[int, ...]:
    pins = [-1] * len(request.players)
    for position, player in enumerate(request.players):
        if player.table is None:
            continue
        if not 1 <= player.table <= len(sizes):
            raise SeatingRefused(
                "fixed_table",
                f"players.{position}.table",
                {"table": player.table, "tables": len(sizes)},
            )
        pins[index[player.id]] = player.table - 1
    for table, count in Counter(p for p in pins if p >= 0).items():
        if count > sizes[table]:
            raise SeatingRefused(
                "fixed_table_full", "players", {"table": table + 1, "size": sizes[table]}
            )
    return tuple(pins)


def ranked_indices(request: SeatingRequest, problem: Problem) -> list[int]:
    index = {pid: i for i, pid in enumerate(problem.ids[: problem.n])}
    ranked = []
    seen = set()
    for pid in request.ranking:
        if pid in seen:
            raise SeatingRefused("ranking_duplicate", "ranking", {"id": pid})
        seen.add(pid)
        if pid in index:
            ranked.append(index[pid])
    return ranked + [i for i in range(problem.n) if problem.ids[i] not in seen]


def checked_fixed(request: SeatingRequest, problem: Problem) -> tuple[Series, ...]:
    if request.fixed is None:
        raise SeatingRefused("fixed_missing", "fixed", {})
    plan = tuple(tuple(tuple(table) for table in tables) for tables in request.fixed)
    if len(plan) != request.series_count:
        raise SeatingRefused(
            "fixed_series_count",
            "fixed",
            {"count": len(plan), "series_count": request.series_count},
        )
    for number, tables in enumerate(plan, start=1):
        if number in problem.frozen:
            if tables != problem.frozen[number]:
                raise SeatingRefused("frozen_changed", f"fixed.{number}", {"series": number})
            continue
        _check_fixed_series(tables, problem, f"fixed.{number}")
    return plan


def _check_fixed_series(tables: Series, problem: Problem, field: str) -> None:
    _refuse_twice(tables, "fixed_twice", field)
    seated = set(problem.ids[: problem.n])
    ids = {p for table in tables for p in table}
    missing = sorted(seated - ids)
    unknown = sorted(ids - seated)
    if missing or unknown:
        raise SeatingRefused("fixed_players", field, {"missing": missing, "unknown": unknown})
    sizes = [len(table) for table in tables]
    if sorted(sizes) != sorted(problem.sizes):
        raise SeatingRefused(
            "fixed_table_sizes", field, {"sizes": sizes, "expected": list(problem.sizes)}
        )
