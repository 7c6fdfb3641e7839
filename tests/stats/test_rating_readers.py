"""Every reader of the rating: the API (a player's, the list) with ETags and 404s, the public
profile and the desk's player page. Players without consent and hidden players appear in no
public reader; the organisers see every rating on the desk."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from stats.domain.rating import refresh_rating
from stats.models import PlayerRating
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, organiser, seated_table

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}


@pytest.fixture
def rated():
    """One closed series rated: position 1 agreed, 2 agreed but is hidden at the tournament,
    3 and 4 did not agree."""
    table = seated_table(4)
    publish(table.series.tournament)
    for deal in (NORMAL, SOLO, NORMAL):
        record_deal(table, deal=deal, by=CAPTAIN)
    close_series(table.series, by=ORGA, force=True)
    refresh_rating()
    seats = {seat.position: seat.entry for seat in table.seats.select_related("entry__player")}
    for position in (1, 2):
        seats[position].player.listing_consent = True
        seats[position].player.save(update_fields=["listing_consent"])
    seats[2].hidden = True
    seats[2].save(update_fields=["hidden"])
    return {position: entry.player for position, entry in seats.items()}


def test_a_players_rating_with_its_etag(anonymous, rated):
    url = f"/api/v1/players/{rated[1].pk}/rating/"
    response = anonymous.get(url)
    assert response.status_code == 200
    stored = PlayerRating.objects.get(player_id=rated[1].pk)
    assert response.json() == {
        "player": {"id": rated[1].pk, "name": rated[1].name},
        "rating": {
            "rating": round(stored.mu - 3 * stored.sigma, 2),
            "mu": round(stored.mu, 2),
            "sigma": round(stored.sigma, 2),
            "deals": 3,
        },
    }
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


@pytest.mark.parametrize("position", [2, 3, 4])
def test_no_rating_of_a_hidden_player_or_one_without_consent(anonymous, rated, position):
    assert anonymous.get(f"/api/v1/players/{rated[position].pk}/rating/").status_code == 404


def test_the_list_names_only_who_may_be_named(anonymous, rated):
    response = anonymous.get("/api/v1/ratings/")
    assert response.status_code == 200
    assert [row["player"]["id"] for row in response.json()] == [rated[1].pk]  # the whole list
    assert anonymous.get("/api/v1/ratings/", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_the_list_pages_as_the_other_lists_each_page_with_its_etag(anonymous, rated):
    """``limit`` and ``offset`` page it (the API's one pagination class): each page the next
    rows of the whole list, best first (against the stored ratings, sorted here), with its
    own ETag; a consent withdrawn changes every page (the count)."""
    for position in (3, 4):
        rated[position].listing_consent = True
        rated[position].save(update_fields=["listing_consent"])
    shown = sorted(
        PlayerRating.objects.exclude(player_id=rated[2].pk),  # hidden at the tournament
        key=lambda row: (-round(row.mu - 3 * row.sigma, 2), row.player_id),
    )
    expected = [row.player_id for row in shown]
    assert len(expected) == 3
    whole = anonymous.get("/api/v1/ratings/").json()
    assert [row["player"]["id"] for row in whole] == expected
    pages, etags = [], set()
    for offset in range(3):
        response = anonymous.get("/api/v1/ratings/", {"limit": 1, "offset": offset})
        assert response.status_code == 200
        page = response.json()
        assert page["count"] == 3
        assert (page["previous"] is None) == (offset == 0)
        assert (page["next"] is None) == (offset == 2)
        pages += page["results"]
        etags.add(response["ETag"])
        again = anonymous.get(
            "/api/v1/ratings/", {"limit": 1, "offset": offset}, HTTP_IF_NONE_MATCH=response["ETag"]
        )
        assert again.status_code == 304
    assert pages == whole
    assert len(etags) == 3
    two = anonymous.get("/api/v1/ratings/", {"limit": 2})
    assert [row["player"]["id"] for row in two.json()["results"]] == expected[:2]
    assert anonymous.get("/api/v1/ratings/", {"limit": "all"}).json() == whole  # as §8 reads it
    rated[4].listing_consent = False
    rated[4].save(update_fields=["listing_consent"])
    after = anonymous.get("/api/v1/ratings/", {"limit": 2}, HTTP_IF_NONE_MATCH=two["ETag"])
    left = [player for player in expected if player != rated[4].pk]
    assert after.status_code == 200  # one fewer counted: every page is new
    assert after.json()["count"] == 2
    assert [row["player"]["id"] for row in after.json()["results"]] == left
    assert anonymous.get("/api/v1/ratings/").json() == [
        row for row in whole if row["player"]["id"] != rated[4].pk
    ]


def test_the_lists_schema_is_an_array_or_a_page():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/v1/ratings/"]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert {"limit", "offset", "If-None-Match"} <= names
    listed = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    whole, page = schema["components"]["schemas"][listed.rsplit("/", 1)[1]]["oneOf"]
    assert (whole["type"], page["type"]) == ("array", "object")
    assert page["properties"]["results"]["items"] == whole["items"]
    row = schema["components"]["schemas"][whole["items"]["$ref"].rsplit("/", 1)[1]]
    assert set(row["properties"]) == {"player", "rating", "mu", "sigma", "deals"}


def test_a_player_not_rated_yet_has_a_null_rating(anonymous, rated):
    PlayerRating.objects.filter(player_id=rated[1].pk).delete()
    assert anonymous.get(f"/api/v1/players/{rated[1].pk}/rating/").json()["rating"] is None


def test_the_public_profile_shows_the_rating_only_where_it_may(rated):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(f"/p/{rated[1].pk}/").content.decode()
    assert 'id="rating-title"' in page
    stored = PlayerRating.objects.get(player_id=rated[1].pk)
    assert f"{stored.mu - 3 * stored.sigma:.1f}" in page
    # Hidden at a tournament: the profile shows, the rating does not.
    hidden = client.get(f"/p/{rated[2].pk}/")
    assert 'id="rating-title"' not in hidden.content.decode()
    assert client.get(f"/p/{rated[3].pk}/").status_code == 404  # no consent: no profile


def test_the_desk_shows_every_rating_to_the_organisers(rated):
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    for player in rated.values():
        page = desk.get(f"/desk/players/{player.pk}/").content.decode()
        stored = PlayerRating.objects.get(player_id=player.pk)
        assert 'id="rating-title"' in page
        assert f"{stored.mu - 3 * stored.sigma:.1f}" in page
    PlayerRating.objects.all().delete()
    page = desk.get(f"/desk/players/{rated[1].pk}/").content.decode()
    assert "No closed series rated yet." in page
