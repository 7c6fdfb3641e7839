"""The league table engine: ranking points per day, the table's order and tie-breaks, the marks,
final and provisional tables, the refusals of a bad rule or bad days, and properties."""

import random
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from karlchen.refusals import Refused
from teams.engine.league import (
    DEFAULT_ORDER,
    Criterion,
    DayResult,
    DayTies,
    LeagueRule,
    Mark,
    MatchDay,
    day_lines,
    figure,
    league_table,
    parse_rule,
)
from tests.factories.names import NAMES, german_place

pytestmark = pytest.mark.unit

DDV = LeagueRule()


def day(day_id, *groups, final=True, number=None):
    """A day from groups given as {team: score}."""
    return MatchDay(
        id=day_id,
        number=day_id if number is None else number,
        groups=tuple(
            tuple(DayResult(team=team, score=score) for team, score in group.items())
            for group in groups
        ),
        final=final,
    )


def order(table):
    return [row.team for row in table.rows]


def ranks(table):
    return [(row.team, row.rank) for row in table.rows]


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


# --- days -------------------------------------------------------------------------------------


def test_a_day_of_four_earns_the_ddv_points_by_place():
    lines = day_lines(DDV, day(1, {1: 68, 2: 38, 3: 28, 4: -134}))
    assert {team: line.ranking_points for team, line in lines.items()} == {1: 4, 2: 3, 3: 2, 4: 1}
    assert [lines[team].place for team in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert lines[1].score == 68
    assert lines[1].final


def test_a_team_score_is_its_players_game_points_unless_given():
    assert DayResult(team=1, players=(101, 5)).points == 106  # "macht zusammen +106"
    assert DayResult(team=1, score=40, players=(101, 5)).points == 40
    assert DayResult(team=1).points == 0


def test_shared_places_share_the_average_or_get_the_better_or_the_worse_place():
    tied = day(1, {1: 10, 2: 10, 3: 5, 4: 5})
    average = day_lines(DDV, tied)
    assert [average[team].ranking_points for team in (1, 2, 3, 4)] == [
        Fraction(7, 2),
        Fraction(7, 2),
        Fraction(3, 2),
        Fraction(3, 2),
    ]
    assert [average[team].place for team in (1, 2, 3, 4)] == [1, 1, 3, 3]
    better = day_lines(replace(DDV, day_ties=DayTies.BETTER), tied)
    assert [better[team].ranking_points for team in (1, 2, 3, 4)] == [4, 4, 2, 2]
    worse = day_lines(replace(DDV, day_ties=DayTies.WORSE), tied)
    assert [worse[team].ranking_points for team in (1, 2, 3, 4)] == [3, 3, 1, 1]


def test_places_beyond_the_table_earn_nothing_and_an_empty_table_counts_by_group_size():
    five = day(1, {1: 5, 2: 4, 3: 3, 4: 2, 5: 1})
    assert [day_lines(DDV, five)[team].ranking_points for team in range(1, 6)] == [4, 3, 2, 1, 0]
    by_size = replace(DDV, points_table=())
    assert [day_lines(by_size, five)[team].ranking_points for team in range(1, 6)] == [
        5,
        4,
        3,
        2,
        1,
    ]
    three = day(1, {1: 5, 2: 4, 3: 3})
    assert [day_lines(by_size, three)[team].ranking_points for team in (1, 2, 3)] == [3, 2, 1]


def test_each_group_of_a_day_is_placed_on_its_own():
    lines = day_lines(DDV, day(1, {1: 5, 2: 1}, {3: -10, 4: -20}))
    assert [(lines[t].group, lines[t].place, lines[t].ranking_points) for t in (1, 2, 3, 4)] == [
        (0, 1, 4),
        (0, 2, 3),
        (1, 1, 4),
        (1, 2, 3),
    ]


# --- the table --------------------------------------------------------------------------------

TEAMS = list(range(1, 9))


def league_of_eight():
    """Eight teams over three match days, two groups of four each day."""
    return [
        day(1, {1: 60, 2: 20, 3: -30, 4: -50}, {5: 40, 6: 10, 7: 0, 8: -50}),
        day(2, {1: 10, 5: 30, 3: 20, 7: -60}, {2: 50, 6: -10, 4: 0, 8: -40}),
        day(3, {1: -20, 6: 30, 4: 10, 7: -20}, {2: 70, 5: 0, 3: -30, 8: -40}),
    ]


def test_the_table_adds_the_days_and_ranks_by_ranking_points_then_game_points():
    table = league_table(DDV, TEAMS, league_of_eight())
    top = table.rows[0]
    assert (top.team, top.rank, top.ranking_points, top.game_points, top.day_wins) == (
        2,
        1,
        11,
        140,
        2,
    )
    assert top.days_played == 3
    assert top.best_day == 70
    assert [line.day for line in top.days] == [1, 2, 3]
    # 2 and 5: 11 points each, 140 and 70 game points; 3 and 4: 7 points and -40 game points
    # each, no day won, 3 ahead of 4 on day 1 (the one day they met)
    assert order(table) == [2, 5, 6, 1, 3, 4, 7, 8]
    assert [row.ranking_points for row in table.rows] == [
        11,
        11,
        9,
        Fraction(15, 2),  # day 3: third with 7 at -20, the average of 2 and 1
        7,
        7,
        Fraction(9, 2),
        3,
    ]
    assert [row.decided_by for row in table.rows] == [
        None,
        "game_points",
        "ranking_points",
        "ranking_points",
        "ranking_points",
        "head_to_head",
        "ranking_points",
        "ranking_points",
    ]
    assert table.rows[4].tie_figures == {"head_to_head": 1}
    assert not table.provisional
    assert table.days == (1, 2, 3)
    assert table.pending == ()


def test_a_correction_on_the_first_day_changes_the_table():
    days = league_of_eight()
    corrected = [day(1, {1: 60, 2: 20, 3: -30, 4: 80}, {5: 40, 6: 10, 7: 0, 8: -50}), *days[1:]]
    before = {row.team: row for row in league_table(DDV, TEAMS, days).rows}
    after = {row.team: row for row in league_table(DDV, TEAMS, corrected).rows}
    assert after[4].ranking_points == before[4].ranking_points + 3
    assert after[4].rank < before[4].rank
    assert after[1].ranking_points == before[1].ranking_points - 1


def test_a_team_that_has_not_played_is_listed_last_with_nothing_and_no_rank():
    table = league_table(DDV, [1, 2, 3], [day(1, {1: -5, 2: -9})])
    assert ranks(table) == [(1, 1), (2, 2), (3, None)]  # not placed below a team that lost
    last = table.rows[-1]
    assert (last.ranking_points, last.game_points, last.best_day, last.days) == (0, 0, None, ())
    assert (last.ranked, last.decided_by, last.mark) == (False, None, None)
    assert figure(Criterion.BEST_DAY, last) == -(10**18)  # below any day (a cup's seeding)


def test_tie_breaks_apply_in_the_rule_s_order():
    # 1: second three times (9 points, 218 game points); 2: two wins and a last place (9, -280)
    days = [
        day(1, {2: 10, 1: 9, 3: 0, 4: -100}),
        day(2, {2: 10, 1: 9, 5: 0, 6: -100}),
        day(3, {3: 300, 1: 200, 5: 0, 2: -300}),
    ]
    teams = [1, 2, 3, 4, 5, 6]
    table = league_table(DDV, teams, days)
    assert order(table) == [1, 2, 3, 5, 4, 6]
    assert [row.ranking_points for row in table.rows[:2]] == [9, 9]
    assert table.rows[1].decided_by == "game_points"
    wins_first = replace(DDV, order=(Criterion.RANKING_POINTS, Criterion.DAY_WINS))
    table = league_table(wins_first, teams, days)
    assert order(table)[:2] == [2, 1]
    assert table.rows[1].decided_by == "day_wins"
    game_first = replace(DDV, order=(Criterion.GAME_POINTS,))
    table = league_table(game_first, teams, days)
    assert order(table) == [3, 1, 5, 4, 6, 2]
    assert ranks(table)[3:5] == [(4, 4), (6, 4)]  # -100 each, nothing else asked


def test_head_to_head_counts_the_days_in_one_group_among_the_teams_still_tied():
    # 1 and 2: 7 points each; 2 was ahead of 1 on the day they met, 1 has more game points
    days = [day(1, {2: 1, 1: 0}), day(2, {1: 50, 3: 0}), day(3, {4: 0, 2: -1})]
    rule = replace(DDV, order=(Criterion.RANKING_POINTS, Criterion.HEAD_TO_HEAD))
    table = league_table(rule, [1, 2, 3, 4], days)
    assert order(table) == [2, 1, 4, 3]
    by_team = {row.team: row for row in table.rows}
    assert by_team[1].ranking_points == by_team[2].ranking_points == 7
    assert by_team[2].tie_figures == {"head_to_head": 1}
    assert by_team[1].tie_figures == {"head_to_head": -1}
    assert by_team[1].decided_by == "head_to_head"
    assert by_team[4].tie_figures == {}  # alone on its points: no head to head needed
    assert order(league_table(DDV, [1, 2, 3, 4], days)) == [1, 2, 4, 3]  # game points first


def test_the_best_day_breaks_a_tie_and_a_team_without_days_has_none():
    rule = replace(DDV, order=(Criterion.GAME_POINTS, Criterion.BEST_DAY))
    days = [day(1, {1: 9, 2: 5}), day(2, {1: -9, 2: -5}), day(3, {4: -1, 5: 1})]
    table = league_table(rule, [1, 2, 3, 4, 5], days)
    # 0 game points for 1 and 2; 1's best day is 9, 2's 5; 3 has no day at all: not ranked
    assert ranks(table) == [(5, 1), (1, 2), (2, 3), (4, 4), (3, None)]
    assert [row.decided_by for row in table.rows] == [
        None,
        "game_points",
        "best_day",
        "game_points",
        None,
    ]
    best_only = replace(DDV, order=(Criterion.BEST_DAY,))
    table = league_table(best_only, [1, 2, 3, 4, 5], days)
    assert order(table) == [1, 2, 5, 4, 3]


def test_teams_tied_on_every_criterion_share_the_rank_listed_by_id_without_names():
    table = league_table(DDV, [3, 1, 2], [day(1, {3: 5, 1: 5, 2: 0})])
    assert ranks(table) == [(1, 1), (3, 1), (2, 3)]
    assert table.rows[1].decided_by is None
    assert table.rows[2].decided_by == "ranking_points"


def test_teams_sharing_a_rank_are_listed_by_name_in_german_order_then_by_id():
    """As text the ids would read 10, 6, 9; as numbers 6, 9, 10; by name it is 9, 10, 6."""
    names = {10: "Asse", 6: "Zehner", 9: "Ärzte", 7: "Adler"}
    table = league_table(DDV, list(names), [day(1, {10: 5, 6: 5, 9: 5, 7: 0})], names=names)
    assert ranks(table) == [(9, 1), (10, 1), (6, 1), (7, 4)]
    twins = {10: "Asse", 6: "asse"}  # the same name to a reader: the id as a number
    assert order(league_table(DDV, list(twins), [day(1, {10: 1, 6: 1})], names=twins)) == [6, 10]


def test_figure_has_no_head_to_head_of_a_single_row():
    row = league_table(DDV, [1], []).rows[0]
    assert figure(Criterion.DAY_WINS, row) == 0
    with pytest.raises(ValueError, match="head_to_head"):
        figure(Criterion.HEAD_TO_HEAD, row)


# --- promotion and relegation -----------------------------------------------------------------


def test_the_best_are_marked_for_promotion_and_the_last_for_relegation():
    rule = replace(DDV, promoted=2, relegated=1)
    table = league_table(rule, TEAMS, league_of_eight())
    assert [row.mark for row in table.rows] == [
        Mark.PROMOTION,
        Mark.PROMOTION,
        None,
        None,
        None,
        None,
        None,
        Mark.RELEGATION,
    ]


def test_a_rank_shared_across_a_line_is_marked_as_a_tie():
    days = [day(1, {1: 10, 2: 5, 3: 5, 4: 0})]  # 2 and 3: equal in everything, rank 2
    rule = replace(DDV, promoted=2, relegated=0)
    marks = {row.team: row.mark for row in league_table(rule, [1, 2, 3, 4], days).rows}
    assert marks == {1: Mark.PROMOTION, 2: Mark.PROMOTION_TIE, 3: Mark.PROMOTION_TIE, 4: None}
    rule = replace(DDV, promoted=0, relegated=1)
    days = [day(1, {1: 10, 2: 5, 3: 5})]
    marks = {row.team: row.mark for row in league_table(rule, [1, 2, 3], days).rows}
    assert marks == {1: None, 2: Mark.RELEGATION_TIE, 3: Mark.RELEGATION_TIE}


def test_promotion_goes_before_relegation_where_they_overlap():
    rule = replace(DDV, promoted=2, relegated=5)
    table = league_table(rule, [1, 2, 3], [day(1, {1: 3, 2: 2, 3: 1})])
    assert [row.mark for row in table.rows] == [Mark.PROMOTION, Mark.PROMOTION, Mark.RELEGATION]
    rule = replace(DDV, promoted=5)
    table = league_table(rule, [1, 2], [day(1, {1: 3, 2: 2})])
    assert [row.mark for row in table.rows] == [Mark.PROMOTION, Mark.PROMOTION]


# --- days without results, a division before anything is played -----------------------------

NOBODY = (DayResult(1), DayResult(2), DayResult(3), DayResult(4))  # a group added, not played


def test_a_match_day_without_results_counts_nowhere():
    """Added before it is played: no ranking points (it gave every team 2.5), no day played,
    neither counted nor pending, not even once marked final."""
    unplayed = MatchDay(1, 1, (NOBODY,), final=False)
    table = league_table(DDV, [1, 2, 3, 4], [unplayed])
    assert (table.days, table.pending, table.provisional) == ((), (), False)
    assert [(row.ranking_points, row.days_played) for row in table.rows] == [(0, 0)] * 4
    assert day_lines(DDV, unplayed) == {}
    marked = replace(unplayed, final=True)
    assert league_table(DDV, [1, 2, 3, 4], [marked], final_only=True).days == ()


def test_a_day_counts_its_played_groups_and_a_team_without_a_result_there_counts_0():
    played = (DayResult(1, players=(3,)), DayResult(2, players=(-1, 2)), DayResult(3))
    waiting = (DayResult(4), DayResult(5))
    table = league_table(DDV, [1, 2, 3, 4, 5], [MatchDay(1, 1, (played, waiting))])
    assert table.days == (1,)
    rows = {row.team: row for row in table.rows}
    assert [(rows[t].ranking_points, rows[t].days_played) for t in (1, 2, 3)] == [
        (4, 1),
        (3, 1),
        (2, 1),  # did not turn up: 0 and last of its group
    ]
    assert [(rows[t].days_played, rows[t].rank) for t in (4, 5)] == [(0, None), (0, None)]


def test_before_anything_is_played_no_team_is_ranked_or_marked():
    """It listed all four first, each "promotion: tied"; now by name, without rank or mark."""
    rule = replace(DDV, promoted=1, relegated=1)
    names = {1: "Zebras", 2: "Asse", 3: "Mitte", 4: "Letzte"}
    for days in ([], [MatchDay(1, 1, (NOBODY,))]):
        table = league_table(rule, list(names), days, names=names)
        assert [(row.team, row.rank, row.mark) for row in table.rows] == [
            (2, None, None),
            (4, None, None),
            (3, None, None),
            (1, None, None),
        ]


def test_marks_go_to_the_places_of_the_ranked_teams():
    rule = replace(DDV, promoted=1, relegated=1)
    table = league_table(rule, [1, 2, 3], [day(1, {1: 5, 2: 0})])
    assert [(row.team, row.rank, row.mark) for row in table.rows] == [
        (1, 1, Mark.PROMOTION),
        (2, 2, Mark.RELEGATION),
        (3, None, None),
    ]


# --- final and provisional --------------------------------------------------------------------


def test_a_day_not_final_shows_only_in_the_provisional_table():
    days = [day(1, {1: 10, 2: 0}), day(2, {1: 0, 2: 10}, final=False), day(3, {1: 0, 2: 5})]
    provisional = league_table(DDV, [1, 2], days)
    assert provisional.provisional
    assert provisional.days == (1, 2, 3)
    assert provisional.pending == (2,)
    assert order(provisional) == [2, 1]
    assert not provisional.rows[0].days[1].final
    final = league_table(DDV, [1, 2], days, final_only=True)
    assert not final.provisional
    assert final.days == (1, 3)
    assert final.pending == (2,)
    assert order(final) == [1, 2]


def test_days_are_ordered_by_number_not_by_id():
    days = [day(7, {1: 1, 2: 0}, number=2), day(9, {1: 0, 2: 1}, number=1)]
    table = league_table(DDV, [1, 2], days)
    assert table.days == (9, 7)
    assert [line.day for line in table.rows[0].days] == [9, 7]


# --- refusals ---------------------------------------------------------------------------------


def test_days_naming_an_unknown_team_a_team_twice_or_a_day_twice_are_refused():
    days = [day(1, {1: 1, 9: 2}, {1: 3}), day(1, {2: 0})]
    with pytest.raises(Refused) as refusal:
        league_table(DDV, [1, 2], days)
    assert codes(refusal) == {
        ("league_team_unknown", "days.0.groups.0.1"),
        ("league_team_twice", "days.0.groups.1.0"),
        ("league_day_twice", "days.1"),
    }
    assert refusal.value.problems[0].params == {"team": 9}


def test_the_default_rule_is_the_ddv_s():
    rule = parse_rule({})
    assert rule == LeagueRule()
    assert rule.points_table == (4, 3, 2, 1)
    assert rule.order == DEFAULT_ORDER
    assert parse_rule(rule.to_json()) == rule


def test_every_option_is_read():
    raw = {
        "points_table": [5, 3, 3, 0],
        "day_ties": "better",
        "order": ["game_points", "best_day"],
        "promoted": 1,
        "relegated": 2,
    }
    rule = parse_rule(raw)
    assert rule == LeagueRule(
        points_table=(5, 3, 3, 0),
        day_ties=DayTies.BETTER,
        order=(Criterion.GAME_POINTS, Criterion.BEST_DAY),
        promoted=1,
        relegated=2,
    )
    assert rule.to_json() == raw
    assert parse_rule({"points_table": []}).points_table == ()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ([], {("invalid_option", "league_rule")}),
        ({"colour": 1}, {("unknown_option", "league_rule.colour")}),
        ({"points_table": "4,3"}, {("invalid_option", "league_rule.points_table")}),
        ({"points_table": [4, -1]}, {("invalid_option", "league_rule.points_table")}),
        ({"points_table": [4, True]}, {("invalid_option", "league_rule.points_table")}),
        ({"points_table": [1] * 101}, {("invalid_option", "league_rule.points_table")}),
        ({"points_table": [1, 2]}, {("league_points_table_rising", "league_rule.points_table")}),
        ({"day_ties": "coin"}, {("invalid_option", "league_rule.day_ties")}),
        ({"day_ties": 1}, {("invalid_option", "league_rule.day_ties")}),
        ({"order": []}, {("invalid_option", "league_rule.order")}),
        ({"order": "game_points"}, {("invalid_option", "league_rule.order")}),
        ({"order": ["luck"]}, {("invalid_option", "league_rule.order")}),
        ({"order": ["day_wins", "day_wins"]}, {("invalid_option", "league_rule.order")}),
        ({"promoted": -1}, {("invalid_option", "league_rule.promoted")}),
        ({"relegated": 1.5}, {("invalid_option", "league_rule.relegated")}),
        ({"relegated": False}, {("invalid_option", "league_rule.relegated")}),
    ],
)
def test_a_bad_rule_is_refused_naming_the_option(raw, expected):
    with pytest.raises(Refused) as refusal:
        parse_rule(raw)
    assert codes(refusal) == expected


