"""POST /api/v1/tables/{id}/deals/, PUT and DELETE /api/v1/tables/{id}/deals/{number}/."""

import pytest

from scoring.api.deal_views import WrittenDealOutput
from scoring.domain.deals import correct_deal, record_deal, void_deal
from scoring.domain.series import close_series
from scoring.models import Deal, DealRevision
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, client_for, codes, record
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 110}  # Kontra: 2 points each


def deal_url(table, number):
    return f"/api/v1/tables/{table.pk}/deals/{number}/"


def correct(client, table, number=1, deal=None, **body):
    payload = {"deal": deal or KONTRA_WINS, "version": 1, "reason": "Augen verzählt", **body}
    return client.put(deal_url(table, number), payload, format="json")


def test_the_captain_records_the_next_deal(captain, table):
    response = record(captain, table)
    assert response.status_code == 201
    entries = {seat.position: seat.entry_id for seat in table.seats.all()}
    assert response.json() == {
        "number": 1,
        "kind": "normal",
        "dealer": 1,
        "sitting_out": None,
        "version": 1,
        "voided": False,
        "result": {
            "winner": "re",
            "value": 1,
            "lines": [{"code": "won", "party": "re", "points": 1}],
            "points": {"1": 1, "2": -1, "3": 1, "4": -1},
        },
        "points": {
            str(entries[1]): 1,
            str(entries[2]): -1,
            str(entries[3]): 1,
            str(entries[4]): -1,
        },
    }
    revision = DealRevision.objects.get()
    assert (revision.author, revision.author_label) == (None, "captain")


def test_an_organiser_records_in_their_own_name(orga, orga_client, table):
    solo = {"contract": "solo", "solo": "jacks", "re": [4], "re_points": 121}
    response = record(orga_client, table, solo)
    assert (response.status_code, response.json()["kind"]) == (201, "compulsory_solo")
    revision = DealRevision.objects.get()
    assert (revision.author, revision.author_label) == (orga, "orga")


