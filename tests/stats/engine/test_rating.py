"""The rating engine: worked examples against openskill's own numbers, the edges, and the
properties docs/STATISTICS.md promises (one order for every input order, the winner rises, the
uncertainty shrinks, a replay gives the same ratings)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stats.engine.rating import MU, SIGMA, PlayerRating, model, places, ranked, rate

pytestmark = pytest.mark.unit


def test_a_newcomer_starts_at_zero_shown():
    rating = PlayerRating(7)
    assert (rating.mu, rating.sigma, rating.deals) == (MU, SIGMA, 0)
    assert rating.ordinal == pytest.approx(0.0)


def test_places_share_a_tie():
    assert places({1: 3, 2: -1, 3: -1, 4: -1}) == {1: 1, 2: 2, 3: 2, 4: 2}
    assert places({1: 2, 2: -2, 3: 2, 4: -2}) == {1: 1, 2: 3, 3: 1, 4: 3}


def test_one_deal_as_openskill_rates_it():
    ratings = rate([{11: 2, 12: -2, 13: 2, 14: -2}])
    rater = model()
    expected = rater.rate([[rater.rating()] for _ in range(4)], ranks=[1.0, 1.0, 3.0, 3.0])
    for player, (want,) in zip((11, 13, 12, 14), expected, strict=True):
        assert ratings[player].mu == pytest.approx(want.mu)
        assert ratings[player].sigma == pytest.approx(want.sigma)
        assert ratings[player].deals == 1
    assert ratings[11].mu == pytest.approx(ratings[13].mu)
    assert ratings[11].mu > MU > ratings[12].mu


def test_a_solo_won_lifts_the_soloist_above_the_three():
    ratings = rate([{1: -3, 2: 9, 3: -3, 4: -3}])
    assert ranked(ratings.values())[0].player == 2


def test_a_deal_nobody_won_or_of_one_player_ranks_nobody():
    assert rate([{1: 0, 2: 0, 3: 0, 4: 0}, {1: 10}, {}]) == {}


def test_later_deals_start_from_the_earlier_ratings():
    first = {1: 1, 2: -1, 3: 1, 4: -1}
    second = {1: 1, 5: -1, 6: 1, 7: -1}
    after_both = rate([first, second])
    assert after_both[1].deals == 2
    assert rate([second], start=rate([first])) == after_both


def test_ranked_orders_by_the_value_shown_then_by_id():
    equal = PlayerRating(2, 30.0, 2.0)
    assert ranked([PlayerRating(5), equal, PlayerRating(1, 30.0, 2.0)]) == [
        PlayerRating(1, 30.0, 2.0),
        equal,
        PlayerRating(5),
    ]


POINTS = st.integers(min_value=-12, max_value=12)
DEAL = st.dictionaries(st.integers(1, 10), POINTS, min_size=2, max_size=5)
DEALS = st.lists(DEAL, min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(DEALS, st.randoms(use_true_random=False))
def test_the_order_a_deal_is_listed_in_changes_nothing(deals, random):
    shuffled = []
    for deal in deals:
        items = list(deal.items())
        random.shuffle(items)
        shuffled.append(dict(items))
    assert rate(shuffled) == rate(deals)


@settings(max_examples=60, deadline=None)
@given(DEALS, DEAL)
def test_players_who_share_a_place_with_equal_ratings_stay_equal(deals, deal):
    fresh = {player + 100: points for player, points in deal.items()}  # nobody rated yet
    after = rate([fresh], start=rate(deals))
    assert set(fresh) <= set(after) or len(set(fresh.values())) == 1
    for one in after.keys() & fresh.keys():
        for other in after.keys() & fresh.keys():
            if fresh[one] == fresh[other]:
                assert after[one].mu == pytest.approx(after[other].mu)
                assert after[one].sigma == pytest.approx(after[other].sigma)


@settings(max_examples=60, deadline=None)
@given(DEALS, DEAL)
def test_the_sole_winner_rises_the_sole_last_falls(deals, deal):
    before = rate(deals)
    after = rate([deal], start=before)
    best, worst = max(deal.values()), min(deal.values())
    winners = [player for player, points in deal.items() if points == best]
    losers = [player for player, points in deal.items() if points == worst]
    prior = {player: before.get(player, PlayerRating(player)) for player in deal}
    if len(winners) == 1 and best != worst:
        assert after[winners[0]].mu > prior[winners[0]].mu
    if len(losers) == 1 and best != worst:
        assert after[losers[0]].mu < prior[losers[0]].mu


@settings(max_examples=60, deadline=None)
@given(DEALS)
def test_the_uncertainty_never_grows_and_shrinks_with_the_first_deal(deals):
    ratings: dict[int, PlayerRating] = {}
    for deal in deals:
        after = rate([deal], start=ratings)
        for player, rating in after.items():
            old = ratings.get(player, PlayerRating(player))
            assert rating.sigma <= old.sigma + 1e-12
            if old.deals == 0 and rating.deals > 0:
                assert rating.sigma < SIGMA
        ratings = after


@settings(max_examples=40, deadline=None)
@given(DEALS)
def test_a_replay_gives_the_same_ratings(deals):
    assert rate(deals) == rate(deals)
    assert rate(deals[1:], start=rate(deals[:1])) == rate(deals)
    counted = {player for deal in deals if len(set(deal.values())) >= 2 for player in deal}
    assert set(rate(deals)) == counted
