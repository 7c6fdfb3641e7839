"""Previewing a deal at a table (both engines, nothing stored) and confirming one with a PIN."""

import pytest
from django.core.cache import cache

from karlchen.refusals import Conflict, Refused
from results.domain.standings import standings
from scoring.domain.deals import (
    PIN_ATTEMPTS,
    confirm_deal,
    confirming_positions,
    correct_deal,
    preview_deal,
    record_deal,
    void_deal,
)
from scoring.models import Deal, DealRevision
from tests.factories.tournaments import seated_table
from tests.scoring.domain.conftest import CAPTAIN, ORGANISER, normal, solo

pytestmark = pytest.mark.django_db

NORMAL = normal([1, 3], re_points=131)  # Re (1, 3) wins: 1 point each


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # wrong-PIN counters live in the cache


def codes(refusal) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in refusal.value.problems]


# --- preview -------------------------------------------------------------------------------------


def test_a_preview_scores_the_next_deal_and_stores_nothing():
    table = seated_table(4)
    preview = preview_deal(table, deal=solo(2, re_points=121))
    assert (preview.number, preview.kind, preview.dealer) == (1, "compulsory_solo", 1)
    assert preview.score.points == {1: -1, 2: 3, 3: -1, 4: -1}
    entries = dict(table.seats.values_list("position", "entry_id"))
    assert preview.points == {entries[1]: -1, entries[2]: 3, entries[3]: -1, entries[4]: -1}
    assert Deal.objects.count() == 0


def test_a_preview_refuses_what_recording_refuses_by_both_engines():
    table = seated_table(5)  # deal 1: the dealer (position 1) sits out
    with pytest.raises(Refused) as refusal:
        preview_deal(table, deal={**solo(1), "re_points": 250})
    assert set(codes(refusal)) >= {("deal.re", "player_sitting_out")}
    assert Deal.objects.count() == 0


def test_a_preview_of_a_number_already_taken_is_a_conflict():
    table = seated_table(4)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    with pytest.raises(Conflict):
        preview_deal(table, deal=NORMAL, number=3)


def test_a_preview_of_a_played_deal_previews_its_correction():
    table = seated_table(4)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    preview = preview_deal(table, deal=solo(3), number=1)
    assert (preview.number, preview.kind, preview.dealer) == (1, "compulsory_solo", 1)
    assert DealRevision.objects.count() == 2  # nothing written


# --- who confirms --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entered", "keeper", "expected"),
    [
        ({"seats": [1, 2, 3, 4], "re": [1, 3]}, 4, (1, 3)),  # the keeper is Kontra: Re confirms
        ({"seats": [1, 2, 3, 4], "re": [2, 4]}, 4, (1, 3)),  # the keeper is Re: Kontra confirms
        ({"seats": [1, 2, 3, 4], "re": [4]}, 4, (1, 2, 3)),  # the keeper's solo
        ({"seats": [1, 2, 3, 4], "re": [2]}, 5, (1, 2, 3, 4)),  # the keeper sat out: anyone
    ],
)
def test_a_player_outside_the_list_keepers_party_confirms(entered, keeper, expected):
    assert confirming_positions("doppelkopf", entered, keeper) == expected


def test_in_schafkopf_the_other_side_of_the_keeper_confirms():
    rufer = {"seats": [1, 2, 3, 4], "declarer": 1, "partner": 4}
    assert confirming_positions("schafkopf", rufer, 4) == (2, 3)
    wenz = {"seats": [1, 2, 3, 4], "declarer": 2, "partner": None}
    assert confirming_positions("schafkopf", wenz, 4) == (2,)


def test_in_a_ramsch_every_other_player_may_confirm():
    ramsch = {"seats": [1, 2, 3, 4], "contract": "ramsch", "ramsch_points": {"1": 120}}
    assert confirming_positions("schafkopf", ramsch, 4) == (1, 2, 3)
    assert confirming_positions("schafkopf", {**ramsch, "declarer": None}, 2) == (1, 3, 4)


# --- confirming ----------------------------------------------------------------------------------


@pytest.fixture
def table():
    table = seated_table(4, confirmation_required=True)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    return table


def pin_of(table, position: int) -> str:
    return table.seats.get(position=position).entry.pin


def test_a_confirmed_deal_counts_in_the_confirmed_standings(table):
    tournament = table.series.tournament
    assert {row.total for row in standings(tournament, confirmed_only=True)} == {0}
    revision = confirm_deal(table, 1, version=1, position=3, pin=pin_of(table, 3))
    assert revision.confirmed_by == table.seats.get(position=3).entry
    assert revision.confirmed_at is not None
    assert sorted(row.total for row in standings(tournament, confirmed_only=True)) == [-1, -1, 1, 1]


def test_a_wrong_pin_is_refused_and_changes_nothing(table):
    wrong = "0000" if pin_of(table, 1) != "0000" else "1111"
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 1, version=1, position=1, pin=wrong)
    assert codes(refusal) == [("pin", "pin_wrong")]
    assert Deal.objects.get(table=table).current.confirmed_at is None


def test_guessing_pins_pauses_after_a_few_tries(table):
    wrong = "0000" if pin_of(table, 1) != "0000" else "1111"
    for _ in range(PIN_ATTEMPTS):
        with pytest.raises(Refused):
            confirm_deal(table, 1, version=1, position=1, pin=wrong)
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 1, version=1, position=1, pin=pin_of(table, 1))
    assert codes(refusal) == [("pin", "pin_attempts_exceeded")]


def test_the_list_keepers_own_party_cannot_confirm(table):
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 1, version=1, position=2, pin=pin_of(table, 2))
    assert codes(refusal) == [("player", "confirmer_not_eligible")]


def test_confirming_a_stale_version_is_a_conflict(table):
    correct_deal(table, 1, deal=normal([1, 3], 140), version=1, reason="Augen", by=CAPTAIN)
    with pytest.raises(Conflict):
        confirm_deal(table, 1, version=1, position=1, pin=pin_of(table, 1))


def test_a_correction_needs_a_new_confirmation(table):
    confirm_deal(table, 1, version=1, position=1, pin=pin_of(table, 1))
    correct_deal(table, 1, deal=normal([1, 3], 100), version=1, reason="Augen", by=ORGANISER)
    current = Deal.objects.get(table=table).current
    assert (current.version, current.confirmed_at) == (2, None)
    again = confirm_deal(table, 1, version=2, position=3, pin=pin_of(table, 3))
    assert again.confirmed_at is not None


def test_confirming_twice_keeps_the_first_confirmation(table):
    first = confirm_deal(table, 1, version=1, position=1, pin=pin_of(table, 1))
    second = confirm_deal(table, 1, version=1, position=3, pin=pin_of(table, 3))
    assert second.confirmed_by_id == first.confirmed_by_id == table.seats.get(position=1).entry_id


def test_a_void_deal_needs_no_confirmation(table):
    void_deal(table, 1, version=1, reason="falsch gegeben", by=ORGANISER)
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 1, version=2, position=1, pin=pin_of(table, 1))
    assert codes(refusal) == [("deal", "deal_voided")]


def test_without_the_setting_nobody_confirms():
    table = seated_table(4)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 1, version=1, position=1, pin=pin_of(table, 1))
    assert codes(refusal) == [("deal", "confirmation_not_required")]


def test_an_unknown_deal_cannot_be_confirmed(table):
    with pytest.raises(Refused) as refusal:
        confirm_deal(table, 7, version=1, position=1, pin=pin_of(table, 1))
    assert codes(refusal) == [("number", "deal_not_found")]
