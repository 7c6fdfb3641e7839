"""Schafkopf's club games priced and counted as their sources say (RULES.md §2.2, §10.4,
§10.8–§10.10): Laufende in Farbwenz and Farbgeier, the prices that follow the tariff, rule sets
scored before keeping their meaning, and whose highest trump decides a Ramsch tie.

The expected values come from ``Source`` below, written from the sources' tariffs (not from the
engine): internet-schafkopf.de (Rufspiel 20, "Solo, Geier oder Wenz 50", Schneider, Schwarz and
each Laufender 10, Laufende "bei Wenz und Geier ab 2 ... bei allen anderen Spielen, d.h. auch bei
Farbwenz, erst ab 3"), the BSV's recommended tariff (Schwarz on top of Schneider; "der Durchmarsch
gilt als Schwarz gewonnenes Solo"; the Leaster winner gets the Ramsch's tariff) and the cards of
each deal, dealt at random.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.refusals import Refused
from rules.ramsch import HIGHEST_TRUMP
from rules.schafkopf import (
    DEFAULT_TARIFF,
    EARLIER_PRICES,
    FOLLOWING_PRICES,
    OWN_PRICES,
    SWITCHES,
    TARIFF_KEYS,
    SchafkopfDeal,
    SchafkopfRules,
    keep_earlier_meaning,
    parse_schafkopf_rules,
    score_schafkopf,
)

pytestmark = pytest.mark.unit

SUITS = ("acorns", "leaves", "hearts", "bells")  # Eichel, Gras, Herz, Schellen: highest first
CARD_POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
RANKS = {
    "long": ("A", "10", "K", "O", "U", "9", "8", "7"),
    "short": ("A", "10", "K", "O", "U", "9"),
}
TRICKS = {"long": 8, "short": 6}


def refusal_codes(rules: SchafkopfRules, deal: SchafkopfDeal) -> set[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        score_schafkopf(rules, deal)
    return {(problem.code, problem.field) for problem in refused.value.problems}


# --- the worked case --------------------------------------------------------------------------

# internet-schafkopf.de's tariff in Karlchen's units: Rufspiel 20, Solo (and Wenz) 50, Schneider,
# Schwarz and each Laufender 10, Schwarz paid on top of Schneider.
SOURCE_TARIFF = {"rufer": 20, "wenz": 50, "solo": 50, "schneider": 10, "schwarz": 10}
SOURCE_RULES = {
    "tariff": {**SOURCE_TARIFF, "laufende": 10},
    "schwarz_adds_schneider": True,
    "klopfen": True,
    **dict.fromkeys(("hochzeit", "geier", "farbgeier", "farbwenz"), True),
}


def worked_case(laufende: int) -> SchafkopfDeal:
    """A Farbwenz in leaves with the short deck, won Schwarz (all six tricks), knocked once; the
    declarer holds the two top Unter (acorns, leaves), so a run of 2."""
    return SchafkopfDeal(
        "farbwenz",
        declarer=1,
        suit="leaves",
        declarer_points=120,
        declarer_tricks=6,
        laufende=laufende,
        knocked=(2,),
    )


@pytest.mark.parametrize("farbwenz_price", [None, 50])
def test_the_worked_farbwenz_case_pays_420(farbwenz_price):
    options = {**SOURCE_RULES, "deck": "short"}
    if farbwenz_price is not None:  # the price named, or following the Solo's
        options["tariff"] = {**options["tariff"], "farbwenz": farbwenz_price}
    rules = parse_schafkopf_rules(options)
    # two Laufende do not count in a Farbwenz: the captain records 0 ((50 + 10 + 10) × 2 = 140)
    assert dict(score_schafkopf(rules, worked_case(0)).points) == {
        1: 420,
        2: -140,
        3: -140,
        4: -140,
    }
    assert refusal_codes(rules, worked_case(2)) == {("laufende_below_minimum", "deal.laufende")}
    # three would: 50 + 10 + 10 + 3 × 10 = 100, knocked: 200 from each
    assert score_schafkopf(rules, worked_case(3)).points[1] == 600


def test_two_laufende_still_count_in_a_plain_wenz_and_geier():
    rules = parse_schafkopf_rules(SOURCE_RULES)
    for contract in ("wenz", "geier"):
        deal = SchafkopfDeal(contract, declarer=3, declarer_points=70, laufende=2)
        assert score_schafkopf(rules, deal).points[3] == 3 * (50 + 2 * 10)


# --- Laufende minimums, every setting ----------------------------------------------------------

PLAIN_FOUR = ("wenz", "wenz_tout", "geier", "geier_tout")
COLOUR = ("farbwenz", "farbwenz_tout", "farbgeier", "farbgeier_tout")
OTHERS = ("rufer", "solo", "solo_tout", "hochzeit")
CLUB = dict.fromkeys(("hochzeit", "geier", "farbgeier", "farbwenz"), True)
DEAL_FIELDS = {
    "rufer": {"suit": "acorns", "partner": 2},
    "hochzeit": {"partner": 2},
    "solo": {"suit": "hearts"},
    "solo_tout": {"suit": "hearts"},
    "farbwenz": {"suit": "bells"},
    "farbwenz_tout": {"suit": "bells"},
    "farbgeier": {"suit": "acorns"},
    "farbgeier_tout": {"suit": "acorns"},
}


def deal_with_laufende(contract: str, laufende: int) -> SchafkopfDeal:
    fields = DEAL_FIELDS.get(contract, {})
    return SchafkopfDeal(
        contract, declarer=1, declarer_points=120, declarer_tricks=8, laufende=laufende, **fields
    )


def source_minimum(contract: str, rufer_solo: int, wenz_geier: int, colour: int | None) -> int:
    """Internet-schafkopf.de: Wenz and Geier have their own minimum, every other game (Farbwenz
    too) the Rufer's and Solo's; a club may give the colour games one of their own."""
    if contract in PLAIN_FOUR:
        return wenz_geier
    if contract in COLOUR and colour is not None:
        return colour
    return rufer_solo


def test_the_laufende_minimum_of_every_game_under_every_setting():
    for rufer_solo, wenz_geier, colour in itertools.product(
        range(1, 9), range(1, 9), (None, *range(1, 9))
    ):
        options = {"laufende_min": rufer_solo, "laufende_min_wenz": wenz_geier, **CLUB}
        if colour is not None:
            options["laufende_min_colour"] = colour
        rules = parse_schafkopf_rules(options)
        for contract in (*PLAIN_FOUR, *COLOUR, *OTHERS):
            minimum = source_minimum(contract, rufer_solo, wenz_geier, colour)
            most = 4 if contract in PLAIN_FOUR else 11
            if minimum <= most:
                score_schafkopf(rules, deal_with_laufende(contract, minimum))  # counted
            if 1 < minimum <= most + 1:
                below = deal_with_laufende(contract, minimum - 1)
                assert refusal_codes(rules, below) == {("laufende_below_minimum", "deal.laufende")}


@pytest.mark.parametrize("value", [0, 9, True, "3", 2.0, [3]])
def test_the_colour_games_minimum_is_a_number_from_1_to_8(value):
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"laufende_min_colour": value})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("invalid_option", "rules.laufende_min_colour", {"option": "laufende_min_colour"})
    ]


def test_the_colour_games_minimum_follows_the_rufers_until_named():
    assert SchafkopfRules().colour_laufende_min == 3
    assert parse_schafkopf_rules({"laufende_min": 4}).colour_laufende_min == 4
    named = parse_schafkopf_rules({"laufende_min": 4, "laufende_min_colour": 2})
    assert (named.laufende_min_colour, named.colour_laufende_min) == (2, 2)
    # the Wenz's minimum is no longer the colour games'
    assert parse_schafkopf_rules({"laufende_min_wenz": 1}).colour_laufende_min == 3


# --- the prices that follow the tariff ---------------------------------------------------------


def source_prices(own: dict[str, int], schwarz_adds_schneider: bool) -> dict[str, int]:
    """Each club game's price as its source (or Karlchen's documented decision) gives it."""
    schneider = own["schneider"] if schwarz_adds_schneider else 0
    return {
        "hochzeit": own["rufer"],  # a partner game paid like the Rufer (Karlchen decision)
        "geier": own["solo"],  # internet-schafkopf.de: "Solo, Geier oder Wenz 50"
        "farbgeier": own["solo"],  # a solo game, priced like every solo game
        "farbwenz": own["solo"],
        "bettel_ouvert": 2 * own["bettel"],  # twice a Bettel (Karlchen decision)
        "durchmarsch": own["solo"] + schneider + own["schwarz"],  # BSV: a Solo won Schwarz
        "leaster": own["ramsch"],  # BSV: the Leaster winner gets the Ramsch's tariff
    }


prices = st.integers(1, 1000)


@given(
    own=st.fixed_dictionaries({}, optional=dict.fromkeys(OWN_PRICES, prices)),
    named=st.fixed_dictionaries({}, optional=dict.fromkeys(FOLLOWING_PRICES, prices)),
    schwarz_adds_schneider=st.booleans(),
)
def test_prices_follow_the_tariff_unless_named(own, named, schwarz_adds_schneider):
    options = {"tariff": {**own, **named}, "schwarz_adds_schneider": schwarz_adds_schneider}
    rules = parse_schafkopf_rules(options)
    every_own = {
        "rufer": 1,
        "wenz": 5,
        "solo": 5,
        "tout": 10,
        "sie": 20,
        "schneider": 1,
        "schwarz": 2,
        "laufende": 1,
        "bettel": 3,
        "ramsch": 2,
        **own,
    }
    expected = {**every_own, **source_prices(every_own, schwarz_adds_schneider), **named}
    assert dict(rules.prices) == expected
    assert dict(rules.tariff) == {**own, **named}  # what the rule set names, and only that


def test_the_default_prices_are_unchanged():
    assert dict(DEFAULT_TARIFF) == {**dict(OWN_PRICES), **dict(EARLIER_PRICES)}
    assert set(TARIFF_KEYS) == {*OWN_PRICES, *FOLLOWING_PRICES}


def test_a_changed_rule_set_reprices_what_follows():
    rules = SchafkopfRules(tariff={"solo": 50, "schwarz": 10, "schneider": 10, "bettel": 30})
    assert (rules.prices["geier"], rules.prices["durchmarsch"]) == (50, 60)
    adds = dataclasses.replace(rules, schwarz_adds_schneider=True)
    assert (adds.prices["durchmarsch"], adds.prices["bettel_ouvert"]) == (70, 60)
    assert dataclasses.replace(adds, tariff={}).prices == DEFAULT_TARIFF | {"durchmarsch": 8}


def test_rule_sets_compare_by_what_they_pay():
    assert parse_schafkopf_rules({"tariff": {"geier": 5, "rufer": 1}}) == SchafkopfRules()
    assert SchafkopfRules(tariff={"solo": 6}) != SchafkopfRules(tariff={"geier": 6})


# --- every declared club game, dealt from the cards, against the source --------------------------


def deck(cards: str) -> list[tuple[str, str]]:
    return [(rank, suit) for suit in SUITS for rank in RANKS[cards]]


def trumps(contract: str, suit: str | None, cards: str) -> list[tuple[str, str]]:
    """The trumps from the highest down."""
    obers = [("O", s) for s in SUITS]
    unters = [("U", s) for s in SUITS]
    if contract == "wenz":
        return unters
    if contract == "geier":
        return obers
    assert suit is not None
    rest = [(rank, suit) for rank in RANKS[cards]]
    if contract == "farbwenz":
        return unters + [card for card in rest if card[0] != "U"]
    if contract == "farbgeier":
        return obers + [card for card in rest if card[0] != "O"]
    return obers + unters + [card for card in rest if card[0] not in "OU"]  # Rufer, Solo


def run_of_top_trumps(order: list[tuple[str, str]], hands: dict[int, set], side: set[int]) -> int:
    """How many trumps from the top one side holds without a gap (the side of the top trump)."""
    holds = [any(card in hands[seat] for seat in side) for card in order]
    first = holds[0]
    return next((index for index, held in enumerate(holds) if held != first), len(holds))


@dataclass(frozen=True)
class Source:
    """A deal scored by hand from the sources, in a tariff of extra E (Schneider, Schwarz, each
    Laufender), Rufer R and Solo S (e.g. 10 / 20 / 50)."""

    extra: int
    rufer: int
    solo: int

    def value(self, contract: str, points: int, tricks: int, run: int, all_tricks: int) -> int:
        won = points >= 61  # the declarer's side needs more than 60 card points
        minimum = 2 if contract in ("wenz", "geier") else 3  # "bei allen anderen Spielen ab 3"
        price = self.rufer if contract in ("rufer", "hochzeit") else self.solo
        schwarz = tricks == (all_tricks if won else 0)  # the winners took every trick
        schneider = schwarz or (points >= 91 if won else points <= 30)
        laufende = run if run >= minimum else 0
        return price + self.extra * (schneider + schwarz + laufende)

    def points(self, contract: str, value: int, won: bool, side: set[int]) -> dict[int, int]:
        per_defender = -value if won else value
        if contract in ("rufer", "hochzeit"):
            return {seat: -per_defender if seat in side else per_defender for seat in (1, 2, 3, 4)}
        return {seat: -3 * per_defender if seat in side else per_defender for seat in (1, 2, 3, 4)}


GAMES = ("rufer", "hochzeit", "solo", "wenz", "geier", "farbwenz", "farbgeier")


@given(
    tariff=st.builds(Source, st.integers(1, 50), st.integers(1, 50), st.integers(1, 100)),
    contract=st.sampled_from(GAMES),
    cards=st.sampled_from(["long", "short"]),
    suit=st.sampled_from(SUITS),
    seed=st.integers(0, 2**32 - 1),
    knocks=st.integers(0, 3),
)
def test_every_club_game_is_paid_as_its_source_says(tariff, contract, cards, suit, seed, knocks):
    lot = random.Random(seed)
    shuffled = deck(cards)
    lot.shuffle(shuffled)
    size = TRICKS[cards]
    hands = {seat: set(shuffled[(seat - 1) * size : seat * size]) for seat in (1, 2, 3, 4)}
    side = {1, 2} if contract in ("rufer", "hochzeit") else {1}
    if contract == "rufer":
        suit = lot.choice(["acorns", "leaves", "bells"])
    elif contract in ("hochzeit", "wenz", "geier"):
        suit = None
    trump_suit = "hearts" if contract in ("rufer", "hochzeit") else suit
    run = run_of_top_trumps(trumps(contract, trump_suit, cards), hands, side)
    # the tricks: four cards each, won by either side (so the card points fit the tricks)
    trick_points = [
        sum(CARD_POINTS[rank] for rank, _ in shuffled[i : i + 4]) for i in range(0, 4 * size, 4)
    ]
    taken = [lot.random() < 0.5 for _ in trick_points]
    points = sum(p for p, ours in zip(trick_points, taken, strict=True) if ours)
    tricks = sum(taken)

    rules = parse_schafkopf_rules(
        {
            "tariff": {
                "rufer": tariff.rufer,
                "solo": tariff.solo,
                "wenz": tariff.solo,  # the source prices a Wenz like a Solo
                **dict.fromkeys(("schneider", "schwarz", "laufende"), tariff.extra),
            },
            "schwarz_adds_schneider": True,
            "klopfen": True,
            "deck": cards,
            **CLUB,
        }
    )
    fields = {"partner": 2} if contract in ("rufer", "hochzeit") else {}
    deal = SchafkopfDeal(
        contract,
        declarer=1,
        suit=suit,
        declarer_points=points,
        declarer_tricks=tricks,
        laufende=run,  # what the captain counted at the table
        knocked=tuple(range(1, knocks + 1)),
        **fields,
    )
    minimum = 2 if contract in ("wenz", "geier") else 3
    if 0 < run < minimum:
        # below the minimum the run is recorded as 0 (RULES.md §10.4)
        assert refusal_codes(rules, deal) == {("laufende_below_minimum", "deal.laufende")}
        deal = dataclasses.replace(deal, laufende=0)
    value = tariff.value(contract, points, tricks, run, size) * 2**knocks
    expected = tariff.points(contract, value, points >= 61, side)
    assert dict(score_schafkopf(rules, deal).points) == expected


@given(tariff=st.builds(Source, st.integers(1, 50), st.integers(1, 50), st.integers(1, 100)))
def test_a_durchmarsch_is_paid_as_a_solo_won_schwarz(tariff):
    rules = parse_schafkopf_rules(
        {
            "tariff": {"solo": tariff.solo, "schneider": tariff.extra, "schwarz": tariff.extra},
            "schwarz_adds_schneider": True,
            "ramsch": True,
            "ramsch_durchmarsch": True,
        }
    )
    march = SchafkopfDeal(
        "ramsch", ramsch_points={1: 0, 2: 120, 3: 0, 4: 0}, ramsch_tricks={1: 0, 2: 8, 3: 0, 4: 0}
    )
    solo_won_schwarz = tariff.value("solo", 120, 8, 0, 8)
    assert dict(score_schafkopf(rules, march).points) == {
        1: -solo_won_schwarz,
        2: 3 * solo_won_schwarz,
        3: -solo_won_schwarz,
        4: -solo_won_schwarz,
    }


# --- rule sets whose deals were scored before -----------------------------------------------------

rule_options = st.fixed_dictionaries(
    {},
    optional={
        "tariff": st.fixed_dictionaries({}, optional=dict.fromkeys(TARIFF_KEYS, prices)),
        "laufende_min": st.integers(1, 8),
        "laufende_min_wenz": st.integers(1, 8),
        "preset": st.sampled_from(["standard", "club_evening"]),
        **{name: st.booleans() for name in SWITCHES},
    },
)


def earlier_rules(options: dict) -> SchafkopfRules:
    """How the rule set paid before: every club price not named fixed at its earlier units, and
    Farbwenz and Farbgeier counting Laufende from the Wenz's minimum."""
    rules = parse_schafkopf_rules(options)
    fixed = {**EARLIER_PRICES, **rules.tariff}
    return dataclasses.replace(rules, tariff=fixed, laufende_min_colour=rules.laufende_min_wenz)


