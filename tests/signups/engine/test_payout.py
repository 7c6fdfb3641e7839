"""The payout table: percentages and fixed amounts, costs, whole euros, shared places."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.refusals import Refused
from signups.engine.payout import (
    MAX_PLACES,
    PayoutMode,
    PayoutRules,
    check_rules,
    payout,
    side_payouts,
)

pytestmark = [pytest.mark.unit]

PERCENT, FIXED = PayoutMode.PERCENT, PayoutMode.FIXED


def test_percent_of_the_pot_in_whole_euros_odd_euros_to_the_best():
    # 32 players × 10 € = 320 €: 50/30/20 → 160, 96, 64
    result = payout(32_000, PayoutRules(PERCENT, (50, 30, 20)), [1] * 32)
    assert result.place_prizes == (160, 96, 64)
    assert result.prizes == (160, 96, 64)
    assert (result.paid, result.kept, result.shortfall) == (320, 0, 0)


def test_rounding_losses_go_one_euro_each_to_the_best_places():
    # 101 € at 40/35/25: 40.4, 35.35, 25.25 → 40, 35, 25 and 1 € lost to rounding → first
    result = payout(10_100, PayoutRules(PERCENT, (40, 35, 25)), [1, 1, 1])
    assert result.place_prizes == (41, 35, 25)
    assert result.kept == 0


def test_costs_come_off_before_the_shares_and_cents_are_kept():
    result = payout(20_050, PayoutRules(PERCENT, (60, 40), costs=5_000), [1, 1, 1])
    assert result.place_prizes == (90, 60)
    assert result.kept == 5_050  # the costs and the 50 cents


def test_percentages_under_100_keep_the_rest():
    result = payout(10_000, PayoutRules(PERCENT, (50,)), [1, 1])
    assert (result.prizes, result.kept) == ((50,), 5_000)


def test_fixed_amounts_as_far_as_the_pot_reaches():
    result = payout(15_000, PayoutRules(FIXED, (100, 40, 20), costs=1_000), [1, 1, 1, 1])
    assert result.place_prizes == (100, 40, 0)
    assert result.shortfall == 20
    assert result.paid == 140


def test_costs_larger_than_the_pot_pay_nothing():
    result = payout(3_000, PayoutRules(PERCENT, (100,), costs=5_000), [1])
    assert (result.paid, result.kept) == (0, 3_000)


def test_tied_players_share_the_places_they_occupy():
    # places 2 and 3 (60 + 40) shared by two: 50 each
    result = payout(20_000, PayoutRules(PERCENT, (50, 30, 20)), [1, 2, 1])
    assert result.prizes == (100, 50, 50)


def test_odd_euros_of_a_shared_place_are_kept_not_given_to_one():
    result = payout(10_100, PayoutRules(FIXED, (50, 51)), [2])
    assert result.prizes == (50, 50)
    assert result.kept == 10_100 - 100 * 100


def test_a_group_past_the_last_prized_place_shares_what_it_reaches():
    result = payout(10_000, PayoutRules(FIXED, (60, 30)), [1, 3])
    assert result.prizes == (60, 10, 10, 10)


def test_places_nobody_takes_are_not_paid():
    result = payout(10_000, PayoutRules(FIXED, (50, 30, 20)), [1])
    assert (result.prizes, result.kept) == ((50,), 5_000)


@pytest.mark.parametrize(
    ("rules", "code", "field"),
    [
        (PayoutRules(PERCENT, (60, 50)), "payout_percent_sum", "payout.shares"),
        (PayoutRules(PERCENT, (60, -1)), "payout_share_negative", "payout.shares"),
        (PayoutRules(FIXED, (2_000_000,)), "payout_share_too_high", "payout.shares"),
        (PayoutRules(FIXED, (1,) * (MAX_PLACES + 1)), "payout_too_many_places", "payout.shares"),
        (PayoutRules(FIXED, (1,), costs=-1), "payout_costs_invalid", "payout.costs"),
    ],
)
def test_rules_that_cannot_be_paid_are_refused(rules, code, field):
    with pytest.raises(Refused) as refusal:
        check_rules(rules)
    assert (refusal.value.code, refusal.value.field) == (code, field)


def test_a_negative_pot_or_an_empty_group_is_a_bug():
    with pytest.raises(ValueError, match="pot"):
        payout(-1, PayoutRules(PERCENT, (100,)), [1])
    with pytest.raises(ValueError, match="group"):
        payout(100, PayoutRules(PERCENT, (100,)), [0])


@st.composite
def percent_rules(draw):
    places = draw(st.integers(min_value=0, max_value=12))
    shares, left = [], 100
    for _ in range(places):
        share = draw(st.integers(min_value=0, max_value=left))
        shares.append(share)
        left -= share
    return PayoutRules(PERCENT, tuple(shares), draw(st.integers(0, 50_000)))


fixed_rules = st.builds(
    PayoutRules,
    st.just(FIXED),
    st.lists(st.integers(0, 500), max_size=12).map(tuple),
    st.integers(0, 50_000),
)
pots = st.integers(min_value=0, max_value=500_000)
groups = st.lists(st.integers(min_value=1, max_value=4), max_size=20)
groups_strategy = groups


@given(rules=st.one_of(percent_rules(), fixed_rules), pot=pots, groups=groups)
def test_payouts_never_exceed_the_pot_and_add_up(rules, pot, groups):
    result = payout(pot, rules, groups)
    assert result.paid == sum(result.prizes)
    assert result.paid * 100 + result.kept == pot
    assert result.paid * 100 <= max(0, pot - rules.costs)
    assert sum(result.place_prizes) * 100 <= max(0, pot - rules.costs)
    assert all(prize >= 0 for prize in result.prizes)


@given(rules=st.one_of(percent_rules(), fixed_rules), pot=pots, groups=groups)
def test_players_sharing_a_place_get_the_same(rules, pot, groups):
    prizes = payout(pot, rules, groups).prizes
    start = 0
    for size in groups:
        group = prizes[start : start + size]
        assert len(set(group)) <= 1
        start += size


@given(rules=percent_rules(), pot=pots)
def test_percentages_pay_out_their_whole_share_without_ties(rules, pot):
    result = payout(pot, rules, [1] * len(rules.shares))
    available = max(0, pot - rules.costs)
    assert result.paid == available * sum(rules.shares) // 10_000


@given(rules=fixed_rules, pot=pots)
def test_fixed_prizes_are_paid_in_full_or_the_shortfall_says_what_is_missing(rules, pot):
    result = payout(pot, rules, [1] * len(rules.shares))
    assert result.paid + result.shortfall == sum(rules.shares)


def test_side_prizes_are_paid_category_after_category_as_far_as_the_money_reaches():
    # 45 € after the costs: Damen 20 + 10, then Jugend 15 of its 20
    result = side_payouts(
        4_550, {"Jugend": [20], "Damen": [20, 10]}, {"Damen": [1, 1, 1], "Jugend": [1]}
    )
    assert (result["Damen"].prizes, result["Damen"].kept) == ((20, 10), 1_550)
    assert (result["Jugend"].prizes, result["Jugend"].shortfall) == ((15,), 5)
    assert result["Jugend"].kept == 50


side_prizes = st.dictionaries(
    st.sampled_from(["Damen", "Jugend", "Senioren"]),
    st.lists(st.integers(0, 300), max_size=5),
)


@given(prizes=side_prizes, available=pots, data=st.data())
def test_side_prizes_never_exceed_what_is_available_and_ties_get_the_same(prizes, available, data):
    groups = {name: data.draw(groups_strategy) for name in prizes}
    result = side_payouts(available, prizes, groups)
    assert sum(part.paid for part in result.values()) * 100 <= available
    left = available
    for name in sorted(prizes):
        assert result[name].paid * 100 + result[name].kept == left
        left = result[name].kept
        start = 0
        for size in groups[name]:
            assert len(set(result[name].prizes[start : start + size])) <= 1
            start += size