def test_every_problem_of_a_rule_is_named_at_once():
    with pytest.raises(Refused) as refusal:
        parse_rule({"day_ties": "coin", "promoted": "two", "x": 1}, field="divisions.0.rule")
    assert codes(refusal) == {
        ("invalid_option", "divisions.0.rule.day_ties"),
        ("invalid_option", "divisions.0.rule.promoted"),
        ("unknown_option", "divisions.0.rule.x"),
    }


# --- properties -------------------------------------------------------------------------------

RULES = st.builds(
    LeagueRule,
    points_table=st.sampled_from([(4, 3, 2, 1), (), (3, 1, 1, 0), (10, 6, 3)]),
    day_ties=st.sampled_from(list(DayTies)),
    order=st.permutations(list(Criterion)).flatmap(
        lambda criteria: st.integers(1, len(criteria)).map(lambda n: tuple(criteria[:n]))
    ),
    promoted=st.integers(0, 3),
    relegated=st.integers(0, 3),
)


def day_result(team):
    """A team's result: a score given, its players' points, or (now and then) none at all."""
    return st.one_of(
        st.integers(-3, 3).map(lambda score: DayResult(team=team, score=score)),
        st.lists(st.integers(-2, 2), min_size=1, max_size=2).map(
            lambda players: DayResult(team=team, players=tuple(players))
        ),
        st.just(DayResult(team=team)),
    )


