"""The Schafkopf deck: card points, tricks, and which trick counts fit which card points.

Shared by the scoring of declared games (``rules.schafkopf``) and of Ramsch (``rules.ramsch``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

TOTAL_POINTS = 120  # in both decks: the short deck leaves out only 8s and 7s, worth 0
TRICKS = 8
MAX_TRICK_POINTS = 44  # four aces
MAX_ZERO_TRICKS = 3  # 12 cards worth 0 (9, 8, 7 of four suits) fill at most 3 tricks


@dataclass(frozen=True, slots=True)
class Deck:
    """What a deck allows: tricks per deal, tricks that can hold 0 points, trump counts."""

    tricks: int
    zero_tricks: int
    trumps: int  # Rufer, Solo, Hochzeit: 4 Ober, 4 Unter and the suit's other cards
    colour_trumps: int  # Farbwenz, Farbgeier: 4 Unter (Ober) and the suit's other cards


DECKS: Mapping[str, Deck] = MappingProxyType(
    {
        "long": Deck(tricks=TRICKS, zero_tricks=MAX_ZERO_TRICKS, trumps=14, colour_trumps=11),
        # 24 cards (A, 10, K, O, U, 9): the four 9s fill one trick worth 0
        "short": Deck(tricks=6, zero_tricks=1, trumps=12, colour_trumps=9),
    }
)


def tricks_fit_points(deck: Deck, tricks: int, points: int) -> bool:
    """Whether some distribution of the cards gives one side (or player) these tricks and points
    (necessary conditions only: a trick holds 0 to 44 points, only so many tricks hold 0)."""
    if points > MAX_TRICK_POINTS * tricks:
        return False  # also: no tricks, no points
    if TOTAL_POINTS - points > MAX_TRICK_POINTS * (deck.tricks - tricks):
        return False  # also: all tricks, all points
    if points == 0 and tricks > deck.zero_tricks:
        return False
    return not (points == TOTAL_POINTS and tricks < deck.tricks - deck.zero_tricks)
