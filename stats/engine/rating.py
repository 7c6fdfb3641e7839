"""The rating across every tournament: Weng and Lin's Bayesian rating (the Plackett-Luce model)
over every deal, each ranking the players who played it by their points (docs/STATISTICS.md,
"The rating").

The input is the deals in the order they were played, each as player → points (the winners
share the first place, the losers the second); the output each player's rating: a belief about
their strength, ``mu``, with its uncertainty ``sigma`` (a standard deviation), and the value
shown, ``mu - 3 sigma`` (the ``ordinal``: a player is at least that strong with about 99.9 %
certainty, so a newcomer starts at 0 and climbs as the deals make the belief surer). The
computation is openskill's (Weng & Lin 2011, JMLR 12; openskill.me). Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

# openskill's defaults for the prior (mu 25, sigma 25/3) and the drift (tau mu/300). beta, how
# much one game's outcome varies around the strengths, is openskill's sigma/2 for games that
# skill decides; one deal of Doppelkopf is mostly the cards dealt, so beta is five sigmas
# (bench/rating.py measures the choice). The uncertainty never grows through a deal
# (limit_sigma): tau still keeps a belief movable.
MU = 25.0
SIGMA = MU / 3
BETA = 5 * SIGMA
TAU = MU / 300
SHOWN_SIGMAS = 3

Deal = Mapping[int, int]  # player id → the player's points in the deal


@dataclass(frozen=True)
class PlayerRating:
    """One player's rating after the deals they played."""

    player: int
    mu: float = MU
    sigma: float = SIGMA
    deals: int = 0  # how many deals the rating counted for the player

    @property
    def ordinal(self) -> float:
        """The value shown: ``mu - 3 sigma``."""
        return self.mu - SHOWN_SIGMAS * self.sigma


def model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, limit_sigma=True)


def places(deal: Deal) -> dict[int, int]:
    """Each player's place in the deal by points: 1 for the most; players with equal points
    share the place (the two winners of a normal deal 1, 1; its losers 3, 3)."""
    return {
        player: 1 + sum(other > points for other in deal.values())
        for player, points in deal.items()
    }


def ranks_anybody(deal: Deal) -> bool:
    """Whether the deal says anything about strengths: two players or more, not all level."""
    return len(set(deal.values())) >= 2


def rate(
    deals: Iterable[Deal], start: Mapping[int, PlayerRating] | None = None
) -> dict[int, PlayerRating]:
    """Every player's rating after ``deals``, in their order, from ``start`` (by default nobody
    rated yet). A deal all players drew (or of one player) ranks nobody and is left out."""
    ratings = dict(start or {})
    rater = model()
    for deal in deals:
        if ranks_anybody(deal):
            ratings.update(_rate_deal(rater, deal, ratings))
    return ratings


def _rate_deal(
    rater: PlackettLuce, deal: Deal, ratings: Mapping[int, PlayerRating]
) -> dict[int, PlayerRating]:
    placed = places(deal)
    # One order for every input order: the places, then the player ids. So players who share
    # a place are rated alike however the deal was listed.
    seated = sorted(placed, key=lambda player: (placed[player], player))
    before = [ratings.get(player, PlayerRating(player)) for player in seated]
    teams = [[rater.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = rater.rate(teams, ranks=[float(placed[player]) for player in seated])
    return {
        old.player: PlayerRating(old.player, new.mu, new.sigma, old.deals + 1)
        for old, (new,) in zip(before, after, strict=True)
    }


def ranked(ratings: Iterable[PlayerRating]) -> list[PlayerRating]:
    """The ratings best first by the value shown; equals by player id."""
    return sorted(ratings, key=lambda rating: (-rating.ordinal, rating.player))