@st.composite
def leagues(draw):
    """Teams 1..n and up to four days, each grouping some of them (groups of 1 to 5 teams) with
    scores from a small range, so that ties are common."""
    count = draw(st.integers(2, 9))
    team_ids = list(range(1, count + 1))
    days = []
    for number in range(1, draw(st.integers(0, 4)) + 1):
        playing = draw(st.permutations(team_ids))
        playing = playing[: draw(st.integers(1, count))]
        groups = []
        while playing:
            size = draw(st.integers(1, 5))
            unplayed = draw(st.integers(0, 4)) == 0  # now and then a group not played yet
            groups.append(
                tuple(
                    DayResult(team=team) if unplayed else draw(day_result(team))
                    for team in playing[:size]
                )
            )
            playing = playing[size:]
        days.append(MatchDay(number, number, tuple(groups), final=draw(st.booleans())))
    return team_ids, days


def shuffled(days, teams, seed):
    rng = random.Random(seed)
    days = [
        replace(
            d,
            groups=tuple(
                tuple(rng.sample(group, len(group)))
                for group in rng.sample(d.groups, len(d.groups))
            ),
        )
        for d in days
    ]
    return rng.sample(teams, len(teams)), rng.sample(days, len(days))


@settings(max_examples=200, deadline=None)
@given(league=leagues(), rule=RULES, final_only=st.booleans())
def test_the_table_is_a_permutation_of_the_teams_in_rank_order(league, rule, final_only):
    teams, days = league
    whole = league_table(rule, teams, days, final_only=final_only)
    assert sorted(order(whole)) == teams
    ranked = [row for row in whole.rows if row.ranked]
    assert whole.rows[: len(ranked)] == tuple(ranked)  # the unranked after the ranked
    assert all(row.days_played == 0 for row in whole.rows[len(ranked) :])
    assert all(row.days_played > 0 for row in ranked)
    assert all(row.mark is None and row.decided_by is None for row in whole.rows[len(ranked) :])
    table = replace(whole, rows=tuple(ranked))  # the places and marks are the ranked teams'
    for place, row in enumerate(table.rows, start=1):
        assert row.rank == place or row.rank == table.rows[place - 2].rank
        assert (row.decided_by is None) == (place == 1 or row.rank == table.rows[place - 2].rank)
    count = len(table.rows)
    for place, row in enumerate(table.rows, start=1):
        if row.mark in (Mark.PROMOTION, Mark.PROMOTION_TIE):
            assert row.rank <= rule.promoted
        if row.mark is Mark.PROMOTION:
            assert place <= rule.promoted
        if row.mark is Mark.RELEGATION:
            assert place > count - rule.relegated
        if row.mark is None and rule.promoted + rule.relegated >= count:
            raise AssertionError("every place is marked where the lines cover the table")
    relegated = min(rule.relegated, count - min(rule.promoted, count))
    for place, row in enumerate(table.rows, start=1):
        if place <= rule.promoted:  # every place above the line is marked for promotion
            assert row.mark in (Mark.PROMOTION, Mark.PROMOTION_TIE)
        if place > count - relegated:  # every place below the line is marked
            assert row.mark is not None