PAID_WITH = {
    "hochzeit": ("hochzeit",),
    "geier": ("geier",),
    "farbgeier": ("farbgeier",),
    "farbwenz": ("farbwenz",),
    "bettel_ouvert": ("bettel",),
    "durchmarsch": ("ramsch", "ramsch_durchmarsch"),
    "leaster": ("leaster",),
}


@given(rule_options)
def test_a_rule_set_scored_before_keeps_its_meaning(options):
    kept = keep_earlier_meaning(options)
    now, before = parse_schafkopf_rules(kept), earlier_rules(options)
    for key, needs in PAID_WITH.items():
        if all(getattr(now, option) for option in needs):
            assert now.prices[key] == before.prices[key], key
    assert {key: now.prices[key] for key in OWN_PRICES} == {
        key: before.prices[key] for key in OWN_PRICES
    }
    if now.farbwenz or now.farbgeier:
        assert now.colour_laufende_min == before.colour_laufende_min
    # only what would pay differently is written out, and doing it twice changes nothing more
    assert keep_earlier_meaning(kept) == kept
    named, plain = options.get("tariff", {}), parse_schafkopf_rules(options)
    added = {key: price for key, price in kept.get("tariff", {}).items() if key not in named}
    assert all(plain.prices[key] != EARLIER_PRICES[key] == price for key, price in added.items())
    if "laufende_min_colour" in kept:
        assert plain.colour_laufende_min != kept["laufende_min_colour"] == plain.laufende_min_wenz
    rest = {
        key: value for key, value in kept.items() if key not in ("tariff", "laufende_min_colour")
    }
    assert rest == {key: value for key, value in options.items() if key != "tariff"}


