"""Schafkopf's club options (RULES.md §10.7–§10.12): Stoß and Klopfen, Ramsch, Bettel, Geier,
Farbgeier, Farbwenz, Hochzeit, the short deck and Schwarz paid with Schneider."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from karlchen.refusals import Refused
from rules.common import Line
from rules.schafkopf import (
    CHOICES,
    PRESET_OPTIONS,
    PRESETS,
    SWITCHES,
    TARIFF_KEYS,
    SchafkopfDeal,
    SchafkopfRules,
    deal_from_dict,
    doublings,
    parse_schafkopf_rules,
    score_schafkopf,
)

pytestmark = pytest.mark.unit

STANDARD = SchafkopfRules()
# round numbers for the club games, so that each test shows its rule (the defaults: below)
TARIFF = {"bettel": 5, "bettel_ouvert": 10, "ramsch": 1, "durchmarsch": 5, "leaster": 2}
EVERYTHING = SchafkopfRules(tariff=TARIFF, **dict.fromkeys(SWITCHES, True))
SHORT = dataclasses.replace(EVERYTHING, deck="short")
CLUB_CONTRACTS = ("hochzeit", "geier", "farbgeier", "farbwenz", "bettel", "bettel_ouvert", "ramsch")
DEAL_DEFAULTS = {
    "rufer": {"suit": "acorns", "partner": 3, "declarer_points": 70},
    "hochzeit": {"partner": 3, "declarer_points": 70},
    "geier": {"declarer_points": 70},
    "farbgeier": {"suit": "hearts", "declarer_points": 70},
    "farbwenz": {"suit": "bells", "declarer_points": 70},
    "bettel": {"declarer_tricks": 0},
    "bettel_ouvert": {"declarer_tricks": 0},
    "solo": {"suit": "leaves", "declarer_points": 70},
    "solo_tout": {"suit": "leaves", "declarer_points": 120, "declarer_tricks": 8},
    "sie": {"declarer_points": 120, "laufende": 8},
}


def make_deal(contract: str = "rufer", **fields: object) -> SchafkopfDeal:
    """A valid deal of ``contract`` (declarer 1), with ``fields`` changed."""
    values = {"contract": contract, "declarer": 1, **DEAL_DEFAULTS.get(contract, {}), **fields}
    return SchafkopfDeal(**values)


def ramsch(points: dict[int, int], tricks: dict[int, int] | None = None, **fields) -> SchafkopfDeal:
    return SchafkopfDeal("ramsch", ramsch_points=points, ramsch_tricks=tricks, **fields)


def refusals(deal: SchafkopfDeal, rules: SchafkopfRules = EVERYTHING) -> set[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        score_schafkopf(rules, deal)
    return {(problem.code, problem.field) for problem in refused.value.problems}


def points_of(deal: SchafkopfDeal, rules: SchafkopfRules = EVERYTHING) -> dict[int, int]:
    return dict(score_schafkopf(rules, deal).points)


def lines_of(deal: SchafkopfDeal, rules: SchafkopfRules = EVERYTHING) -> list[tuple]:
    return [(line.code, line.party, line.points) for line in score_schafkopf(rules, deal).lines]


# --- options and presets ----------------------------------------------------------------------


def test_every_club_option_is_off_by_default():
    assert all(getattr(STANDARD, name) is False for name in SWITCHES)
    assert (STANDARD.deck, STANDARD.ramsch_tie) == ("long", "tricks")


def test_the_bavarian_tournament_preset_is_the_standard():
    assert PRESETS == ("standard", "bavarian_tournament", "club_evening")
    assert parse_schafkopf_rules({"preset": "bavarian_tournament"}) == STANDARD


def test_the_club_evening_preset():
    rules = parse_schafkopf_rules({"preset": "club_evening"})
    on = {name for name in SWITCHES if getattr(rules, name)}
    assert on == {
        "stoss",
        "klopfen",
        "ramsch",
        "ramsch_jungfrau",
        "ramsch_durchmarsch",
        "bettel",
        "geier",
    }
    assert on == set(PRESET_OPTIONS["club_evening"])


def test_options_override_the_preset():
    rules = parse_schafkopf_rules({"preset": "club_evening", "stoss": False, "deck": "short"})
    assert (rules.stoss, rules.klopfen, rules.deck) == (False, True, "short")


@pytest.mark.parametrize("name", SWITCHES)
@pytest.mark.parametrize("value", [True, False])
def test_switches(name, value):
    assert getattr(parse_schafkopf_rules({name: value}), name) is value


@pytest.mark.parametrize("value", [1, 0, "true", None, []])
def test_a_switch_is_true_or_false(value):
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"ramsch": value})
    assert [(p.code, p.field) for p in refused.value.problems] == [
        ("invalid_option", "rules.ramsch")
    ]


@pytest.mark.parametrize(("name", "words"), list(CHOICES.items()))
def test_choices(name, words):
    for word in words:
        assert getattr(parse_schafkopf_rules({name: word}), name) == word
    for wrong in ("medium", 3, None, True):
        with pytest.raises(Refused) as refused:
            parse_schafkopf_rules({name: wrong})
        assert refused.value.problem.field == f"rules.{name}"


def test_the_new_tariff_keys_are_options():
    tariff = dict.fromkeys(TARIFF_KEYS, 7)
    assert dict(parse_schafkopf_rules({"tariff": tariff}).tariff) == tariff


# --- which games a rule set allows ----------------------------------------------------------


@pytest.mark.parametrize("contract", CLUB_CONTRACTS)
def test_club_games_are_refused_in_bavarian_tournaments(contract):
    deal = make_deal(contract)
    if contract == "ramsch":
        deal = ramsch({1: 30, 2: 40, 3: 20, 4: 30})
    assert ("contract_not_allowed", "deal.contract") in refusals(deal, STANDARD)


def test_there_is_no_sie_in_the_short_deck():
    deal = make_deal("sie", declarer_tricks=6)
    assert refusals(deal, SHORT) == {("contract_not_allowed", "deal.contract")}


def test_a_declared_game_needs_its_declarer_and_points():
    deal = SchafkopfDeal("rufer", suit="acorns", partner=3)
    assert refusals(deal) == {
        ("declarer_required", "deal.declarer"),
        ("points_required", "deal.declarer_points"),
    }


def test_ramsch_fields_are_not_for_a_declared_game():
    deal = make_deal("solo", ramsch_points={1: 120}, ramsch_tricks={1: 8})
    assert refusals(deal) == {
        ("not_for_contract", "deal.ramsch_points"),
        ("not_for_contract", "deal.ramsch_tricks"),
    }


# --- Hochzeit, Geier, Farbgeier, Farbwenz -----------------------------------------------------


def test_the_default_tariff_of_the_club_games():
    rules = SchafkopfRules(bettel=True, ramsch=True, ramsch_durchmarsch=True)
    assert points_of(make_deal("bettel"), rules) == {1: 9, 2: -3, 3: -3, 4: -3}
    assert points_of(make_deal("bettel_ouvert"), rules) == {1: 18, 2: -6, 3: -6, 4: -6}
    durchmarsch = ramsch({1: 120, 2: 0, 3: 0, 4: 0}, {1: 8, 2: 0, 3: 0, 4: 0})
    assert points_of(durchmarsch, rules) == {1: 21, 2: -7, 3: -7, 4: -7}


def test_hochzeit_is_paid_like_a_rufer():
    score = score_schafkopf(EVERYTHING, make_deal("hochzeit", declarer_points=95, laufende=3))
    assert (score.winner, score.value) == ("declarer", 5)
    assert dict(score.points) == {1: 5, 2: -5, 3: 5, 4: -5}
    assert not score.scored_as_solo


def test_hochzeit_needs_a_partner_and_no_suit():
    deal = make_deal("hochzeit", partner=None, suit="acorns")
    assert refusals(deal) == {
        ("partner_required", "deal.partner"),
        ("suit_not_allowed", "deal.suit"),
    }


def test_geier_is_paid_like_a_solo():
    score = score_schafkopf(EVERYTHING, make_deal("geier", declarer_points=50, laufende=2))
    assert score.winner == "defenders"
    assert score.lines == (Line("base_geier", "defenders", 5), Line("laufende", "defenders", 2))
    assert dict(score.points) == {1: -21, 2: 7, 3: 7, 4: 7}


@pytest.mark.parametrize(
    ("contract", "laufende", "problem"),
    [
        ("geier", 1, ("laufende_below_minimum", "deal.laufende")),
        ("geier", 5, ("laufende_range", "deal.laufende")),
        ("farbgeier", 12, ("laufende_range", "deal.laufende")),
        ("farbwenz", 1, ("laufende_below_minimum", "deal.laufende")),
    ],
)
def test_laufende_in_geier_and_the_colour_games(contract, laufende, problem):
    assert refusals(make_deal(contract, laufende=laufende)) == {problem}


@pytest.mark.parametrize("contract", ["farbgeier", "farbwenz"])
def test_the_colour_games(contract):
    assert points_of(make_deal(contract, laufende=11)) == {1: 48, 2: -16, 3: -16, 4: -16}
    assert refusals(make_deal(contract, suit=None)) == {("suit_required", "deal.suit")}
    assert refusals(make_deal(contract, laufende=10), SHORT) == {
        ("laufende_range", "deal.laufende")
    }


def test_geier_has_no_suit_and_no_partner():
    assert refusals(make_deal("geier", suit="hearts", partner=2)) == {
        ("suit_not_allowed", "deal.suit"),
        ("partner_not_allowed", "deal.partner"),
    }


# --- Bettel --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("contract", "value"), [("bettel", 5), ("bettel_ouvert", 10)])
def test_a_bettel_is_won_without_a_trick(contract, value):
    score = score_schafkopf(EVERYTHING, make_deal(contract, declarer_points=0))
    assert (score.winner, score.value) == ("declarer", value)
    assert score.lines == (Line(f"base_{contract}", "declarer", value),)
    assert dict(score.points) == {1: 3 * value, 2: -value, 3: -value, 4: -value}


@pytest.mark.parametrize(("points", "tricks"), [(None, 1), (0, 2), (100, 7)])
def test_a_bettel_is_lost_with_the_first_trick(points, tricks):
    deal = make_deal("bettel", declarer_points=points, declarer_tricks=tricks)
    score = score_schafkopf(EVERYTHING, deal)
    assert (score.winner, score.value) == ("defenders", 5)  # no Schneider, no Schwarz
    assert dict(score.points) == {1: -15, 2: 5, 3: 5, 4: 5}


def test_a_bettel_won_with_card_points_is_refused():
    # card points need a trick: a Bettel "won" (no trick) with them did not happen
    deal = make_deal("bettel", declarer_points=10, declarer_tricks=0)
    assert refusals(deal) == {("tricks_inconsistent", "deal.declarer_tricks")}


def test_a_bettel_needs_its_tricks_and_has_no_laufende_or_suit():
    deal = make_deal("bettel_ouvert", declarer_tricks=None, laufende=3, suit="hearts")
    assert refusals(deal) == {
        ("tricks_required", "deal.declarer_tricks"),
        ("laufende_range", "deal.laufende"),
        ("suit_not_allowed", "deal.suit"),
    }


# --- the short deck, Schwarz with Schneider ----------------------------------------------------


def test_the_short_deck_has_six_tricks():
    assert score_schafkopf(SHORT, make_deal("solo_tout", declarer_tricks=6)).winner == "declarer"
    assert score_schafkopf(SHORT, make_deal("solo_tout", declarer_tricks=5)).winner == "defenders"
    schwarz = make_deal("solo", declarer_points=120, declarer_tricks=6)
    assert score_schafkopf(SHORT, schwarz).lines[1:] == (
        Line("schneider", "declarer", 1),  # SHORT adds Schneider to Schwarz
        Line("schwarz", "declarer", 2),
    )
    assert refusals(make_deal("solo", declarer_tricks=7), SHORT) == {
        ("tricks_range", "deal.declarer_tricks")
    }


@pytest.mark.parametrize(("points", "tricks"), [(120, 4), (0, 2), (0, 6), (100, 0)])
def test_the_short_deck_has_one_trick_of_zero_points(points, tricks):
    deal = make_deal("solo", declarer_points=points, declarer_tricks=tricks)
    assert refusals(deal, SHORT) == {("tricks_inconsistent", "deal.declarer_tricks")}


@pytest.mark.parametrize(("points", "tricks"), [(120, 5), (0, 1)])
def test_the_short_deck_accepts(points, tricks):
    deal = make_deal("solo", declarer_points=points, declarer_tricks=tricks)
    assert score_schafkopf(SHORT, deal).value == 6  # Solo and Schneider, no Schwarz


def test_schwarz_can_add_to_schneider():
    deal = make_deal("rufer", declarer_points=120, declarer_tricks=8)
    assert lines_of(deal, STANDARD)[1:] == [("schwarz", "declarer", 2)]
    adding = SchafkopfRules(schwarz_adds_schneider=True)
    assert lines_of(deal, adding)[1:] == [("schneider", "declarer", 1), ("schwarz", "declarer", 2)]
    assert points_of(deal, adding) == {1: 4, 2: -4, 3: 4, 4: -4}
    lost = make_deal("rufer", declarer_points=0, declarer_tricks=0)
    assert points_of(lost, adding) == {1: -4, 2: 4, 3: -4, 4: 4}


# --- Stoß and Klopfen --------------------------------------------------------------------------


def test_each_doubling_has_its_line():
    deal = make_deal("rufer", laufende=3, knocked=(2, 4), kontra=2, re=3)
    assert lines_of(deal) == [
        ("base_rufer", "declarer", 1),
        ("laufende", "declarer", 3),
        ("knocked", "declarer", 4),
        ("knocked", "declarer", 8),
        ("kontra", "declarer", 16),
        ("re", "declarer", 32),
    ]
    assert points_of(deal) == {1: 64, 2: -64, 3: 64, 4: -64}


def test_kontra_on_a_lost_solo():
    deal = make_deal("solo", declarer_points=40, kontra=4)
    score = score_schafkopf(EVERYTHING, deal)
    assert (score.winner, score.value) == ("defenders", 10)
    assert dict(score.points) == {1: -30, 2: 10, 3: 10, 4: 10}


def test_doubling_needs_its_option():
    deal = make_deal("rufer", knocked=(1,), kontra=2, re=1)
    assert refusals(deal, STANDARD) == {
        ("klopfen_not_allowed", "deal.knocked"),
        ("stoss_not_allowed", "deal.kontra"),
        ("stoss_not_allowed", "deal.re"),
    }


def test_who_may_knock():
    deal = make_deal("rufer", knocked=(2, 2, 7))
    assert refusals(deal) == {
        ("knocked_duplicate", "deal.knocked"),
        ("not_seated", "deal.knocked.2"),
    }


@pytest.mark.parametrize(
    ("kontra", "re", "expected"),
    [
        (1, None, {("kontra_by_declarer", "deal.kontra")}),
        (3, None, {("kontra_by_declarer", "deal.kontra")}),  # the partner
        (9, None, {("not_seated", "deal.kontra")}),
        (None, 1, {("re_without_kontra", "deal.re")}),
        (2, 4, {("re_by_defender", "deal.re")}),
        (2, 9, {("not_seated", "deal.re")}),
        (2, 2, {("re_by_defender", "deal.re")}),
    ],
)
def test_who_may_give_kontra_and_re(kontra, re, expected):
    assert refusals(make_deal("rufer", kontra=kontra, re=re)) == expected


def test_the_partner_may_answer_with_re():
    assert points_of(make_deal("rufer", kontra=2, re=3)) == {1: 4, 2: -4, 3: 4, 4: -4}


# --- Ramsch --------------------------------------------------------------------------------------


def test_the_player_with_most_points_loses_the_ramsch():
    score = score_schafkopf(EVERYTHING, ramsch({1: 30, 2: 45, 3: 20, 4: 25}))
    assert (score.winner, score.value) == ("ramsch_winners", 1)
    assert score.lines == (Line("base_ramsch", "ramsch_winners", 1),)
    assert dict(score.points) == {1: 1, 2: -3, 3: 1, 4: 1}
    assert score.scored_as_solo


def test_each_jungfrau_doubles():
    deal = ramsch({1: 0, 2: 70, 3: 0, 4: 50}, {1: 0, 2: 5, 3: 0, 4: 3})
    assert lines_of(deal) == [
        ("base_ramsch", "ramsch_winners", 1),
        ("jungfrau", "ramsch_winners", 1),
        ("jungfrau", "ramsch_winners", 2),
    ]
    assert points_of(deal) == {1: 4, 2: -12, 3: 4, 4: 4}
    no_jungfrau = dataclasses.replace(EVERYTHING, ramsch_jungfrau=False)
    assert points_of(deal, no_jungfrau) == {1: 1, 2: -3, 3: 1, 4: 1}


def test_a_player_with_zero_points_and_a_trick_is_no_jungfrau():
    deal = ramsch({1: 0, 2: 70, 3: 20, 4: 30}, {1: 1, 2: 4, 3: 1, 4: 2})
    assert points_of(deal) == {1: 1, 2: -3, 3: 1, 4: 1}


def test_durchmarsch():
    deal = ramsch({1: 0, 2: 120, 3: 0, 4: 0}, {1: 0, 2: 8, 3: 0, 4: 0}, knocked=(1,))
    assert lines_of(deal) == [
        ("durchmarsch", "durchmarsch", 5),
        ("knocked", "durchmarsch", 5),
    ]
    assert points_of(deal) == {1: -10, 2: 30, 3: -10, 4: -10}
    # without the option the player of every trick has the most points: three Jungfrauen
    plain = dataclasses.replace(EVERYTHING, ramsch_durchmarsch=False)
    assert points_of(deal, plain) == {1: 16, 2: -48, 3: 16, 4: 16}


def test_all_points_without_every_trick_is_no_durchmarsch():
    deal = ramsch({1: 0, 2: 120, 3: 0, 4: 0}, {1: 1, 2: 7, 3: 0, 4: 0})
    assert points_of(deal) == {1: 4, 2: -12, 3: 4, 4: 4}


def test_a_tie_goes_to_the_tricks():
    deal = ramsch({1: 40, 2: 40, 3: 20, 4: 20}, {1: 3, 2: 2, 3: 2, 4: 1})
    assert points_of(deal) == {1: -3, 2: 1, 3: 1, 4: 1}


def test_a_tie_in_points_and_tricks_loses_together():
    deal = ramsch({1: 40, 2: 40, 3: 20, 4: 20}, {1: 3, 2: 3, 3: 1, 4: 1})
    assert points_of(deal) == {1: -2, 2: -2, 3: 2, 4: 2}


def test_the_all_tie_rule_ignores_tricks():
    rules = dataclasses.replace(EVERYTHING, ramsch_tie="all")
    deal = ramsch({1: 40, 2: 40, 3: 40, 4: 0}, {1: 3, 2: 2, 3: 2, 4: 1})
    assert points_of(deal, rules) == {1: -1, 2: -1, 3: -1, 4: 3}
    assert points_of(ramsch({1: 40, 2: 40, 3: 30, 4: 10}), rules) == {1: -2, 2: -2, 3: 2, 4: 2}


def test_four_equal_players_pay_nobody():
    score = score_schafkopf(
        EVERYTHING, ramsch(dict.fromkeys((1, 2, 3, 4), 30), dict.fromkeys((1, 2, 3, 4), 2))
    )
    assert (score.winner, score.value, score.lines) == (None, 0, ())
    assert dict(score.points) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_klopfen_doubles_a_ramsch():
    deal = ramsch({1: 30, 2: 45, 3: 20, 4: 25}, knocked=(1, 2))
    assert points_of(deal) == {1: 4, 2: -12, 3: 4, 4: 4}


def test_a_ramsch_has_no_declarer_and_no_stoss():
    deal = SchafkopfDeal(
        "ramsch",
        declarer=1,
        declarer_points=60,
        suit="hearts",
        partner=2,
        declarer_tricks=4,
        laufende=3,
        kontra=2,
        re=1,
        ramsch_points={1: 30, 2: 45, 3: 20, 4: 25},
    )
    assert refusals(deal) == {
        ("not_for_contract", f"deal.{name}")
        for name in (
            "declarer",
            "declarer_points",
            "suit",
            "partner",
            "declarer_tricks",
            "laufende",
            "kontra",
            "re",
        )
    }


def test_a_ramsch_needs_its_points():
    assert refusals(SchafkopfDeal("ramsch")) == {("ramsch_points_required", "deal.ramsch_points")}


@pytest.mark.parametrize(
    "points",
    [{1: 30, 2: 45, 3: 45}, {1: 30, 2: 45, 3: 20, 4: 15, 5: 10}, {1: 30, 2: 45, 3: 20, 5: 25}],
)
def test_a_ramsch_has_points_for_its_four_players(points):
    assert refusals(ramsch(points)) == {("ramsch_seats", "deal.ramsch_points")}


def test_ramsch_points_sum_to_120():
    assert refusals(ramsch({1: 30, 2: 45, 3: 20, 4: 20})) == {
        ("ramsch_points_sum", "deal.ramsch_points")
    }


def test_ramsch_points_per_player():
    assert refusals(ramsch({1: -1, 2: 1, 3: 121, 4: 119})) == {
        ("points_range", "deal.ramsch_points.1"),
        ("points_impossible", "deal.ramsch_points.2"),
        ("points_range", "deal.ramsch_points.3"),
        ("points_impossible", "deal.ramsch_points.4"),
    }


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (EVERYTHING, {1: 0, 2: 60, 3: 30, 4: 30}),  # Jungfrau?
        (dataclasses.replace(EVERYTHING, ramsch_jungfrau=False), {1: 0, 2: 120, 3: 0, 4: 0}),
        (EVERYTHING, {1: 40, 2: 40, 3: 20, 4: 20}),  # the tie's tricks
    ],
)
def test_ramsch_tricks_are_needed_where_they_decide(rules, points):
    assert refusals(ramsch(points), rules) == {("tricks_required", "deal.ramsch_tricks")}


def test_ramsch_tricks_are_not_needed_otherwise():
    rules = SchafkopfRules(ramsch=True, ramsch_tie="all")  # the default tariff: Ramsch 2
    assert points_of(ramsch({1: 0, 2: 120, 3: 0, 4: 0}), rules) == {1: 2, 2: -6, 3: 2, 4: 2}


def test_ramsch_tricks_are_checked():
    assert refusals(ramsch({1: 30, 2: 45, 3: 20, 4: 25}, {1: 2, 2: 2, 3: 2, 4: 1})) == {
        ("ramsch_tricks_sum", "deal.ramsch_tricks")
    }
    assert refusals(ramsch({1: 30, 2: 45, 3: 20, 4: 25}, {1: 9, 2: -1, 3: 2, 4: 1})) == {
        ("tricks_range", "deal.ramsch_tricks.1"),
        ("tricks_range", "deal.ramsch_tricks.2"),
    }
    assert refusals(ramsch({1: 30, 2: 90, 3: 0, 4: 0}, {1: 0, 2: 2, 3: 4, 4: 2})) == {
        ("tricks_inconsistent", "deal.ramsch_tricks.1"),
        ("tricks_inconsistent", "deal.ramsch_tricks.2"),
        ("tricks_inconsistent", "deal.ramsch_tricks.3"),
    }
    assert refusals(ramsch({1: 30, 2: 45, 3: 20, 4: 25}, {1: 2, 2: 2, 3: 2})) == {
        ("ramsch_seats", "deal.ramsch_tricks")
    }


def test_ramsch_tricks_are_checked_even_beside_wrong_points():
    deal = ramsch({1: 30, 2: 45, 3: 20, 4: 1}, {1: 2, 2: 2, 3: 2, 4: 1})
    assert refusals(deal) == {
        ("points_impossible", "deal.ramsch_points.4"),
        ("ramsch_tricks_sum", "deal.ramsch_tricks"),
    }


# --- the deal as JSON -------------------------------------------------------------------------


def test_deal_from_dict_reads_seat_keys_and_lists():
    deal = deal_from_dict(
        {
            "contract": "ramsch",
            "ramsch_points": {"1": 30, "2": 45, "3": 20, "4": 25},
            "ramsch_tricks": {"1": 2, "2": 3, "3": 2, "4": 1},
            "knocked": [1, 3],
        }
    )
    assert deal.ramsch_points == {1: 30, 2: 45, 3: 20, 4: 25}
    assert deal.ramsch_tricks == {1: 2, 2: 3, 3: 2, 4: 1}
    assert (deal.knocked, doublings(deal)) == ((1, 3), 2)


# --- properties --------------------------------------------------------------------------------

tariffs = st.dictionaries(st.sampled_from(TARIFF_KEYS), st.integers(1, 1000))
club_rules = st.builds(
    SchafkopfRules,
    tariff=tariffs,
    deck=st.sampled_from(["long", "short"]),
    ramsch_tie=st.sampled_from(["tricks", "all"]),
    **{name: st.booleans() for name in SWITCHES},
)


CARD_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)  # A, 10, K, O, U, 9, 8, 7 of each suit


@st.composite
def tricks_won(draw, deck: str) -> list[tuple[int, int]]:
    """The (points, winner 0-3) of every trick of a shuffled deck: a deal that can happen."""
    cards = CARD_POINTS[:6] if deck == "short" else CARD_POINTS
    shuffled = draw(st.permutations(cards * 4))
    tricks = [sum(shuffled[i : i + 4]) for i in range(0, len(shuffled), 4)]
    return [(points, draw(st.integers(0, 3))) for points in tricks]


@st.composite
def declared_deals(draw, deck: str = "long"):
    """A deal of a game with a declarer whose points and tricks fit (the side: winners 0, 1)."""
    contract = draw(st.sampled_from([c for c in DEAL_DEFAULTS if c != "sie"]))
    tricks = draw(tricks_won(deck))
    side = [points for points, winner in tricks if winner < 2]
    bettel = contract.startswith("bettel")
    defaults = DEAL_DEFAULTS[contract]
    return make_deal(
        contract,
        declarer_points=draw(st.none()) if bettel else sum(side),
        declarer_tricks=len(side),
        laufende=0 if bettel else draw(st.sampled_from([0, 3, 4])),
        **({"partner": defaults["partner"]} if "partner" in defaults else {}),
    )


@st.composite
def ramsch_deals(draw, deck: str = "long"):
    tricks = draw(tricks_won(deck))
    points = {seat: sum(p for p, w in tricks if w + 1 == seat) for seat in (1, 2, 3, 4)}
    counts = {seat: sum(1 for _, w in tricks if w + 1 == seat) for seat in (1, 2, 3, 4)}
    return ramsch(points, counts)


@st.composite
def rules_and_deals(draw, ramsch_only: bool = False):
    rules = draw(club_rules)
    deals = ramsch_deals(rules.deck)
    if not ramsch_only:
        deals |= declared_deals(rules.deck)
    return rules, draw(deals)


def accepted(rules, deal):
    try:
        return score_schafkopf(rules, deal)
    except Refused:
        assume(False)
        raise  # unreachable


@given(rules_and_deals(), st.data())
def test_doubling_k_times_multiplies_every_player_by_2_to_the_k(rules_and_deal, data):
    rules, deal = rules_and_deal
    rules = dataclasses.replace(rules, stoss=True, klopfen=True)
    plain = accepted(rules, deal)
    knocked = tuple(data.draw(st.lists(st.sampled_from(deal.seats), unique=True, max_size=4)))
    stoss = {}
    if deal.contract != "ramsch":
        defenders = [seat for seat in deal.seats if seat not in (deal.declarer, deal.partner)]
        if data.draw(st.booleans()):
            stoss["kontra"] = data.draw(st.sampled_from(defenders))
            if data.draw(st.booleans()):
                stoss["re"] = deal.declarer
    doubled = score_schafkopf(rules, dataclasses.replace(deal, knocked=knocked, **stoss))
    factor = 2 ** (len(knocked) + len(stoss))
    assert {seat: factor * points for seat, points in plain.points.items()} == dict(doubled.points)
    assert doubled.value == factor * plain.value == sum(line.points for line in doubled.lines)
    assert doubled.winner == plain.winner


@given(rules_and_deals())
def test_every_possible_club_deal_is_accepted_and_sums_to_zero(rules_and_deal):
    rules, deal = rules_and_deal
    rules = dataclasses.replace(rules, **dict.fromkeys(SWITCHES[:-1], True))  # every game allowed
    score = score_schafkopf(rules, deal)
    assert sum(score.points.values()) == 0
    assert score.value == sum(line.points for line in score.lines)


@given(rules_and_deals(ramsch_only=True))
def test_the_ramsch_losers_have_the_most_points(rules_and_deal):
    rules, deal = rules_and_deal
    score = accepted(rules, deal)
    assert deal.ramsch_points is not None
    most = max(deal.ramsch_points.values())
    losers = {seat for seat, points in score.points.items() if points < 0}
    if score.winner == "ramsch_winners":
        assert {deal.ramsch_points[seat] for seat in losers} == {most}
        assert sum(score.points.values()) == 0


any_club_deals = st.builds(
    SchafkopfDeal,
    contract=st.sampled_from([*DEAL_DEFAULTS, "ramsch", "bettel_ouvert", "schieber"]),
    declarer=st.none() | st.integers(0, 6),
    declarer_points=st.none() | st.integers(-3, 130),
    suit=st.sampled_from([None, "acorns", "hearts", "clubs"]),
    partner=st.none() | st.integers(0, 6),
    declarer_tricks=st.none() | st.integers(-1, 9),
    laufende=st.integers(-1, 15),
    knocked=st.lists(st.integers(0, 6), max_size=5).map(tuple),
    kontra=st.none() | st.integers(0, 6),
    re=st.none() | st.integers(0, 6),
    ramsch_points=st.none() | st.dictionaries(st.integers(0, 5), st.integers(-1, 121), max_size=5),
    ramsch_tricks=st.none() | st.dictionaries(st.integers(0, 5), st.integers(-1, 9), max_size=5),
)


@given(club_rules, any_club_deals)
def test_any_club_deal_is_scored_or_refused_with_plain_params(rules, deal):
    try:
        score = score_schafkopf(rules, deal)
    except Refused as refused:
        problems = refused.problems
    else:
        assert sum(score.points.values()) == 0
        return
    assert problems
    assert all(type(value) in (int, str) for p in problems for value in p.params.values())


# --- a Ramsch tie decided by the highest trump (RULES.md §10.9) -------------------------------

BY_TRUMP = dataclasses.replace(EVERYTHING, ramsch_tie="tricks_then_trump")
TRUMP_ONLY = dataclasses.replace(EVERYTHING, ramsch_tie="trump")


def test_level_in_points_and_tricks_the_highest_trump_loses():
    deal = ramsch({1: 40, 2: 40, 3: 20, 4: 20}, {1: 3, 2: 3, 3: 1, 4: 1}, ramsch_top_trump=2)
    assert points_of(deal, BY_TRUMP) == {1: 1, 2: -3, 3: 1, 4: 1}
    # the tricks still come first: player 1 took more and loses, whoever took the top trump
    more_tricks = ramsch({1: 40, 2: 40, 3: 20, 4: 20}, {1: 3, 2: 2, 3: 2, 4: 1})
    assert points_of(more_tricks, BY_TRUMP) == {1: -3, 2: 1, 3: 1, 4: 1}


def test_the_trump_rule_alone_needs_no_tricks():
    deal = ramsch({1: 40, 2: 40, 3: 40, 4: 0}, {1: 3, 2: 2, 3: 2, 4: 1}, ramsch_top_trump=3)
    assert points_of(deal, TRUMP_ONLY) == {1: 1, 2: 1, 3: -3, 4: 1}
    no_tricks = ramsch({1: 40, 2: 40, 3: 30, 4: 10}, ramsch_top_trump=1)
    no_tricks_rules = dataclasses.replace(TRUMP_ONLY, ramsch_jungfrau=False)
    assert points_of(no_tricks, no_tricks_rules) == {1: -3, 2: 1, 3: 1, 4: 1}


def test_four_level_players_the_highest_trump_pays_all():
    deal = ramsch(dict.fromkeys((1, 2, 3, 4), 30), dict.fromkeys((1, 2, 3, 4), 2))
    assert points_of(dataclasses.replace(deal, ramsch_top_trump=4), BY_TRUMP) == {
        1: 1,
        2: 1,
        3: 1,
        4: -3,
    }


def test_the_highest_trump_is_asked_for_only_where_it_decides():
    level = {1: 40, 2: 40, 3: 20, 4: 20}
    tied_tricks = {1: 3, 2: 3, 3: 1, 4: 1}
    assert refusals(ramsch(level, tied_tricks), BY_TRUMP) == {
        ("ramsch_top_trump_required", "deal.ramsch_top_trump")
    }
    assert refusals(ramsch(level, tied_tricks, ramsch_top_trump=3), BY_TRUMP) == {
        ("ramsch_top_trump_not_level", "deal.ramsch_top_trump")
    }
    # more tricks decided it, or nobody is level: no trump to name
    assert refusals(ramsch(level, {1: 3, 2: 2, 3: 2, 4: 1}, ramsch_top_trump=1), BY_TRUMP) == {
        ("ramsch_top_trump_no_tie", "deal.ramsch_top_trump")
    }
    single = ramsch({1: 30, 2: 45, 3: 20, 4: 25}, ramsch_top_trump=2)
    assert refusals(single, TRUMP_ONLY) == {("ramsch_top_trump_no_tie", "deal.ramsch_top_trump")}
    # a Durchmarsch is won, not lost: no tie
    march = ramsch({1: 0, 2: 120, 3: 0, 4: 0}, {1: 0, 2: 8, 3: 0, 4: 0}, ramsch_top_trump=2)
    assert refusals(march, TRUMP_ONLY) == {("ramsch_top_trump_no_tie", "deal.ramsch_top_trump")}
    # the rule set decides by tricks or all lose: the trump is not entered
    assert refusals(ramsch(level, tied_tricks, ramsch_top_trump=1)) == {
        ("ramsch_top_trump_not_allowed", "deal.ramsch_top_trump")
    }
    # bad points or missing tricks: who is level is unknown, so only those are refused
    assert refusals(ramsch({1: 40, 2: 40, 3: 20, 4: 30}), BY_TRUMP) == {
        ("ramsch_points_sum", "deal.ramsch_points")
    }
    assert refusals(ramsch(level), BY_TRUMP) == {("tricks_required", "deal.ramsch_tricks")}
    assert refusals(ramsch(level, {1: 3, 2: 3, 3: 1, 4: 2}), BY_TRUMP) == {
        ("ramsch_tricks_sum", "deal.ramsch_tricks")
    }
    assert refusals(ramsch(level, {1: 3, 2: 3, 3: 2}), BY_TRUMP) == {
        ("ramsch_seats", "deal.ramsch_tricks")
    }


def test_the_highest_trump_is_not_for_a_declared_game():
    deal = make_deal("solo", ramsch_top_trump=1)
    assert ("not_for_contract", "deal.ramsch_top_trump") in refusals(deal)


@given(
    st.lists(st.sampled_from((20, 30, 40)), min_size=3, max_size=3),
    st.sampled_from(("tricks_then_trump", "trump")),
    st.data(),
)
def test_property_the_highest_trump_leaves_exactly_one_loser(three, tie, data):
    points = {1: three[0], 2: three[1], 3: three[2], 4: 120 - sum(three)}
    assume(0 <= points[4] <= 120 and points[4] not in (1, 119))
    tricks = {1: 2, 2: 2, 3: 2, 4: 2}
    most = max(points.values())
    level = [seat for seat, value in points.items() if value == most]
    rules = dataclasses.replace(EVERYTHING, ramsch_tie=tie, ramsch_jungfrau=False)
    top = data.draw(st.sampled_from(level)) if len(level) > 1 else None
    score = score_schafkopf(rules, ramsch(points, tricks, ramsch_top_trump=top))
    losers = [seat for seat, value in score.points.items() if value < 0]
    assert losers == [top if top is not None else level[0]]
    assert sum(score.points.values()) == 0


# --- the Touts of the club games and the Leaster (RULES.md §10.8, §10.9) ----------------------


@pytest.mark.parametrize(
    ("contract", "suit", "laufende"),
    [("geier_tout", None, 2), ("farbgeier_tout", "hearts", 3), ("farbwenz_tout", "bells", 4)],
)
def test_a_club_games_tout_is_won_with_every_trick_and_paid_like_a_tout(contract, suit, laufende):
    deal = make_deal(contract, suit=suit, declarer_points=120, declarer_tricks=8, laufende=laufende)
    score = score_schafkopf(EVERYTHING, deal)
    # the Tout's base (10 by default) and its Laufende twice: no Schneider, no Schwarz
    assert score.winner == "declarer"
    assert [line.code for line in score.lines] == [f"base_{contract}", "laufende"]
    assert score.value == EVERYTHING.prices["tout"] + 2 * laufende
    lost = dataclasses.replace(deal, declarer_points=100, declarer_tricks=7)
    assert score_schafkopf(EVERYTHING, lost).winner == "defenders"


def test_a_club_games_tout_needs_its_game():
    only_geier = SchafkopfRules(geier=True)
    deal = make_deal("geier_tout", declarer_points=120, declarer_tricks=8)
    assert score_schafkopf(only_geier, deal).winner == "declarer"
    for contract, suit in (("farbgeier_tout", "hearts"), ("farbwenz_tout", "hearts")):
        refused = make_deal(contract, suit=suit, declarer_points=120, declarer_tricks=8)
        assert refusals(refused, only_geier) == {("contract_not_allowed", "deal.contract")}


def test_the_touts_keep_their_games_trumps_and_suits():
    # a Geier has four Ober: at most 4 Laufende; a Farbwenz Tout needs its suit
    geier = make_deal("geier_tout", declarer_points=120, declarer_tricks=8, laufende=5)
    assert refusals(geier) == {("laufende_range", "deal.laufende")}
    colour = make_deal("farbwenz_tout", declarer_points=120, declarer_tricks=8)
    assert refusals(colour) == {("suit_required", "deal.suit")}
    # Laufende count from the Wenz minimum (2), as in the games themselves
    low = make_deal("geier_tout", declarer_points=120, declarer_tricks=8, laufende=1)
    assert refusals(low) == {("laufende_below_minimum", "deal.laufende")}
    assert refusals(make_deal("geier_tout", suit="hearts", declarer_points=120, declarer_tricks=8))


def leaster(points: dict[int, int], tricks: dict[int, int] | None = None, **fields):
    return SchafkopfDeal("leaster", ramsch_points=points, ramsch_tricks=tricks, **fields)


def test_the_fewest_points_win_the_leaster():
    score = score_schafkopf(EVERYTHING, leaster({1: 10, 2: 45, 3: 40, 4: 25}))
    assert (score.winner, score.value) == ("leaster_winners", 2)
    assert score.lines == (Line("base_leaster", "leaster_winners", 2),)
    assert dict(score.points) == {1: 6, 2: -2, 3: -2, 4: -2}


def test_level_on_the_fewest_points_win_the_leaster_together():
    # no tricks are needed: a player at 0 points simply has the fewest
    assert points_of(leaster({1: 0, 2: 0, 3: 60, 4: 60})) == {1: 4, 2: 4, 3: -4, 4: -4}
    assert points_of(leaster(dict.fromkeys((1, 2, 3, 4), 30))) == dict.fromkeys((1, 2, 3, 4), 0)


def test_klopfen_doubles_a_leaster_and_nothing_else_applies():
    assert points_of(leaster({1: 10, 2: 45, 3: 40, 4: 25}, knocked=(2,))) == {
        1: 12,
        2: -4,
        3: -4,
        4: -4,
    }
    # Jungfrau and Durchmarsch are the Ramsch's: a Leaster player with every trick just loses
    march = leaster({1: 120, 2: 0, 3: 0, 4: 0}, {1: 8, 2: 0, 3: 0, 4: 0})
    assert points_of(march) == {1: -6, 2: 2, 3: 2, 4: 2}


def test_leaster_refusals():
    assert refusals(leaster({1: 10, 2: 45, 3: 40, 4: 25}), STANDARD) == {
        ("contract_not_allowed", "deal.contract")
    }
    assert refusals(leaster({1: 10, 2: 45, 3: 40, 4: 20})) == {
        ("ramsch_points_sum", "deal.ramsch_points")
    }
    assert refusals(SchafkopfDeal("leaster")) == {("ramsch_points_required", "deal.ramsch_points")}
    wrong = leaster({1: 10, 2: 10, 3: 50, 4: 50}, ramsch_top_trump=1, declarer=1, kontra=2)
    assert refusals(dataclasses.replace(wrong), BY_TRUMP) == {
        ("not_for_contract", "deal.ramsch_top_trump"),
        ("not_for_contract", "deal.declarer"),
        ("not_for_contract", "deal.kontra"),
    }
