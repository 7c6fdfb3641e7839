"""The Doppelkopf engine: TSR 7 scoring, every house-rule option and every refusal."""

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from karlchen.refusals import InvariantViolation, Refused
from rules import bock_triggers, parse_rules, score_deal
from rules.common import DealScore, Line
from rules.doppelkopf import (
    CONTRACTS,
    EXTRA_TYPES,
    KONTRA_LEVELS,
    POINT_BANDS,
    RE_LEVELS,
    SOLO_TYPES,
    Announcements,
    DoppelkopfDeal,
    DoppelkopfRules,
    Extra,
    band_of,
    deal_from_dict,
    parse_doppelkopf_rules,
    score_doppelkopf,
)
from rules.doppelkopf import (
    bock_triggers as doppelkopf_bock_triggers,
)
from tests.conftest import contract_examples

pytestmark = pytest.mark.unit

DDV = DoppelkopfRules()
ALL_EXTRAS = DoppelkopfRules(extras=frozenset(EXTRA_TYPES))


def deal(re_points=121, re=(1, 3), contract="normal", re_ann=None, ko_ann=None, extras=(), **kw):
    return DoppelkopfDeal(
        contract=contract,
        re=tuple(re),
        re_points=re_points,
        announcements=Announcements(re=re_ann, kontra=ko_ann),
        extras=tuple(Extra(*extra) for extra in extras),
        **kw,
    )


def solo(re_points, solo_type="diamonds", soloist=1, **kw):
    return deal(re_points, re=(soloist,), contract="solo", solo=solo_type, **kw)


def refusals(rules, the_deal):
    with pytest.raises(Refused) as refused:
        score_doppelkopf(rules, the_deal)
    return {(problem.code, problem.field) for problem in refused.value.problems}


def lines(score):
    return [(line.code, line.party, line.points) for line in score.lines]


# --- the shared worked examples --------------------------------------------------------------


DK_EXAMPLES = [
    example
    for example in contract_examples()
    if example["request"]["game"] == "doppelkopf"
    and "deal" in example["request"]
    # refusals of the rules or the request's own fields are the HTTP test's
    and example.get("error", {}).get("field", "deal").startswith("deal")
]


@pytest.mark.parametrize("example", DK_EXAMPLES, ids=[e["name"] for e in DK_EXAMPLES])
def test_contract_example(example):
    request = example["request"]
    rules = parse_rules("doppelkopf", request.get("rules", {}))
    the_deal = deal_from_dict(request["deal"])
    if "error" in example:
        with pytest.raises(Refused) as refused:
            score_deal(
                rules,
                the_deal,
                bock_factor=request.get("bock_factor", 1),
                bock_points=request.get("bock_points", 0),
            )
        assert example["error"]["field"] in {p.field for p in refused.value.problems}
    else:
        score = score_deal(
            rules,
            the_deal,
            bock_factor=request.get("bock_factor", 1),
            bock_points=request.get("bock_points", 0),
        )
        expected = {int(seat): points for seat, points in example["response"]["points"].items()}
        assert (score.winner, dict(score.points)) == (example["response"]["winner"], expected)


# --- who wins (TSR 7.1) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("re_points", "re_ann", "ko_ann", "winner"),
    [
        (121, None, None, "re"),
        (120, None, None, "kontra"),
        (120, None, "kontra", "re"),  # only Kontra announced: Re wins with 120
        (119, None, "kontra", "kontra"),
        (120, "re", "kontra", "kontra"),
        (121, "re", None, "re"),
        (151, "no90", None, "re"),
        (150, "no90", None, "kontra"),
        (181, "no60", None, "re"),
        (180, "no60", "kontra", "kontra"),
        (211, "no30", None, "re"),
        (210, "no30", None, "kontra"),
        (90, None, "no90", "re"),  # Re reaches 90 against Kontra's no90
        (89, None, "no90", "kontra"),
        (29, None, "no30", "kontra"),
        (30, None, "no30", "re"),
        (150, "no90", "no90", None),  # both fail their Absage
    ],
)
def test_winner(re_points, re_ann, ko_ann, winner):
    assert score_doppelkopf(DDV, deal(re_points, re_ann=re_ann, ko_ann=ko_ann)).winner == winner


def test_schwarz_announced_needs_every_trick():
    almost = deal(240, re_ann="schwarz", re_tricks=11)  # Kontra won a trick of four nines
    assert score_doppelkopf(DDV, almost).winner == "kontra"
    assert score_doppelkopf(DDV, deal(240, re_ann="schwarz", re_tricks=12)).winner == "re"


def test_kontra_schwarz_fails_with_one_re_trick_worth_nothing():
    score = score_doppelkopf(DDV, deal(0, ko_ann="schwarz", re_tricks=1))
    assert score.winner == "re"


# --- game value (TSR 7.2) --------------------------------------------------------------------


