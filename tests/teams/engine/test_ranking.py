"""The side ranking engine: each rule, the ties, the refusals of a bad rule, and properties."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.refusals import Refused
from teams.engine.ranking import (
    MAX_BEST,
    Member,
    Method,
    SideRule,
    Ties,
    Unit,
    parse_rule,
    rank_units,
    unit_score,
)

pytestmark = pytest.mark.unit


def unit(uid, *points, benched=()):
    members = [Member(id=uid * 100 + i, points=p, played=True) for i, p in enumerate(points)]
    members += [Member(id=uid * 100 + 50 + i, points=0, played=False) for i in range(len(benched))]
    return Unit(id=uid, members=tuple(members))


SUM = SideRule()
AVERAGE = SideRule(method=Method.AVERAGE)


def best(k, ties=Ties.BEST_MEMBER):
    return SideRule(method=Method.BEST, best=k, ties=ties)


def ranks(standings):
    return [(row.id, row.rank) for row in standings]


def test_sum_ranks_by_the_members_total():
    rows = rank_units([unit(1, 10, 20), unit(2, 50, -5), unit(3, 40)], SUM)
    assert ranks(rows) == [(2, 1), (3, 2), (1, 3)]
    assert [row.score for row in rows] == [45, 40, 30]
    assert rows[0].counted == (200, 201)
    assert rows[0].played == 2


def test_best_k_counts_the_best_and_leaves_short_units_unranked():
    rows = rank_units([unit(1, 10, 20, 30), unit(2, 100, -50, 1), unit(3, 99)], best(2))
    assert ranks(rows) == [(2, 1), (1, 2), (3, None)]
    assert rows[0].score == 101
    assert rows[0].counted == (200, 202)
    assert rows[1].counted == (102, 101)
    assert not rows[2].ranked
    assert rows[2].score == 99


def test_average_is_exact_and_skips_the_bench():
    rows = rank_units([unit(1, 10, 11, benched=[0, 0]), unit(2, 10)], AVERAGE)
    assert ranks(rows) == [(1, 1), (2, 2)]
    assert rows[0].score == Fraction(21, 2)
    assert rows[0].played == 2


def test_a_unit_nobody_of_which_played_is_unranked_under_every_rule():
    empty = Unit(id=9, members=(Member(1, 0, played=False),))
    for rule in (SUM, AVERAGE, best(1)):
        rows = rank_units([empty, unit(1, -3)], rule)
        assert ranks(rows) == [(1, 1), (9, None)]
        assert rows[1].score == 0
        assert rows[1].counted == ()


def test_ties_by_the_best_member_then_shared():
    a, b, c = unit(1, 30, 10), unit(2, 20, 20), unit(3, 10, 30)
    rows = rank_units([b, a, c], SUM)
    assert ranks(rows) == [(1, 1), (3, 1), (2, 3)]  # a and c: the same best member, 30 and 10


def test_ties_shared_at_once():
    rows = rank_units([unit(2, 20, 20), unit(1, 30, 10)], SideRule(ties=Ties.SHARED))
    assert ranks(rows) == [(1, 1), (2, 1)]


def test_the_same_score_with_fewer_players_is_ahead():
    rows = rank_units([unit(1, 30, 0), unit(2, 30)], SUM)
    assert ranks(rows) == [(2, 1), (1, 2)]


def test_clubs_are_units_named_by_their_name():
    rows = rank_units([Unit("Zwei", (Member(1, 5, True),)), Unit("Eins", ())], SUM)
    assert ranks(rows) == [("Zwei", 1), ("Eins", None)]


def test_parse_rule_defaults_and_round_trip():
    assert parse_rule({}) == SideRule()
    rule = parse_rule({"method": "best", "best": 4, "ties": "shared"})
    assert rule == best(4, Ties.SHARED)
    assert parse_rule(rule.to_json()) == rule
    assert parse_rule({"method": "average", "best": None}) == AVERAGE


def problems(raw, field="rule"):
    with pytest.raises(Refused) as refusal:
        parse_rule(raw, field)
    return [(p.field, p.code) for p in refusal.value.problems]


def test_parse_rule_refuses_each_problem_naming_its_field():
    assert problems([1]) == [("rule", "side_rule_not_object")]
    assert problems({"method": 5}) == [("rule.method", "invalid_option")]
    assert problems({"method": "max", "ties": "coin", "x": 1}, "team_rule") == [
        ("team_rule.x", "unknown_option"),
        ("team_rule.method", "invalid_option"),
        ("team_rule.ties", "invalid_option"),
    ]
    for bad in (None, 0, MAX_BEST + 1, True, "3"):
        assert problems({"method": "best", "best": bad}) == [("rule.best", "side_rule_best")]
    assert problems({"method": "sum", "best": 3}) == [("rule.best", "side_rule_best_unused")]


# --- properties ------------------------------------------------------------------------------

members = st.lists(st.tuples(st.integers(-500, 500), st.booleans()), max_size=6)
units = st.lists(members, max_size=6).map(
    lambda groups: [
        Unit(
            id=number,
            members=tuple(
                Member(id=number * 10 + i, points=p, played=played)
                for i, (p, played) in enumerate(group)
            ),
        )
        for number, group in enumerate(groups)
    ]
)
rules = st.one_of(
    st.builds(
        SideRule, method=st.sampled_from([Method.SUM, Method.AVERAGE]), ties=st.sampled_from(Ties)
    ),
    st.builds(
        SideRule, method=st.just(Method.BEST), best=st.integers(1, 4), ties=st.sampled_from(Ties)
    ),
)


@given(units, rules)
def test_every_unit_listed_once_ranked_first_scores_descending(all_units, rule):
    rows = rank_units(all_units, rule)
    assert sorted(row.id for row in rows) == sorted(u.id for u in all_units)
    ranked = [row for row in rows if row.ranked]
    assert rows[: len(ranked)] == ranked
    assert [row.score for row in ranked] == sorted((row.score for row in ranked), reverse=True)
    for place, row in enumerate(ranked, start=1):
        assert row.rank is not None
        assert 1 <= row.rank <= place
        if row.rank < place:  # a shared rank: the same score as the row above
            assert row.score == ranked[place - 2].score


@given(units, rules)
def test_the_score_is_made_of_the_counted_members(all_units, rule):
    by_id = {u.id: u for u in all_units}
    for row in rank_units(all_units, rule):
        points = {m.id: m.points for m in by_id[row.id].members if m.played}
        assert set(row.counted) <= set(points)
        counted = [points[m] for m in row.counted]
        assert counted == sorted(counted, reverse=True)
        if rule.method is Method.AVERAGE and counted:
            assert row.score == Fraction(sum(counted), len(counted))
        else:
            assert row.score == sum(counted)
        if rule.method is Method.BEST:
            assert row.ranked == (len(counted) == rule.best)


@given(units, rules)
def test_order_of_the_input_does_not_matter(all_units, rule):
    assert rank_units(all_units, rule) == rank_units(list(reversed(all_units)), rule)


@given(members, st.integers(1, 4))
def test_best_k_never_beats_the_sum_of_players_with_non_negative_points(group, k):
    team = Unit(1, tuple(Member(i, abs(p), played) for i, (p, played) in enumerate(group)))
    assert unit_score(team, best(k))[0] <= unit_score(team, SUM)[0]
