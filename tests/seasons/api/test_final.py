"""A cup's final through the API: created by its organisers, shown with the season."""

import pytest

from tests.factories.api import codes, publish
from tests.factories.seasons import cup_of_eight, season_with_evenings

pytestmark = pytest.mark.django_db


def test_create_the_final(orga_client, anonymous, stranger_client):
    season, ranked = cup_of_eight(cup_places=4)
    url = f"/api/v1/seasons/{season.pk}/final/"
    assert anonymous.post(url, {}, format="json").status_code == 401
    assert stranger_client.post(url, {}, format="json").status_code == 403
    answer = orga_client.post(url, {"name": "Pokalfinale", "date": "2026-06-01"}, format="json")
    assert answer.status_code == 201
    final = answer.json()
    assert (final["name"], final["date"], final["status"]) == ("Pokalfinale", "2026-06-01", "draft")
    detail = orga_client.get(f"/api/v1/seasons/{season.pk}/").json()
    assert detail["final"]["tournament"] == final["id"]
    assert [seed["player"] for seed in detail["final"]["seeds"]] == [p.pk for p in ranked[:4]]
    assert [seed["seed"] for seed in detail["final"]["seeds"]] == [1, 2, 3, 4]
    assert len(detail["evenings"]) == 1  # the final is not one of them
    # a draft final is the organisers' until it is opened
    assert anonymous.get(f"/api/v1/seasons/{season.pk}/").json()["final"] is None
    season.refresh_from_db()
    publish(season.final)
    public = anonymous.get(f"/api/v1/seasons/{season.pk}/").json()
    assert public["final"]["name"] == "Pokalfinale"
    assert anonymous.get("/api/v1/seasons/").json()[0]["final"]["tournament"] == final["id"]
    again = orga_client.post(url, {}, format="json")
    assert (again.status_code, codes(again)) == (400, [("final", "final_exists")])


def test_the_final_is_refused_sanely(orga_client):
    season, _tables, _players = season_with_evenings(1)
    url = f"/api/v1/seasons/{season.pk}/final/"
    answer = orga_client.post(url, {}, format="json")
    assert (answer.status_code, codes(answer)) == (400, [("cup_places", "season_not_a_cup")])
    orga_client.patch(f"/api/v1/seasons/{season.pk}/", {"cup_places": 2}, format="json")
    answer = orga_client.post(url, {"colour": "red"}, format="json")
    assert codes(answer) == [("colour", "unknown_field")]
    assert orga_client.post(url, {}, format="json").status_code == 201


def test_the_public_page_links_the_final(client, orga_client):
    season, _ranked = cup_of_eight(cup_places=2)
    orga_client.post(f"/api/v1/seasons/{season.pk}/final/", {}, format="json")
    season.refresh_from_db()
    assert 'id="season-final"' not in client.get(f"/s/{season.pk}/").content.decode()
    publish(season.final)
    page = client.get(f"/s/{season.pk}/").content.decode()
    assert f'href="/t/{season.final.pk}/"' in page
    assert season.final.name in page


def test_the_season_archive_through_the_api(orga_client, anonymous, stranger_client):
    season, _ranked = cup_of_eight(cup_places=2)
    orga_client.post(f"/api/v1/seasons/{season.pk}/final/", {}, format="json")
    url = f"/api/v1/seasons/{season.pk}/archive/"
    assert stranger_client.get(url).status_code == 403
    archive = orga_client.get(url).json()
    assert archive["final"]["seeds"][0]["seed"] == 1
    assert anonymous.post("/api/v1/seasons/import/", archive, format="json").status_code == 401
    answer = orga_client.post("/api/v1/seasons/import/", archive, format="json")
    assert answer.status_code == 201
    copy = answer.json()
    assert (copy["name"], copy["cup_places"]) == ("Pokal 2026", 2)
    assert copy["final"]["seeds"][0]["seed"] == 1
    archive["evenings"][0]["ranking_tournament"] = "yes"
    refused = orga_client.post("/api/v1/seasons/import/", archive, format="json")
    assert codes(refused) == [("evenings.0.ranking_tournament", "archive_type")]