def test_what_keeping_the_earlier_meaning_writes():
    options = {"tariff": {"rufer": 20, "solo": 50}, "preset": "club_evening", "farbwenz": True}
    assert keep_earlier_meaning(options) == {
        "tariff": {"rufer": 20, "solo": 50, "geier": 5, "farbwenz": 5, "durchmarsch": 7},
        "preset": "club_evening",
        "farbwenz": True,
        "laufende_min_colour": 2,
    }
    # a named price is kept as named; a game not played is left alone; the standard is untouched
    assert keep_earlier_meaning({"tariff": {"solo": 50, "geier": 40}, "geier": True}) == {
        "tariff": {"solo": 50, "geier": 40},
        "geier": True,
    }
    assert keep_earlier_meaning({"tariff": {"solo": 50}}) == {"tariff": {"solo": 50}}
    assert keep_earlier_meaning({}) == {}
    with pytest.raises(Refused):
        keep_earlier_meaning({"tariff": {"solo": 0}})


# --- whose highest trump decides a Ramsch tie (RULES.md §10.9) ----------------------------------

RAMSCH_TRUMPS = trumps("rufer", "hearts", "long")  # a Ramsch has the trumps of a Rufer


def strength(card: tuple[str, str], led: tuple[str, str]) -> tuple[int, int]:
    """How high a card is in a Ramsch trick: any trump above the suit led, nothing else counts."""
    if card in RAMSCH_TRUMPS:
        return (2, -RAMSCH_TRUMPS.index(card))
    if card[1] == led[1] and led not in RAMSCH_TRUMPS:
        return (1, -RANKS["long"].index(card[0]))
    return (0, 0)


