"""Quick entry at a table (RULES.md §11.8): recording, previewing, correcting by value or points."""

import pytest

from results.domain.standings import standings
from scoring.domain.deals import confirming_positions
from scoring.models import Deal, DealRevision
from tests.factories.api import NORMAL, client_for, codes, publish, record
from tests.factories.tournaments import seated_table
from tournaments.enums import EntryMode

pytestmark = pytest.mark.django_db


def quick_table(players=4, mode=EntryMode.VALUE, **fields):
    table = seated_table(players, entry_mode=mode, **fields)
    publish(table.series.tournament)
    return table


def deal_url(table, number):
    return f"/api/v1/tables/{table.pk}/deals/{number}/"


def value(amount, winners, **more):
    return {"entry": "value", "value": amount, "winners": winners, **more}


def points(**by_seat):
    return {"entry": "points", "points": {seat[1:]: amount for seat, amount in by_seat.items()}}


def test_the_captain_records_the_game_value_and_the_winners():
    table = quick_table()
    response = record(client_for(table=table), table, value(2, [2, 4]), idempotency_key="q1")
    assert response.status_code == 201
    body = response.json()
    assert (body["number"], body["kind"], body["dealer"]) == (1, "normal", 1)
    assert body["result"] == {
        "winner": "winners",
        "value": 2,
        "lines": [{"code": "entered_value", "party": "winners", "points": 2}],
        "points": {"1": -2, "2": 2, "3": -2, "4": 2},
    }
    stored = DealRevision.objects.get().input
    assert stored == {
        "entry": "value",
        "seats": [1, 2, 3, 4],
        "value": 2,
        "winners": [2, 4],
        "contract": "normal",
        "soloist": None,
    }
    again = record(client_for(table=table), table, value(2, [2, 4]), idempotency_key="q1")
    assert (again.status_code, again.json()) == (201, body)
    assert Deal.objects.count() == 1
    rows = {row.name: row.total for row in standings(table.series.tournament)}
    assert sorted(rows.values()) == [-2, -2, 2, 2]


def test_a_lone_winner_plays_the_compulsory_solo_and_deals_again():
    table = quick_table()
    captain = client_for(table=table)
    assert record(captain, table, value(1, [3])).json()["kind"] == "compulsory_solo"
    second = record(captain, table, points(p1=1, p2=1, p3=-3, p4=1)).json()
    assert (second["kind"], second["dealer"]) == ("voluntary_solo", 1)
    assert second["result"]["points"] == {"1": 1, "2": 1, "3": -3, "4": 1}
    assert second["result"]["lines"][0]["code"] == "entered_points"
    soloist = table.seats.get(position=3).entry_id
    solos = {row.entry_id: row.compulsory_solos for row in standings(table.series.tournament)}
    assert solos[soloist] == 1
    assert sum(solos.values()) == 1


def test_a_silent_wedding_is_no_compulsory_solo():
    table = quick_table()
    body = record(client_for(table=table), table, value(1, [1], contract="silent_wedding"))
    assert body.json()["kind"] == "silent_wedding"


def test_refusals_name_the_field():
    table = quick_table(mode=EntryMode.POINTS)
    captain = client_for(table=table)
    response = record(captain, table, points(p1=2, p2=-1, p3=1, p4=-1))
    assert (response.status_code, codes(response)) == (
        400,
        [("deal.points", "quick_points_not_zero_sum")],
    )
    response = record(captain, table, {"entry": "value", "winners": [1, 2], "kontra": 1})
    assert response.status_code == 400
    assert ("deal.kontra", "unknown_field") in codes(response)
    assert not Deal.objects.exists()


def test_a_full_deal_is_still_taken_at_a_quick_evening_and_quick_is_refused_at_a_full_one():
    table = quick_table()
    assert record(client_for(table=table), table, NORMAL).status_code == 201
    full = seated_table(4)
    publish(full.series.tournament)
    response = record(client_for(table=full), full, value(1, [1, 2]))
    assert (response.status_code, codes(response)) == (400, [("deal.entry", "quick_entry_off")])


def test_the_five_table_dealer_sits_out_and_gets_nothing():
    table = quick_table(5, mode=EntryMode.POINTS)
    captain = client_for(table=table)
    given = points(p1=0, p2=3, p3=-3, p4=3, p5=-3)
    response = record(captain, table, given)
    assert response.status_code == 201
    assert response.json()["result"]["points"] == {"2": 3, "3": -3, "4": 3, "5": -3}
    bad = points(p1=1, p2=1, p3=-1, p4=-1, p5=0)  # deal 2: position 2 deals and sits out
    response = record(captain, table, bad)
    assert codes(response) == [("deal.points.2", "quick_points_not_playing")]
    response = record(captain, table, value(1, [2]))
    assert codes(response) == [("deal.winners.0", "not_seated")]


def test_preview_and_correction_work_by_value_and_the_series_is_replayed():
    table = quick_table()
    captain = client_for(table=table)
    record(captain, table, value(1, [1, 2]))
    record(captain, table, value(1, [1, 2]))
    preview = captain.post(
        f"/api/v1/tables/{table.pk}/deals/preview/", {"deal": value(2, [4])}, format="json"
    )
    assert preview.status_code == 200
    assert (preview.json()["kind"], preview.json()["result"]["points"]["4"]) == (
        "compulsory_solo",
        6,
    )
    corrected = captain.put(
        deal_url(table, 1),
        {"deal": value(3, [2]), "version": 1, "reason": "Zettel falsch gelesen"},
        format="json",
    )
    assert corrected.status_code == 200
    body = corrected.json()
    assert (body["version"], body["kind"], body["result"]["points"]["2"]) == (
        2,
        "compulsory_solo",
        9,
    )
    # deal 1 became a Pflichtsolo: its dealer deals again, so deal 2's dealer moves back
    assert Deal.objects.get(number=2).dealer == 1


def test_the_other_side_than_the_keeper_confirms_a_quick_deal():
    entered = {"entry": "value", "seats": [1, 2, 3, 4], "winners": [1, 4]}
    assert confirming_positions("doppelkopf", entered, 4) == (2, 3)
    nobody = {"entry": "points", "seats": [1, 2, 3, 4], "winners": []}
    assert confirming_positions("doppelkopf", nobody, 4) == (1, 2, 3)


def test_schafkopf_takes_quick_entries_too():
    table = quick_table(game="schafkopf")
    response = record(client_for(table=table), table, value(4, [1]))
    assert response.status_code == 201
    assert (response.json()["kind"], response.json()["result"]["points"]) == (
        "normal",
        {"1": 12, "2": -4, "3": -4, "4": -4},
    )


def test_the_entry_mode_is_set_in_the_api(orga_client):
    response = orga_client.post(
        "/api/v1/tournaments/",
        {"name": "Clubabend", "date": "2026-12-10", "entry_mode": "points"},
        format="json",
    )
    assert (response.status_code, response.json()["entry_mode"]) == (201, "points")
    tournament_id = response.json()["id"]
    changed = orga_client.patch(
        f"/api/v1/tournaments/{tournament_id}/", {"entry_mode": "value"}, format="json"
    )
    assert (changed.status_code, changed.json()["entry_mode"]) == (200, "value")
    wrong = orga_client.patch(
        f"/api/v1/tournaments/{tournament_id}/", {"entry_mode": "cards"}, format="json"
    )
    assert codes(wrong) == [("entry_mode", "invalid_choice")]
