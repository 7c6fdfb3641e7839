"""Tables of a series (public, with captain links for organisers), seating, call time, closing."""

import pytest

from scoring.domain.deals import record_deal
from seating.domain.seating import seat_series
from seating.models import Table
from tests.factories.api import NORMAL, client_for, codes, public_tournament, record
from tests.factories.tournaments import CAPTAIN, ORGA, tournament_with_players

pytestmark = pytest.mark.django_db


def series_url(tournament, suffix, number=1):
    return f"/api/v1/tournaments/{tournament.pk}/series/{number}/{suffix}"


@pytest.fixture
def seated():
    """A public tournament with two tables of four in series 1, one deal played at table 1."""
    tournament, entries = public_tournament(8)
    first, second = seat_series(
        tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA
    )
    record_deal(first, deal=NORMAL, by=CAPTAIN)
    return tournament, first, second, entries


def seat_body(entry, position) -> dict:
    return {
        "position": position,
        "hidden": False,
        "entry": entry.pk,
        "player": entry.player_id,
        "name": entry.player.name,
        "club": entry.player.club_name,
        "start_number": entry.start_number,
    }


def test_anyone_sees_the_tables_with_seats_and_progress(anonymous, seated):
    tournament, first, second, entries = seated
    response = anonymous.get(series_url(tournament, "tables/"))
    assert response.status_code == 200
    assert response.json() == {
        "series": {"number": 1, "status": "running", "time_called_at": None, "closed_at": None},
        "tables": [
            {
                "id": first.pk,
                "number": 1,
                "seats": [seat_body(entry, n) for n, entry in enumerate(entries[:4], 1)],
                "progress": {"deals_played": 1, "deals_total": 24, "complete": False},
            },
            {
                "id": second.pk,
                "number": 2,
                "seats": [seat_body(entry, n) for n, entry in enumerate(entries[4:], 1)],
                "progress": {"deals_played": 0, "deals_total": 24, "complete": False},
            },
        ],
    }


def test_organisers_also_get_the_captain_links(orga_client, seated):
    tournament, first, second, _ = seated
    tables = orga_client.get(series_url(tournament, "tables/")).json()["tables"]
    assert [(row["captain_token"], row["captain_url"]) for row in tables] == [
        (first.captain_token(), f"/captain/{first.captain_token()}/"),
        (second.captain_token(), f"/captain/{second.captain_token()}/"),
    ]


def test_a_captain_token_gives_no_captain_links(seated):
    tournament, first, _, _ = seated
    tables = client_for(table=first).get(series_url(tournament, "tables/")).json()["tables"]
    assert ["captain_token" in row for row in tables] == [False, False]


def test_the_tables_of_a_draft_or_an_unknown_series_are_404(anonymous, orga_client):
    tournament, _ = tournament_with_players(0)
    assert anonymous.get(series_url(tournament, "tables/")).status_code == 404
    assert orga_client.get(series_url(tournament, "tables/")).status_code == 200
    assert orga_client.get(series_url(tournament, "tables/", number=9)).status_code == 404


def test_organisers_seat_a_series_from_a_plan(orga_client):
    tournament, entries = tournament_with_players(5)
    plan = {"tables": [[entry.pk for entry in reversed(entries)]]}
    response = orga_client.post(series_url(tournament, "seating/", 2), plan, format="json")
    assert response.status_code == 201
    body = response.json()
    table = Table.objects.get(series__number=2)
    assert (body["series"]["status"], body["tables"][0]["id"]) == ("seated", table.pk)
    assert [seat["entry"] for seat in body["tables"][0]["seats"]] == plan["tables"][0]
    assert body["tables"][0]["captain_token"] == table.captain_token()
    assert body["tables"][0]["progress"] == {
        "deals_played": 0,
        "deals_total": 30,  # a five-table: 25 normal deals and 5 compulsory solos
        "complete": False,
    }


