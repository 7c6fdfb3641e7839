"""Teams at the tables: team mates apart where the numbers allow (else as few together as can
be), and the league match day, where every table holds each team equally in every series."""

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seating.engine import (
    Player,
    SeatingRefused,
    SeatingRequest,
    TeamSeating,
    quality,
    seat,
    table_sizes,
    team_pattern_fits,
)

pytestmark = pytest.mark.unit

SEATABLE = [n for n in range(8, 29) if n != 11]


def team_players(count: int, teams: int) -> list[Player]:
    return [Player(i + 1, team=f"T{i % teams}") for i in range(count)]


def team_shares(plan, players) -> set[tuple[int, ...]]:
    """The number of players of each team at each table, over all series, as sorted tuples."""
    team_of = {p.id: p.team for p in players}
    return {
        tuple(sorted(Counter(team_of[p] for p in table).values()))
        for tables in plan.series
        for table in tables
    }


def least_clashes(players, tables: int) -> int:
    """Team mates spread as evenly as the tables allow still sit together this often."""
    members = Counter(p.team for p in players if p.team is not None)
    return sum(
        (n % tables) * math.comb(n // tables + 1, 2)
        + (tables - n % tables) * math.comb(n // tables, 2)
        for n in members.values()
    )


# --- apart: the default ------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(SEATABLE),
    st.integers(1, 4),
    st.integers(2, 8),
    st.sampled_from(["plan", "random"]),
    st.integers(0, 10**6),
)
def test_team_mates_never_share_a_table_while_the_numbers_allow(
    count, series, teams_wanted, method, seed
):
    tables = len(table_sizes(count))
    teams = max(teams_wanted, math.ceil(count / tables))  # no team larger than the tables
    team = team_players(count, teams)
    plan = seat(SeatingRequest(team, series, method, seed=seed, budget=3_000))
    assert plan.report.team_clashes == (0,) * series
    assert max(max(shares) for shares in team_shares(plan, team)) == 1


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(SEATABLE),
    st.integers(1, 3),
    st.integers(1, 3),
    st.sampled_from(["plan", "random"]),
    st.integers(0, 10**6),
)
def test_teams_larger_than_the_tables_sit_together_as_little_as_possible(
    count, series, teams, method, seed
):
    team = team_players(count, teams)
    plan = seat(SeatingRequest(team, series, method, seed=seed, budget=3_000))
    least = least_clashes(team, len(table_sizes(count)))
    assert plan.report.team_clashes == (least,) * series
    assert plan.report.five_table_spread <= 1


def test_teams_come_before_club_mates_and_players_without_a_team_fill_in():
    # 20 players at 5 tables: teams of 5 (one per table) and clubs crossing them.
    team = [
        Player(i + 1, club=f"C{i % 4}", team=f"T{i % 3}" if i < 15 else None) for i in range(20)
    ]
    plan = seat(SeatingRequest(team, 3, seed=2, budget=5_000, separate_clubs="all"))
    assert plan.report.team_clashes == (0, 0, 0)
    assert plan.report.club_clashes == (0, 0, 0)


def test_without_teams_the_report_counts_no_team_clashes():
    plan = seat(SeatingRequest([Player(i) for i in range(1, 17)], 2, budget=1_000))
    assert plan.report.team_clashes == (0, 0)


def test_the_quality_report_counts_team_mates_at_one_table_per_series():
    team = [Player(1, team="A"), Player(2, team="A"), Player(3, team="B"), Player(4, team="B")]
    team += [Player(i) for i in range(5, 9)]
    series = [((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 3, 5, 7), (2, 4, 6, 8))]
    assert quality(series, team).team_clashes == (2, 0)


def test_ranking_keeps_team_mates_apart_where_a_neighbouring_swap_does():
    team = team_players(16, 4)
    ranking = tuple(sorted(range(1, 17), key=lambda pid: (pid - 1) % 4))  # team by team
    blocks = [tuple(ranking[start : start + 4]) for start in range(0, 16, 4)]
    assert quality([tuple(blocks)], team).team_clashes == (24,)  # each team at one table
    plan = seat(SeatingRequest(team, 1, "ranking", ranking=ranking))
    assert plan.report.team_clashes[0] < 24


def test_an_imported_plan_is_reported_with_its_team_clashes():
    team = team_players(8, 2)
    fixed = [((1, 3, 5, 7), (2, 4, 6, 8))]
    plan = seat(SeatingRequest(team, 1, "fixed", fixed=fixed))
    assert plan.report.team_clashes == (12,)