@dataclass(frozen=True)
class Played:
    """A Ramsch played out: each player's card points and tricks, and for each player the
    highest trump they took (in their tricks) and played (from their hand), by rank (0 is the
    Eichel-Ober; None: no trump)."""

    points: dict[int, int]
    tricks: dict[int, int]
    took: dict[int, int | None]
    played: dict[int, int | None]


def play_ramsch(seed: int) -> Played:
    """Deal 32 cards and play eight tricks: each player plays their cards in the order dealt,
    the winner of a trick leads the next (the play need not be good, only possible)."""
    lot = random.Random(seed)
    cards = deck("long")
    lot.shuffle(cards)
    hands = {seat: cards[(seat - 1) * 8 : seat * 8] for seat in (1, 2, 3, 4)}
    points, tricks = dict.fromkeys((1, 2, 3, 4), 0), dict.fromkeys((1, 2, 3, 4), 0)
    took: dict[int, int | None] = dict.fromkeys((1, 2, 3, 4))
    leader = 1
    for index in range(8):
        order = [(leader + step - 1) % 4 + 1 for step in range(4)]
        trick = {seat: hands[seat][index] for seat in order}
        winner = max(order, key=lambda seat: strength(trick[seat], trick[order[0]]))
        points[winner] += sum(CARD_POINTS[rank] for rank, _ in trick.values())
        tricks[winner] += 1
        ranks = [RAMSCH_TRUMPS.index(card) for card in trick.values() if card in RAMSCH_TRUMPS]
        if ranks:
            took[winner] = min(ranks + ([took[winner]] if took[winner] is not None else []))
        leader = winner
    played = {
        seat: min((RAMSCH_TRUMPS.index(c) for c in hand if c in RAMSCH_TRUMPS), default=None)
        for seat, hand in hands.items()
    }
    return Played(points, tricks, took, played)


