"""The series being seated, with counts that a swap of two players updates in constant time.

Players are indices: 0..n−1 are the players to seat, n.. those who only sit in frozen series
(withdrawn). The board keeps, for every series being seated, its tables and where each player
sits, and over all series (frozen ones included) how often each pair met, how often each player
sat at a five-table, and the weighted cost the search lowers (in integer units):

    Σ over pairs g(meetings) + HISTORY · Σ over meetings tonight of the pair's weight from
    earlier evenings + CLUB · (club mates at one table, in the series that separate clubs)
    + TEAM · (team mates at one table) + DUTY · Σ (five-table sittings per player)²

g(m) = REPEAT · (m − 1) + EXTRA · (1 + GROWTH + … + GROWTH^(m − 3)) for m ≥ 1: each meeting
beyond the first is a repeat, and a pair's third meeting costs EXTRA (1/2048 of a repeat) on top,
each further one GROWTH times more than the one before. So the fewest repeats come first (a
pair's extras stay below a repeat up to its eighth meeting), and among plans with as many
repeats the one whose most-met pair meets least is cheaper (g is convex: spreading repeats
over many pairs is never dearer). The weight of earlier evenings (``history``: per pair, 1 for a
meeting at the last evening, halved per evening further back, see ``model.SeatingRequest``) is
rounded to 1/HISTORY_STEPS: a pair who met last week costs a quarter of a repeat tonight, so
a repeat tonight weighs more than one such meeting but not more than four (where nearly all
pairs met before, a repeat may be traded for fresher tables; docs/SEASONS.md).

The squares make an even five-table duty cheapest; handing a sitting from a player with more to
one with exactly one less costs nothing, so the search can trade freely within an even spread.
Team and club clashes and an uneven duty outweigh repeats: the organiser asked for them. On a
league match day (``team_swaps_only``) a player swaps only with a team mate (``partners``), so
a seating that holds each team equally at every table keeps doing so.

It does NOT choose moves (``anneal``, ``draw``) or order players within a table (``positions``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

REPEAT = 1 << 20  # one meeting beyond the first
EXTRA = REPEAT >> 11  # on top, for a pair's third meeting; GROWTH times more for each further one
GROWTH = 4
HISTORY = REPEAT // 4  # a meeting tonight of a pair whose earlier meetings weigh 1
HISTORY_STEPS = 16  # the weights are rounded to 1/HISTORY_STEPS
CLUB = 16 * REPEAT
TEAM = 4 * CLUB  # team mates at one table: before club mates, the duty and the repeats
DUTY = 4 * REPEAT
FIVE = 5

Tables = list[list[int]]


def pair_gains(series: int) -> list[int]:
    """g(m + 1) − g(m) for m = 0..series: what one more meeting of a pair that met m times adds."""
    return [
        0,
        *(REPEAT + (EXTRA * GROWTH ** (m - 2) if m >= 2 else 0) for m in range(1, series + 1)),
    ]


def meeting_cost(gain: Sequence[int], meetings: int) -> int:
    """g(meetings): what a pair meeting that often costs."""
    return sum(gain[:meetings])


class Board:
    def __init__(
        self,
        n: int,
        n_all: int,
        sizes: Sequence[int],
        clubs: Sequence[int],
        pins: Sequence[int],
        club_active: Sequence[bool],
        duty_weight: int = DUTY,
        series: int | None = None,
        history: Sequence[Sequence[int]] | None = None,
        teams: Sequence[int] | None = None,
        team_swaps_only: bool = False,
    ) -> None:
        """``clubs``: club index per player (−1: none); ``pins``: fixed table or −1, per player
        to seat; ``club_active``: per series being seated, whether it separates clubs;
        ``duty_weight``: 0 when the five-table duty need not be spread; ``series``: all series,
        frozen ones included (default: those seated here); ``history``: per pair of players,
        the cost of one meeting tonight (HISTORY · weight, the weight rounded), None when
        there is none; ``teams``: team index per player (−1: none), None when nobody has one;
        ``team_swaps_only``: a player swaps only with a member of his team (``partners``)."""
        self.n = n
        self.n_all = n_all
        self.sizes = tuple(sizes)
        self.clubs = list(clubs)
        self.pins = list(pins)
        self.club_active = list(club_active)
        self.duty_weight = duty_weight
        self.gain = pair_gains(len(club_active) if series is None else series)
        self.history = [list(row) for row in history] if history is not None else None
        self.movers = [p for p in range(n) if pins[p] < 0]
        self.teams = list(teams) if teams is not None else None
        self.team_swaps_only = team_swaps_only
        self.partners = self._partners()
        # Per team, its players at every table when only team mates swap (a league match day).
        self.team_share = {
            team: count // len(self.sizes)
            for team, count in Counter(teams[:n] if teams and team_swaps_only else []).items()
        }
        self.meet = [[0] * n_all for _ in range(n_all)]
        self.duty = [0] * n_all
        self.tables: list[Tables] = [[] for _ in club_active]
        self.where = [[-1] * n for _ in club_active]
        self.repeats = 0
        self.pair_cost = 0  # Σ g(meetings)
        self.history_cost = 0
        self.clashes = 0
        self.team_clashes = 0
        self.duty_squares = 0

    def _partners(self) -> list[list[int]]:
        """Per player, those he may swap with: the movers, or the movers of his team."""
        if not self.team_swaps_only or self.teams is None:
            return [self.movers] * self.n
        teams = self.teams
        members: dict[int, list[int]] = {}
        for p in self.movers:
            members.setdefault(teams[p], []).append(p)
        return [members.get(teams[p], []) for p in range(self.n)]

    @property
    def cost(self) -> int:
        return (
            self.pair_cost
            + self.history_cost
            + CLUB * self.clashes
            + TEAM * self.team_clashes
            + self.duty_weight * self.duty_squares
        )

    def add_frozen(self, tables: Tables) -> None:
        for table in tables:
            self._count(table, +1)

    def place(self, k: int, tables: Tables) -> None:
        """Seat series ``k`` (it must be empty); the lists are the board's from now on."""
        self.tables[k] = tables
        where = self.where[k]
        for index, table in enumerate(tables):
            for p in table:
                where[p] = index
            self._count(table, +1)
            if self.club_active[k]:
                self.clashes += self.club_pairs(table)
            self.team_clashes += self.team_pairs(table)

    def clear(self, k: int) -> None:
        for table in self.tables[k]:
            self._count(table, -1)
            if self.club_active[k]:
                self.clashes -= self.club_pairs(table)
            self.team_clashes -= self.team_pairs(table)
        self.tables[k] = []
        self.where[k] = [-1] * self.n

    def _count(self, table: Sequence[int], step: int) -> None:
        meet = self.meet
        gain = self.gain
        for u, w in combinations(table, 2):
            before = meet[u][w]
            meet[u][w] = meet[w][u] = before + step
            self.repeats += max(before + step - 1, 0) - max(before - 1, 0)
            self.pair_cost += gain[before] if step > 0 else -gain[before - 1]
            if self.history is not None:
                self.history_cost += step * self.history[u][w]
        if len(table) == FIVE:
            duty = self.duty
            for p in table:
                self.duty_squares += (2 * duty[p] + step) * step  # (d + step)² − d²
                duty[p] += step

    def club_pairs(self, table: Sequence[int]) -> int:
        return _mates(self.clubs, table)

    def team_pairs(self, table: Sequence[int]) -> int:
        return 0 if self.teams is None else _mates(self.teams, table)

    def delta(self, k: int, u: int, v: int) -> int:
        """The change of ``cost`` if ``u`` and ``v`` (at different tables of series k) swap."""
        return self.best_swap(k, u, [v])[0]  # type: ignore[index]

    def best_swap(self, k: int, u: int, partners: Sequence[int]) -> tuple[int, int] | None:
        """(cost change, partner) of the cheapest swap of ``u`` with one of ``partners`` at
        another table of series k; None if all sit at his table. The search's inner loop: a
        partner costs O(table size), from the two players' meetings with the table mates."""
        where = self.where[k]
        tables = self.tables[k]
        home = where[u]
        table_u = tables[home]
        meet = self.meet
        gain = self.gain
        meet_u = meet[u]
        others = [w for w in table_u if w != u]
        leaving = 0  # the same for every partner
        for w in others:
            leaving += gain[meet_u[w] - 1]
        history = self.history or []
        history_u = history[u] if history else None
        if history_u is not None:
            for w in others:
                leaving += history_u[w]
        clubs_count = self.club_active[k]
        teams = self.teams
        sizes = self.sizes
        size = sizes[home]
        duty = self.duty
        # (d_u − 1)² + (d_v + 1)² − d_u² − d_v² = 2·(d_v − d_u + 1), or the mirror image.
        duty_step = 2 * self.duty_weight * (-1 if size == FIVE else 1)
        duty_base = abs(duty_step) + duty_step * duty[u]
        best_change = 0
        best = -1
        for v in partners:
            there = where[v]
            if there == home:
                continue
            table_v = tables[there]
            meet_v = meet[v]
            change = -leaving
            if history_u is None:
                for w in others:
                    change += gain[meet_v[w]]
                for w in table_v:
                    if w != v:
                        change += gain[meet_u[w]] - gain[meet_v[w] - 1]
            else:  # the same, each meeting weighed by the pair's earlier evenings too
                history_v = history[v]
                for w in others:
                    change += gain[meet_v[w]] + history_v[w]
                for w in table_v:
                    if w != v:
                        change += gain[meet_u[w]] + history_u[w] - gain[meet_v[w] - 1]
                        change -= history_v[w]
            if clubs_count:
                change += CLUB * _mates_change(self.clubs, u, v, table_u, table_v)
            if teams is not None:
                change += TEAM * _mates_change(teams, u, v, table_u, table_v)
            if sizes[there] != size:
                change += duty_base - duty_step * duty[v]
            if best < 0 or change < best_change:
                best_change = change
                best = v
        return None if best < 0 else (best_change, best)

    def _duty_change(self, u: int, v: int, u_leaves_five: bool) -> int:
        # (d_u − 1)² + (d_v + 1)² − d_u² − d_v² = 2·(d_v − d_u + 1), or the mirror image.
        duty = self.duty
        if u_leaves_five:
            return 2 * (duty[v] - duty[u] + 1)
        return 2 * (duty[u] - duty[v] + 1)

    def swap(self, k: int, u: int, v: int) -> None:
        """Swap ``u`` and ``v`` (at different tables of series k), updating every count."""
        where = self.where[k]
        index_u = where[u]
        index_v = where[v]
        table_u = self.tables[k][index_u]
        table_v = self.tables[k][index_v]
        active = self.club_active[k]
        if active:
            self.clashes -= self.club_pairs(table_u) + self.club_pairs(table_v)
        self.team_clashes -= self.team_pairs(table_u) + self.team_pairs(table_v)
        if len(table_u) != len(table_v):
            self.duty_squares += self._duty_change(u, v, len(table_u) == FIVE)
            shift = 1 if len(table_u) == FIVE else -1
            self.duty[u] -= shift
            self.duty[v] += shift
        self._move(u, v, table_u)
        self._move(v, u, table_v)
        table_u[table_u.index(u)] = v
        table_v[table_v.index(v)] = u
        where[u] = index_v
        where[v] = index_u
        if active:
            self.clashes += self.club_pairs(table_u) + self.club_pairs(table_v)
        self.team_clashes += self.team_pairs(table_u) + self.team_pairs(table_v)

    def _move(self, leaving: int, joining: int, table: list[int]) -> None:
        """``leaving`` stops meeting the others of ``table`` in this series, ``joining`` starts."""
        meet = self.meet
        gain = self.gain
        meet_leaving = meet[leaving]
        meet_joining = meet[joining]
        repeats = 0
        cost = 0
        for w in table:
            if w != leaving:
                before = meet_leaving[w]
                meet_leaving[w] = meet[w][leaving] = before - 1
                repeats -= before >= 2
                cost -= gain[before - 1]
                before = meet_joining[w]
                meet_joining[w] = meet[w][joining] = before + 1
                repeats += before >= 1
                cost += gain[before]
        if self.history is not None:
            history_leaving = self.history[leaving]
            history_joining = self.history[joining]
            earlier = 0
            for w in table:
                if w != leaving:
                    earlier += history_joining[w] - history_leaving[w]
            self.history_cost += earlier
        self.repeats += repeats
        self.pair_cost += cost

    def copy_tables(self, k: int) -> Tables:
        return [list(table) for table in self.tables[k]]


def _mates(labels: Sequence[int], table: Sequence[int]) -> int:
    """The pairs at ``table`` with one label (club or team; −1: none)."""
    return sum(1 for u, w in combinations(table, 2) if labels[u] == labels[w] >= 0)


def _mates_change(
    labels: Sequence[int], u: int, v: int, table_u: list[int], table_v: list[int]
) -> int:
    """The change of ``_mates`` over both tables if ``u`` and ``v`` swap."""
    label_u = labels[u]
    label_v = labels[v]
    if label_u == label_v:
        return 0
    change = 0
    for w in table_u:
        if w != u:
            change += (labels[w] == label_v >= 0) - (labels[w] == label_u >= 0)
    for w in table_v:
        if w != v:
            change += (labels[w] == label_u >= 0) - (labels[w] == label_v >= 0)
    return change
