"""Simulated annealing on a board: swap two players of different tables in one series.

Moves are aimed at conflicts: most start from a pair that meets twice, a player sitting with a
club mate, or (when five-tables exist) the five-table player with the most duty, and try a few
partners at other tables of the same series; the best of them is taken when it does not make
things worse, or with the Metropolis probability exp(−Δ/T) when it does. A partner is weighed in
O(table size), from the two players' meetings with the table mates (``Board.best_swap``). The
temperature falls geometrically from the start to the end temperature (in repeats) over seven
eighths of the budget and on to a fraction of a third meeting's extra cost over the last eighth,
where the repeats no longer change and the pairs' further meetings are spread (``board``). The
best board seen is the one left at the end.

With ``cycles`` > 1 the budget is cut into as many such descents (a third for the first, the
others sharing the rest), each starting again from the best board so far (a reheat). In a
crowded field (most pairs meet) one long descent freezes at about 0.15 repeats and spends the
rest of its budget almost without a swap; the repeats fall in the band from 0.5 to 0.2, and
descents through that band from the best board find what one slow descent does not
(``bench/seating.py --versus``).

The budget counts work: one per move tried, SWAP_WORK more per swap made (a swap updates the
counts of both tables; in a crowded field, where most swaps change nothing, they are most of
the time). The search is then deterministic for a given random generator, optionally cut
short by ``clock() >= deadline``: the caller passes the clock, so that this module needs no
``time``. It stops early once the cost reaches ``target``.

It does NOT build a first seating (``draw``, ``designs``) or judge a plan (``quality``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .board import EXTRA, FIVE, REPEAT, Board

PARTNERS = 8  # partners tried per move: more finds better swaps, fewer moves per second
# Of the moves, 60 % start from a repeated pair, 20 % from a club clash, 10 % from the five-table
# duty (each while there is one), the rest from anyone.
AIM_PAIR, AIM_CLASH, AIM_DUTY = 0.6, 0.8, 0.9
POLISH = 0.125  # of the budget, at temperatures below a repeat's (see _Temperatures)
POLISH_END = EXTRA / 4
SWAP_WORK = 1  # a swap made costs about as much as a move tried (its partners weighed)
# Of a budget cut into descents, the first (from the first seating) takes this share: in a
# sparse field it alone reaches no repeats even with a small budget; the others share the rest.
FIRST_SHARE = 1 / 3
CLOCK_EVERY = 256  # iterations between two looks at the clock


@dataclass(frozen=True, slots=True)
class Schedule:
    """``iterations``: the budget of the search (moves tried and swaps made, see the module);
    the temperatures are in repeats (a repeat costs 1)."""

    iterations: int
    start_temperature: float = 0.8
    end_temperature: float = 0.05
    clock: Callable[[], float] | None = None
    deadline: float | None = None
    cycles: int = 1  # descents, each from the best board so far, sharing the iterations


def anneal(
    board: Board, series: Sequence[int], rng: random.Random, schedule: Schedule, target: int
) -> bool:
    """Lower ``board.cost`` by swaps within the series ``series`` (indices of the board);
    whether it ended before its budget was spent (at the target, or at the deadline)."""
    cycles = max(schedule.cycles, 1)
    first = int(schedule.iterations * FIRST_SHARE) if cycles > 1 else schedule.iterations
    each = (schedule.iterations - first) // max(cycles - 1, 1)
    if board.cost <= target:
        return True
    if not series or len(board.movers) < 2:
        return False
    for cycle in range(cycles):
        descent = replace(schedule, iterations=first if cycle == 0 else each, cycles=1)
        if descent.iterations <= 0:
            return False
        if _Search(board, list(series), rng).run(descent, target):
            return True
    return False


class _Search:
    def __init__(self, board: Board, series: list[int], rng: random.Random) -> None:
        self.board = board
        self.series = series
        self.rng = rng
        self.pairs: list[tuple[int, int]] = []  # pairs that met twice; some may be stale
        self.listed: set[tuple[int, int]] = set()
        self.clashing: list[tuple[int, int]] = []  # (series, player) beside a club mate; idem
        self.clash_listed: set[tuple[int, int]] = set()
        self.five_tables = {
            k: [t for t, table in enumerate(board.tables[k]) if len(table) == FIVE] for k in series
        }
        self.has_fives = FIVE in board.sizes
        for k in series:
            for table in board.tables[k]:
                self._note(k, table)
        self.best_cost = board.cost
        self.best = {k: board.copy_tables(k) for k in series}

    def _note(self, k: int, table: list[int]) -> None:
        """Remember the conflicts of ``table`` in series ``k``."""
        board = self.board
        for i, u in enumerate(table):
            meet_u = board.meet[u]
            for w in table[i + 1 :]:
                if meet_u[w] >= 2:
                    key = (u, w) if u < w else (w, u)
                    if key not in self.listed:
                        self.listed.add(key)
                        self.pairs.append(key)
        for u in table:
            key = (k, u)
            if key not in self.clash_listed and self._clashing(k, table, u):
                self.clash_listed.add(key)
                self.clashing.append(key)

    def _clashing(self, k: int, table: list[int], u: int) -> bool:
        """Whether ``u`` sits beside a club mate (where clubs are kept apart) or a team mate."""
        board = self.board
        if board.club_active[k] and _clashes(board.clubs, table, u):
            return True
        return board.teams is not None and _clashes(board.teams, table, u)

    def _note_moved(self, k: int, u: int) -> None:
        """Remember the conflicts ``u`` took to his new table in series ``k`` (the only new
        ones: the others at that table met each other before the swap as often)."""
        board = self.board
        table = board.tables[k][board.where[k][u]]
        meet_u = board.meet[u]
        for w in table:
            if meet_u[w] >= 2:
                key = (u, w) if u < w else (w, u)
                if key not in self.listed:
                    self.listed.add(key)
                    self.pairs.append(key)
        if board.club_active[k]:
            self._note_mates(k, table, board.clubs[u], board.clubs)
        if board.teams is not None:
            self._note_mates(k, table, board.teams[u], board.teams)

    def _note_mates(self, k: int, table: list[int], label: int, labels: list[int]) -> None:
        """Remember the players of ``table`` with this club or team, if more than one."""
        if label < 0:
            return
        mates = [w for w in table if labels[w] == label]
        if len(mates) > 1:
            for w in mates:
                key = (k, w)
                if key not in self.clash_listed:
                    self.clash_listed.add(key)
                    self.clashing.append(key)

    def run(self, schedule: Schedule, target: int) -> bool:
        """Whether it stopped early: at the target, or at the deadline."""
        board = self.board
        rng = self.rng
        iterations = schedule.iterations
        temperature = _Temperatures(schedule)
        unsaved_best = False  # the board is at best_cost but self.best holds an older board
        spent = 0  # the budget used: one per move tried, SWAP_WORK more per swap made
        tried = 0
        while spent < iterations:
            if tried % CLOCK_EVERY == 0 and _time_up(schedule):
                self._keep_best()
                return True
            tried += 1
            spent += 1
            move = self._move()
            if move is None:
                continue
            k, u, v, change = move
            if change > 0:
                if rng.random() >= math.exp(-change / temperature.at(spent)):
                    continue
                if unsaved_best:
                    self._save()
                    unsaved_best = False
            board.swap(k, u, v)
            spent += SWAP_WORK
            self._note_moved(k, u)
            self._note_moved(k, v)
            if board.cost < self.best_cost:
                self.best_cost = board.cost
                unsaved_best = True
                if board.cost <= target:
                    return True
        self._keep_best()
        return False

    def _keep_best(self) -> None:
        if self.board.cost > self.best_cost:
            self._restore()

    def _save(self) -> None:
        self.best_cost = self.board.cost
        self.best = {k: self.board.copy_tables(k) for k in self.series}

    def _restore(self) -> None:
        for k, tables in self.best.items():
            self.board.clear(k)
            self.board.place(k, [list(table) for table in tables])

    def _move(self) -> tuple[int, int, int, int] | None:
        """A swap (series, player, partner, cost change), or None if this draw found none."""
        start = self._start()
        if start is None:
            return None
        k, u = start
        best = self.board.best_swap(k, u, self.rng.choices(self.board.partners[u], k=PARTNERS))
        if best is None:
            return None
        return k, u, best[1], best[0]

    def _start(self) -> tuple[int, int] | None:
        """The series and the player a move starts from, aimed at a conflict most of the time."""
        draw = self.rng.random
        roll = draw()
        if roll < AIM_PAIR and self.pairs:
            return self._from_pair()
        if roll < AIM_CLASH and self.clashing:
            return self._from_clash()
        if roll < AIM_DUTY and self.has_fives:
            return self._from_duty()
        movers = self.board.movers
        return self.series[int(draw() * len(self.series))], movers[int(draw() * len(movers))]

    def _from_pair(self) -> tuple[int, int] | None:
        board = self.board
        draw = self.rng.random
        index = int(draw() * len(self.pairs))
        u, w = self.pairs[index]
        together = [k for k in self.series if board.where[k][u] == board.where[k][w]]
        if board.meet[u][w] < 2 or not together or board.pins[u] >= 0 <= board.pins[w]:
            self._forget_pair(index)
            return None
        k = together[int(draw() * len(together))]
        if board.pins[u] >= 0 or (board.pins[w] < 0 and draw() < 0.5):
            return k, w
        return k, u

    def _forget_pair(self, index: int) -> None:
        key = self.pairs[index]
        self.pairs[index] = self.pairs[-1]
        self.pairs.pop()
        self.listed.discard(key)

    def _from_clash(self) -> tuple[int, int] | None:
        board = self.board
        index = int(self.rng.random() * len(self.clashing))
        k, u = self.clashing[index]
        table = board.tables[k][board.where[k][u]]
        if board.pins[u] >= 0 or not self._clashing(k, table, u):
            self.clashing[index] = self.clashing[-1]
            self.clashing.pop()
            self.clash_listed.discard((k, u))
            return None
        return k, u

    def _from_duty(self) -> tuple[int, int] | None:
        """The five-table player with the most duty in a random series."""
        board = self.board
        k = self.series[int(self.rng.random() * len(self.series))]
        tables = board.tables[k]
        duty = board.duty
        pins = board.pins
        most = None
        for t in self.five_tables[k]:
            for p in tables[t]:
                if pins[p] < 0 and (most is None or duty[p] > duty[most]):
                    most = p
        return None if most is None else (k, most)


class _Temperatures:
    """Geometric cooling from the start to the end temperature over all but the last
    POLISH of the iterations, then on to POLISH_END: repeats no longer change there, and a
    pair's third or further meetings (far cheaper than a repeat) are spread."""

    def __init__(self, schedule: Schedule) -> None:
        self.main = schedule.iterations - int(schedule.iterations * POLISH)
        self.start = schedule.start_temperature * REPEAT
        self.end = schedule.end_temperature * REPEAT
        self.cooling = math.log(schedule.end_temperature / schedule.start_temperature) / max(
            self.main, 1
        )
        self.polish = math.log(POLISH_END / self.end) / max(schedule.iterations - self.main, 1)

    def at(self, iteration: int) -> float:
        if iteration < self.main:
            return self.start * math.exp(self.cooling * iteration)
        return self.end * math.exp(self.polish * (iteration - self.main))


def _clashes(clubs: list[int], table: list[int], u: int) -> bool:
    return clubs[u] >= 0 and sum(clubs[w] == clubs[u] for w in table) > 1


def _time_up(schedule: Schedule) -> bool:
    if schedule.clock is None or schedule.deadline is None:
        return False
    return schedule.clock() >= schedule.deadline