def test_value_counts_every_item_for_the_winner():
    score = score_doppelkopf(DDV, deal(240, re_ann="schwarz", re_tricks=12))
    assert lines(score) == [
        ("won", "re", 1),
        ("under_90", "re", 1),
        ("under_60", "re", 1),
        ("under_30", "re", 1),
        ("schwarz", "re", 1),
        ("re_announced", "re", 2),
        ("re_no90", "re", 1),
        ("re_no60", "re", 1),
        ("re_no30", "re", 1),
        ("re_schwarz", "re", 1),
    ]
    assert score.value == 11


def test_kontra_wins_against_the_elders_only_where_enabled():
    assert lines(score_doppelkopf(DDV, deal(120)))[-1] == ("against_the_elders", "kontra", 1)
    no_elders = DoppelkopfRules(against_the_elders=False)
    assert score_doppelkopf(no_elders, deal(120)).value == 1


def test_no_against_the_elders_in_a_solo_or_a_poverty():
    assert score_doppelkopf(DDV, solo(120)).value == 1
    poverty = DoppelkopfRules(poverty=True)
    assert score_doppelkopf(poverty, deal(120, contract="poverty")).value == 1


def test_kontra_announcing_no90_and_losing_gives_re_the_points():
    score = score_doppelkopf(DDV, deal(95, ko_ann="no90"))
    assert lines(score) == [
        ("won", "re", 1),
        ("kontra_announced", "re", 2),
        ("kontra_no90", "re", 1),
    ]


def test_no_winner_nets_reached_items_of_both_parties():
    # Re no60 (needs 181) has 125, Kontra no90 (needs 151) has 115: both fail.
    score = score_doppelkopf(DDV, deal(125, re_ann="no60", ko_ann="no90"))
    assert score.winner is None
    assert lines(score) == [
        ("reached_120_against_no90", "re", 1),
        ("reached_90_against_no60", "kontra", 1),
    ]
    assert (score.value, set(score.points.values())) == (0, {0})


def test_no_winner_with_re_ahead():
    score = score_doppelkopf(DDV, deal(150, re_ann="no90", ko_ann="no60"))
    assert lines(score) == [
        ("reached_120_against_no90", "re", 1),
        ("reached_90_against_no60", "re", 1),
    ]
    assert (score.winner, score.value, score.points[1]) == (None, 2, 2)


def test_no_winner_with_kontra_ahead():
    score = score_doppelkopf(DDV, deal(91, re_ann="no60", ko_ann="no90"))
    assert lines(score) == [
        ("reached_120_against_no90", "kontra", 1),
        ("reached_90_against_no60", "kontra", 1),
    ]
    assert (score.winner, score.value, score.points[1], score.points[2]) == (None, 2, -2, 2)


def test_no_winner_extras_still_count():
    two_foxes = [("fox", "kontra"), ("fox", "kontra")]
    score = score_doppelkopf(DDV, deal(125, re_ann="no60", ko_ann="no90", extras=two_foxes))
    assert (score.winner, score.value, score.points[2]) == (None, 2, 2)


# --- points per seat -------------------------------------------------------------------------


def test_solo_soloist_gets_three_times():
    score = score_doppelkopf(DDV, solo(153, "queens", soloist=2))
    assert dict(score.points) == {1: -2, 2: 6, 3: -2, 4: -2}
    assert score.scored_as_solo


def test_solo_multiplier_scales_a_solo():
    rules = parse_doppelkopf_rules({"solo_multiplier": 6})
    assert dict(score_doppelkopf(rules, solo(153)).points) == {1: 12, 2: -4, 3: -4, 4: -4}


def test_five_table_points_only_for_active_seats():
    score = score_doppelkopf(DDV, deal(121, re=(2, 5), seats=(1, 2, 4, 5)))
    assert dict(score.points) == {1: -1, 2: 1, 4: -1, 5: 1}


def test_score_refuses_points_that_do_not_sum_to_zero():
    with pytest.raises(InvariantViolation):
        DealScore(winner="re", value=1, lines=(), points={1: 1, 2: 0}, scored_as_solo=False)


# --- contracts -------------------------------------------------------------------------------


def test_wedding_with_partner_is_a_normal_game_with_extras():
    score = score_doppelkopf(DDV, deal(140, re=(2, 4), contract="wedding", extras=[("fox", "re")]))
    assert (score.value, score.scored_as_solo) == (2, False)


def test_wedding_without_partner_and_silent_wedding_are_solos_without_extras():
    for contract in ("wedding", "silent_wedding"):
        assert score_doppelkopf(DDV, deal(170, re=(2,), contract=contract)).scored_as_solo
        with_fox = deal(170, re=(2,), contract=contract, extras=[("fox", "re")])
        assert refusals(DDV, with_fox) == {("extras_in_solo", "deal.extras")}


def test_poverty_only_where_enabled():
    assert refusals(DDV, deal(130, contract="poverty")) == {
        ("contract_not_allowed", "deal.contract")
    }
    poverty = parse_doppelkopf_rules({"poverty": True})
    assert score_doppelkopf(poverty, deal(130, contract="poverty")).value == 1