def place_points(rule, place, size):
    """docs/TEAMS.md, `points_table`: the list's points by place, 0 beyond it; an empty list
    the group's size downwards."""
    if not rule.points_table:
        return size - place + 1
    return rule.points_table[place - 1] if place <= len(rule.points_table) else 0


def table_from_the_docs(rule, teams, days, final_only):
    """Each team's ranking points, game points and days played, and the days counted and
    pending, as docs/TEAMS.md words them: a group counts once a team of it has a result (a
    score given or a player's points), a day with none counts nowhere; in a played group a
    team's score is its given score or its players' sum (0 without either), equal scores share
    their places' points as ``day_ties`` says."""
    figures = {team: [Fraction(0), 0, 0] for team in teams}
    counted, pending = [], []
    for match_day in sorted(days, key=lambda d: (d.number, d.id)):
        groups = [
            group
            for group in match_day.groups
            if any(result.score is not None or result.players for result in group)
        ]
        if not groups:
            continue
        if not match_day.final:
            pending.append(match_day.id)
            if final_only:
                continue
        counted.append(match_day.id)
        for group in groups:
            scores = {r.team: r.score if r.score is not None else sum(r.players) for r in group}
            for team, own in scores.items():
                ahead = sum(1 for other in scores.values() if other > own)
                level = sum(1 for other in scores.values() if other == own)
                shares = [
                    place_points(rule, place, len(group))
                    for place in range(ahead + 1, ahead + level + 1)
                ]
                earned = {
                    DayTies.AVERAGE: Fraction(sum(shares), len(shares)),
                    DayTies.BETTER: Fraction(shares[0]),
                    DayTies.WORSE: Fraction(shares[-1]),
                }[rule.day_ties]
                figures[team][0] += earned
                figures[team][1] += own
                figures[team][2] += 1
    return figures, tuple(counted), tuple(pending)


