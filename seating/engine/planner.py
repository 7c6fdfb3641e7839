"""``seat``: check a request, seat every series that is not frozen, and report.

- ``random``: series by series, a greedy draw (``draw.draw``) with its own lot
  ``Random(f"{seed}/{number}")``, then swaps inside that series to remove what is left of
  repeats and club clashes.
- ``plan``: the ``random`` seating, and for 4m players also the exact construction
  (``designs``) completed by draws; the cheaper one is annealed over all open series twice
  (``anneal``): in six descents, each from the best board so far (three fifths of the
  request's budget), and again from the same first seating in one long, colder descent with
  its own lot (the rest); the cheaper board is kept. Each search stops at the cost of a plan
  meeting every bound (``_target``): the fewest repeats, the meetings spread as evenly as
  possible over the pairs, the fewest club clashes and an even five-table duty.
- ``ranking``: the standings cut into tables (``draw.by_ranking``), then swaps between
  neighbouring tables, each player at most one table away from his place by the standings.
- ``fixed``: the imported plan, checked seat by seat against players, sizes and frozen series.

It does NOT store anything, know about Django or translations, or keep time itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import comb

from . import designs
from .anneal import Schedule, anneal
from .board import (
    CLUB,
    DUTY,
    FIVE,
    HISTORY,
    HISTORY_STEPS,
    REPEAT,
    TEAM,
    Board,
    Tables,
    meeting_cost,
)
from .draw import by_ranking, draw, swap_neighbours
from .model import Method, Player, SeatingPlan, SeatingRequest
from .positions import with_positions
from .problem import Problem, checked_fixed, method_of, prepare, ranked_indices
from .quality import lower_bound, quality

REPAIR_ITERATIONS = 40  # per player: swaps tried to clean one drawn series
REPAIR_TEMPERATURES = (0.3, 0.05)
# The plan's search: descents from 0.5 to 0.2 repeats, each from the best board so far (see
# ``anneal``); on the crowded fields of ``bench/seating.py --versus`` six of them leave fewer
# repeats than one descent from 0.8 to 0.05 of the same budget.
PLAN_CYCLES = 6
PLAN_TEMPERATURES = (0.5, 0.2)
# Then, from the same first seating, that one long descent with the rest of the budget: where
# the five-table duty forces the repeats (22 players, 4 series) it finds the best known plans
# that the reheated descents miss on half the seeds; the cheaper of the two boards is kept.
REHEATED_SHARE = 0.6
LONG_TEMPERATURES = (0.8, 0.05)


def seat(request: SeatingRequest) -> SeatingPlan:
    """The plan for ``request``, or SeatingRefused."""
    method = method_of(request)
    problem = prepare(request)
    players = request.players
    if method is Method.FIXED:
        series = checked_fixed(request, problem)
        players = [Player(p.id, p.club, team=p.team) for p in players]  # wishes don't bind it
    else:
        seated = _seat_open(request, problem, method)
        series = with_positions(seated, problem.frozen, random.Random(f"{request.seed}/seats"))
    history = request.history if request.history else None
    report = quality(series, players, problem.frozen.keys(), history)
    return SeatingPlan(series=series, report=report, method=method, seed=request.seed)


def _seat_open(
    request: SeatingRequest, problem: Problem, method: Method
) -> list[Sequence[Sequence[int]]]:
    """Every series as unordered id lists; frozen ones as given."""
    board = _board(request, problem)
    if method is Method.RANKING:
        _rank_all(board, request, problem)
    elif method is Method.RANDOM:
        _draw_all(board, request, problem)
    else:
        _plan(board, request, problem)
    seated = dict(zip(problem.open_numbers, range(len(problem.open_numbers)), strict=True))
    return [
        problem.frozen[number]
        if number in problem.frozen
        else [[problem.ids[p] for p in table] for table in board.tables[seated[number]]]
        for number in range(1, request.series_count + 1)
    ]


def _board(request: SeatingRequest, problem: Problem) -> Board:
    index = {pid: i for i, pid in enumerate(problem.ids)}
    board = Board(
        problem.n,
        len(problem.ids),
        problem.sizes,
        problem.clubs,
        problem.pins,
        problem.club_active,
        duty_weight=DUTY if request.spread_five_tables else 0,
        series=request.series_count,
        history=_history_costs(problem, index),
        teams=problem.teams if any(team >= 0 for team in problem.teams) else None,
        team_swaps_only=problem.against,
    )
    for tables in problem.frozen.values():
        board.add_frozen([[index[p] for p in table] for table in tables])
    return board


def _history_costs(problem: Problem, index: dict[int, int]) -> list[list[int]] | None:
    """Per pair of indices, HISTORY · the weight of its earlier meetings (rounded to
    1/HISTORY_STEPS); None if no pair seated here has any."""
    costs = [[0] * len(index) for _ in index]
    found = False
    for (a, b), weight in problem.history.items():
        if a in index and b in index:
            cost = round(HISTORY_STEPS * weight) * (HISTORY // HISTORY_STEPS)
            costs[index[a]][index[b]] = costs[index[b]][index[a]] = cost
            found = found or cost > 0
    return costs if found else None


def _draw_all(board: Board, request: SeatingRequest, problem: Problem, start: int = 0) -> None:
    """Seat the open series from ``start`` on, one after the other, each by its own lot."""
    for k in range(start, len(problem.open_numbers)):
        rng = random.Random(f"{request.seed}/{problem.open_numbers[k]}")
        board.place(k, draw(board, k, rng))
        schedule = Schedule(REPAIR_ITERATIONS * problem.n, *REPAIR_TEMPERATURES)
        anneal(board, [k], rng, schedule, _clean_series_cost(board, problem, k))


def _clean_series_cost(board: Board, problem: Problem, k: int) -> int:
    """The board's cost if series k had no repeated pair (but those wishing one table) and the
    fewest club clashes."""
    repeated = sum(
        board.gain[board.meet[u][w] - 1]
        for table in board.tables[k]
        for i, u in enumerate(table)
        for w in table[i + 1 :]
        if board.meet[u][w] >= 2 and min(board.pins[u], board.pins[w]) < 0
    )
    excess = 0
    if board.club_active[k]:
        clashes = sum(board.club_pairs(table) for table in board.tables[k])
        excess = clashes - _least_clashes(problem, k)
    team_clashes = sum(board.team_pairs(table) for table in board.tables[k])
    team_excess = team_clashes - _least_mates(problem.teams[: problem.n], len(problem.sizes))
    return board.cost - repeated - CLUB * excess - TEAM * team_excess


def _least_clashes(problem: Problem, k: int) -> int:
    """Club mates spread as evenly as the tables allow still clash this often in series k."""
    if not problem.club_active[k]:
        return 0
    return _least_mates(problem.clubs[: problem.n], len(problem.sizes))


def _least_mates(labels: Sequence[int], tables: int) -> int:
    """The pairs of one club or team at one table, each spread as evenly as the tables allow."""
    members = Counter(label for label in labels if label >= 0)
    least = 0
    for count in members.values():
        per_table, rest = divmod(count, tables)
        least += rest * comb(per_table + 1, 2) + (tables - rest) * comb(per_table, 2)
    return least


def _plan(board: Board, request: SeatingRequest, problem: Problem) -> None:
    rng = random.Random(request.seed)
    target = _target(board, request, problem)
    design = _design(problem, rng)
    if design:
        for k, tables in enumerate(design):
            board.place(k, tables)
        _draw_all(board, request, problem, start=len(design))
        if board.cost > target:
            _keep_cheaper_draw(board, request, problem)
    else:
        _draw_all(board, request, problem)
    _search(board, request, problem, rng, target)


def _search(
    board: Board, request: SeatingRequest, problem: Problem, rng: random.Random, target: int
) -> None:
    """Both searches from the first seating (the reheated descents with most of the budget,
    then the long descent with its own lot); the cheaper board is left."""
    series = range(len(problem.open_numbers))
    start = _tables(board)
    reheated = int(request.budget * REHEATED_SHARE)
    schedule = _schedule(request, reheated, PLAN_TEMPERATURES, PLAN_CYCLES)
    if anneal(board, series, rng, schedule, target):
        return  # at the target, or out of time
    found = (board.cost, _tables(board))
    _put(board, start)
    long = _schedule(request, request.budget - reheated, LONG_TEMPERATURES, 1)
    anneal(board, series, random.Random(f"{request.seed}/long"), long, target)
    if board.cost >= found[0]:
        _put(board, found[1])


def _schedule(
    request: SeatingRequest, iterations: int, temperatures: tuple[float, float], cycles: int
) -> Schedule:
    return Schedule(
        iterations, *temperatures, clock=request.clock, deadline=request.deadline, cycles=cycles
    )


def _tables(board: Board) -> list[Tables]:
    return [board.copy_tables(k) for k in range(len(board.tables))]


def _put(board: Board, seating: list[Tables]) -> None:
    """Seat every open series as in ``seating`` (a copy taken by ``_tables``, the board's
    from now on)."""
    _clear_all(board)
    for k, tables in enumerate(seating):
        board.place(k, tables)


def _design(problem: Problem, rng: random.Random) -> list[Tables]:
    """The exact construction's series for these players, or [] where there is none to use."""
    if problem.n % 4 or any(pin >= 0 for pin in problem.pins) or problem.against:
        return []
    series = designs.zero_repeat_series(problem.n, len(problem.open_numbers))
    labels = list(range(problem.n))
    rng.shuffle(labels)
    # Team mates, then club mates get consecutive indices: these share a group of the
    # construction (of 3, or of N/4 players), whose players never meet, at least in the first
    # series.
    labels.sort(key=lambda p: problem.clubs[p] if problem.clubs[p] >= 0 else problem.n)
    labels.sort(key=lambda p: problem.teams[p] if problem.teams[p] >= 0 else problem.n)
    return [[[labels[i] for i in table] for table in tables] for tables in series]