def test_queens_jacks_solo_only_where_enabled():
    assert refusals(DDV, solo(130, "queens_jacks")) == {("solo_type_not_enabled", "deal.solo")}
    rules = parse_doppelkopf_rules({"queens_jacks_solo": True})
    assert score_doppelkopf(rules, solo(130, "queens_jacks")).points[1] == 3


@pytest.mark.parametrize("solo_type", SOLO_TYPES[:-1])
def test_every_ddv_solo_type_is_scored(solo_type):
    assert score_doppelkopf(DDV, solo(121, solo_type)).points[1] == 3


# --- extras and house rules ------------------------------------------------------------------


def test_extras_net_against_the_game_value():
    score = score_doppelkopf(DDV, deal(125, extras=[("doppelkopf", "kontra"), ("fox", "kontra")]))
    assert (score.winner, score.value, score.points[1]) == ("re", -1, -1)


def test_extras_are_aggregated_per_kind_and_party():
    extras = [("fox", "re"), ("doppelkopf", "re"), ("fox", "re"), ("karlchen", "kontra")]
    score = score_doppelkopf(DDV, deal(150, extras=extras))
    assert lines(score)[1:] == [
        ("fox", "re", 2),
        ("doppelkopf", "re", 1),
        ("karlchen", "kontra", 1),
    ]


def test_no_hintertuer_caps_the_losers_gain_at_zero():
    rules = parse_doppelkopf_rules({"no_hintertuer": True})
    score = score_doppelkopf(rules, deal(125, extras=[("doppelkopf", "kontra"), ("fox", "kontra")]))
    assert (score.value, set(score.points.values())) == (0, {0})
    assert lines(score)[-1] == ("no_hintertuer", "re", 1)
    plain_win = score_doppelkopf(rules, deal(125))
    assert plain_win.value == 1


def test_house_extras_count_where_enabled():
    extras = [
        ("dulle_caught", "re"),
        ("karlchen_caught", "re"),
        ("fox", "re"),
        ("fox_caught_in_last_trick", "re"),
    ]
    score = score_doppelkopf(ALL_EXTRAS, deal(150, extras=extras))
    assert score.value == 1 + 4
    killed = [("karlchen_killed_by_diamond_queen", "kontra")]
    assert score_doppelkopf(ALL_EXTRAS, deal(150, extras=killed)).value == 0


def test_doubling_doubles_per_announcement_level_and_adds_extras_after():
    rules = parse_doppelkopf_rules({"scoring": "doubling", "extras": ["fox", "dulle_caught"]})
    score = score_doppelkopf(rules, deal(77, ko_ann="no90", extras=[("dulle_caught", "kontra")]))
    assert lines(score) == [
        ("won", "kontra", 1),
        ("under_90", "kontra", 1),
        ("kontra_announced", "kontra", 2),
        ("kontra_no90", "kontra", 4),
        ("dulle_caught", "kontra", 1),
    ]
    assert score.value == 9


def test_doubling_has_no_against_the_elders_and_no_reached_items():
    rules = DoppelkopfRules(scoring="doubling")
    assert score_doppelkopf(rules, deal(120)).value == 1
    both_fail = score_doppelkopf(rules, deal(125, re_ann="no60", ko_ann="no90"))
    assert (both_fail.winner, both_fail.value) == (None, 0)


def test_doubling_in_a_solo_is_tripled():
    rules = DoppelkopfRules(scoring="doubling")
    assert score_doppelkopf(rules, solo(130, re_ann="re")).points[1] == 6


def test_without_nines_zero_points_mean_no_trick():
    rules = parse_doppelkopf_rules({"deck": "without_nines"})
    score = score_doppelkopf(rules, deal(0))
    assert lines(score)[4] == ("schwarz", "kontra", 1)
    assert refusals(rules, deal(5)) == {("points_impossible", "deal.re_points")}
    assert refusals(rules, deal(236)) == {("points_impossible", "deal.re_points")}
    assert refusals(rules, deal(0, re_tricks=1)) == {("tricks_inconsistent", "deal.re_tricks")}
    assert refusals(rules, deal(100, re_tricks=11)) == {("tricks_range", "deal.re_tricks")}


# --- rule sets -------------------------------------------------------------------------------


def test_rules_default_to_the_ddv_preset():
    assert parse_doppelkopf_rules({}) == parse_doppelkopf_rules({"preset": "ddv"}) == DDV
    assert DDV.extras == {"fox", "doppelkopf", "karlchen"}


def test_rules_keep_options_that_change_play_only():
    options = {"schweinchen": True, "second_dulle_beats_first": True, "compulsory_solos": False}
    rules = parse_doppelkopf_rules(options)
    assert (rules.schweinchen, rules.second_dulle_beats_first, rules.compulsory_solos) == (
        True,
        True,
        False,
    )