@settings(max_examples=300, deadline=None)
@given(league=leagues(), rule=RULES, final_only=st.booleans(), data=st.data())
def test_the_table_agrees_with_a_recomputation_from_the_docs(league, rule, final_only, data):
    """Days and groups not played yet, given scores and players' points, shared places, final
    and provisional: every team's figures, the days counted and pending; the teams without a
    day unranked and unmarked after the ranked ones, and before anything is played all of them
    in German order of their names."""
    teams, days = league
    names = {team: data.draw(st.sampled_from(NAMES)) for team in teams}
    table = league_table(rule, teams, days, final_only=final_only, names=names)
    figures, counted, pending = table_from_the_docs(rule, teams, days, final_only)
    assert {
        row.team: [row.ranking_points, row.game_points, row.days_played] for row in table.rows
    } == figures
    assert (table.days, table.pending) == (counted, pending)
    assert table.provisional == any(d.id in counted and not d.final for d in days)
    for row in table.rows:
        assert row.ranked == (figures[row.team][2] > 0)
        assert row.ranked or (row.mark is None and row.decided_by is None)
    if not counted:
        assert [german_place(names[row.team]) for row in table.rows] == sorted(
            german_place(name) for name in names.values()
        )


@settings(max_examples=200, deadline=None)
@given(league=leagues(), rule=RULES)
def test_with_shared_averages_a_full_group_hands_out_its_table(league, rule):
    teams, days = league
    rule = replace(rule, day_ties=DayTies.AVERAGE)
    table = league_table(rule, teams, days)
    handed_out = Fraction(0)
    for match_day in days:
        lines = day_lines(rule, match_day)
        for index, group in enumerate(match_day.groups):
            if not any(result.score is not None or result.players for result in group):
                continue  # not played yet: hands out nothing
            size = len(group)
            expected = sum(rule.place_points(place, size) for place in range(1, size + 1))
            earned = sum(line.ranking_points for line in lines.values() if line.group == index)
            assert earned == expected
            handed_out += expected
    assert sum(row.ranking_points for row in table.rows) == handed_out
    for row in table.rows:
        assert row.ranking_points == sum(line.ranking_points for line in row.days)
        assert row.game_points == sum(line.score for line in row.days)


