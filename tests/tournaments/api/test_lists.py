"""Filters (django-filter) and optional paging of the list endpoints."""

import datetime

import pytest

from tests.factories.api import codes, public_tournament
from tests.factories.tournaments import ORGA
from tournaments.domain.entries import set_checked_in, withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(anonymous):
    autumn, _ = public_tournament(0, name="Herbstturnier", date=datetime.date(2026, 10, 3))
    winter, _ = public_tournament(0, name="Winterpokal", date=datetime.date(2026, 12, 5))
    skat, _ = public_tournament(0, name="Schafkopf-Abend", game="schafkopf")
    return autumn, winter, skat


def names(response) -> list[str]:
    rows = response.json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    return sorted(row["name"] for row in rows)


def test_tournaments_are_filtered_by_game_date_and_name(anonymous, three):
    assert names(anonymous.get("/api/v1/tournaments/", {"game": "schafkopf"})) == [
        "Schafkopf-Abend"
    ]
    since = anonymous.get("/api/v1/tournaments/", {"date_from": "2026-11-01", "game": "doppelkopf"})
    assert names(since) == ["Winterpokal"]
    assert names(anonymous.get("/api/v1/tournaments/", {"search": "herbst"})) == ["Herbstturnier"]


def test_a_bad_filter_value_is_a_400_naming_it(anonymous, three):
    response = anonymous.get("/api/v1/tournaments/", {"date_from": "gestern"})
    assert response.status_code == 400
    assert [field for field, _code in codes(response)] == ["date_from"]


@pytest.mark.parametrize("value", ["null", "ja", "2"])
def test_a_yes_no_filter_takes_only_true_or_false(orga_client, value):
    """It used to read any other word as "no filter" and answer the whole list."""
    tournament, _ = public_tournament(2)
    url = f"/api/v1/tournaments/{tournament.pk}/entries/"
    response = orga_client.get(url, {"withdrawn": value})
    assert (response.status_code, codes(response)) == (400, [("withdrawn", "invalid")])
    assert len(orga_client.get(url, {"withdrawn": "0"}).json()) == 2


def test_lists_are_paged_on_request(anonymous, three):
    whole = anonymous.get("/api/v1/tournaments/").json()
    assert isinstance(whole, list)
    assert len(whole) == 3
    page = anonymous.get("/api/v1/tournaments/", {"limit": 2}).json()
    assert (page["count"], len(page["results"])) == (3, 2)
    rest = anonymous.get("/api/v1/tournaments/", {"limit": 2, "offset": 2}).json()
    assert len(rest["results"]) == 1
    assert page["next"] is not None
    assert rest["next"] is None


def test_entries_are_filtered_for_the_door(orga_client):
    tournament, entries = public_tournament(5)
    set_checked_in(entries[0], by=ORGA)
    set_checked_in(entries[1], by=ORGA)
    withdraw(entries[1], by=ORGA)
    url = f"/api/v1/tournaments/{tournament.pk}/entries/"
    waiting = orga_client.get(url, {"checked_in": "false"}).json()
    assert [row["name"] for row in waiting] == ["Spieler 3", "Spieler 4", "Spieler 5"]
    gone = orga_client.get(url, {"withdrawn": "true"}).json()
    assert [row["name"] for row in gone] == ["Spieler 2"]
    assert len(orga_client.get(url, {"club": "herz as"}).json()) == 2  # Spieler 1 and 4
    assert [row["name"] for row in orga_client.get(url, {"search": "ler 5"}).json()] == [
        "Spieler 5"
    ]
