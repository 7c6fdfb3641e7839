"""Schafkopf engine: the contract's worked examples, every rule and refusal, and properties."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from karlchen.refusals import InvariantViolation, Refused
from rules.common import Line
from rules.schafkopf import (
    CONTRACTS,
    DEFAULT_TARIFF,
    POINT_BANDS,
    SUITS,
    TARIFF_KEYS,
    SchafkopfDeal,
    SchafkopfRules,
    _check_lines_sum,
    band_of,
    deal_from_dict,
    parse_schafkopf_rules,
    score_schafkopf,
)
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.unit

SCORED_EXAMPLES = sorted(EXAMPLES.glob("sk-*.json"))
REFUSED_EXAMPLES = sorted(EXAMPLES.glob("err-sk-*.json"))

STANDARD = SchafkopfRules()
BAVARIAN = CONTRACTS[:6]  # the games of Bavarian tournaments, always allowed
CLUB_CONTRACTS = (
    "hochzeit",
    "geier",
    "farbgeier",
    "farbwenz",
    "geier_tout",
    "farbgeier_tout",
    "farbwenz_tout",
    "bettel",
    "bettel_ouvert",
    "ramsch",
    "leaster",
)
SOLO_LIKE = ("wenz", "solo", "wenz_tout", "solo_tout", "sie")
DEAL_DEFAULTS = {
    "rufer": {"suit": "acorns", "partner": 3, "declarer_points": 70},
    "wenz": {"declarer_points": 70},
    "solo": {"suit": "leaves", "declarer_points": 70},
    "wenz_tout": {"declarer_points": 120, "declarer_tricks": 8},
    "solo_tout": {"suit": "bells", "declarer_points": 120, "declarer_tricks": 8},
    "sie": {"declarer_points": 120, "laufende": 8},
}


def make_deal(contract: str = "rufer", **fields: object) -> SchafkopfDeal:
    """A valid deal of ``contract`` (declarer 1), with ``fields`` changed."""
    values = {"contract": contract, "declarer": 1, **DEAL_DEFAULTS.get(contract, {}), **fields}
    return SchafkopfDeal(**values)


def refusals(deal: SchafkopfDeal, rules: SchafkopfRules = STANDARD) -> set[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        score_schafkopf(rules, deal)
    return {(problem.code, problem.field) for problem in refused.value.problems}


def rules_refusals(options: object) -> set[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules(options)
    return {(problem.code, problem.field) for problem in refused.value.problems}


def only_problem(deal: SchafkopfDeal, rules: SchafkopfRules = STANDARD):
    with pytest.raises(Refused) as refused:
        score_schafkopf(rules, deal)
    (problem,) = refused.value.problems
    return problem


def points_of(deal: SchafkopfDeal, rules: SchafkopfRules = STANDARD) -> dict[int, int]:
    return dict(score_schafkopf(rules, deal).points)


# --- the contract's worked examples ---------------------------------------------------------------


def example_request(path: Path) -> tuple[dict, dict, dict]:
    case = json.loads(path.read_text(encoding="utf-8"))
    request = case["request"]
    assert request["game"] == "schafkopf"
    fields = dict(request["deal"])
    if "seats" in fields:
        fields["seats"] = tuple(fields["seats"])
    return case, request.get("rules", {}), fields


def test_the_contract_examples_are_there():
    assert len(SCORED_EXAMPLES) >= 7
    assert len(REFUSED_EXAMPLES) >= 2


@pytest.mark.parametrize("path", SCORED_EXAMPLES, ids=lambda path: path.stem)
def test_scored_example(path):
    case, options, fields = example_request(path)
    score = score_schafkopf(parse_schafkopf_rules(options), deal_from_dict(fields))
    assert score.winner == case["response"]["winner"]
    assert {str(seat): points for seat, points in score.points.items()} == case["response"][
        "points"
    ]


@pytest.mark.parametrize("path", REFUSED_EXAMPLES, ids=lambda path: path.stem)
def test_refused_example(path):
    case, options, fields = example_request(path)
    with pytest.raises(Refused) as refused:
        score_schafkopf(parse_schafkopf_rules(options), deal_from_dict(fields))
    assert case["error"]["field"] in {problem.field for problem in refused.value.problems}


# --- rule options -------------------------------------------------------------------------------


def test_no_options_give_the_standard_rules():
    rules = parse_schafkopf_rules({})
    assert rules == STANDARD == parse_schafkopf_rules({"preset": "standard"})
    assert (dict(rules.tariff), dict(rules.prices)) == ({}, dict(DEFAULT_TARIFF))
    assert (rules.laufende_min, rules.laufende_min_wenz, rules.colour_laufende_min) == (3, 2, 3)


def test_the_public_names():
    assert CONTRACTS[:6] == ("rufer", "wenz", "solo", "wenz_tout", "solo_tout", "sie")
    assert CONTRACTS[6:] == CLUB_CONTRACTS
    assert SUITS == ("acorns", "leaves", "hearts", "bells")
    assert set(TARIFF_KEYS) == set(DEFAULT_TARIFF)
    assert DEFAULT_TARIFF == {
        "rufer": 1,
        "wenz": 5,
        "solo": 5,
        "tout": 10,
        "sie": 20,
        "schneider": 1,
        "schwarz": 2,
        "laufende": 1,
        "hochzeit": 1,
        "geier": 5,
        "farbgeier": 5,
        "farbwenz": 5,
        "bettel": 3,
        "bettel_ouvert": 6,
        "ramsch": 2,
        "durchmarsch": 7,
        "leaster": 2,
    }


def test_a_partial_tariff_is_merged_with_the_defaults():
    rules = parse_schafkopf_rules({"tariff": {"solo": 2, "laufende": 1000}})
    assert dict(rules.tariff) == {"solo": 2, "laufende": 1000}
    # the Solo's price is followed by the games priced like a Solo (RULES.md §2.2)
    following = {"geier": 2, "farbgeier": 2, "farbwenz": 2, "durchmarsch": 4}
    assert dict(rules.prices) == {**DEFAULT_TARIFF, "solo": 2, "laufende": 1000, **following}


def test_rules_built_directly_get_full_read_only_prices():
    rules = SchafkopfRules(tariff={"rufer": 2})
    assert isinstance(rules.tariff, MappingProxyType)
    assert isinstance(rules.prices, MappingProxyType)
    assert (rules.prices["rufer"], rules.prices["hochzeit"], rules.prices["sie"]) == (2, 2, 20)
    with pytest.raises(TypeError):
        rules.prices["rufer"] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.tariff["rufer"] = 3  # type: ignore[index]
    with pytest.raises(TypeError):
        DEFAULT_TARIFF["rufer"] = 3  # type: ignore[index]


@pytest.mark.parametrize("value", [1, 8])
def test_laufende_minimums_are_options(value):
    rules = parse_schafkopf_rules({"laufende_min": value, "laufende_min_wenz": value})
    assert (rules.laufende_min, rules.laufende_min_wenz) == (value, value)


def test_an_unknown_option_is_refused():
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"bock": True})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("unknown_option", "rules.bock", {"option": "bock"})
    ]


@pytest.mark.parametrize("key", ["laufende_min", "laufende_min_wenz"])
@pytest.mark.parametrize("value", [0, 9, -1, True, False, "3", 3.0, None, [3]])
def test_invalid_laufende_minimum(key, value):
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({key: value})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("invalid_option", f"rules.{key}", {"option": key})
    ]


@pytest.mark.parametrize("value", [0, -5, 1001, True, "5", 5.0, None, {}])
def test_invalid_tariff_value(value):
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"tariff": {"wenz": value}})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("invalid_option", "rules.tariff.wenz", {"option": "tariff.wenz"})
    ]


@pytest.mark.parametrize("tariff", [None, 5, "solo", [1, 2]])
def test_a_tariff_must_be_an_object(tariff):
    assert rules_refusals({"tariff": tariff}) == {("invalid_option", "rules.tariff")}


def test_an_unknown_tariff_key_is_refused():
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"tariff": {"spritze": 5}})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("unknown_option", "rules.tariff.spritze", {"option": "tariff.spritze"})
    ]


def test_an_unknown_preset_is_refused():
    with pytest.raises(Refused) as refused:
        parse_schafkopf_rules({"preset": "ddv"})
    assert [(p.code, p.field, dict(p.params)) for p in refused.value.problems] == [
        ("unknown_preset", "rules.preset", {"preset": "ddv"})
    ]


@pytest.mark.parametrize("preset", [None, 1, ["standard"]])
def test_a_preset_must_be_a_string(preset):
    assert rules_refusals({"preset": preset}) == {("invalid_option", "rules.preset")}


@pytest.mark.parametrize("options", [None, [], "standard", 3])
def test_options_must_be_an_object(options):
    assert rules_refusals(options) == {("invalid_option", "rules")}


def test_every_problem_of_the_options_is_reported_at_once():
    options = {
        "preset": "bsv",
        "tariff": {"solo": 0, "spritze": 3, "rufer": 2},
        "laufende_min": 0,
        "laufende_min_wenz": "2",
        "bock": True,
    }
    assert rules_refusals(options) == {
        ("unknown_preset", "rules.preset"),
        ("invalid_option", "rules.tariff.solo"),
        ("unknown_option", "rules.tariff.spritze"),
        ("invalid_option", "rules.laufende_min"),
        ("invalid_option", "rules.laufende_min_wenz"),
        ("unknown_option", "rules.bock"),
    }


# --- winning and value --------------------------------------------------------------------------


def test_rufer_won():
    score = score_schafkopf(STANDARD, make_deal("rufer", declarer_points=61))
    assert score.winner == "declarer"
    assert score.value == 1
    assert score.lines == (Line("base_rufer", "declarer", 1),)
    assert dict(score.points) == {1: 1, 2: -1, 3: 1, 4: -1}
    assert score.scored_as_solo is False


def test_rufer_lost_with_60():
    score = score_schafkopf(STANDARD, make_deal("rufer", declarer=2, partner=4, declarer_points=60))
    assert score.winner == "defenders"
    assert score.lines == (Line("base_rufer", "defenders", 1),)
    assert dict(score.points) == {1: 1, 2: -1, 3: 1, 4: -1}


@pytest.mark.parametrize(
    ("points", "winner", "bonus"),
    [
        (90, "declarer", None),
        (91, "declarer", "schneider"),
        (118, "declarer", "schneider"),
        (31, "defenders", None),
        (30, "defenders", "schneider"),
        (2, "defenders", "schneider"),
    ],
)
def test_schneider(points, winner, bonus):
    score = score_schafkopf(STANDARD, make_deal("solo", declarer_points=points))
    assert score.winner == winner
    assert [line.code for line in score.lines] == ["base_solo"] + ([bonus] if bonus else [])
    assert score.value == 5 + (1 if bonus else 0)


@pytest.mark.parametrize(
    ("points", "tricks", "winner", "bonus"),
    [
        (120, 8, "declarer", Line("schwarz", "declarer", 2)),
        # the defenders took a trick of zero points
        (120, 7, "declarer", Line("schneider", "declarer", 1)),
        (0, 0, "defenders", Line("schwarz", "defenders", 2)),
        (0, 1, "defenders", Line("schneider", "defenders", 1)),
        (95, 7, "declarer", Line("schneider", "declarer", 1)),
        (20, 1, "defenders", Line("schneider", "defenders", 1)),
    ],
)
def test_schwarz_needs_every_trick(points, tricks, winner, bonus):
    deal = make_deal("rufer", declarer_points=points, declarer_tricks=tricks)
    score = score_schafkopf(STANDARD, deal)
    assert score.winner == winner
    assert score.lines == (Line("base_rufer", winner, 1), bonus)


def test_schwarz_counts_instead_of_schneider():
    rules = SchafkopfRules(tariff={"schneider": 10, "schwarz": 100})
    score = score_schafkopf(rules, make_deal("wenz", declarer_points=120, declarer_tricks=8))
    assert score.lines == (Line("base_wenz", "declarer", 5), Line("schwarz", "declarer", 100))
    assert score.value == 105


@pytest.mark.parametrize("contract", ["wenz", "solo"])
def test_wenz_and_solo_declarer_gets_three_times(contract):
    score = score_schafkopf(STANDARD, make_deal(contract, declarer=3, declarer_points=70))
    assert score.value == 5
    assert dict(score.points) == {1: -5, 2: -5, 3: 15, 4: -5}
    assert score.scored_as_solo is True


def test_wenz_lost():
    score = score_schafkopf(STANDARD, make_deal("wenz", declarer_points=45, laufende=2))
    assert score.winner == "defenders"
    assert score.lines == (Line("base_wenz", "defenders", 5), Line("laufende", "defenders", 2))
    assert dict(score.points) == {1: -21, 2: 7, 3: 7, 4: 7}


@pytest.mark.parametrize("contract", ["wenz_tout", "solo_tout"])
def test_tout_won_has_doubled_laufende_and_no_schwarz(contract):
    score = score_schafkopf(
        STANDARD, make_deal(contract, laufende=4 if contract == "wenz_tout" else 5)
    )
    laufende = 8 if contract == "wenz_tout" else 10
    assert score.winner == "declarer"
    assert score.lines == (
        Line(f"base_{contract}", "declarer", 10),
        Line("laufende", "declarer", laufende),
    )
    assert dict(score.points) == {
        1: 3 * (10 + laufende),
        2: -10 - laufende,
        3: -10 - laufende,
        4: -10 - laufende,
    }
    assert score.scored_as_solo is True


@pytest.mark.parametrize(
    ("points", "tricks"), [(120, 7), (110, 7), (100, None), (61, None), (10, None), (0, 0)]
)
def test_tout_is_lost_with_one_trick_lost(points, tricks):
    deal = make_deal("solo_tout", declarer_points=points, declarer_tricks=tricks, laufende=3)
    score = score_schafkopf(STANDARD, deal)
    assert score.winner == "defenders"
    assert score.lines == (
        Line("base_solo_tout", "defenders", 10),
        Line("laufende", "defenders", 6),
    )
    assert dict(score.points) == {1: -48, 2: 16, 3: 16, 4: 16}


@pytest.mark.parametrize(("tricks", "suit"), [(8, None), (None, "hearts"), (8, "acorns")])
def test_sie_has_quadrupled_laufende(tricks, suit):
    deal = make_deal("sie", declarer=2, declarer_tricks=tricks, suit=suit, laufende=9)
    score = score_schafkopf(STANDARD, deal)
    assert score.winner == "declarer"
    assert score.lines == (Line("base_sie", "declarer", 20), Line("laufende", "declarer", 36))
    assert score.value == 56
    assert dict(score.points) == {1: -56, 2: 168, 3: -56, 4: -56}
    assert score.scored_as_solo is True


def test_laufende_count_for_the_winners_at_the_tariff():
    rules = SchafkopfRules(tariff={"laufende": 3, "rufer": 2})
    score = score_schafkopf(rules, make_deal("rufer", declarer_points=40, laufende=5))
    assert score.lines == (Line("base_rufer", "defenders", 2), Line("laufende", "defenders", 15))
    assert dict(score.points) == {1: -17, 2: 17, 3: -17, 4: 17}


def test_the_lines_come_in_order_and_add_up_to_the_value():
    deal = make_deal("solo", declarer_points=100, laufende=3)
    score = score_schafkopf(STANDARD, deal)
    assert [line.code for line in score.lines] == ["base_solo", "schneider", "laufende"]
    assert sum(line.points for line in score.lines) == score.value == 9


def test_lines_that_do_not_add_up_are_a_bug():
    with pytest.raises(InvariantViolation):
        _check_lines_sum((Line("base_rufer", "declarer", 1),), 2)


def test_a_five_table_scores_only_the_active_seats():
    deal = make_deal("rufer", seats=(1, 3, 4, 5), declarer=4, partner=5, declarer_points=70)
    assert points_of(deal) == {1: -1, 3: -1, 4: 1, 5: 1}
    solo = make_deal("solo", seats=(2, 3, 4, 5), declarer=2)
    assert points_of(solo) == {2: 15, 3: -5, 4: -5, 5: -5}


def test_seats_may_come_as_a_list():
    deal = make_deal("wenz", seats=[5, 1, 2, 3])
    assert points_of(deal) == {5: -5, 1: 15, 2: -5, 3: -5}


# --- checks -------------------------------------------------------------------------------------


def test_an_unknown_contract_skips_the_contract_checks():
    deal = make_deal("schieber", suit="nonsense", partner=1, laufende=99, declarer_points=70)
    assert refusals(deal) == {("unknown_contract", "deal.contract")}


def test_an_unknown_contract_still_gets_the_other_checks():
    deal = make_deal("schieber", declarer=7, declarer_points=0)
    assert refusals(deal) == {
        ("unknown_contract", "deal.contract"),
        ("not_seated", "deal.declarer"),
        ("tricks_required", "deal.declarer_tricks"),
    }


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        ((1, 2, 3), ("seats_count", "deal.seats")),
        ((1, 1, 2, 3), ("seats_duplicate", "deal.seats")),
        ((1, 2, 3, 6), ("seat_out_of_range", "deal.seats.3")),
    ],
)
def test_the_seats_are_checked(seats, expected):
    assert refusals(make_deal("rufer", seats=seats, partner=2)) == {expected}


def test_declarer_and_partner_must_be_seated():
    deal = make_deal("rufer", seats=(2, 3, 4, 5), declarer=1, partner=6)
    assert refusals(deal) == {("not_seated", "deal.declarer"), ("not_seated", "deal.partner")}


def test_rufer_needs_a_partner():
    assert refusals(make_deal("rufer", partner=None)) == {("partner_required", "deal.partner")}


def test_rufer_partner_is_not_the_declarer():
    assert refusals(make_deal("rufer", partner=1)) == {("partner_is_declarer", "deal.partner")}


@pytest.mark.parametrize(
    ("suit", "code"),
    [(None, "suit_required"), ("hearts", "rufer_hearts"), ("clubs", "unknown_suit")],
)
def test_rufer_calls_a_known_ace_but_not_hearts(suit, code):
    assert refusals(make_deal("rufer", suit=suit)) == {(code, "deal.suit")}


@pytest.mark.parametrize("suit", ["acorns", "leaves", "bells"])
def test_rufer_suits(suit):
    assert score_schafkopf(STANDARD, make_deal("rufer", suit=suit)).winner == "declarer"


@pytest.mark.parametrize("contract", SOLO_LIKE)
def test_a_partner_only_in_a_rufer(contract):
    assert refusals(make_deal(contract, partner=2)) == {("partner_not_allowed", "deal.partner")}


@pytest.mark.parametrize("contract", ["solo", "solo_tout"])
@pytest.mark.parametrize(("suit", "code"), [(None, "suit_required"), ("spades", "unknown_suit")])
def test_a_solo_needs_a_known_suit(contract, suit, code):
    assert refusals(make_deal(contract, suit=suit)) == {(code, "deal.suit")}


@pytest.mark.parametrize("contract", ["solo", "solo_tout"])
@pytest.mark.parametrize("suit", SUITS)
def test_a_solo_may_have_any_suit(contract, suit):
    assert score_schafkopf(STANDARD, make_deal(contract, suit=suit)).winner == "declarer"


@pytest.mark.parametrize("contract", ["wenz", "wenz_tout"])
@pytest.mark.parametrize("suit", ["hearts", "unknown"])
def test_a_wenz_has_no_suit(contract, suit):
    assert refusals(make_deal(contract, suit=suit)) == {("suit_not_allowed", "deal.suit")}


def test_a_sie_suit_must_be_known_if_given():
    assert refusals(make_deal("sie", suit="diamonds")) == {("unknown_suit", "deal.suit")}


@pytest.mark.parametrize("points", [-1, 121, 240])
def test_points_range(points):
    problem = only_problem(make_deal("wenz", declarer_points=points))
    assert (problem.code, problem.field, dict(problem.params)) == (
        "points_range",
        "deal.declarer_points",
        {"min": 0, "max": 120},
    )


@pytest.mark.parametrize("points", [1, 119])
def test_no_card_is_worth_one_point(points):
    assert refusals(make_deal("wenz", declarer_points=points)) == {
        ("points_impossible", "deal.declarer_points")
    }


@pytest.mark.parametrize("tricks", [-1, 9])
def test_tricks_range(tricks):
    problem = only_problem(make_deal("wenz", declarer_tricks=tricks))
    assert (problem.code, problem.field) == ("tricks_range", "deal.declarer_tricks")


@pytest.mark.parametrize("contract", ["rufer", "wenz", "solo", "wenz_tout", "solo_tout"])
@pytest.mark.parametrize("points", [0, 120])
def test_tricks_are_required_with_0_or_120_points(contract, points):
    deal = make_deal(contract, declarer_points=points, declarer_tricks=None)
    assert refusals(deal) == {("tricks_required", "deal.declarer_tricks")}


@pytest.mark.parametrize(
    ("points", "tricks"),
    [
        (10, 0),  # no tricks, no points
        (118, 8),  # all tricks, all points
        (45, 1),  # a trick holds at most 44
        (89, 2),
        (75, 7),  # the defenders' one trick holds at most 44
        (0, 4),  # only 3 tricks of zero points
        (120, 4),
        (0, 8),
        (120, 0),
    ],
)
def test_tricks_inconsistent_with_the_points(points, tricks):
    deal = make_deal("solo", declarer_points=points, declarer_tricks=tricks)
    assert refusals(deal) == {("tricks_inconsistent", "deal.declarer_tricks")}


@pytest.mark.parametrize(
    ("points", "tricks"),
    [(0, 0), (0, 3), (44, 1), (88, 2), (76, 7), (120, 5), (120, 8), (2, 1), (60, 4)],
)
def test_tricks_consistent_with_the_points(points, tricks):
    score_schafkopf(STANDARD, make_deal("solo", declarer_points=points, declarer_tricks=tricks))


def test_tricks_are_not_compared_with_points_out_of_range():
    deal = make_deal("solo", declarer_points=130, declarer_tricks=0)
    assert refusals(deal) == {("points_range", "deal.declarer_points")}


@pytest.mark.parametrize(
    ("contract", "laufende", "minimum"),
    [
        ("rufer", 1, 3),
        ("rufer", 2, 3),
        ("solo", 2, 3),
        ("solo_tout", 2, 3),
        ("wenz", 1, 2),
        ("wenz_tout", 1, 2),
        ("sie", 0, 8),
        ("sie", 2, 8),
        ("sie", 7, 8),
    ],
)
def test_laufende_below_the_minimum(contract, laufende, minimum):
    problem = only_problem(make_deal(contract, laufende=laufende))
    assert (problem.code, problem.field, dict(problem.params)) == (
        "laufende_below_minimum",
        "deal.laufende",
        {"min": minimum},
    )


@pytest.mark.parametrize(
    ("contract", "laufende"),
    [("rufer", 0), ("rufer", 3), ("rufer", 14), ("wenz", 2), ("wenz", 4), ("sie", 14)],
)
def test_laufende_accepted(contract, laufende):
    score_schafkopf(STANDARD, make_deal(contract, laufende=laufende))


@pytest.mark.parametrize(
    ("contract", "laufende", "maximum"),
    [
        ("rufer", 15, 14),
        ("solo", 15, 14),
        ("solo_tout", 15, 14),
        ("sie", 15, 14),
        ("wenz", 5, 4),
        ("wenz_tout", 5, 4),
        ("rufer", -1, 14),
        ("wenz", -3, 4),
    ],
)
def test_laufende_range(contract, laufende, maximum):
    problem = only_problem(make_deal(contract, laufende=laufende))
    assert (problem.code, problem.field, dict(problem.params)) == (
        "laufende_range",
        "deal.laufende",
        {"max": maximum},
    )


def test_laufende_minimums_follow_the_rules():
    rules = parse_schafkopf_rules({"laufende_min": 4, "laufende_min_wenz": 3})
    assert only_problem(make_deal("wenz", laufende=2), rules).params == {"min": 3}
    assert only_problem(make_deal("solo", laufende=3), rules).params == {"min": 4}
    assert points_of(make_deal("wenz", laufende=3), rules)[1] == 3 * 8
    looser = parse_schafkopf_rules({"laufende_min": 1})
    assert points_of(make_deal("rufer", laufende=1), looser) == {1: 2, 2: -2, 3: 2, 4: -2}


@pytest.mark.parametrize(("points", "tricks"), [(100, None), (120, 7), (61, None), (0, 0)])
def test_a_sie_is_always_won_with_every_trick(points, tricks):
    deal = make_deal("sie", declarer_points=points, declarer_tricks=tricks)
    assert ("sie_not_won", "deal.declarer_points") in refusals(deal)


def test_a_sie_needs_no_trick_count():
    assert points_of(make_deal("sie", declarer_tricks=None)) == {1: 156, 2: -52, 3: -52, 4: -52}


def test_every_problem_of_a_deal_is_reported_at_once():
    deal = SchafkopfDeal(
        contract="rufer",
        declarer=1,
        declarer_points=119,
        seats=(1, 2, 2, 9),
        suit="hearts",
        partner=1,
        declarer_tricks=9,
        laufende=2,
    )
    assert refusals(deal) == {
        ("seats_duplicate", "deal.seats"),
        ("seat_out_of_range", "deal.seats.3"),
        ("partner_is_declarer", "deal.partner"),
        ("rufer_hearts", "deal.suit"),
        ("points_impossible", "deal.declarer_points"),
        ("tricks_range", "deal.declarer_tricks"),
        ("laufende_below_minimum", "deal.laufende"),
    }


# --- properties ---------------------------------------------------------------------------------

LAUFENDE_BOUNDS = {
    "rufer": (3, 14),
    "solo": (3, 14),
    "solo_tout": (3, 14),
    "wenz": (2, 4),
    "wenz_tout": (2, 4),
}


@st.composite
def plausible_deals(draw, contracts=BAVARIAN):
    """Deals that are mostly valid: seats, partner, suit and Laufende fit the contract."""
    contract = draw(st.sampled_from(contracts))
    seats = tuple(draw(st.permutations(range(1, 6)))[:4])
    declarer = draw(st.sampled_from(seats))
    others = [seat for seat in seats if seat != declarer]
    partner = draw(st.sampled_from(others)) if contract == "rufer" else None
    suits = {"rufer": ["acorns", "leaves", "bells"], "wenz": [None], "wenz_tout": [None]}
    suit = draw(
        st.sampled_from(suits.get(contract, [None, *SUITS] if contract == "sie" else SUITS))
    )
    if contract == "sie":
        points, tricks = 120, draw(st.sampled_from([None, 8]))
        laufende = draw(st.integers(8, 14))
    else:
        points = draw(st.integers(0, 120))
        tricks = draw(st.none() | st.integers(0, 8))
        laufende = draw(st.just(0) | st.integers(*LAUFENDE_BOUNDS[contract]))
    return SchafkopfDeal(contract, declarer, points, seats, suit, partner, tricks, laufende)


tariffs = st.dictionaries(st.sampled_from(TARIFF_KEYS), st.integers(1, 1000)).map(
    lambda tariff: SchafkopfRules(tariff=tariff)
)


def plain_params(problems) -> bool:
    """Params fill translated messages: plain ints and strings only (no bool, no None)."""
    return all(type(value) in (int, str) for p in problems for value in p.params.values())


def accepted_score(rules, deal):
    try:
        return score_schafkopf(rules, deal)
    except Refused:
        assume(False)
        raise  # unreachable: assume(False) stops the example


@given(tariffs, plausible_deals())
def test_every_accepted_deal_sums_to_zero(rules, deal):
    score = accepted_score(rules, deal)
    assert sum(score.points.values()) == 0
    assert set(score.points) == set(deal.seats)
    assert score.value == sum(line.points for line in score.lines) >= 1


@given(tariffs, plausible_deals(contracts=SOLO_LIKE))
def test_a_solo_declarer_gets_three_times_each_defender(rules, deal):
    points = accepted_score(rules, deal).points
    declarer = points[deal.declarer]
    assert all(declarer == -3 * points[seat] for seat in deal.seats if seat != deal.declarer)


@given(tariffs, plausible_deals(contracts=BAVARIAN[:-1]), st.integers(0, 120))
def test_more_points_never_hurt_the_declarer(rules, deal, other_points):
    low, high = sorted((deal.declarer_points, other_points))
    worse = accepted_score(rules, dataclasses.replace(deal, declarer_points=low))
    better = accepted_score(rules, dataclasses.replace(deal, declarer_points=high))
    assert worse.points[deal.declarer] <= better.points[deal.declarer]


any_deals = st.builds(
    SchafkopfDeal,
    contract=st.sampled_from([*CONTRACTS, "schieber"]),
    declarer=st.integers(-1, 9),
    declarer_points=st.integers(-3, 200),
    seats=st.lists(st.integers(-1, 7), max_size=5).map(tuple),
    suit=st.sampled_from([None, *SUITS, "clubs"]),
    partner=st.none() | st.integers(-1, 9),
    declarer_tricks=st.none() | st.integers(-2, 10),
    laufende=st.integers(-2, 16),
)


@given(any_deals)
def test_any_deal_is_scored_or_refused_with_plain_params(deal):
    try:
        score = score_schafkopf(STANDARD, deal)
    except Refused as refused:
        problems = refused.problems
    else:
        assert sum(score.points.values()) == 0
        return
    assert problems
    assert plain_params(problems)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 2000) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
option_keys = st.sampled_from(["preset", "tariff", "laufende_min", "laufende_min_wenz"]) | st.text(
    max_size=8
)
tariff_objects = st.dictionaries(
    st.sampled_from(TARIFF_KEYS) | st.text(max_size=6), json_values, max_size=4
)


@given(
    json_values
    | st.dictionaries(option_keys, json_values, max_size=5)
    | st.fixed_dictionaries({"tariff": tariff_objects})
)
def test_the_rules_parser_only_refuses(options):
    try:
        rules = parse_schafkopf_rules(options)
    except Refused as refused:
        problems = refused.problems
    else:
        assert isinstance(rules, SchafkopfRules)
        assert set(rules.prices) == set(TARIFF_KEYS)
        return
    assert problems
    assert plain_params(problems)


# --- bands of card points -----------------------------------------------------------------------


@pytest.mark.parametrize("points", [0, *range(2, 119), 120])
@pytest.mark.parametrize("contract", ["rufer", "solo", "wenz"])
def test_a_band_scores_as_every_exact_points_in_it(points, contract):
    """Only 31, 61 and 91 decide a score (Schneider, winning): each is an edge of a band."""
    tricks = {0: 0, 120: 8}.get(points)
    exact = SchafkopfDeal(
        contract=contract,
        declarer=1,
        partner=3 if contract == "rufer" else None,
        suit="acorns" if contract != "wenz" else None,
        declarer_points=points,
        declarer_tricks=tricks,
    )
    banded = dataclasses.replace(exact, declarer_points=None, declarer_band=band_of(points))
    assert score_schafkopf(SchafkopfRules(), banded) == score_schafkopf(SchafkopfRules(), exact)


def test_schafkopf_bands_cover_every_card_points_once():
    covered = [points for low, high in POINT_BANDS.values() for points in range(low, high + 1)]
    assert covered == list(range(121))


def test_a_schafkopf_band_is_refused_with_points_or_when_unknown():
    base = SchafkopfDeal(contract="wenz", declarer=2, declarer_band="61-90")
    assert score_schafkopf(SchafkopfRules(), base).winner == "declarer"
    both = dataclasses.replace(base, declarer_points=70)
    unknown = dataclasses.replace(base, declarer_band="61-89")
    assert codes_of(both) == {("points_and_band", "deal.declarer_band")}
    assert codes_of(unknown) == {("unknown_band", "deal.declarer_band")}
    assert codes_of(dataclasses.replace(base, declarer_band="0")) == {
        ("tricks_required", "deal.declarer_tricks")
    }
    # 8 tricks cannot hold only 1–30 points; 0 tricks can.
    assert codes_of(dataclasses.replace(base, declarer_band="1-30", declarer_tricks=8)) == {
        ("tricks_inconsistent", "deal.declarer_tricks")
    }
    sie = SchafkopfDeal(contract="sie", declarer=1, declarer_band="120", laufende=8)
    assert score_schafkopf(SchafkopfRules(), sie).winner == "declarer"


def codes_of(deal):
    with pytest.raises(Refused) as refused:
        score_schafkopf(SchafkopfRules(), deal)
    return {(problem.code, problem.field) for problem in refused.value.problems}