@settings(max_examples=200, deadline=None)
@given(league=leagues(), rule=RULES, seed=st.integers(), final_only=st.booleans())
def test_the_order_of_the_input_does_not_matter(league, rule, seed, final_only):
    teams, days = league
    other_teams, other_days = shuffled(days, teams, seed)
    first = league_table(rule, teams, days, final_only=final_only)
    second = league_table(rule, other_teams, other_days, final_only=final_only)
    # the groups' indices follow the input; everything else is the same
    strip = [
        replace(row, days=tuple(replace(line, group=0) for line in row.days)) for row in first.rows
    ]
    other = [
        replace(row, days=tuple(replace(line, group=0) for line in row.days)) for row in second.rows
    ]
    assert strip == other
    assert (first.days, first.pending, first.provisional) == (
        second.days,
        second.pending,
        second.provisional,
    )


@settings(max_examples=150, deadline=None)
@given(league=leagues(), rule=RULES)
def test_provisional_is_final_once_every_day_is_final(league, rule):
    teams, days = league
    days = [replace(d, final=True) for d in days]
    assert league_table(rule, teams, days) == league_table(rule, teams, days, final_only=True)
    assert not league_table(rule, teams, days).provisional


@settings(max_examples=150, deadline=None)
@given(league=leagues(), rule=RULES)
def test_the_final_table_is_the_table_of_the_final_days(league, rule):
    teams, days = league
    final = league_table(rule, teams, days, final_only=True)
    alone = league_table(rule, teams, [d for d in days if d.final])
    assert final.rows == alone.rows
    assert not final.provisional


