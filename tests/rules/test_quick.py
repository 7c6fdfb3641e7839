"""Quick entry (RULES.md §11.8): the game value and the winners, or each player's points."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.refusals import Refused
from rules.quick import (
    ENTRY_MODES,
    QuickDeal,
    entered,
    is_quick,
    quick_deal_from_dict,
    score_quick,
)
from tournaments.enums import EntryMode

pytestmark = pytest.mark.unit


def value_deal(value, winners, **more):
    return quick_deal_from_dict({"entry": "value", "value": value, "winners": winners, **more})


def points_deal(points, **more):
    given = {str(seat): value for seat, value in points.items()}
    return quick_deal_from_dict({"entry": "points", "points": given, **more})


def codes(deal, **kwargs):
    with pytest.raises(Refused) as refusal:
        score_quick(deal, **kwargs)
    return [(problem.code, problem.field) for problem in refusal.value.problems]


def test_the_entry_modes_are_the_tournaments_choices():
    assert tuple(EntryMode.values) == ENTRY_MODES


def test_two_winners_of_a_normal_game_get_the_value_and_the_others_pay_it():
    deal, score = score_quick(value_deal(3, [3, 1]))
    assert dict(score.points) == {1: 3, 2: -3, 3: 3, 4: -3}
    assert (score.winner, score.value, score.scored_as_solo) == ("winners", 3, False)
    assert [(line.code, line.party, line.points) for line in score.lines] == [
        ("entered_value", "winners", 3)
    ]
    assert entered(deal) == {
        "entry": "value",
        "seats": [1, 2, 3, 4],
        "value": 3,
        "winners": [1, 3],
        "contract": "normal",
        "soloist": None,
    }


def test_one_winner_is_a_won_solo_three_winners_a_lost_one():
    won, score = score_quick(value_deal(2, [4]))
    assert dict(score.points) == {1: -2, 2: -2, 3: -2, 4: 6}
    assert (won.contract, won.soloist, score.scored_as_solo) == ("solo", 4, True)
    lost, score = score_quick(value_deal(2, [1, 2, 4]))
    assert dict(score.points) == {1: 2, 2: 2, 3: -6, 4: 2}
    assert (lost.contract, lost.soloist) == ("solo", 3)


def test_the_solo_factor_of_the_rules_scales_a_solo():
    _deal, score = score_quick(value_deal(1, [2]), solo_multiplier=6)
    assert dict(score.points) == {1: -2, 2: 6, 3: -2, 4: -2}
    deal, score = score_quick(points_deal({1: -2, 2: 6, 3: -2, 4: -2}), solo_multiplier=6)
    assert (score.value, deal.soloist) == (1, 2)
    assert codes(points_deal({1: -1, 2: 3, 3: -1, 4: -1}), solo_multiplier=6) == [
        ("quick_points_pattern", "deal.points")
    ]


def test_one_against_three_may_be_a_silent_wedding_not_a_solo():
    deal, score = score_quick(value_deal(2, [1], contract="silent_wedding"))
    assert (deal.contract, deal.soloist, dict(score.points)[1]) == ("silent_wedding", None, 6)
    assert codes(value_deal(2, [1], contract="normal")) == [
        ("quick_contract_pattern", "deal.contract")
    ]
    assert codes(value_deal(2, [1, 2], contract="solo")) == [
        ("quick_contract_pattern", "deal.contract")
    ]


def test_a_value_of_zero_scores_nothing_and_a_solo_then_names_its_soloist():
    deal, score = score_quick(value_deal(0, []))
    assert (dict(score.points), score.winner, score.lines, deal.contract) == (
        {1: 0, 2: 0, 3: 0, 4: 0},
        None,
        (),
        "normal",
    )
    deal, _score = score_quick(value_deal(0, [], soloist=2))
    assert (deal.contract, deal.soloist) == ("solo", 2)
    assert codes(value_deal(0, [], contract="solo")) == [("soloist_required", "deal.soloist")]
    assert codes(value_deal(0, [], contract="solo", soloist=7)) == [
        ("quick_soloist_differs", "deal.soloist")
    ]
    assert codes(value_deal(0, [1])) == [("quick_winners_without_value", "deal.winners")]


def test_a_soloist_named_must_be_the_lone_player_and_only_a_solo_has_one():
    assert codes(value_deal(1, [1], soloist=2)) == [("quick_soloist_differs", "deal.soloist")]
    deal, _score = score_quick(value_deal(1, [1], soloist=1))
    assert deal.soloist == 1
    assert codes(value_deal(1, [1, 2], contract="normal", soloist=1)) == [
        ("soloist_not_allowed", "deal.soloist")
    ]


def test_the_value_and_the_winners_are_checked():
    assert codes(quick_deal_from_dict({"entry": "value", "winners": [1]})) == [
        ("quick_value_required", "deal.value")
    ]
    assert codes(value_deal(-1, [1, 2])) == [("quick_value_range", "deal.value")]
    assert codes(value_deal(1, [1, 9, 1])) == [
        ("not_seated", "deal.winners.1"),
        ("quick_winners_duplicate", "deal.winners"),
    ]
    assert codes(value_deal(1, [])) == [("quick_winners_count", "deal.winners")]
    assert codes(value_deal(1, [1, 2, 3, 4])) == [("quick_winners_count", "deal.winners")]
    assert codes(value_deal(1, [1, 2], contract="grand")) == [("unknown_contract", "deal.contract")]


def test_the_seats_are_checked_first():
    assert codes(value_deal(1, [1, 2], seats=[1, 2, 3])) == [("seats_count", "deal.seats")]


def test_points_are_read_as_their_pattern():
    deal, score = score_quick(points_deal({1: 4, 2: -4, 3: -4, 4: 4}))
    assert (deal.winners, deal.contract, score.value) == ((1, 4), "normal", 4)
    assert entered(deal)["points"] == {"1": 4, "2": -4, "3": -4, "4": 4}
    deal, score = score_quick(points_deal({1: 0, 2: 0, 3: 0, 4: 0}))
    assert (deal.winners, score.value, score.winner) == ((), 0, None)


def test_a_sitting_out_dealer_may_be_listed_with_zero_only():
    seats = {"seats": [1, 2, 4, 5]}
    deal, score = score_quick(points_deal({1: 1, 2: 1, 3: 0, 4: -1, 5: -1}, **seats))
    assert sorted(score.points) == [1, 2, 4, 5]
    assert sorted(deal.points or {}) == [1, 2, 4, 5]
    assert codes(points_deal({1: 1, 2: 1, 3: 2, 4: -1, 5: -1}, **seats)) == [
        ("quick_points_not_playing", "deal.points.3")
    ]


def test_points_must_be_complete_sum_to_zero_and_fit_a_game():
    assert codes(points_deal({1: 1, 2: -1, 3: 1})) == [("quick_points_missing", "deal.points.4")]
    assert codes(points_deal({1: 2, 2: -1, 3: 1, 4: -1})) == [
        ("quick_points_not_zero_sum", "deal.points")
    ]
    assert codes(points_deal({1: 3, 2: -1, 3: 1, 4: -3})) == [
        ("quick_points_pattern", "deal.points")
    ]
    assert codes(points_deal({1: 2, 2: -2, 3: 2, 4: -2}, contract="solo")) == [
        ("quick_contract_pattern", "deal.contract")
    ]
    assert codes(points_deal({1: 20000, 2: -20000, 3: 20000, 4: -20000})) == [
        ("quick_value_range", "deal.points")
    ]


def test_a_quick_entry_names_its_entry():
    assert is_quick({"entry": "points"})
    assert not is_quick({"contract": "normal"})
    assert not is_quick({"entry": "cards"})
    assert quick_deal_from_dict({"entry": "value"}) == QuickDeal(entry="value")


@given(
    value=st.integers(0, 50),
    winners=st.sets(st.integers(1, 4), min_size=1, max_size=3),
    multiplier=st.sampled_from([3, 6]),
)
def test_a_value_entered_comes_back_from_its_points(value, winners, multiplier):
    if not value:
        winners = set()
    deal, score = score_quick(value_deal(value, sorted(winners)), solo_multiplier=multiplier)
    assert sum(score.points.values()) == 0
    again, rescored = score_quick(points_deal(score.points), solo_multiplier=multiplier)
    assert rescored.points == score.points
    assert (again.value, again.winners, again.soloist) == (deal.value, deal.winners, deal.soloist)