def test_rules_refuse_every_bad_option_at_once():
    options = {
        "preset": "skat",
        "scoring": "double",
        "extras": ["fox", "schweinchen"],
        "solo_multiplier": 4,
        "deck": 48,
        "poverty": "yes",
        "bock": True,
    }
    with pytest.raises(Refused) as refused:
        parse_doppelkopf_rules(options)
    assert {(p.code, p.field) for p in refused.value.problems} == {
        ("unknown_preset", "rules.preset"),
        ("invalid_option", "rules.scoring"),
        ("invalid_option", "rules.extras"),
        ("invalid_option", "rules.solo_multiplier"),
        ("invalid_option", "rules.deck"),
        ("invalid_option", "rules.poverty"),
        ("unknown_option", "rules.bock"),
    }


def test_rules_must_be_a_mapping():
    with pytest.raises(Refused) as refused:
        parse_doppelkopf_rules(["ddv"])
    assert [(p.code, p.field) for p in refused.value.problems] == [("invalid_option", "rules")]


@pytest.mark.parametrize("multiplier", [True, 0, 3.0, 33, -3])
def test_solo_multiplier_must_be_a_small_multiple_of_three(multiplier):
    with pytest.raises(Refused):
        parse_doppelkopf_rules({"solo_multiplier": multiplier})


# --- refusals (RULES.md §1.7) ----------------------------------------------------------------


def test_contract_and_solo_type_refusals():
    assert refusals(DDV, deal(contract="hochzeit")) == {("unknown_contract", "deal.contract")}
    assert refusals(DDV, solo(130, None)) == {("solo_type_required", "deal.solo")}
    assert refusals(DDV, solo(130, "grand")) == {("unknown_solo_type", "deal.solo")}
    assert refusals(DDV, deal(solo="queens")) == {("solo_type_not_allowed", "deal.solo")}


def test_seat_refusals():
    assert refusals(DDV, deal(seats=(1, 2, 3))) == {("seats_count", "deal.seats")}
    assert refusals(DDV, deal(seats=(1, 1, 3, 4))) == {("seats_duplicate", "deal.seats")}
    assert refusals(DDV, deal(seats=(1, 3, 4, 6))) == {("seat_out_of_range", "deal.seats.3")}


def test_re_party_refusals():
    assert refusals(DDV, deal(re=(1, 2, 3))) == {("re_count", "deal.re")}
    assert refusals(DDV, deal(re=(1, 1))) == {("re_duplicate", "deal.re")}
    assert refusals(DDV, deal(re=(1, 5))) == {("re_not_seated", "deal.re.1")}
    assert refusals(DDV, deal(re=(1, 2, 3), contract="wedding")) == {("re_count", "deal.re")}
    assert refusals(DDV, deal(re=(1, 3), contract="solo", solo="hearts")) == {
        ("re_count", "deal.re")
    }


def test_re_count_is_not_judged_for_an_unknown_contract():
    assert refusals(DDV, deal(re=(1,), contract="x")) == {("unknown_contract", "deal.contract")}


def test_point_refusals():
    assert refusals(DDV, deal(241)) == {("points_range", "deal.re_points")}
    assert refusals(DDV, deal(-1)) == {("points_range", "deal.re_points")}
    assert refusals(DDV, deal(1)) == {("points_impossible", "deal.re_points")}
    assert refusals(DDV, deal(239)) == {("points_impossible", "deal.re_points")}
    assert refusals(DDV, deal(131, kontra_points=110)) == {("points_sum", "deal.re_points")}
    assert score_doppelkopf(DDV, deal(131, kontra_points=109)).winner == "re"


@pytest.mark.parametrize(
    ("re_points", "re_tricks", "problem"),
    [
        (0, None, "tricks_required"),
        (240, None, "tricks_required"),
        (100, 13, "tricks_range"),
        (100, -1, "tricks_range"),
        (100, 0, "tricks_inconsistent"),  # points without a trick
        (100, 12, "tricks_inconsistent"),  # all tricks but not all points
        (0, 3, "tricks_inconsistent"),  # only two tricks can be worth nothing
        (240, 9, "tricks_inconsistent"),
        (100, 2, "tricks_inconsistent"),  # a trick holds at most 44
        (200, 11, None),
        (0, 2, None),
    ],
)
def test_trick_count_must_fit_the_points(re_points, re_tricks, problem):
    the_deal = deal(re_points, re_tricks=re_tricks)
    if problem is None:
        score_doppelkopf(DDV, the_deal)
    else:
        assert refusals(DDV, the_deal) == {(problem, "deal.re_tricks")}


def test_announcement_refusals():
    assert refusals(DDV, deal(re_ann="kontra", ko_ann="re")) == {
        ("unknown_announcement", "deal.announcements.re"),
        ("unknown_announcement", "deal.announcements.kontra"),
    }


def test_extra_refusals_per_entry():
    extras = [("schweinchen", "re"), ("dulle_caught", "re"), ("fox", "both")]
    assert refusals(DDV, deal(150, extras=extras)) == {
        ("unknown_extra", "deal.extras.0.type"),
        ("extra_not_enabled", "deal.extras.1.type"),
        ("unknown_party", "deal.extras.2.party"),
    }


