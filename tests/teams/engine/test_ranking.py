"""The side ranking engine: each rule, the ties, the refusals of a bad rule, and properties."""

from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.collation import sort_key
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
from tests.factories.names import NAMES, german_place

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


def named(uid, name, *points):
    return replace(unit(uid, *points), name=name)


def test_units_sharing_a_rank_are_listed_by_name_in_german_order_then_by_id():
    """As text the ids would read 10, 6, 9; as numbers 6, 9, 10; by name it is 9, 10, 6."""
    rows = rank_units(
        [named(10, "Asse", 5), named(6, "Zehner", 5), named(9, "Ärzte", 5)],
        SideRule(ties=Ties.SHARED),
    )
    assert ranks(rows) == [(9, 1), (10, 1), (6, 1)]
    twins = rank_units([named(10, "Asse", 5), named(6, "asse", 5)], SUM)
    assert ranks(twins) == [(6, 1), (10, 1)]  # the same name to a reader: the id as a number
    tables = rank_units([named(1, "Tisch 10", 5), named(2, "Tisch 9", 5)], SUM)
    assert ranks(tables) == [(2, 1), (1, 1)]  # numbers by their value


def test_unranked_units_are_listed_by_name_too():
    rows = rank_units([named(10, "Öko"), named(6, "Ober"), named(9, "Adler", 1)], best(1))
    assert ranks(rows) == [(9, 1), (6, None), (10, None)]
    clubs = rank_units([Unit("Zwei", (), "Zwei"), Unit("eins", (), "eins")], SUM)
    assert [row.id for row in clubs] == ["eins", "Zwei"]  # a club's name, case ignored


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


named_units = st.lists(
    st.tuples(st.sampled_from(NAMES), st.lists(st.tuples(st.integers(-2, 2), st.booleans()))),
    max_size=8,
).map(
    lambda found: [
        Unit(
            id=number,
            members=tuple(
                Member(id=number * 10 + i, points=p, played=played)
                for i, (p, played) in enumerate(group[:4])
            ),
            name=name,
        )
        for number, (name, group) in enumerate(found, start=1)
    ]
)


@given(named_units, rules)
def test_units_of_equal_standing_are_listed_as_a_german_reader_looks_them_up(all_units, rule):
    """Within a shared rank, and among the unranked, by name as the hand-written German list
    (tests/factories/names.py) has it, then by id."""
    names = {u.id: u.name for u in all_units}
    rows = rank_units(all_units, rule)
    for above, below in pairwise(rows):
        if above.rank == below.rank:
            order = (german_place(names[above.id]), above.id)
            assert order < (german_place(names[below.id]), below.id)


def test_the_collation_key_agrees_with_the_german_list():
    assert [german_place(name) for name in sorted(NAMES, key=sort_key)] == sorted(
        german_place(name) for name in NAMES
    )


@given(members, st.integers(1, 4))
def test_best_k_never_beats_the_sum_of_players_with_non_negative_points(group, k):
    team = Unit(1, tuple(Member(i, abs(p), played) for i, (p, played) in enumerate(group)))
    assert unit_score(team, best(k))[0] <= unit_score(team, SUM)[0]
