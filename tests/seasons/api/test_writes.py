"""Setting seasons up through the API: create, change, evenings in and out, the next evening."""

import pytest
from django.core.cache import cache

from seasons.models import Season, SeasonAction, SeasonEvening
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import organiser, tournament_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def codes(answer):
    return [(error["field"], error["code"]) for error in answer.json()["errors"]]


def test_create_a_season(orga_client, anonymous):
    body = {"name": "Pokal 2026", "ranking_rule": {"preset": "placement"}, "cup_places": 8}
    answer = orga_client.post("/api/v1/seasons/", body, format="json")
    assert answer.status_code == 201
    season = Season.objects.get(pk=answer.json()["id"])
    assert (season.individual_cup.places, season.ranking_rule) == (8, {"preset": "placement"})
    assert list(season.organisers.all()) == [organiser()]
    assert anonymous.post("/api/v1/seasons/", body, format="json").status_code == 401


def test_create_refuses_a_bad_rule_naming_the_option(orga_client):
    body = {"name": "X", "ranking_rule": {"best": 0, "colour": "red"}}
    answer = orga_client.post("/api/v1/seasons/", body, format="json")
    assert answer.status_code == 400
    assert codes(answer) == [
        ("ranking_rule.best", "invalid_option"),
        ("ranking_rule.colour", "unknown_option"),
    ]
    answer = orga_client.post("/api/v1/seasons/", {"name": "X", "best": 3}, format="json")
    assert codes(answer) == [("best", "unknown_field")]


def test_change_a_season(orga_client, stranger_client, anonymous):
    season, _tables, _players = season_with_evenings(1)
    url = f"/api/v1/seasons/{season.pk}/"
    answer = orga_client.patch(url, {"ranking_rule": {"preset": "average"}}, format="json")
    assert answer.status_code == 200
    assert answer.json()["ranking_rule"] == {"preset": "average"}
    assert stranger_client.patch(url, {"name": "Y"}, format="json").status_code == 403
    assert anonymous.patch(url, {"name": "Y"}, format="json").status_code == 401
    assert SeasonAction.objects.filter(action="season_changed").count() == 1


def test_evenings_in_and_out_and_the_next_evening(orga_client, stranger_client):
    season, _tables, _players = season_with_evenings(2)
    other, _entries = tournament_with_players(4, name="Pokalabend")
    url = f"/api/v1/seasons/{season.pk}/evenings/"
    body = {"tournament": other.pk, "ranking_tournament": True}
    answer = orga_client.post(url, body, format="json")
    assert answer.status_code == 201
    assert answer.json() == {"tournament": other.pk, "ranking_tournament": True}
    ranking = orga_client.get(f"/api/v1/seasons/{season.pk}/ranking/")
    assert ranking.status_code == 200
    assert orga_client.delete(f"{url}{other.pk}/").status_code == 204
    assert orga_client.delete(f"{url}{other.pk}/").status_code == 404
    assert not SeasonEvening.objects.filter(tournament=other).exists()
    assert orga_client.post(url, {"tournament": 999999}, format="json").status_code == 404
    schafkopf, _entries = tournament_with_players(4, game="schafkopf")
    answer = orga_client.post(url, {"tournament": schafkopf.pk}, format="json")
    assert codes(answer) == [("tournament", "season_game_differs")]
    assert stranger_client.post(url, body, format="json").status_code == 403

    answer = orga_client.post(
        f"/api/v1/seasons/{season.pk}/next-evening/", {"date": "2026-02-04"}, format="json"
    )
    assert answer.status_code == 201
    evening = answer.json()
    assert (evening["date"], evening["status"]) == ("2026-02-04", "draft")
    assert SeasonEvening.objects.get(tournament_id=evening["id"]).season == season
    entries = orga_client.get(f"/api/v1/tournaments/{evening['id']}/entries/")
    assert len(entries.json()) == 4