def test_extra_refusals_for_the_deal():
    assert refusals(DDV, deal(150, extras=[("fox", "re")] * 3)) == {
        ("extra_too_many", "deal.extras")
    }
    assert refusals(DDV, deal(150, extras=[("karlchen", "re"), ("karlchen", "kontra")])) == {
        ("extra_too_many", "deal.extras"),
        ("last_trick_conflict", "deal.extras"),
    }
    assert refusals(DDV, deal(200, extras=[("doppelkopf", "kontra")] * 2)) == {
        ("extra_exceeds_points", "deal.extras")
    }


def test_club_jack_and_last_trick_refusals():
    three_jacks = [("karlchen", "re"), ("karlchen_caught", "re"), ("karlchen_caught", "re")]
    assert refusals(ALL_EXTRAS, deal(150, extras=three_jacks)) == {
        ("extra_too_many", "deal.extras")
    }
    queen_and_jack = [("karlchen", "re"), ("karlchen_killed_by_diamond_queen", "re")]
    assert refusals(ALL_EXTRAS, deal(150, extras=queen_and_jack)) == {
        ("last_trick_conflict", "deal.extras")
    }
    assert refusals(ALL_EXTRAS, deal(150, extras=[("fox_caught_in_last_trick", "kontra")])) == {
        ("fox_last_trick_without_fox", "deal.extras")
    }


def test_extras_are_not_judged_against_impossible_points():
    assert refusals(DDV, deal(300, extras=[("doppelkopf", "re")])) == {
        ("points_range", "deal.re_points")
    }


def test_extras_are_not_judged_for_an_unknown_contract():
    assert refusals(DDV, deal(contract="x", extras=[("fox", "re")])) == {
        ("unknown_contract", "deal.contract")
    }


def test_every_problem_is_reported_at_once():
    bad = DoppelkopfDeal(
        contract="solo",
        re=(1, 2),
        re_points=239,
        solo=None,
        announcements=Announcements(kontra="re"),
        extras=(Extra("fox", "re"),),
    )
    assert refusals(DDV, bad) == {
        ("solo_type_required", "deal.solo"),
        ("re_count", "deal.re"),
        ("points_impossible", "deal.re_points"),
        ("unknown_announcement", "deal.announcements.kontra"),
        ("extras_in_solo", "deal.extras"),
    }


# --- properties ------------------------------------------------------------------------------

rules_st = st.builds(
    DoppelkopfRules,
    scoring=st.sampled_from(("ddv", "doubling")),
    extras=st.frozensets(st.sampled_from(EXTRA_TYPES)),
    against_the_elders=st.booleans(),
    no_hintertuer=st.booleans(),
    solo_multiplier=st.sampled_from((3, 6)),
    deck=st.sampled_from(("with_nines", "without_nines")),
    poverty=st.booleans(),
    queens_jacks_solo=st.booleans(),
)


