"""Karlchen's rules engines: pure Python, no Django.

``parse_rules(game, options)`` turns a rule-set mapping into the engine's frozen rules object
(refusing unknown or invalid options), and ``score_deal(rules, deal)`` scores one deal or raises
``Refused`` with every problem found. Neither translates nor stores anything.
"""

from collections.abc import Mapping

from .common import DealScore, Line
from .doppelkopf import (
    DoppelkopfDeal,
    DoppelkopfRules,
    parse_doppelkopf_rules,
    score_doppelkopf,
)
from .doppelkopf import bock_triggers as doppelkopf_bock_triggers
from .schafkopf import SchafkopfDeal, SchafkopfRules, parse_schafkopf_rules, score_schafkopf

GAMES = ("doppelkopf", "schafkopf")

__all__ = (
    "GAMES",
    "DealScore",
    "Line",
    "bock_triggers",
    "parse_rules",
    "score_deal",
)


def parse_rules(game: str, options: Mapping[str, object]) -> DoppelkopfRules | SchafkopfRules:
    """The rule set of ``game`` built from ``options`` (an empty mapping: the default preset)."""
    if game == "schafkopf":
        return parse_schafkopf_rules(options)
    return parse_doppelkopf_rules(options)


def score_deal(
    rules: DoppelkopfRules | SchafkopfRules,
    deal: DoppelkopfDeal | SchafkopfDeal,
    *,
    bock_factor: int = 1,
    bock_points: int = 0,
) -> DealScore:
    """Score ``deal`` under ``rules``: the game follows from the type of the rules.

    ``bock_factor``, ``bock_points``: the Doppelkopf deal's Bock factor, or the points Bock adds
    to it, from the series (Schafkopf has none).
    """
    if isinstance(rules, SchafkopfRules):
        assert isinstance(deal, SchafkopfDeal), "a Schafkopf rule set scores Schafkopf deals"
        return score_schafkopf(rules, deal)
    assert isinstance(deal, DoppelkopfDeal), "a Doppelkopf rule set scores Doppelkopf deals"
    return score_doppelkopf(rules, deal, bock_factor=bock_factor, bock_points=bock_points)


def bock_triggers(
    rules: DoppelkopfRules | SchafkopfRules, deal: DoppelkopfDeal | SchafkopfDeal
) -> frozenset[str]:
    """The Bock triggers a valid deal fires under ``rules`` (Schafkopf: none)."""
    if isinstance(rules, DoppelkopfRules) and isinstance(deal, DoppelkopfDeal):
        return doppelkopf_bock_triggers(rules, deal)
    return frozenset()
