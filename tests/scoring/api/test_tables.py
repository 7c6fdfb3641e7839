"""GET /api/v1/tables/{id}/ (captain, organisers) and GET /api/v1/tables/{id}/sheet/ (public)."""

import pytest

from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, client_for, codes, publish
from tests.factories.documents import seated_series
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 121}  # soloist +3


def state_url(table):
    return f"/api/v1/tables/{table.pk}/"


def sheet_url(table):
    return f"/api/v1/tables/{table.pk}/sheet/"


def seats(table) -> list[dict]:
    return [
        {
            "position": seat.position,
            "hidden": False,
            "entry": seat.entry_id,
            "player": seat.entry.player_id,
            "name": seat.entry.player.name,
            "club": seat.entry.player.club_name,
            "start_number": seat.entry.start_number,
        }
        for seat in table.seats.order_by("position")
    ]


@pytest.fixture
def played(table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal=SOLO, by=CAPTAIN)
    return table


def test_the_captain_reads_the_table_now(captain, played):
    response = captain.get(state_url(played))
    assert response.status_code == 200
    assert response.json() == {
        "id": played.pk,
        "number": 1,
        "tournament": played.series.tournament_id,
        "game": "doppelkopf",
        "series": 1,
        "status": "running",
        "seats": seats(played),
        "deals": [
            {
                "number": 1,
                "kind": "normal",
                "dealer": 1,
                "sitting_out": None,
                "version": 1,
                "voided": False,
                "points": {"1": 1, "2": -1, "3": 1, "4": -1},
                "deal": entered(played, 1),
                "confirmed": True,  # nobody needs to confirm in this tournament
                "confirmers": [1, 3],  # position 4 (Kontra) keeps the list: Re confirms
                "bock_factor": 1,
                "bock_points": 0,
            },
            {
                "number": 2,
                "kind": "compulsory_solo",
                "dealer": 2,
                "sitting_out": None,
                "version": 1,
                "voided": False,
                "points": {"1": -1, "2": 3, "3": -1, "4": -1},
                "deal": entered(played, 2),
                "confirmed": True,
                "confirmers": [2],
                "bock_factor": 1,
                "bock_points": 0,
            },
        ],
        "totals": {"1": 0, "2": 2, "3": 0, "4": -2},
        "next_deal": {
            "bock": {"level": 0, "factor": 1, "deals_left": 0, "points": 0},  # no Bock rounds (DDV)
            "number": 3,
            "dealer": 2,  # after a compulsory solo the same player deals again (TSR 3.3)
            "sitting_out": None,
            "players": [1, 2, 3, 4],
            "forced_soloist": None,
        },
        "compulsory_solos": {"1": "owed", "2": "done", "3": "owed", "4": "owed"},
        "deals_played": 2,
        "deals_total": 24,
        "complete": False,
        "time_up": False,
        "keeper": 4,
        "confirmation_required": False,
    }


def entered(table, number: int) -> dict:
    return table.deals.get(number=number).current.input


def test_organisers_read_every_table(orga_client, played):
    assert orga_client.get(state_url(played)).json()["totals"] == {"1": 0, "2": 2, "3": 0, "4": -2}


def test_a_five_table_names_who_sits_out_next():
    table = seated_table(5)
    body = client_for(table=table).get(state_url(table)).json()
    assert body["next_deal"] == {
        "bock": {"level": 0, "factor": 1, "deals_left": 0, "points": 0},
        "number": 1,
        "dealer": 1,
        "sitting_out": 1,
        "players": [2, 3, 4, 5],
        "forced_soloist": None,
    }
    assert body["compulsory_solos"] == dict.fromkeys(["1", "2", "3", "4", "5"], "owed")


def test_a_schafkopf_table_has_no_compulsory_solos():
    table = seated_table(4, game="schafkopf")
    body = client_for(table=table).get(state_url(table)).json()
    assert (body["compulsory_solos"], body["deals_total"]) == ({}, 32)


def test_the_table_state_is_for_its_captain_and_organisers(anonymous, stranger_client, table):
    missing = anonymous.get(state_url(table))
    assert (missing.status_code, codes(missing)) == (401, [("body", "not_authenticated")])
    assert missing.headers["WWW-Authenticate"] == "Table"
    refused = stranger_client.get(state_url(table))
    assert (refused.status_code, codes(refused)) == (403, [("body", "permission_denied")])


def test_a_captain_token_does_not_open_another_table(table):
    tournament = table.series.tournament
    entries = list(tournament.entries.all())
    (other,) = seat_series(tournament.series.get(number=2), [entries], by=ORGA)
    response = client_for(table=other).get(state_url(table))
    assert (response.status_code, codes(response)) == (403, [("body", "permission_denied")])


@pytest.mark.parametrize("header", ["Table nonsense", "Table", "Table a b", "Table ä"])
def test_a_wrong_token_is_401(anonymous, table, header):
    anonymous.credentials(HTTP_AUTHORIZATION=header)
    response = anonymous.get(state_url(table))
    assert (response.status_code, codes(response)) == (401, [("body", "authentication_failed")])