def loser_by(highest: dict[int, int | None], level: list[int]) -> int | None:
    """Of the level players, the one with the highest trump (None: none of them has one)."""
    ranked = [(highest[seat], seat) for seat in level if highest[seat] is not None]
    return min(ranked)[1] if ranked else None


def level_players(game: Played) -> list[int]:
    most = max(game.points.values())
    return [seat for seat in (1, 2, 3, 4) if game.points[seat] == most]


def tied_games(count: int) -> list[Played]:
    """The first ``count`` Ramsch deals (by seed) in which players are level on the most points,
    where the highest trump taken and the one played each name a loser."""
    found = []
    for seed in itertools.count():
        game = play_ramsch(seed)
        level = level_players(game)
        if len(level) > 1 and None not in (
            loser_by(game.took, level),
            loser_by(game.played, level),
        ):
            found.append(game)
            if len(found) == count:
                return found
    raise AssertionError("unreachable")  # pragma: no cover - itertools.count() never ends


TIED = tied_games(40)


@pytest.mark.parametrize("highest", HIGHEST_TRUMP)
def test_the_highest_trump_taken_or_played_decides_as_the_rule_says(highest):
    rules = SchafkopfRules(ramsch=True, ramsch_tie="trump", ramsch_highest_trump=highest)
    differ = 0
    for game in TIED:
        level = level_players(game)
        loser = loser_by(game.took if highest == "taken" else game.played, level)
        other = loser_by(game.played if highest == "taken" else game.took, level)
        differ += loser != other
        deal = SchafkopfDeal(
            "ramsch", ramsch_points=game.points, ramsch_tricks=game.tricks, ramsch_top_trump=loser
        )
        value = DEFAULT_TARIFF["ramsch"]
        assert dict(score_schafkopf(rules, deal).points) == {
            seat: -3 * value if seat == loser else value for seat in (1, 2, 3, 4)
        }
    assert differ  # the two rules do name different losers in some of these deals


@pytest.mark.parametrize(
    ("highest", "code"),
    [("taken", "ramsch_top_trump_required"), ("played", "ramsch_top_trump_played_required")],
)
def test_the_captain_is_asked_for_the_trump_the_rule_counts(highest, code):
    rules = SchafkopfRules(ramsch=True, ramsch_tie="trump", ramsch_highest_trump=highest)
    level = SchafkopfDeal("ramsch", ramsch_points={1: 40, 2: 40, 3: 20, 4: 20})
    with pytest.raises(Refused) as refused:
        score_schafkopf(rules, level)
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        (code, "deal.ramsch_top_trump", {"players": "1, 2"})
    ]


def test_whose_highest_trump_is_an_option():
    assert SchafkopfRules().ramsch_highest_trump == "taken"
    for word in HIGHEST_TRUMP:
        assert parse_schafkopf_rules({"ramsch_highest_trump": word}).ramsch_highest_trump == word
    for wrong in ("held", True, None, 1):
        with pytest.raises(Refused) as refused:
            parse_schafkopf_rules({"ramsch_highest_trump": wrong})
        assert [(p.code, p.field) for p in refused.value.problems] == [
            ("invalid_option", "rules.ramsch_highest_trump")
        ]
