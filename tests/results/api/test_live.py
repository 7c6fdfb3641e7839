"""What spectators read live: per-series rankings, hidden players, published, hidden and frozen
standings, the series list and a player's course; all cached with ETags."""

import pytest

from scoring.domain.deals import record_deal
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, client_for, codes, publish
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 121}  # Pflichtsolo of 2


@pytest.fixture
def tournament(django_capture_on_commit_callbacks):
    """Series 1 played (a normal game and a Pflichtsolo); series 2 seated, one deal played."""
    first = seated_table(4)
    tournament = publish(first.series.tournament)
    entries = [seat.entry for seat in first.seats.order_by("position")]
    (second,) = seat_series(tournament.series.get(number=2), [entries[::-1]], by=ORGA)
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(first, deal=NORMAL, by=CAPTAIN)  # 1 and 3 win 1
        record_deal(first, deal=SOLO, by=CAPTAIN)  # 2 wins 3, the others lose 1
        record_deal(second, deal=NORMAL, by=CAPTAIN)  # positions 1, 3 = entries 4, 2 win 1
    return tournament


def url(tournament, path="standings/"):
    return f"/api/v1/tournaments/{tournament.pk}/{path}"


def by_name(rows) -> dict:
    return {row["player"]["name"]: row for row in rows}


def test_the_ranking_says_who_played_their_compulsory_solo(anonymous, tournament):
    rows = by_name(anonymous.get(url(tournament)).json())
    assert {name: row["compulsory_solos"] for name, row in rows.items()} == {
        "Spieler 1": 0,
        "Spieler 2": 1,
        "Spieler 3": 0,
        "Spieler 4": 0,
    }
    assert rows["Spieler 2"]["series"] == {"1": 2, "2": 1}
    assert rows["Spieler 2"]["total"] == 3


def test_the_ranking_of_one_series(anonymous, tournament):
    response = anonymous.get(url(tournament), {"series": 2})
    rows = by_name(response.json())
    assert {name: row["total"] for name, row in rows.items()} == {
        "Spieler 1": -1,
        "Spieler 2": 1,
        "Spieler 3": -1,
        "Spieler 4": 1,
    }
    assert rows["Spieler 4"]["rank"] == 1
    assert rows["Spieler 4"]["deals_played"] == 1
    bad = anonymous.get(url(tournament), {"series": "zwei"})
    assert (bad.status_code, codes(bad)) == (400, [("series", "invalid")])


def test_answers_are_revalidated_and_vary_by_reader(anonymous, tournament):
    response = anonymous.get(url(tournament))
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Authorization" in response.headers["Vary"]
    again = anonymous.get(url(tournament), HTTP_IF_NONE_MATCH=response.headers["ETag"])
    assert again.status_code == 304


def test_a_hidden_player_is_hidden_from_spectators_only(
    anonymous, orga_client, tournament, django_capture_on_commit_callbacks
):
    entry = tournament.entries.get(player__name="Spieler 2")
    assert not any(row["hidden"] for row in anonymous.get(url(tournament)).json())
    with django_capture_on_commit_callbacks(execute=True):
        orga_client.patch(url(tournament, f"entries/{entry.pk}/"), {"hidden": True}, format="json")
    public = anonymous.get(url(tournament)).json()
    (hidden,) = [row for row in public if row["hidden"]]
    assert hidden["player"] == {"id": None, "name": None, "club": None}
    assert (hidden["entry"], hidden["start_number"], hidden["total"]) == (None, None, 3)
    assert "Spieler 2" in by_name(orga_client.get(url(tournament)).json())
    assert anonymous.get(url(tournament, f"players/{entry.pk}/")).status_code == 404