def test_the_captain_still_reads_after_the_series_is_closed(captain, played):
    close_series(played.series, force=True, by=ORGA)
    response = captain.get(state_url(played))
    assert (response.status_code, response.json()["status"]) == (200, "closed")


def test_an_unknown_table_is_404(orga_client):
    response = orga_client.get("/api/v1/tables/424242/")
    assert (response.status_code, codes(response)) == (404, [("body", "not_found")])


def test_anyone_reads_the_score_sheet_of_a_public_tournament(anonymous, played):
    response = anonymous.get(sheet_url(played))
    assert response.status_code == 200
    assert response.json() == {
        "id": played.pk,
        "number": 1,
        "series": 1,
        "players": seats(played),
        "deals": [
            {
                "number": 1,
                "kind": "normal",
                "dealer": 1,
                "voided": False,
                "points": {"1": 1, "2": -1, "3": 1, "4": -1},
                "totals": {"1": 1, "2": -1, "3": 1, "4": -1},
                "bock_factor": 1,
                "bock_points": 0,
                "counted": True,
            },
            {
                "number": 2,
                "kind": "compulsory_solo",
                "dealer": 2,
                "voided": False,
                "points": {"1": -1, "2": 3, "3": -1, "4": -1},
                "totals": {"1": 0, "2": 2, "3": 0, "4": -2},
                "bock_factor": 1,
                "bock_points": 0,
                "counted": True,
            },
        ],
        "totals": {"1": 0, "2": 2, "3": 0, "4": -2},
    }


def test_a_voided_deal_scores_zero_on_the_sheet(orga_client, anonymous, played):
    orga_client.delete(f"{state_url(played)}deals/1/", {"version": 1, "reason": "x"}, "json")
    first, second = anonymous.get(sheet_url(played)).json()["deals"]
    assert (first["voided"], first["points"], second["totals"]) == (
        True,
        {"1": 0, "2": 0, "3": 0, "4": 0},
        {"1": -1, "2": 3, "3": -1, "4": -1},
    )


def test_the_sheet_of_a_draft_is_for_organisers_and_the_captain(anonymous, orga_client):
    table = seated_table(4)
    assert anonymous.get(sheet_url(table)).status_code == 404
    assert orga_client.get(sheet_url(table)).status_code == 200
    assert client_for(table=table).get(sheet_url(table)).status_code == 200
    publish(table.series.tournament)
    assert anonymous.get(sheet_url(table)).status_code == 200


def test_the_sheets_are_closed_to_spectators_where_the_standings_are(
    anonymous, orga_client, played
):
    """The sheets add up to the live standings: unpublished or frozen, spectators read neither
    (a freeze until the award ceremony would tell nothing otherwise); the table's captain and
    the organisers read them all the same."""
    tournament = played.series.tournament
    captain = client_for(table=played)
    assert anonymous.get(sheet_url(played)).status_code == 200
    update_tournament(tournament, by=ORGA, standings_public=False)
    response = anonymous.get(sheet_url(played))
    assert (response.status_code, codes(response)) == (403, [("standings", "standings_hidden")])
    update_tournament(tournament, by=ORGA, standings_public=True, standings_frozen=True)
    response = anonymous.get(sheet_url(played))
    assert (response.status_code, codes(response)) == (403, [("standings", "sheets_frozen")])
    for insider in (orga_client, captain):
        assert insider.get(sheet_url(played)).json()["totals"] == {"1": 0, "2": 2, "3": 0, "4": -2}
    update_tournament(tournament, by=ORGA, standings_frozen=False)
    assert anonymous.get(sheet_url(played)).json()["totals"] == {"1": 0, "2": 2, "3": 0, "4": -2}


def test_where_deals_are_confirmed_the_public_sheet_adds_up_to_the_public_standings(
    anonymous, orga_client
):
    """Spectators' standings count confirmed deals only: their sheet's totals do too, the
    unconfirmed deal listed with its points but not counted; insiders count every deal."""
    from results.domain.standings import standings
    from scoring.domain.deals import confirm_deal

    table = seated_table(4, confirmation_required=True)
    publish(table.series.tournament)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal=SOLO, by=CAPTAIN)
    other_party = table.seats.get(position=1).entry  # the list keeper (4) played Kontra
    confirm_deal(table, 1, version=1, position=1, pin=other_party.pin)
    sheet = anonymous.get(sheet_url(table)).json()
    assert [deal["counted"] for deal in sheet["deals"]] == [True, False]
    assert sheet["deals"][1]["points"] == {"1": -1, "2": 3, "3": -1, "4": -1}
    assert sheet["totals"] == {"1": 1, "2": -1, "3": 1, "4": -1}
    public = standings(table.series.tournament, confirmed_only=True)
    by_position = {seat.entry_id: str(seat.position) for seat in table.seats.all()}
    assert {by_position[row.entry_id]: row.total for row in public} == sheet["totals"]
    insider = orga_client.get(sheet_url(table)).json()
    assert [deal["counted"] for deal in insider["deals"]] == [True, True]
    assert insider["totals"] == {"1": 0, "2": 2, "3": 0, "4": -2}


