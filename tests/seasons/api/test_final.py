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
    publish(season.individual_cup.final)
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
    publish(season.individual_cup.final)
    page = client.get(f"/s/{season.pk}/").content.decode()
    assert f'href="/t/{season.individual_cup.final.pk}/"' in page
    assert season.individual_cup.final.name in page


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


def test_the_season_body_keeps_cup_places_and_final(orga_client, anonymous):
    """The cup has a model of its own; the season's body is what it was: ``cup_places`` and
    ``final`` with its seeds, in the list and the detail, and through a change."""
    season, ranked = cup_of_eight(cup_places=2)
    created = orga_client.post(f"/api/v1/seasons/{season.pk}/final/", {}, format="json").json()
    season.refresh_from_db()
    publish(season.individual_cup.final)
    ranking = anonymous.get(f"/api/v1/seasons/{season.pk}/ranking/").json()
    standing = {row["player"]["id"]: (row["rank"], row["score"]) for row in ranking}
    seeds = [
        {"seed": seed, "player": player.pk, "rank": standing[player.pk][0]}
        | {"score": standing[player.pk][1]}
        for seed, player in enumerate(ranked[:2], start=1)
    ]
    assert [seed["rank"] for seed in seeds] == [1, 1]  # table 1's winners share the first place
    body = {
        "id": season.pk,
        "name": "Pokal 2026",
        "game": "doppelkopf",
        "club": None,
        "club_id": None,
        "association": None,
        "is_public": True,
        "cup_places": 2,
        "ranking_rule": {},
        "rules": {},
        "series_count": 3,
        "normal_deals": 20,
        "entry_mode": "full",
        "final": {
            "tournament": created["id"],
            "name": created["name"],
            "date": created["date"],
            "seeds": seeds,
        },
    }
    detail = anonymous.get(f"/api/v1/seasons/{season.pk}/").json()
    assert {key: value for key, value in detail.items() if key != "evenings"} == body
    assert anonymous.get("/api/v1/seasons/").json() == [body]
    changed = orga_client.patch(f"/api/v1/seasons/{season.pk}/", {"cup_places": 3}, format="json")
    assert changed.json() == body | {"cup_places": 3}
    assert season.individual_cup.places == 2  # the instance read before; the row changed
    season.individual_cup.refresh_from_db()
    assert season.individual_cup.places == 3


def test_a_season_without_a_cup_has_null_cup_places_and_final(anonymous):
    season, _tables, _players = season_with_evenings(1)
    detail = anonymous.get(f"/api/v1/seasons/{season.pk}/").json()
    assert (detail["cup_places"], detail["final"]) == (None, None)


def test_places_stay_while_the_final_exists(orga_client):
    season, _ranked = cup_of_eight(cup_places=2)
    orga_client.post(f"/api/v1/seasons/{season.pk}/final/", {}, format="json")
    url = f"/api/v1/seasons/{season.pk}/"
    answer = orga_client.patch(url, {"cup_places": None, "name": "Anders"}, format="json")
    assert (answer.status_code, codes(answer)) == (400, [("cup_places", "cup_has_final")])
    detail = orga_client.get(url).json()
    assert (detail["name"], detail["cup_places"]) == ("Pokal 2026", 2)
    assert detail["final"] is not None