def _keep_cheaper_draw(board: Board, request: SeatingRequest, problem: Problem) -> None:
    """Replace the board's seating by the plain series-by-series draw if that is cheaper."""
    constructed = (board.cost, _tables(board))
    _clear_all(board)
    _draw_all(board, request, problem)
    if board.cost > constructed[0]:
        _put(board, constructed[1])


def _clear_all(board: Board) -> None:
    for k in range(len(board.tables)):
        board.clear(k)


def _target(board: Board, request: SeatingRequest, problem: Problem) -> int:
    """The cost of a plan that meets every bound: the search may stop there (earlier meetings
    count as if none could be avoided)."""
    repeats = lower_bound(request.series_count, request.players, problem.frozen)
    clashes = sum(_least_clashes(problem, k) for k in range(len(problem.open_numbers)))
    team_clashes = len(problem.open_numbers) * _least_mates(
        problem.teams[: problem.n], len(problem.sizes)
    )
    pairs = _least_pair_cost(board, repeats)
    return (
        pairs
        + CLUB * clashes
        + TEAM * team_clashes
        + board.duty_weight * _least_duty_squares(board)
    )


def _least_pair_cost(board: Board, repeats: int) -> int:
    """A bound on Σ g(meetings) before the open series are seated: at least ``repeats``
    repeats, and as g is convex, the meetings of all series spread as evenly as possible over
    all pairs cost least (of its EXTRA part)."""
    frozen = sum(board.meet[u][w] for u in range(board.n_all) for w in range(u))
    total = frozen + sum(comb(size, 2) for size in board.sizes) * len(board.tables)
    pairs = comb(board.n_all, 2)
    each, more = divmod(total, pairs)
    extra = more * _extra(board, each + 1) + (pairs - more) * _extra(board, each)
    return REPEAT * repeats + extra


def _extra(board: Board, meetings: int) -> int:
    """The part of a pair's cost beyond its repeats."""
    return meeting_cost(board.gain, meetings) - REPEAT * max(meetings - 1, 0)


def _least_duty_squares(board: Board) -> int:
    """Σ duty² after the open series, each giving its five-table seats to the least-served."""
    duty = list(board.duty)
    fives = [t for t, size in enumerate(board.sizes) if size == FIVE]
    pinned = [p for p in range(board.n) if board.pins[p] in fives]
    seats = FIVE * len(fives) - len(pinned)
    for _ in board.tables:
        for p in [*pinned, *sorted(board.movers, key=duty.__getitem__)[:seats]]:
            duty[p] += 1
    return sum(d * d for d in duty)


def _rank_all(board: Board, request: SeatingRequest, problem: Problem) -> None:
    order = ranked_indices(request, problem)
    for k in range(len(problem.open_numbers)):
        tables = by_ranking(board, order)
        board.place(k, tables)
        swap_neighbours(board, k, [board.where[k][p] for p in range(problem.n)])
