"""The seasons' read API and pages: ranking and a player's season, ETags, private seasons."""

import pytest
from django.core.cache import cache

from scoring.domain.deals import correct_deal
from seasons.domain.seasons import update_season
from tests.factories.api import client_for
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import ORGA, organiser

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def test_season_list_and_detail(anonymous):
    season, _tables, _players = season_with_evenings(2)
    assert [row["id"] for row in anonymous.get("/api/v1/seasons/").json()] == [season.pk]
    detail = anonymous.get(f"/api/v1/seasons/{season.pk}/").json()
    assert detail["name"] == "Jahreswertung 2026"
    assert [evening["name"] for evening in detail["evenings"]] == ["Clubabend 1", "Clubabend 2"]


def test_the_season_ranking_with_etags(anonymous, django_capture_on_commit_callbacks):
    season, tables, _players = season_with_evenings(2)
    url = f"/api/v1/seasons/{season.pk}/ranking/"
    answer = anonymous.get(url)
    assert answer.status_code == 200
    rows = answer.json()
    assert [row["score"] for row in rows] == [2, 2, -2, -2]
    assert rows[0]["player"]["name"] == "Spieler 1"
    etag = answer["ETag"]
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="r", by=ORGA)
    again = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert {row["score"] for row in again.json()} == {-1, 1}


def test_a_spectators_cached_ranking_runs_no_query_and_follows_privacy(
    anonymous, django_assert_num_queries, django_capture_on_commit_callbacks
):
    season, _tables, _players = season_with_evenings(2)
    url = f"/api/v1/seasons/{season.pk}/ranking/"
    first = anonymous.get(url)
    with django_assert_num_queries(0):  # the season's look-up is cached with its table
        assert anonymous.get(url).content == first.content
    with django_capture_on_commit_callbacks(execute=True):
        update_season(season, by=ORGA, is_public=False)
    assert anonymous.get(url).status_code == 404
    with django_assert_num_queries(0):
        assert anonymous.get(url).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        update_season(season, by=ORGA, is_public=True)
    assert anonymous.get(url).content == first.content


def test_a_players_season(anonymous):
    season, _tables, players = season_with_evenings(2)
    answer = anonymous.get(f"/api/v1/seasons/{season.pk}/players/{players[0].pk}/")
    assert answer.status_code == 200
    data = answer.json()
    assert data["standing"]["score"] == 2
    assert [evening["points"] for evening in data["evenings"]] == [1, 1]
    assert answer["ETag"]
    assert anonymous.get(f"/api/v1/seasons/{season.pk}/players/999999/").status_code == 404


def test_a_private_season_is_a_404_but_to_its_organisers(anonymous):
    season, _tables, _players = season_with_evenings(1)
    update_season(season, by=ORGA, is_public=False)
    for url in (
        f"/api/v1/seasons/{season.pk}/",
        f"/api/v1/seasons/{season.pk}/ranking/",
        f"/s/{season.pk}/",
    ):
        assert anonymous.get(url).status_code == 404
    assert anonymous.get("/api/v1/seasons/").json() == []
    orga = client_for(organiser())
    assert orga.get(f"/api/v1/seasons/{season.pk}/ranking/").status_code == 200
    assert orga.get(f"/s/{season.pk}/").status_code == 200
    assert anonymous.get("/api/v1/seasons/999999/ranking/").status_code == 404


def test_the_season_page_and_a_players_page(client):
    season, _tables, players = season_with_evenings(3, ranking_rule={"best": 2, "missed": "zero"})
    page = client.get(f"/s/{season.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Jahreswertung 2026" in text
    assert "Only the best 2 evenings count." in text
    assert f"/s/{season.pk}/players/{players[0].pk}/" in text
    player = client.get(f"/s/{season.pk}/players/{players[0].pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert player.status_code == 200
    assert "Clubabend 3" in player.content.decode()
    assert '<polyline class="course"' in player.content.decode()
    assert client.get(f"/s/{season.pk}/players/999999/").status_code == 404


def test_the_public_export_has_an_etag_and_a_private_season_has_none(
    client, django_capture_on_commit_callbacks
):
    season, tables, _players = season_with_evenings(1)
    url = f"/s/{season.pk}/export/csv/"
    assert url in client.get(f"/s/{season.pk}/").content.decode()
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert "Spieler 1" in answer.content.decode("utf-8-sig")
    assert client.get(url, HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304
    assert client.get(f"/s/{season.pk}/export/xlsx/")["ETag"] != answer["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="r", by=ORGA)
    changed = client.get(url, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert changed.status_code == 200  # a correction turns the file over
    assert client.get(f"/s/{season.pk}/export/pdf/").status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        update_season(season, by=ORGA, is_public=False)
    assert client.get(url).status_code == 404
    client.force_login(organiser())
    assert client.get(url).status_code == 200


def test_a_private_season_is_a_friendly_404_page_like_an_unknown_one(client, anonymous):
    season, _tables, players = season_with_evenings(1)
    update_season(season, by=ORGA, is_public=False)
    pages = (
        f"/s/{season.pk}/",
        f"/s/{season.pk}/players/{players[0].pk}/",
        f"/s/{season.pk}/export/csv/",
        "/s/999999/",
    )
    for url in pages:
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 404
        assert 'id="season-not-found"' in page.content.decode()
        assert "Jahreswertung" not in page.content.decode()  # nothing of the season shows
    player = anonymous.get(f"/api/v1/seasons/{season.pk}/players/{players[0].pk}/")
    assert (player.status_code, player.json()["errors"][0]["code"]) == (404, "not_found")
    assert anonymous.post(f"/api/v1/seasons/{season.pk}/final/", {}).status_code == 404
    assert anonymous.get(f"/api/v1/seasons/{season.pk}/archive/").status_code == 404
