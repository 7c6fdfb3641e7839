"""Seating one series on a board: a greedy random draw, or blocks by the standings.

``draw``: the players with the least five-table duty so far fill the five-tables (ties drawn by
lot), players with a fixed table sit there, everyone else in random order takes the table where
he meets the fewest players met before (and no club mate, where clubs are kept apart; the fewest
met at earlier evenings, given a history), as the board weighs them; among equally good tables
the lot decides.

``by_ranking``: the standings cut into consecutive blocks, strongest at table 1; which blocks are
five-tables is chosen so that the five-table duty goes to those who had least of it.
``swap_neighbours`` then swaps players of neighbouring tables while that lowers the cost.

It does NOT anneal (``anneal``) or judge the plan (``quality``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .board import CLUB, FIVE, TEAM, Board, Tables


def draw(board: Board, k: int, rng: random.Random) -> Tables:
    """A greedy random seating of series ``k`` (not yet placed on the board)."""
    tables: Tables = [[] for _ in board.sizes]
    for p in range(board.n):
        if board.pins[p] >= 0:
            tables[board.pins[p]].append(p)
    if board.team_swaps_only:
        return _deal_teams(board, k, tables, rng)
    fives = [t for t, size in enumerate(board.sizes) if size == FIVE]
    fours = [t for t, size in enumerate(board.sizes) if size != FIVE]
    five_seats = sum(FIVE - len(tables[t]) for t in fives)
    free = list(board.movers)
    rng.shuffle(free)
    free.sort(key=board.duty.__getitem__)  # stable: the lot breaks ties
    chosen = free[:five_seats]
    rest = free[five_seats:]
    rng.shuffle(chosen)
    rng.shuffle(rest)
    _fill(board, k, tables, chosen, fives, rng)
    _fill(board, k, tables, rest, fours, rng)
    return tables


def _fill(
    board: Board, k: int, tables: Tables, players: list[int], allowed: list[int], rng: random.Random
) -> None:
    open_tables = [t for t in allowed if len(tables[t]) < board.sizes[t]]
    clubs = board.clubs if board.club_active[k] else None
    for p in players:
        rng.shuffle(open_tables)
        t = _cheapest(board, tables, open_tables, p, clubs)
        tables[t].append(p)
        if len(tables[t]) == board.sizes[t]:
            open_tables.remove(t)


def _deal_teams(board: Board, k: int, tables: Tables, rng: random.Random) -> Tables:
    """Every table gets its share of each team (a league match day, ``TeamSeating.AGAINST``:
    the checks made sure the shares come out even); each player, in random order, takes the
    cheapest table that still wants one of his team."""
    teams = board.teams
    assert teams is not None  # a team pattern needs teams (problem.prepare)
    wanted = [dict(board.team_share) for _ in board.sizes]
    for t, table in enumerate(tables):
        for p in table:
            wanted[t][teams[p]] -= 1
    players = list(board.movers)
    rng.shuffle(players)
    clubs = board.clubs if board.club_active[k] else None
    for p in players:
        open_tables = [t for t in range(len(tables)) if wanted[t][teams[p]] > 0]
        rng.shuffle(open_tables)
        t = _cheapest(board, tables, open_tables, p, clubs)
        tables[t].append(p)
        wanted[t][teams[p]] -= 1
    return tables


def _cheapest(
    board: Board, tables: Tables, candidates: list[int], p: int, clubs: list[int] | None
) -> int:
    meet_p = board.meet[p]
    gain = board.gain
    history_p = board.history[p] if board.history is not None else None
    club = clubs[p] if clubs is not None else -1
    team = board.teams[p] if board.teams is not None else -1
    best_cost = None
    best = candidates[0]
    for t in candidates:
        cost = sum(gain[meet_p[w]] for w in tables[t])
        if history_p is not None:
            cost += sum(history_p[w] for w in tables[t])
        if club >= 0:
            cost += CLUB * sum(clubs[w] == club for w in tables[t])  # type: ignore[index]
        if team >= 0:
            cost += TEAM * sum(board.teams[w] == team for w in tables[t])  # type: ignore[index]
        if cost == 0:
            return t
        if best_cost is None or cost < best_cost:
            best_cost = cost
            best = t
    return best


def by_ranking(board: Board, order: Sequence[int]) -> Tables:
    """Consecutive blocks of ``order`` (strongest first); fixed tables taken out first."""
    tables: Tables = [[] for _ in board.sizes]
    for p in range(board.n):
        if board.pins[p] >= 0:
            tables[board.pins[p]].append(p)
    ranked = [p for p in order if board.pins[p] < 0]
    sizes = _five_blocks(board, tables, ranked)
    start = 0
    for t, size in enumerate(sizes):
        count = size - len(tables[t])
        tables[t].extend(ranked[start : start + count])
        start += count
    return tables


def _five_blocks(board: Board, tables: Tables, ranked: list[int]) -> list[int]:
    """The table sizes in table order that put five-table duty on those who had least.

    A table's block starts after the free seats of the tables before it, so a dynamic
    programme over (tables done, five-tables among them) finds the cheapest order.
    """
    fives = sum(size == FIVE for size in board.sizes)
    count = len(board.sizes)
    # best[(t, f)]: least duty sum of the first t tables holding f five-tables, and their sizes
    best: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for t in range(count):
        for f in range(min(t, fives) + 1):
            if (t, f) not in best:
                continue
            cost, sizes = best[(t, f)]
            start = sum(size - len(tables[i]) for i, size in enumerate(sizes))
            for size in (4, FIVE):
                used = f + (size == FIVE)
                if used > fives or size < len(tables[t]):
                    continue
                block = ranked[start : start + size - len(tables[t])]
                block_cost = sum(board.duty[p] for p in block) if size == FIVE else 0
                key = (t + 1, used)
                option = (cost + block_cost, (*sizes, size))
                if key not in best or option < best[key]:
                    best[key] = option
    return list(best[(count, fives)][1])


def swap_neighbours(board: Board, k: int, ranked_table: list[int]) -> None:
    """Lower the cost of series k by swaps between neighbouring tables while any helps; each
    player stays within one table of ``ranked_table[p]``, his table by the standings."""
    improved = True
    while improved:
        improved = False
        for t in range(len(board.tables[k]) - 1):
            swap = _best_neighbour_swap(board, k, t, ranked_table)
            if swap is not None:
                board.swap(k, *swap)
                improved = True


def _best_neighbour_swap(
    board: Board, k: int, t: int, ranked_table: list[int]
) -> tuple[int, int] | None:
    best = None
    best_change = 0
    for u in board.tables[k][t]:
        for v in board.tables[k][t + 1]:
            if board.pins[u] >= 0 or board.pins[v] >= 0:
                continue
            if abs(t + 1 - ranked_table[u]) > 1 or abs(t - ranked_table[v]) > 1:
                continue
            change = board.delta(k, u, v)
            if change < best_change:
                best = (u, v)
                best_change = change
    return best