def test_a_retry_with_the_same_key_stores_once(captain, table):
    first = record(captain, table, idempotency_key="phone-1-deal-1")
    again = record(captain, table, idempotency_key="phone-1-deal-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert (Deal.objects.count(), DealRevision.objects.count()) == (1, 1)


def test_the_same_key_for_another_deal_is_a_conflict(captain, table):
    record(captain, table, idempotency_key="k")
    response = record(captain, table, KONTRA_WINS, idempotency_key="k")
    assert (response.status_code, codes(response)) == (
        409,
        [("idempotency_key", "idempotency_key_reused")],
    )
    assert Deal.objects.count() == 1


def test_a_deal_number_already_taken_is_a_conflict(captain, table):
    record(captain, table, number=1)
    response = record(captain, table, number=1)
    assert (response.status_code, codes(response)) == (409, [("number", "deal_number_taken")])
    assert Deal.objects.count() == 1


def test_a_refused_deal_speaks_german_by_default_and_english_on_request(captain, table):
    deal = {**NORMAL, "re_points": 130, "kontra_points": 120}
    body = {"deal": deal}
    german = captain.post(f"/api/v1/tables/{table.pk}/deals/", body, format="json")
    english = captain.post(
        f"/api/v1/tables/{table.pk}/deals/", body, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert (german.status_code, english.status_code) == (400, 400)
    assert german.json() == {
        "errors": [
            {
                "field": "deal.re_points",
                "code": "points_sum",
                "message": "Re und Kontra müssen zusammen 240 Augen haben.",
            }
        ]
    }
    assert (
        english.json()["errors"][0]["message"]
        == "Re and Kontra must have 240 card points together."
    )
    assert Deal.objects.count() == 0


def test_the_series_refuses_what_cannot_be_played_now():
    table = seated_table(5)
    sitting_out = {"contract": "solo", "solo": "queens", "re": [1], "re_points": 121}
    response = record(client_for(table=table), table, sitting_out)
    assert (response.status_code, codes(response)[0]) == (400, ("deal.re", "player_sitting_out"))


def test_a_five_table_deal_needs_no_seat_list():
    table = seated_table(5)
    response = record(
        client_for(table=table), table, {"contract": "normal", "re": [2, 4], "re_points": 150}
    )
    assert response.status_code == 201
    assert (response.json()["sitting_out"], response.json()["result"]["points"]) == (
        1,
        {"2": 1, "3": -1, "4": 1, "5": -1},
    )


def test_a_seat_list_that_is_not_this_deals_players_is_refused():
    table = seated_table(5)
    deal = {"contract": "normal", "re": [2, 4], "re_points": 150, "seats": [1, 2, 3, 4]}
    response = record(client_for(table=table), table, deal)
    assert (response.status_code, codes(response)) == (400, [("deal.seats", "seats_mismatch")])


def test_the_shape_of_the_deal_is_that_of_the_tables_game(captain, table):
    response = record(captain, table, {"contract": "rufer", "declarer": 1, "re_point": 131})
    assert response.status_code == 400
    assert sorted(codes(response)) == [
        ("deal.contract", "invalid_choice"),
        ("deal.declarer", "unknown_field"),
        ("deal.re", "required"),
        ("deal.re_point", "unknown_field"),
        ("deal.re_points", "required"),
    ]


def test_a_schafkopf_table_takes_a_schafkopf_deal():
    table = seated_table(4, game="schafkopf")
    deal = {
        "contract": "rufer",
        "suit": "acorns",
        "declarer": 2,
        "partner": 4,
        "declarer_points": 75,
    }
    response = record(client_for(table=table), table, deal)
    assert (response.status_code, response.json()["result"]["winner"]) == (201, "declarer")


def test_a_schafkopf_club_evening_records_ramsch_klopfen_and_stoss():
    table = seated_table(4, game="schafkopf", rules={"preset": "club_evening"})
    client = client_for(table=table)
    ramsch = {"contract": "ramsch", "knocked": [1]}
    ramsch["ramsch_points"] = {"1": 30, "2": 45, "3": 20, "4": 25}
    response = record(client, table, ramsch)
    assert response.status_code == 201, response.json()
    result = response.json()["result"]
    assert (result["winner"], result["points"]) == (
        "ramsch_winners",
        {"1": 4, "2": -12, "3": 4, "4": 4},
    )
    assert [line["code"] for line in result["lines"]] == ["base_ramsch", "knocked"]
    solo = {"contract": "solo", "declarer": 1, "suit": "hearts", "declarer_points": 95}
    solo |= {"laufende": 3, "kontra": 2, "re": 1}
    response = record(client, table, solo)
    assert (response.status_code, response.json()["result"]["points"]["1"]) == (201, 108)
    stored = Deal.objects.get(number=1).revisions.get().input
    assert (stored["ramsch_points"], stored["knocked"]) == (ramsch["ramsch_points"], [1])
    refused = record(client, table, {**solo, "kontra": None})
    assert (refused.status_code, codes(refused)) == (400, [("deal.re", "re_without_kontra")])


def test_a_bavarian_tournament_refuses_the_club_games_and_doubling():
    table = seated_table(4, game="schafkopf", rules={"preset": "bavarian_tournament"})
    deal = {"contract": "bettel", "declarer": 1, "declarer_tricks": 0, "knocked": [2]}
    response = record(client_for(table=table), table, deal)
    assert sorted(codes(response)) == [
        ("deal.contract", "contract_not_allowed"),
        ("deal.knocked", "klopfen_not_allowed"),
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [("ramsch_points", [30, 45]), ("ramsch_points", {"one": 30}), ("ramsch_tricks", {"1": "2"})],
)
def test_ramsch_values_are_objects_by_seat(field, value):
    table = seated_table(4, game="schafkopf", rules={"ramsch": True})
    response = record(client_for(table=table), table, {"contract": "ramsch", field: value})
    assert response.status_code == 400
    assert {field_ for field_, _code in codes(response)} <= {
        f"deal.{field}",
        f"deal.{field}.1",
    }


@pytest.mark.parametrize(
    "body",
    [[], "deal", {"deal": NORMAL, "number": "1"}, {"deal": NORMAL, "idempotency_key": ""}],
)
def test_a_malformed_body_is_a_400(captain, table, body):
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", body, format="json")
    assert response.status_code == 400
    assert Deal.objects.count() == 0


def test_a_body_that_is_not_json_is_a_400(captain, table):
    response = captain.post(
        f"/api/v1/tables/{table.pk}/deals/", b"{deal", content_type="application/json"
    )
    assert (response.status_code, codes(response)) == (400, [("body", "parse_error")])


def test_a_captain_token_does_not_write_to_another_table(table):
    tournament = table.series.tournament
    (other,) = seat_series(
        tournament.series.get(number=2), [list(tournament.entries.all())], by=ORGA
    )
    response = record(client_for(table=other), table)
    assert (response.status_code, codes(response)) == (403, [("body", "permission_denied")])
    assert Deal.objects.count() == 0


def test_nobody_else_writes(anonymous, stranger_client, table):
    assert codes(record(anonymous, table)) == [("body", "not_authenticated")]
    assert codes(record(stranger_client, table)) == [("body", "permission_denied")]
    assert Deal.objects.count() == 0


def test_the_token_stops_writing_when_the_series_is_closed(captain, orga_client, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    close_series(table.series, force=True, by=ORGA)
    refused = record(captain, table)
    assert (refused.status_code, codes(refused)) == (403, [("body", "series_closed")])
    assert correct(captain, table).status_code == 403
    corrected = correct(orga_client, table)
    assert (corrected.status_code, corrected.json()["version"]) == (200, 2)
    assert Deal.objects.count() == 1


def test_the_captain_corrects_a_deal(captain, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    response = correct(captain, table)
    assert response.status_code == 200
    body = response.json()
    assert (body["number"], body["version"], body["result"]["points"]) == (
        1,
        2,
        {"1": -2, "2": 2, "3": -2, "4": 2},
    )
    deal = Deal.objects.get()
    assert (deal.version, deal.current.reason) == (2, "Augen verzählt")


def test_a_stale_version_is_a_conflict(captain, orga_client, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert correct(orga_client, table).status_code == 200
    response = correct(captain, table)  # still editing version 1
    assert (response.status_code, codes(response)) == (409, [("version", "stale_version")])
    assert Deal.objects.get().version == 2


def test_a_correction_needs_a_reason_and_a_known_deal(captain, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    blank = correct(captain, table, reason=" ")
    assert (blank.status_code, codes(blank)) == (400, [("reason", "reason_required")])
    missing = correct(captain, table, number=7)
    assert (missing.status_code, codes(missing)) == (404, [("body", "not_found")])
    assert codes(correct(captain, table, version="1")) == [("version", "invalid")]


def test_voiding_with_a_body_or_query_parameters(captain, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    by_body = captain.delete(deal_url(table, 1), {"version": 1, "reason": "falsch gegeben"}, "json")
    by_query = captain.delete(deal_url(table, 2) + "?version=1&reason=doppelt")
    assert (by_body.status_code, by_query.status_code) == (200, 200)
    assert by_body.json() == {
        "number": 1,
        "kind": "normal",
        "dealer": 1,
        "sitting_out": None,
        "version": 2,
        "voided": True,
        "result": {"winner": None, "value": 0, "lines": [], "points": {}},
        "points": {},
    }
    assert list(Deal.objects.values_list("voided", flat=True)) == [True, True]


def test_voiding_a_stale_version_or_without_version(captain, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    stale = captain.delete(deal_url(table, 1), {"version": 2, "reason": "x"}, "json")
    assert (stale.status_code, codes(stale)) == (409, [("version", "stale_version")])
    bare = captain.delete(deal_url(table, 1))
    assert (bare.status_code, sorted(codes(bare))) == (
        400,
        [("reason", "required"), ("version", "required")],
    )
    assert Deal.objects.get().voided is False


def test_a_correction_restores_a_voided_deal(orga_client, table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    orga_client.delete(deal_url(table, 1), {"version": 1, "reason": "x"}, "json")
    response = correct(orga_client, table, version=2)
    assert (response.status_code, response.json()["voided"], response.json()["version"]) == (
        200,
        False,
        3,
    )


def test_the_answer_built_by_hand_is_the_serializers(table):
    solo = {"contract": "solo", "solo": "jacks", "re": [4], "re_points": 121}
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    written = [record_deal(table, deal=solo, by=CAPTAIN)]
    written.append(correct_deal(table, 1, deal=KONTRA_WINS, version=1, reason="x", by=CAPTAIN))
    written.append(void_deal(table, 1, version=2, reason="y", by=CAPTAIN))
    written += DealRevision.objects.select_related("deal")  # as loaded for a repeated key
    for revision in written:
        assert WrittenDealOutput.of(revision) == WrittenDealOutput(revision).data


def test_a_club_that_does_not_count_exactly_records_the_band(captain, table):
    banded = {"contract": "normal", "re": [1, 3], "re_band": "121-150"}
    response = record(captain, table, banded)
    assert (response.status_code, response.json()["result"]["points"]) == (
        201,
        {"1": 1, "2": -1, "3": 1, "4": -1},
    )
    stored = DealRevision.objects.get().input
    assert (stored["re_band"], stored.get("re_points")) == ("121-150", None)