@settings(max_examples=300, deadline=None)
@given(league=leagues(), rule=RULES, data=st.data())
def test_a_correction_raising_a_score_never_lowers_the_team_s_place(league, rule, data):
    teams, days = league
    # Head to head compares the teams still tied, which a correction changes (see docs/TEAMS.md):
    # it is left out here and shown to be the exception below.
    rule = replace(
        rule,
        order=tuple(c for c in rule.order if c is not Criterion.HEAD_TO_HEAD)
        or (Criterion.RANKING_POINTS,),
    )
    played = [
        (i, g, p)
        for i, d in enumerate(days)
        for g, group in enumerate(d.groups)
        for p in range(len(group))
        if group[p].has_result  # a result corrected (a group not played yet gets its first)
    ]
    if not played:
        return
    i, g, p = data.draw(st.sampled_from(played))
    raise_by = data.draw(st.integers(1, 5))
    result = days[i].groups[g][p]
    groups = list(days[i].groups)
    groups[g] = tuple(
        replace(r, score=r.points + raise_by) if index == p else r
        for index, r in enumerate(groups[g])
    )
    corrected = [*days[:i], replace(days[i], groups=tuple(groups)), *days[i + 1 :]]
    before = {row.team: row.rank for row in league_table(rule, teams, days).rows}
    after = {row.team: row.rank for row in league_table(rule, teams, corrected).rows}
    assert after[result.team] <= before[result.team]


