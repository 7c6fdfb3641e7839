"""POST tables/{id}/deals/preview/ and POST tables/{id}/deals/{number}/confirmation/, and the
public ranking where deals must be confirmed."""

import pytest

from scoring.models import Deal
from tests.factories.api import NORMAL, client_for, codes, publish, record
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 121}


def preview_url(table):
    return f"/api/v1/tables/{table.pk}/deals/preview/"


def confirm_url(table, number=1):
    return f"/api/v1/tables/{table.pk}/deals/{number}/confirmation/"


def test_a_schafkopf_club_evening_previews_a_ramsch_at_the_five_table():
    table = seated_table(5, game="schafkopf", rules={"preset": "club_evening"})
    # deal 1 at a five-table: the dealer (position 1) sits out, positions 2 to 5 play
    ramsch = {"contract": "ramsch", "ramsch_points": {"2": 30, "3": 45, "4": 20, "5": 25}}
    response = client_for(table=table).post(preview_url(table), {"deal": ramsch}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["sitting_out"], body["result"]["points"]) == (
        1,
        {"2": 2, "3": -6, "4": 2, "5": 2},
    )
    wrong = {"contract": "ramsch", "ramsch_points": {"1": 30, "3": 45, "4": 20, "5": 25}}
    refused = client_for(table=table).post(preview_url(table), {"deal": wrong}, format="json")
    assert codes(refused) == [("deal.ramsch_points", "ramsch_seats")]
    assert not Deal.objects.exists()


def test_the_captain_previews_the_next_deal(captain, table):
    response = captain.post(preview_url(table), {"deal": SOLO}, format="json")
    assert response.status_code == 200
    entries = {seat.position: seat.entry_id for seat in table.seats.all()}
    assert response.json() == {
        "number": 1,
        "kind": "compulsory_solo",
        "dealer": 1,
        "sitting_out": None,
        "result": {
            "winner": "re",
            "value": 1,
            "lines": [{"code": "won", "party": "re", "points": 1}],
            "points": {"1": -1, "2": 3, "3": -1, "4": -1},
        },
        "points": {
            str(entries[1]): -1,
            str(entries[2]): 3,
            str(entries[3]): -1,
            str(entries[4]): -1,
        },
    }
    assert not Deal.objects.exists()


def test_a_refused_preview_names_the_field_in_german(captain, table):
    response = captain.post(
        preview_url(table), {"deal": {**NORMAL, "re_points": 250}}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("deal.re_points", "points_range")]
    assert "240" in response.json()["errors"][0]["message"]


def test_a_preview_needs_the_tables_own_token(table):
    other = seated_table(4)
    response = client_for(table=other).post(preview_url(table), {"deal": NORMAL}, format="json")
    assert response.status_code == 403
    anonymous = client_for().post(preview_url(table), {"deal": NORMAL}, format="json")
    assert anonymous.status_code == 401


@pytest.fixture
def confirming():
    table = seated_table(4, confirmation_required=True)
    publish(table.series.tournament)
    captain = client_for(table=table)
    assert record(captain, table).status_code == 201
    return table, captain


def test_a_player_confirms_with_their_pin(confirming):
    table, captain = confirming
    pin = table.seats.get(position=1).entry.pin
    response = captain.post(
        confirm_url(table), {"version": 1, "player": 1, "pin": pin}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["number"] == 1
    state = captain.get(f"/api/v1/tables/{table.pk}/").json()
    assert state["deals"][0]["confirmed"] is True
    assert state["confirmation_required"] is True


def test_a_malformed_pin_is_refused_at_its_field(confirming):
    table, captain = confirming
    response = captain.post(
        confirm_url(table), {"version": 1, "player": 1, "pin": "12a"}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("pin", "invalid")]


def test_the_public_ranking_counts_confirmed_deals_only(
    confirming, orga_client, django_capture_on_commit_callbacks
):
    table, captain = confirming
    url = f"/api/v1/tournaments/{table.series.tournament_id}/standings/"
    public = client_for().get(url).json()
    assert {row["total"] for row in public} == {0}
    organisers = orga_client.get(url).json()
    assert sorted(row["total"] for row in organisers) == [-1, -1, 1, 1]

    pin = table.seats.get(position=3).entry.pin
    with django_capture_on_commit_callbacks(execute=True):  # the cached ranking is dropped
        captain.post(confirm_url(table), {"version": 1, "player": 3, "pin": pin}, format="json")
    after = client_for().get(url).json()
    assert sorted(row["total"] for row in after) == [-1, -1, 1, 1]