def test_hidden_standings_are_refused_to_spectators(
    anonymous, orga_client, tournament, django_capture_on_commit_callbacks
):
    assert anonymous.get(url(tournament)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = orga_client.patch(
            url(tournament, ""), {"standings_public": False}, format="json"
        )
    assert response.json()["standings_public"] is False
    refused = anonymous.get(url(tournament))
    assert (refused.status_code, codes(refused)) == (403, [("standings", "standings_hidden")])
    assert orga_client.get(url(tournament)).status_code == 200


def test_frozen_standings_stay_as_they_were_for_spectators(
    anonymous, orga_client, tournament, django_capture_on_commit_callbacks
):
    frozen = anonymous.get(url(tournament)).json()
    with django_capture_on_commit_callbacks(execute=True):
        answer = orga_client.patch(url(tournament, ""), {"standings_frozen": True}, format="json")
    assert answer.json()["standings_frozen_at"] is not None
    table = tournament.series.get(number=2).tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert anonymous.get(url(tournament)).json() == frozen
    assert anonymous.get(url(tournament), {"series": 2}).json() != []
    live = by_name(orga_client.get(url(tournament)).json())
    assert live["Spieler 4"]["total"] == by_name(frozen)["Spieler 4"]["total"] + 1

    with django_capture_on_commit_callbacks(execute=True):
        orga_client.patch(url(tournament, ""), {"standings_frozen": False}, format="json")
    assert by_name(anonymous.get(url(tournament)).json()) == live


def test_the_series_of_a_tournament(anonymous, tournament):
    response = anonymous.get(url(tournament, "series/"))
    assert [(s["number"], s["status"], s["tables"]) for s in response.json()] == [
        (1, "running", 1),
        (2, "running", 1),
        (3, "planned", 0),
    ]
    assert "ETag" in response.headers


def test_a_players_course_deal_by_deal(anonymous, tournament):
    entry = tournament.entries.get(player__name="Spieler 2")
    body = anonymous.get(url(tournament, f"players/{entry.pk}/")).json()
    assert body["standing"]["total"] == 3
    assert [
        (d["series"], d["number"], d["kind"], d["points"], d["total"]) for d in body["deals"]
    ] == [
        (1, 1, "normal", -1, -1),
        (1, 2, "compulsory_solo", 3, 2),
        (2, 1, "normal", 1, 3),
    ]
    assert anonymous.get(url(tournament, "players/999999/")).status_code == 404


def test_a_draft_has_no_live_answers(anonymous):
    draft = seated_table(4).series.tournament
    for path in ("standings/", "series/", "players/1/"):
        assert anonymous.get(url(draft, path)).status_code == 404


def test_changing_what_spectators_see_is_for_organisers(tournament):
    stranger = client_for()
    response = stranger.patch(url(tournament, ""), {"standings_frozen": True}, format="json")
    assert response.status_code == 401


def test_domain_functions_keep_the_rest_in_place(tournament):
    entry = tournament.entries.first()
    assert hide_publicly(entry, by=ORGA).hidden
    assert (
        update_tournament(tournament, standings_frozen=True, by=ORGA).standings_frozen_at
        is not None
    )
    assert (
        update_tournament(tournament, standings_frozen=True, by=ORGA).frozen_standings is not None
    )


def test_sheets_and_tables_hide_hidden_players_from_spectators(
    anonymous, orga_client, tournament, django_capture_on_commit_callbacks
):
    table = tournament.series.get(number=1).tables.get()
    entry = table.seats.get(position=2).entry
    with django_capture_on_commit_callbacks(execute=True):
        hide_publicly(entry, by=ORGA)
    sheet = anonymous.get(f"/api/v1/tables/{table.pk}/sheet/")
    seat = sheet.json()["players"][1]
    assert (seat["hidden"], seat["name"], seat["entry"]) == (True, None, None)
    tables = anonymous.get(url(tournament, "series/1/tables/")).json()["tables"]
    assert tables[0]["seats"][1]["name"] is None
    organisers = orga_client.get(f"/api/v1/tables/{table.pk}/sheet/").json()
    assert organisers["players"][1]["name"] == "Spieler 2"
    again = anonymous.get(
        f"/api/v1/tables/{table.pk}/sheet/", HTTP_IF_NONE_MATCH=sheet.headers["ETag"]
    )
    assert again.status_code == 304