def _re_tricks(draw, rules, re_points):
    """Mostly a trick count that fits the points, so that most drawn deals are accepted."""
    if re_points == 0:
        return draw(st.integers(0, rules.zero_point_tricks_possible))
    if re_points == 240:
        return rules.tricks - draw(st.integers(0, rules.zero_point_tricks_possible))
    return draw(st.none() | st.integers(max(1, -(-re_points // 44)), rules.tricks - 1))


@st.composite
def rules_and_deals(draw):
    rules = draw(rules_st)
    seats = draw(st.sampled_from([(1, 2, 3, 4), (1, 2, 4, 5), (2, 3, 4, 5)]))
    contracts = [c for c in CONTRACTS if c != "poverty" or rules.poverty]
    contract = draw(st.sampled_from(contracts))
    re_size = 1 if contract in ("solo", "silent_wedding") else draw(st.sampled_from((1, 2, 2)))
    re_size = 2 if contract in ("normal", "poverty") else re_size
    solo_types = SOLO_TYPES if rules.queens_jacks_solo else SOLO_TYPES[:-1]
    smallest = rules.fewest_points_with_a_trick
    re_points = draw(st.sampled_from((0, 240)) | st.integers(smallest, 240 - smallest))
    normal = re_size == 2
    kinds = st.sampled_from(sorted(rules.extras)) if rules.extras else st.nothing()
    extras = st.lists(
        st.tuples(kinds, st.sampled_from(("re", "kontra"))),
        max_size=3 * (normal and bool(rules.extras)),
    )
    the_deal = DoppelkopfDeal(
        contract=contract,
        solo=draw(st.sampled_from(solo_types)) if contract == "solo" else None,
        re=tuple(draw(st.permutations(seats))[:re_size]),
        seats=seats,
        re_points=re_points,
        re_tricks=_re_tricks(draw, rules, re_points),
        announcements=Announcements(
            re=draw(st.sampled_from(RE_LEVELS)), kontra=draw(st.sampled_from(KONTRA_LEVELS))
        ),
        extras=tuple(Extra(*extra) for extra in draw(extras)),
    )
    return rules, the_deal


def accepted(rules, the_deal):
    try:
        return score_doppelkopf(rules, the_deal)
    except Refused:
        assume(False)


@given(rules_and_deals())
def test_property_every_accepted_deal_sums_to_zero(case):
    rules, the_deal = case
    score = accepted(rules, the_deal)
    assert sum(score.points.values()) == 0
    assert set(score.points) == set(the_deal.seats)


@given(rules_and_deals())
def test_property_soloist_gets_minus_three_times_each_opponent(case):
    rules, the_deal = case
    score = accepted(rules, the_deal)
    assume(score.scored_as_solo)
    soloist = the_deal.re[0]
    for seat in the_deal.seats:
        if seat != soloist:
            assert score.points[soloist] == -3 * score.points[seat]


@given(rules_and_deals())
def test_property_four_values_have_the_same_parity(case):
    """TSR 7.3: every entry of one deal is odd, or every entry is even."""
    score = accepted(*case)
    assert len({points % 2 for points in score.points.values()}) == 1


@given(rules_and_deals(), st.integers(1, 60))
def test_property_more_points_never_make_a_party_worse(case, more):
    rules, the_deal = case
    before = accepted(rules, the_deal)
    richer = replace(the_deal, re_points=the_deal.re_points + more, re_tricks=None)
    if richer.re_points == 240:
        richer = replace(richer, re_tricks=the_deal.re_tricks or rules.tricks)
    after = accepted(rules, richer)
    re_seat = the_deal.re[0]
    assert after.points[re_seat] >= before.points[re_seat]


# --- Bock rounds: a deal's factor and what starts a round (RULES.md §2.3) ----------------------

ALL_TRIGGERS = parse_doppelkopf_rules(
    {
        "bock_triggers": [
            "tie_120",
            "announced_lost",
            "re_and_kontra",
            "solo_lost",
            "karlchen_caught",
        ],
        "extras": ["fox", "karlchen_caught"],
    }
)


@given(rules_and_deals(), st.integers(2, 256))
def test_property_a_bock_deal_is_the_plain_deal_times_its_factor(case, factor):
    rules, the_deal = case
    plain = accepted(rules, the_deal)
    bock = score_doppelkopf(rules, the_deal, bock_factor=factor)
    assert dict(bock.points) == {seat: points * factor for seat, points in plain.points.items()}
    assert (bock.value, bock.winner, bock.bock_factor) == (
        plain.value * factor,
        plain.winner,
        factor,
    )
    ahead = plain.winner or bock.lines[-1].party
    assert bock.lines[:-1] == plain.lines
    assert (bock.lines[-1].code, bock.lines[-1].party) == ("bock", ahead)
    assert sum(bock.points.values()) == 0


def test_a_bock_deal_shows_the_factor_as_its_last_line():
    score = score_doppelkopf(DDV, deal(131, re_ann="re"), bock_factor=2)
    assert lines(score) == [("won", "re", 1), ("re_announced", "re", 2), ("bock", "re", 3)]
    assert (score.value, score.points[1], score.points[2]) == (6, 6, -6)
    soloist = score_doppelkopf(DDV, solo(100), bock_factor=4)
    assert soloist.points[1] == 4 * score_doppelkopf(DDV, solo(100)).points[1]


def test_the_factor_is_at_least_one():
    with pytest.raises(ValueError, match="Bock"):
        score_doppelkopf(DDV, deal(131), bock_factor=0)
    with pytest.raises(ValueError, match="Bock"):
        score_doppelkopf(DDV, deal(131), bock_points=-1)
    with pytest.raises(ValueError, match="Bock"):  # a deal is multiplied or gets points
        score_doppelkopf(DDV, deal(131), bock_factor=2, bock_points=1)


@given(rules_and_deals(), st.integers(1, 40))
def test_property_added_bock_points_pay_the_winner_that_much_more(case, added):
    rules, the_deal = case
    plain = accepted(rules, the_deal)
    bock = score_doppelkopf(rules, the_deal, bock_points=added)
    assert sum(bock.points.values()) == 0
    assert bock.bock_points == added  # as the series gave them, like a factor
    if bock.lines == plain.lines:  # a deal that scores nothing stays at nothing
        assert (bock.points, bock.lines, bock.value) == (plain.points, plain.lines, plain.value)
        assert plain.value == 0 or plain.lines[-1].code == "no_hintertuer"
        return
    ahead = bock.lines[-1].party
    assert bock.lines[:-1] == plain.lines
    assert bock.lines[-1] == Line("bock_points", ahead, added)
    assert (bock.value, bock.winner, bock.bock_factor) == (plain.value + added, plain.winner, 1)
    assert plain.winner in (None, ahead)
    # each seat moves by the points as it moves by the value (a solo's by its multiplier)
    net = added if ahead == "re" else -added
    per_seat = net * (rules.solo_multiplier // 3) if plain.scored_as_solo else net
    side = 3 if plain.scored_as_solo else 1
    for seat, points in bock.points.items():
        moved = side * per_seat if seat in the_deal.re else -per_seat
        assert points - plain.points[seat] == moved


def test_added_bock_points_go_to_the_winner():
    score = score_doppelkopf(DDV, deal(131, re_ann="re"), bock_points=1)
    assert lines(score) == [("won", "re", 1), ("re_announced", "re", 2), ("bock_points", "re", 1)]
    assert (score.value, score.points[1], score.points[2], score.bock_points) == (4, 4, -4, 1)
    kontra = score_doppelkopf(DDV, deal(100), bock_points=2)
    assert lines(kontra)[-1] == ("bock_points", "kontra", 2)
    soloist = score_doppelkopf(DDV, solo(100), bock_points=1)
    assert soloist.points[1] == score_doppelkopf(DDV, solo(100)).points[1] - 3
    assert score_doppelkopf(DDV, deal(131)).bock_points == 0
    # nobody won and nobody is ahead: nothing to add to (the points are still named)
    level = deal(120, re_ann="no90", ko_ann="no90")  # both fail their Absage, each reached 120
    score = score_doppelkopf(DDV, level, bock_points=1)
    assert (score.winner, score.value, score.bock_points) == (None, 0, 1)
    assert "bock_points" not in [line.code for line in score.lines]
    assert set(score.points.values()) == {0}


def test_added_bock_points_leave_a_deal_that_scores_nothing_at_nothing():
    rules = parse_doppelkopf_rules({"no_hintertuer": True})
    turned = deal(121, extras=[("fox", "kontra"), ("fox", "kontra")])
    plain = score_doppelkopf(rules, turned)
    score = score_doppelkopf(rules, turned, bock_points=1)
    assert (score.points, score.value, score.lines) == (plain.points, 0, plain.lines)


@pytest.mark.parametrize(
    ("the_deal", "fired"),
    [
        (deal(120), {"tie_120"}),
        (deal(120, ko_ann="kontra"), {"tie_120", "announced_lost"}),  # Re wins with 120
        (deal(121, ko_ann="kontra"), {"announced_lost"}),
        (deal(110, re_ann="re"), {"announced_lost"}),
        (deal(150, re_ann="re", ko_ann="kontra"), {"announced_lost", "re_and_kontra"}),
        (deal(125, re_ann="no60", ko_ann="no90"), {"announced_lost", "re_and_kontra"}),
        (solo(100), {"solo_lost"}),
        (solo(130), set()),
        (deal(150, extras=[("karlchen_caught", "re")]), {"karlchen_caught"}),
        (deal(150), set()),
    ],
)
def test_bock_triggers(the_deal, fired):
    assert doppelkopf_bock_triggers(ALL_TRIGGERS, the_deal) == fired
    assert score_doppelkopf(ALL_TRIGGERS, the_deal).bock_triggers == fired


def test_only_the_rule_sets_triggers_fire():
    tie_only = parse_doppelkopf_rules({"bock_triggers": ["tie_120"]})
    assert bock_triggers(tie_only, solo(100)) == frozenset()
    assert bock_triggers(DDV, deal(120)) == frozenset()
    assert bock_triggers(tie_only, deal(120)) == {"tie_120"}


def test_bock_triggers_refuse_a_deal_that_cannot_have_happened():
    with pytest.raises(Refused):
        doppelkopf_bock_triggers(ALL_TRIGGERS, deal(241))


def test_bock_options_are_parsed_and_checked():
    rules = parse_doppelkopf_rules(
        {
            "bock_triggers": ["solo_lost"],
            "bock_length": 5,
            "bock_stacking": "add",
            "bock_multiplier": 3,
            "bock_max_level": 2,
            "bock_pause_compulsory_solos": True,
            "bock_mode": "add",
            "bock_add_points": 2,
        }
    )
    assert rules.bock
    assert (rules.bock_mode, rules.bock_add_points) == ("add", 2)
    assert (rules.bock_length, rules.bock_stacking) == (5, "add")
    assert (rules.bock_multiplier, rules.bock_max_level) == (3, 2)
    assert parse_doppelkopf_rules({"bock_length": "players"}).bock_length is None
    assert not DDV.bock
    bad = {
        "bock_triggers": ["tie_120", "rain"],
        "bock_length": 13,
        "bock_stacking": "pile",
        "bock_multiplier": 5,
        "bock_max_level": True,
        "bock_pause_compulsory_solos": "yes",
        "bock_mode": "plus",
        "bock_add_points": 11,
    }
    with pytest.raises(Refused) as refused:
        parse_doppelkopf_rules(bad)
    assert {p.field for p in refused.value.problems} == {f"rules.{key}" for key in bad}
    with pytest.raises(Refused):
        parse_doppelkopf_rules({"bock_length": "table"})


def test_the_club_bock_preset_plays_bock_and_can_be_overridden():
    club = parse_doppelkopf_rules({"preset": "club_bock"})
    assert club.bock_triggers == {"tie_120", "announced_lost", "solo_lost"}
    assert club.bock_pause_compulsory_solos
    assert not parse_doppelkopf_rules({"preset": "club_bock", "bock_triggers": []}).bock
    assert parse_doppelkopf_rules({"preset": "ddv"}) == DDV


# --- "Fuchs letzter Stich": two extras that cannot be confused (RULES.md §6) --------------------


def test_own_fox_winning_the_last_trick_counts_one():
    score = score_doppelkopf(ALL_EXTRAS, deal(150, extras=[("fox_wins_last_trick", "re")]))
    assert lines(score)[-1] == ("fox_wins_last_trick", "re", 1)
    assert score.value == 2


def test_own_fox_winning_the_last_trick_refusals():
    twice = [("fox_wins_last_trick", "re"), ("fox_wins_last_trick", "re")]
    assert refusals(ALL_EXTRAS, deal(150, extras=twice)) == {("extra_too_many", "deal.extras")}
    with_karlchen = [("fox_wins_last_trick", "re"), ("karlchen", "re")]
    assert refusals(ALL_EXTRAS, deal(150, extras=with_karlchen)) == {
        ("last_trick_conflict", "deal.extras")
    }
    both_parties = [("fox_wins_last_trick", "re"), ("karlchen_caught", "kontra")]
    assert refusals(ALL_EXTRAS, deal(150, extras=both_parties)) == {
        ("last_trick_conflict", "deal.extras")
    }
    assert refusals(ALL_EXTRAS, deal(236, extras=[("fox_wins_last_trick", "kontra")])) == {
        ("extra_exceeds_points", "deal.extras")
    }
    assert refusals(DDV, deal(150, extras=[("fox_wins_last_trick", "re")])) == {
        ("extra_not_enabled", "deal.extras.0.type")
    }


def test_the_legacy_fox_last_trick_code_is_read_as_a_fox_caught_in_the_last_trick():
    rules = parse_doppelkopf_rules({"extras": ["fox", "fox_last_trick"]})
    assert rules.extras == {"fox", "fox_caught_in_last_trick"}
    entered = {
        "contract": "normal",
        "re": [1, 3],
        "re_points": 150,
        "extras": [{"type": "fox", "party": "re"}, {"type": "fox_last_trick", "party": "re"}],
    }
    score = score_doppelkopf(rules, deal_from_dict(entered))
    assert lines(score)[-1] == ("fox_caught_in_last_trick", "re", 1)
    assert score.value == 3


# --- bands of card points -----------------------------------------------------------------------


@given(rules_and_deals())
def test_property_a_band_scores_as_every_exact_points_in_it_do(case):
    """Only the marks of 30, 60, 90 and 120 of either party decide a score: they are band edges."""
    rules, the_deal = case
    exact = accepted(rules, the_deal)
    banded = replace(
        the_deal, re_points=None, kontra_points=None, re_band=band_of(the_deal.re_points)
    )
    assert score_doppelkopf(rules, banded) == exact


def test_bands_cover_every_card_points_once():
    covered = [points for low, high in POINT_BANDS.values() for points in range(low, high + 1)]
    assert covered == list(range(241))


def test_a_band_with_points_or_neither_is_refused():
    both = deal(131, re_band="121-150")
    assert refusals(DDV, both) == {("points_and_band", "deal.re_band")}
    assert refusals(DDV, deal(None)) == {("points_required", "deal.re_points")}
    assert refusals(DDV, deal(None, re_band="121-149")) == {("unknown_band", "deal.re_band")}
    with_kontra = deal(None, re_band="121-150", kontra_points=100)
    assert refusals(DDV, with_kontra) == {("points_and_band", "deal.re_band")}


def test_a_band_of_nothing_still_needs_the_tricks():
    assert refusals(DDV, deal(None, re_band="0")) == {("tricks_required", "deal.re_tricks")}
    schwarz = score_doppelkopf(DDV, deal(None, re_band="0", re_tricks=0))
    assert (schwarz.winner, schwarz.value) == ("kontra", 6)  # won, 4 marks, against the elders
    refused = deal(None, re_band="1-29", re_tricks=12)
    assert refusals(DDV, refused) == {("tricks_inconsistent", "deal.re_tricks")}


def test_extras_are_checked_against_the_most_a_band_allows():
    """A Doppelkopf (a 40-point trick) fits Re's 30–59, though not every points in it."""
    fits = deal(None, re_band="30-59", extras=[("doppelkopf", "re")])
    assert score_doppelkopf(DDV, fits).winner == "kontra"
    too_many = deal(None, re_band="1-29", extras=[("doppelkopf", "re")])
    assert refusals(DDV, too_many) == {("extra_exceeds_points", "deal.extras")}


def test_a_band_comes_from_the_contracts_deal_object():
    the_deal = deal_from_dict({"contract": "normal", "re": [1, 2], "re_band": "151-180"})
    assert (the_deal.re_points, the_deal.re_band, the_deal.re_range) == (
        None,
        "151-180",
        (151, 180),
    )
