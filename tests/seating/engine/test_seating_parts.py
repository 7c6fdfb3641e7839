"""The seating's parts: the board's counts, the annealing, the ranking blocks, the positions."""

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.engine import Player, SeatingRequest, seat
from seating.engine.anneal import Schedule, anneal
from seating.engine.board import (
    CLUB,
    DUTY,
    EXTRA,
    GROWTH,
    REPEAT,
    TEAM,
    Board,
    meeting_cost,
    pair_gains,
)
from seating.engine.draw import by_ranking, draw
from seating.engine.positions import with_positions

pytestmark = pytest.mark.unit

SIZES_22 = (4, 4, 4, 5, 5)


def recount(board: Board) -> int:
    """The board's cost computed from scratch."""
    meetings = Counter()
    duty = Counter()
    clashes = team_clashes = 0
    for k, tables in enumerate(board.tables):
        for table in tables:
            meetings.update(frozenset(pair) for pair in combinations(table, 2))
            if len(table) == 5:
                duty.update(table)
            if board.club_active[k]:
                clashes += board.club_pairs(table)
            team_clashes += sum(
                1
                for u, w in combinations(table, 2)
                if board.teams is not None and board.teams[u] == board.teams[w] >= 0
            )
    repeats = sum(count - 1 for count in meetings.values() if count > 1)
    beyond = sum(
        EXTRA * GROWTH ** (m - 3) for count in meetings.values() for m in range(3, count + 1)
    )
    earlier = sum(
        count * board.history[min(pair)][max(pair)]
        for pair, count in meetings.items()
        if board.history is not None
    )
    squares = sum(d * d for d in duty.values())
    pairs = REPEAT * repeats + beyond + earlier
    return pairs + CLUB * clashes + TEAM * team_clashes + board.duty_weight * squares