@settings(max_examples=200, deadline=None)
@given(league=leagues(), rule=RULES, final_only=st.booleans(), data=st.data())
def test_teams_sharing_a_rank_are_listed_as_a_german_reader_looks_them_up(
    league, rule, final_only, data
):
    """Within a shared rank by name as the hand-written German list (tests/factories/names.py)
    has it, then by id."""
    teams, days = league
    names = {team: data.draw(st.sampled_from(NAMES)) for team in teams}
    table = league_table(rule, teams, days, final_only=final_only, names=names)
    for above, below in pairwise(table.rows):
        if above.rank == below.rank:
            order = (german_place(names[above.team]), above.team)
            assert order < (german_place(names[below.team]), below.team)


def test_head_to_head_among_the_teams_still_tied_can_cost_a_place_after_a_correction():
    """The known exception: 1, 3 and 4 have 11 ranking points each and are even among
    themselves (rank 1 shared). Raising 1's score on day 3 turns a shared first place with 4
    into a win: 1 keeps its 4 points (the better place's), 4 drops to 10 and out of the tie,
    and 1 alone against 3, who was ahead of it on day 1, is second."""
    rule = LeagueRule(
        day_ties=DayTies.BETTER, order=(Criterion.RANKING_POINTS, Criterion.HEAD_TO_HEAD)
    )
    days = [
        day(1, {2: 0, 1: 1, 3: 2}),
        day(2, {1: 2, 4: 1}),
        day(3, {4: 2, 1: 2}),
        day(4, {3: 1, 2: 1}),
        day(5, {3: 0, 4: 1}),
    ]
    before = league_table(rule, [1, 2, 3, 4], days)
    assert ranks(before) == [(1, 1), (3, 1), (4, 1), (2, 4)]
    days[2] = day(3, {4: 2, 1: 3})
    after = league_table(rule, [1, 2, 3, 4], days)
    assert ranks(after) == [(3, 1), (1, 2), (4, 3), (2, 4)]
    assert [row.ranking_points for row in after.rows] == [11, 11, 10, 6]