def test_a_plan_with_unknown_entries_is_refused(orga_client):
    tournament, entries = tournament_with_players(4)
    foreign = tournament_with_players(1, name="Anderes")[1][0]
    plan = {"tables": [[entries[0].pk, entries[1].pk, entries[2].pk, foreign.pk]]}
    response = orga_client.post(series_url(tournament, "seating/"), plan, format="json")
    assert (response.status_code, codes(response)) == (400, [("tables.0.3", "unknown_entry")])
    assert Table.objects.count() == 0


def test_the_domain_checks_the_table_sizes(orga_client):
    tournament, entries = tournament_with_players(3)
    plan = {"tables": [[entry.pk for entry in entries]]}
    response = orga_client.post(series_url(tournament, "seating/"), plan, format="json")
    assert (response.status_code, codes(response)) == (400, [("tables.0", "table_size")])


def test_seating_is_for_organisers(anonymous, stranger_client):
    tournament, entries = tournament_with_players(4)
    plan = {"tables": [[entry.pk for entry in entries]]}
    assert anonymous.post(series_url(tournament, "seating/"), plan, "json").status_code == 401
    # a draft: as unknown to a stranger (docs/CLUBS.md)
    assert stranger_client.post(series_url(tournament, "seating/"), plan, "json").status_code == 404
    assert Table.objects.count() == 0


def test_calling_time_strikes_the_normal_deals_left(orga_client, seated):
    tournament, first, _, _ = seated
    response = orga_client.post(series_url(tournament, "call-time/"), format="json")
    assert response.status_code == 200
    assert response.json()["time_called_at"] is not None
    state = orga_client.get(f"/api/v1/tables/{first.pk}/").json()
    assert (state["time_up"], state["deals_total"], state["next_deal"]["forced_soloist"]) == (
        True,
        5,  # the one normal deal played and four compulsory solos, now Vorführungen
        3,  # the first from the left of dealer 2
    )


def test_closing_an_incomplete_series_needs_force(orga_client, seated):
    tournament, *_ = seated
    refused = orga_client.post(series_url(tournament, "close/"), {}, format="json")
    assert (refused.status_code, codes(refused)) == (400, [("series", "series_incomplete")])
    forced = orga_client.post(series_url(tournament, "close/"), {"force": True}, format="json")
    assert forced.status_code == 200
    assert (forced.json()["status"], forced.json()["closed_at"] is None) == ("closed", False)


def test_a_complete_series_closes_without_force(orga_client):
    tournament, entries = public_tournament(4, normal_deals=1, compulsory_solos=False)
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    response = orga_client.post(series_url(tournament, "close/"), format="json")
    assert (response.status_code, response.json()["status"]) == (200, "closed")


def test_series_operations_are_for_organisers(stranger_client, seated):
    tournament, *_ = seated
    for suffix in ("call-time/", "close/"):
        response = stranger_client.post(series_url(tournament, suffix), format="json")
        assert (response.status_code, codes(response)) == (403, [("body", "permission_denied")])


def test_a_new_captain_token_revokes_the_old_one(orga_client, seated):
    _, first, _, _ = seated
    old = client_for(table=first)
    response = orga_client.post(f"/api/v1/tables/{first.pk}/captain-token/", format="json")
    assert response.status_code == 200
    first.refresh_from_db()
    assert response.json() == {
        "table": first.pk,
        "captain_token": first.captain_token(),
        "captain_url": f"/captain/{first.captain_token()}/",
    }
    revoked = record(old, first)
    assert (revoked.status_code, codes(revoked)) == (401, [("body", "authentication_failed")])
    assert record(client_for(table=first), first).status_code == 201


def test_captain_tokens_are_issued_by_organisers_only(stranger_client, seated):
    _, first, _, _ = seated
    url = f"/api/v1/tables/{first.pk}/captain-token/"
    assert stranger_client.post(url, format="json").status_code == 403
    assert client_for(table=first).post(url, format="json").status_code == 401
    assert stranger_client.post("/api/v1/tables/424242/captain-token/").status_code == 404