# --- against: a league match day ---------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([(2, 2), (2, 4), (4, 2), (4, 3), (4, 5), (2, 6), (4, 6)]),
    st.integers(1, 5),
    st.sampled_from(["plan", "random"]),
    st.integers(0, 10**6),
)
def test_every_table_holds_each_team_equally_in_every_series(shape, series, method, seed):
    teams, tables = shape
    team = team_players(4 * tables, teams)
    request = SeatingRequest(team, series, method, seed=seed, budget=3_000, teams="against")
    plan = seat(request)
    assert team_shares(plan, team) == {(4 // teams,) * teams}
    assert plan.report.team_clashes == (tables * teams * math.comb(4 // teams, 2),) * series
    assert plan.report.position_one_spread <= 1
    assert seat(request) == plan  # the same request, the same plan


def test_four_teams_of_four_meet_every_opponent_once_in_four_series():
    # Each player has 12 opponents; 4 series of 3 at a table can meet each of them at most once.
    team = team_players(16, 4)
    plan = seat(SeatingRequest(team, 4, seed=1, budget=20_000, teams=TeamSeating.AGAINST))
    assert plan.report.repeated_pairs == 0


def test_a_match_day_keeps_a_played_series_and_seats_the_rest_in_the_pattern():
    team = team_players(16, 4)
    first = seat(SeatingRequest(team, 1, seed=3, budget=2_000, teams="against")).series[0]
    plan = seat(SeatingRequest(team, 3, seed=4, budget=2_000, teams="against", frozen={1: first}))
    assert plan.series[0] == first
    assert team_shares(plan, team) == {(1, 1, 1, 1)}


def test_a_fixed_table_wish_takes_its_teams_share_of_that_table():
    team = team_players(16, 4)
    team[0] = Player(1, team="T0", table=3)
    team[1] = Player(2, team="T1", table=3)
    plan = seat(SeatingRequest(team, 2, seed=1, budget=2_000, teams="against"))
    for tables in plan.series:
        assert {1, 2} <= set(tables[2])
    assert team_shares(plan, team) == {(1, 1, 1, 1)}


@pytest.mark.parametrize(
    ("players", "method", "code", "field", "params"),
    [
        (
            [*team_players(15, 4), Player(16)],
            "plan",
            "team_missing",
            "players.15.team",
            {"id": 16},
        ),
        (
            team_players(16, 3),
            "plan",
            "team_pattern",
            "players",
            {"teams": 3, "players": 16, "tables": 4},
        ),
        (
            team_players(17, 4),
            "plan",
            "team_pattern",
            "players",
            {"teams": 4, "players": 17, "tables": 4},
        ),
        (
            [*team_players(12, 4), *(Player(pid, team="T1") for pid in range(13, 17))],
            "plan",
            "team_pattern",
            "players",
            {"teams": 4, "players": 16, "tables": 4},
        ),
        (
            team_players(16, 1),
            "plan",
            "team_pattern",
            "players",
            {"teams": 1, "players": 16, "tables": 4},
        ),
        (team_players(16, 4), "ranking", "teams_ranking", "teams", {}),
        (
            [Player(i + 1, team=f"T{i % 4}", table=1 if i in (0, 4) else None) for i in range(16)],
            "plan",
            "fixed_table_team",
            "players",
            {"table": 1, "share": 1},
        ),
    ],
)
def test_a_match_day_that_cannot_be_seated_in_the_pattern_is_refused(
    players, method, code, field, params
):
    with pytest.raises(SeatingRefused) as caught:
        seat(SeatingRequest(players, 2, method, teams="against"))
    assert (caught.value.code, caught.value.field, caught.value.params) == (code, field, params)


def test_an_unknown_way_of_seating_teams_is_refused():
    with pytest.raises(SeatingRefused) as caught:
        seat(SeatingRequest(team_players(16, 4), 1, teams="mixed"))
    assert (caught.value.code, caught.value.field) == ("teams", "teams")


@pytest.mark.parametrize(
    ("team_sizes", "fits"),
    [
        ((4, 4, 4, 4), True),  # one of each team at each of four tables
        ((4, 4), True),  # two tables, two of each
        ((2, 2, 2, 2), True),  # two tables, one of each
        ((8,), False),  # one team plays nobody
        ((4, 4, 3), False),  # unequal teams
        ((5, 5, 5, 5), True),  # five tables of four, one of each
        ((5, 5), False),  # two tables of five do not halve
        ((3, 3, 3), False),  # nine players: a table of four and one of five
        ((), False),
    ],
)
def test_a_team_pattern_fits_equal_teams_that_every_table_holds_equally(team_sizes, fits):
    assert team_pattern_fits(team_sizes) is fits
