"""``GET /api/v1/players/?search=``: the desk's search of known people, through the API."""

import pytest
from django.test import Client
from django.utils import timezone

from people.models import Player
from tests.factories.api import codes
from tests.factories.tournaments import tournament_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry():
    _tournament, entries = tournament_with_players(12)
    names = ["Jürgen Müller", "Jürgen Mueller", "Anna Müller-Lüdenscheid", "Käthe Kühn"]
    for entry, name in zip(entries, names, strict=False):
        Player.objects.filter(pk=entry.player_id).update(name=name)
    Player.objects.filter(pk=entries[3].player_id).update(member_number="D-4711")
    Player.objects.filter(pk=entries[4].player_id).update(
        name="Jürgen Müllerschön", erased_at=timezone.now()
    )
    return entries


def search(client, text):
    answer = client.get("/api/v1/players/", {"search": text})
    assert answer.status_code == 200, answer.content
    return [row["name"] for row in answer.json()]


def test_search_finds_people_however_they_are_typed(registry, orga_client):
    assert search(orga_client, "muller") == [
        "Anna Müller-Lüdenscheid",
        "Jürgen Mueller",
        "Jürgen Müller",
    ]
    assert search(orga_client, "jür mü") == ["Jürgen Mueller", "Jürgen Müller"]
    assert search(orga_client, "lüdensch") == ["Anna Müller-Lüdenscheid"]
    assert search(orga_client, "d-4711") == ["Käthe Kühn"]
    assert search(orga_client, "ller") == []
    assert search(orga_client, "") == []
    assert len(search(orga_client, "spieler")) == 7  # the twelve less four renamed, one erased
    assert search(orga_client, "müllersch") == []  # erased


def test_search_offers_at_most_ten_best_first(orga_client):
    _tournament, entries = tournament_with_players(12)
    Player.objects.filter(pk=entries[11].player_id).update(member_number="sp")
    found = search(orga_client, "sp")
    assert len(found) == 10
    assert found[0] == "Spieler 12"  # the member number first, then by name
    assert found[1:] == [f"Spieler {n}" for n in range(1, 10)]


def test_search_refuses_control_characters_and_needs_credentials(
    registry, orga_client, anonymous, stranger_client
):
    answer = orga_client.get("/api/v1/players/", {"search": "a\x07"})
    assert answer.status_code == 400
    assert codes(answer) == [("search", "text_control_characters")]
    assert anonymous.get("/api/v1/players/", {"search": "mu"}).status_code in (401, 403)
    assert search(stranger_client, "muller") == []


def test_the_schema_documents_the_search():
    schema = Client().get("/api/schema/", {"format": "json"}).json()
    parameters = schema["paths"]["/api/v1/players/"]["get"]["parameters"]
    search = next(parameter for parameter in parameters if parameter["name"] == "search")
    assert search["in"] == "query"
    assert search["schema"]["type"] == "string"  # with the pattern of plain text
    assert "`mue` finds Müller" in search["description"]


def test_a_person_found_is_entered_by_id_through_the_api(registry, orga_client):
    tournament, _ = tournament_with_players(0, name="Neuer Abend")
    (jurgen,) = [row for row in orga_client.get("/api/v1/players/", {"search": "jür mül"}).json()
                 if row["name"] == "Jürgen Müller"]  # fmt: skip
    url = f"/api/v1/tournaments/{tournament.pk}/entries/"
    answer = orga_client.post(url, {"player": jurgen["id"]}, format="json")
    assert answer.status_code == 201, answer.content
    assert (answer.json()["player_id"], answer.json()["name"]) == (jurgen["id"], "Jürgen Müller")
    assert Player.objects.filter(name="Jürgen Müller").count() == 1
    erased = Player.objects.get(name="Jürgen Müllerschön")
    stranger = Player.objects.create(name="Fremder")
    for unknown in (erased.pk, stranger.pk, 999_999):
        refused = orga_client.post(url, {"player": unknown}, format="json")
        assert refused.status_code == 400
        assert codes(refused) == [("player", "person_unknown")]
    nameless = orga_client.post(url, {}, format="json")
    assert codes(nameless) == [("name", "name_required")]
    assert tournament.entries.count() == 1
