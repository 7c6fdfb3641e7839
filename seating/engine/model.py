"""What a seating is asked for and what it answers: players, request, plan, report, refusal.

A table is a tuple of player ids in position order (position 1 deals first); a series is a tuple
of tables; series are numbered from 1. ``table_sizes`` says how N players sit: tables of four,
and N mod 4 tables of five (the last tables), or a refusal when no such split exists.

It does NOT seat anyone (``planner``) or judge a plan (``quality``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from karlchen.refusals import OneRefusal

Table = tuple[int, ...]
Series = tuple[Table, ...]

FOUR = 4
FIVE = 5
DEFAULT_BUDGET = 100_000  # under 1 s of one CPU on every field of 8–100 players (bench/seating.py)


class Method(StrEnum):
    PLAN = "plan"  # all series at once, fewest repeat meetings
    RANDOM = "random"  # a fresh draw per series, avoiding repeats greedily
    RANKING = "ranking"  # by the standings, strongest at table 1
    FIXED = "fixed"  # an imported plan, checked


class ClubSeparation(StrEnum):
    NONE = "none"
    FIRST = "first"  # series 1 only
    ALL = "all"


class TeamSeating(StrEnum):
    APART = "apart"  # at most one member of a team per table where the numbers allow
    AGAINST = "against"  # a league match day: every table holds each team equally


class SeatingRefused(OneRefusal):
    """A seating that cannot be made as asked: a user error with a stable code.

    ``field`` names the offending input (``players``, ``fixed.2``, ...); ``params`` fill the
    translated message.
    """


@dataclass(frozen=True, slots=True)
class Player:
    """A player to seat. ``table``: a fixed seat wish, the table number (1-based) he always
    gets in the series seated here (for example the one a wheelchair reaches). ``team``: the
    team he plays for (``SeatingRequest.teams`` says how teams sit)."""

    id: int
    club: str | None = None
    table: int | None = None
    team: str | None = None


@dataclass(frozen=True, slots=True)
class SeatingRequest:
    """Everything a seating depends on: the same request always gives the same plan.

    ``frozen``: series already played (or published), by number; they are kept as they are and
    may hold players who have since withdrawn. ``ranking``: player ids, strongest first (method
    ``ranking``); ids of players not seated are skipped, players missing are ranked last.
    ``fixed``: every series of an imported plan (method ``fixed``). ``budget``: the work of the
    ``plan`` search, in moves tried (each weighs a few partners) and swaps made (one more
    each), counted so that the same request gives the same plan; with ``clock`` and
    ``deadline`` the search also ends when ``clock() >= deadline`` (the plan then depends on
    the machine's speed).

    ``history``: the weight of each pair's meetings at earlier evenings (of a season), by the
    pair of player ids: every table the two shared counts 2^−(b − 1), b the evenings back
    (1 for the last evening, ½ for the one before, ¼, …; ``history_weights`` adds them up).
    ``plan`` and ``random`` then prefer pairs who met less, and less recently: one meeting
    tonight of a pair of weight 1 costs a quarter of a repeat (``board``). Pairs with a player
    not seated here are ignored.

    ``teams`` (players' ``team``): ``apart`` keeps team mates at different tables in every
    series, before anything else, where the numbers allow, and otherwise seats as few of them
    together as possible (each team spread evenly over the tables); ``against`` is a league
    match day: every player plays for a team, the teams are of one size and every table holds
    the same number of each (four teams: one player of each at every table; two: two of each);
    the search then only swaps players of one team, so every series keeps that pattern.
    """

    players: Sequence[Player]
    series_count: int
    method: Method | str = Method.PLAN
    seed: int = 0
    frozen: Mapping[int, Series] = field(default_factory=lambda: MappingProxyType({}))
    ranking: Sequence[int] = ()
    fixed: Sequence[Series] | None = None
    separate_clubs: ClubSeparation | str = ClubSeparation.FIRST
    spread_five_tables: bool = True
    budget: int = DEFAULT_BUDGET
    clock: Callable[[], float] | None = None
    deadline: float | None = None
    history: Mapping[frozenset[int], float] = field(default_factory=lambda: MappingProxyType({}))
    teams: TeamSeating | str = TeamSeating.APART


@dataclass(frozen=True, slots=True)
class QualityReport:
    """How good a plan is, for the organiser.

    ``repeated_pairs``: Σ over pairs of max(0, meetings − 1); ``lower_bound``: no plan of these
    series can have fewer (``quality.lower_bound``); ``club_clashes``: per series, the pairs of
    club mates at one table; the spreads are max − min over the players seated of the times they
    sat at a five-table, and at position 1. ``met_before``: the pairs at one table this evening
    (in any series) who met at earlier evenings, None when no history was given.
    ``team_clashes``: per series, the pairs of team mates at one table.
    """

    repeated_pairs: int
    max_meetings: int
    lower_bound: int
    club_clashes: tuple[int, ...]
    five_table_spread: int
    position_one_spread: int
    met_before: int | None = None
    team_clashes: tuple[int, ...] = ()

    @property
    def optimal(self) -> bool:
        """No plan has fewer repeated pairs."""
        return self.repeated_pairs == self.lower_bound


@dataclass(frozen=True, slots=True)
class SeatingPlan:
    series: tuple[Series, ...]
    report: QualityReport
    method: Method
    seed: int


def history_weights(evenings: Sequence[Sequence[Series]]) -> dict[frozenset[int], float]:
    """The ``history`` of a request from earlier evenings' series, the last evening last: each
    table two players shared adds 2^−(b − 1), b = 1 for the last evening, 2 for the one
    before, … (so a meeting counts half as much with every evening further back)."""
    weights: dict[frozenset[int], float] = {}
    for back, evening in enumerate(reversed(evenings)):
        weight = 0.5**back
        for tables in evening:
            for table in tables:
                for i, u in enumerate(table):
                    for w in table[i + 1 :]:
                        pair = frozenset((u, w))
                        weights[pair] = weights.get(pair, 0.0) + weight
    return weights


def table_sizes(count: int) -> tuple[int, ...]:
    """Tables of four, then ``count`` mod 4 tables of five; refused when too few fours exist."""
    if not _seatable(count):
        add = next(extra for extra in range(1, FIVE) if _seatable(count + extra))
        raise SeatingRefused("player_count", "players", {"count": count, "add": add})
    fives = count % FOUR
    return (FOUR,) * (count // FOUR - fives) + (FIVE,) * fives


def _seatable(count: int) -> bool:
    return count // FOUR >= count % FOUR and count >= FOUR