def drawn_board(
    seed: int, series: int = 3, clubs: int = 4, history: bool = True, teams: int = 0
) -> Board:
    rng = random.Random(seed)
    club_of = [rng.randrange(-1, clubs) for _ in range(22)]
    team_of = [rng.randrange(-1, teams) for _ in range(22)] if teams else None
    active = [k % 2 == 0 for k in range(series)]
    costs = [[0] * 22 for _ in range(22)]
    for u, w in combinations(range(22), 2):
        costs[u][w] = costs[w][u] = rng.choice((0, 0, 4, 8, 16))
    board = Board(
        22,
        22,
        SIZES_22,
        club_of,
        [-1] * 22,
        active,
        history=costs if history else None,
        teams=team_of,
    )
    for k in range(series):
        board.place(k, draw(board, k, rng))
    return board


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.lists(st.integers(0, 10**6), max_size=60),
    st.booleans(),
    st.sampled_from([0, 3]),
)
def test_delta_and_swap_agree_with_a_recount(seed, moves, history, teams):
    board = drawn_board(seed, series=5, history=history, teams=teams)
    assert board.cost == recount(board)
    for move in moves:
        k = move % 5
        u, v = (move // 5) % 22, (move // 110) % 22
        if board.where[k][u] == board.where[k][v]:
            continue
        before = board.cost
        change = board.delta(k, u, v)
        board.swap(k, u, v)
        assert board.cost - before == change
        assert board.cost == recount(board)


def test_clearing_and_placing_a_series_restores_the_counts():
    board = drawn_board(3)
    cost = board.cost
    tables = board.copy_tables(1)
    board.clear(1)
    assert board.cost < cost
    board.place(1, tables)
    assert board.cost == cost == recount(board)


def test_annealing_ends_on_the_best_board_it_saw():
    board = drawn_board(5, series=4)
    start = board.cost
    # Hot to the end: the last board is most likely worse than the best one, which is restored.
    anneal(board, range(4), random.Random(1), Schedule(3_000, 50.0, 50.0), target=0)
    assert board.cost <= start
    assert board.cost == recount(board)


def test_annealing_without_movers_or_budget_does_nothing():
    board = drawn_board(2)
    tables = [board.copy_tables(k) for k in range(3)]
    anneal(board, range(3), random.Random(1), Schedule(0), target=0)
    anneal(board, [], random.Random(1), Schedule(100), target=0)
    assert [board.copy_tables(k) for k in range(3)] == tables


def test_five_table_players_who_are_all_fixed_there_are_left_alone():
    team = [Player(i + 1, table=2 if i < 5 else None) for i in range(9)]
    plan = seat(SeatingRequest(team, 3, budget=2_000))
    assert all(sorted(tables[1]) == [1, 2, 3, 4, 5] for tables in plan.series)


def test_ranking_blocks_keep_a_table_five_when_five_wish_it():
    pins = [3 if i < 5 else -1 for i in range(22)]  # table 4 (index 3) must be a five-table
    board = Board(22, 22, SIZES_22, [-1] * 22, pins, [False])
    tables = by_ranking(board, list(range(22)))
    assert [len(table) for table in tables] == [4, 4, 4, 5, 5]
    assert tables[3] == [0, 1, 2, 3, 4]


def test_ranking_blocks_give_five_table_duty_to_those_without():
    board = Board(9, 9, (4, 5), [-1] * 9, [-1] * 9, [False, False])
    board.place(0, [[0, 1, 2, 3], [4, 5, 6, 7, 8]])
    assert by_ranking(board, list(range(9))) == [[0, 1, 2, 3, 4], [5, 6, 7, 8]]


def test_positions_give_position_1_evenly_and_keep_frozen_series():
    frozen = {1: ((3, 1, 2, 4), (7, 5, 6, 8))}
    series = [frozen[1], [[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]]
    ordered = with_positions(series, frozen, random.Random(0))
    assert ordered[0] == frozen[1]
    firsts = Counter(table[0] for tables in ordered for table in tables)
    assert max(firsts.values()) == 1
    assert all(sorted(a) == sorted(b) for a, b in zip(ordered[1], series[1], strict=True))


def test_positions_raise_the_cap_only_where_they_must():
    # One table of four, five series: someone has position 1 twice.
    series = [[[1, 2, 3, 4]]] * 5
    ordered = with_positions(series, {}, random.Random(0))
    assert sorted(Counter(tables[0][0] for tables in ordered).values()) == [1, 1, 1, 2]
    frozen = {1: ((1, 2, 3, 4),), 2: ((1, 2, 3, 4),), 3: ((1, 2, 3, 4),)}
    ordered = with_positions([*frozen.values(), [[1, 2, 3, 4]]], frozen, random.Random(0))
    assert ordered[3][0][0] != 1  # player 1 had position 1 three times


def test_positions_raise_the_cap_above_the_average_where_frozen_series_force_it():
    # Players 1..4 had position 1 twice each, 5..8 never; now 1..4 share a table again.
    frozen = {
        number: ((a, 5, 6, 7), (b, 8, *sorted({1, 2, 3, 4} - {a, b})))
        for number, (a, b) in enumerate([(1, 2), (3, 4), (1, 2), (3, 4)], start=1)
    }
    series = [*frozen.values(), [[1, 2, 3, 4], [5, 6, 7, 8]]]
    ordered = with_positions(series, frozen, random.Random(0))
    assert ordered[4][0][0] in (1, 2, 3, 4)
    assert ordered[4][1][0] in (5, 6, 7, 8)


def test_duty_weight_zero_ignores_the_five_table_spread():
    board = Board(9, 9, (4, 5), [-1] * 9, [-1] * 9, [False], duty_weight=0)
    board.place(0, [[0, 1, 2, 3], [4, 5, 6, 7, 8]])
    assert board.cost == 0
    assert board.delta(0, 0, 4) == 0
    assert DUTY > 0


@pytest.mark.parametrize("series", [3, 6, 8])
def test_fewer_repeats_come_first_and_then_the_lower_most_meetings(series):
    gain = pair_gains(series)
    extras = [meeting_cost(gain, m) - REPEAT * max(m - 1, 0) for m in range(series + 1)]
    assert extras[:3] == [0, 0, 0]  # a first meeting is free, a second one a repeat
    assert extras[3] == EXTRA
    steps = [later - earlier for earlier, later in pairwise(extras)]
    assert steps == sorted(steps)  # convex: spreading meetings over more pairs is never dearer
    # All extras of a pair meeting in each of up to 8 series stay below one repeat.
    assert extras[-1] < REPEAT