def test_a_captain_sees_hidden_players_by_name_only_at_their_own_table(anonymous, orga_client):
    """Another table's token reads what spectators read, at every endpoint it can reach."""
    series, (mine, other) = seated_series((4, 4))
    tournament = publish(series.tournament)
    hidden_seat = other.seats.order_by("position").first()
    hide_publicly(hidden_seat.entry, by=ORGA)
    my_seat = mine.seats.order_by("position").first()
    hide_publicly(my_seat.entry, by=ORGA)
    record_deal(other, deal=NORMAL, by=CAPTAIN)
    captain = client_for(table=mine)
    as_spectators = anonymous.get(sheet_url(other)).json()
    as_organisers = orga_client.get(sheet_url(other)).json()  # read first: the insiders' cache
    assert as_spectators["players"][0] == {
        **dict.fromkeys(("entry", "player", "name", "club", "start_number")),
        "position": 1,
        "hidden": True,
    }
    assert as_organisers["players"][0]["name"] == hidden_seat.entry.player.name

    assert captain.get(sheet_url(other)).json() == as_spectators
    own = captain.get(sheet_url(mine)).json()["players"][0]
    assert (own["hidden"], own["name"]) == (False, my_seat.entry.player.name)
    # The other reads a captain's token can reach: none tells a hidden player's name.
    for path in (
        f"/api/v1/tournaments/{tournament.pk}/series/1/tables/",
        f"/api/v1/tournaments/{tournament.pk}/standings/",
        f"/api/v1/tournaments/{tournament.pk}/standings/?series=1",
        f"/api/v1/tournaments/{tournament.pk}/",
        f"/api/v1/tournaments/{tournament.pk}/entries/",
    ):
        response = captain.get(path)
        assert response.content == anonymous.get(path).content, path
        assert hidden_seat.entry.player.name.encode() not in response.content, path
    refused = captain.get(f"/api/v1/tournaments/{tournament.pk}/players/{hidden_seat.entry_id}/")
    assert refused.status_code == 404


def test_the_api_says_which_deals_are_bock_and_what_comes(api_client):
    table = seated_table(4, rules={"bock_triggers": ["tie_120"]})
    record_deal(table, deal={**NORMAL, "re_points": 120}, by=CAPTAIN)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    captain = client_for(table=table)
    body = captain.get(state_url(table)).json()
    assert body["next_deal"]["bock"] == {"level": 1, "factor": 2, "deals_left": 3, "points": 0}
    assert [deal["bock_factor"] for deal in body["deals"]] == [1, 2]
    sheet = captain.get(sheet_url(table)).json()
    assert [deal["bock_factor"] for deal in sheet["deals"]] == [1, 2]
    preview = captain.post(
        f"{state_url(table)}deals/preview/", {"deal": NORMAL}, format="json"
    ).json()
    assert (preview["result"]["bock_factor"], preview["result"]["value"]) == (2, 2)
    assert preview["result"]["lines"][-1] == {"code": "bock", "party": "re", "points": 1}
    recorded = captain.post(
        f"{state_url(table)}deals/", {"deal": {**NORMAL, "re_points": 120}}, format="json"
    )
    assert recorded.status_code == 201, recorded.content
    result = recorded.json()["result"]
    assert (result["bock_factor"], result["bock_triggers"]) == (2, ["tie_120"])


def test_the_api_says_what_bock_adds_where_it_adds_points(api_client):
    rules = {"bock_triggers": ["tie_120"], "bock_mode": "add", "bock_add_points": 2}
    table = seated_table(4, rules=rules)
    record_deal(table, deal={**NORMAL, "re_points": 120}, by=CAPTAIN)
    captain = client_for(table=table)
    body = captain.get(state_url(table)).json()
    assert body["next_deal"]["bock"] == {"level": 1, "factor": 1, "deals_left": 4, "points": 2}
    preview = captain.post(
        f"{state_url(table)}deals/preview/", {"deal": NORMAL}, format="json"
    ).json()
    assert preview["result"]["lines"][-1] == {"code": "bock_points", "party": "re", "points": 2}
    assert (preview["result"]["bock_points"], preview["result"]["value"]) == (2, 3)
    assert "bock_factor" not in preview["result"]
    recorded = captain.post(f"{state_url(table)}deals/", {"deal": NORMAL}, format="json")
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["result"]["bock_points"] == 2
    sheet = captain.get(sheet_url(table)).json()
    assert [(deal["bock_factor"], deal["bock_points"]) for deal in sheet["deals"]] == [
        (1, 0),
        (1, 2),
    ]
