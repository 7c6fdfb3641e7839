"""The registry's API: who may see whom, correcting, consent, duplicates, merge, export, erase,
and the public profile."""

import pytest
from django.contrib.auth import get_user_model

from people.models import Player, RegistryAction
from tests.factories.api import client_for, codes, public_tournament
from tests.factories.tournaments import (
    ORGA,
    organiser,
    seat_first_series,
    tournament_with_players,
)
from tournaments.domain.entries import add_entry
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def twins():
    """Hans Müller entered at two tournaments of the test organiser as two players."""
    _first, (one, *_) = public_tournament(2, name="Frühjahr")
    _second, (two, *_) = public_tournament(2, name="Sommer")
    Player.objects.filter(pk=one.player_id).update(name="Hans Müller", birth_year=1970)
    Player.objects.filter(pk=two.player_id).update(name="Müller, Hans", member_number="D-1")
    return Player.objects.get(pk=one.player_id), Player.objects.get(pk=two.player_id)


def url(player, tail=""):
    return f"/api/v1/players/{player.pk}/{tail}"


def test_players_are_theirs_organisers_only(twins, anonymous, orga_client, stranger_client):
    hans, _ = twins
    assert anonymous.get("/api/v1/players/").status_code in (401, 403)
    assert anonymous.get(url(hans)).status_code in (401, 403)
    assert stranger_client.get("/api/v1/players/").json() == []
    assert stranger_client.get(url(hans)).status_code == 404
    assert stranger_client.patch(url(hans), {"name": "x"}, format="json").status_code == 404
    found = orga_client.get("/api/v1/players/", {"q": "müller"}).json()
    assert {row["name"] for row in found} == {"Hans Müller", "Müller, Hans"}
    assert orga_client.get("/api/v1/players/", {"q": "D-1"}).json()[0]["member_number"] == "D-1"
    root = client_for(get_user_model().objects.create_superuser("root"))
    assert root.get(url(hans)).json()["birth_year"] == 1970


def test_update_a_player_and_refuse_bad_fields(twins, orga_client):
    hans, _twin = twins
    answer = orga_client.patch(
        url(hans), {"club": "Herz As", "guest": True, "birth_year": 1971}, format="json"
    )
    assert answer.status_code == 200
    assert (answer.json()["club"], answer.json()["guest"]) == ("Herz As", True)
    answer = orga_client.patch(
        url(hans),
        {"birth_year": 1800, "member_number": "D-1", "guest": "yes", "colour": 1},
        format="json",
    )
    assert answer.status_code == 400
    assert {field for field, _code in codes(answer)} >= {"guest", "colour"}
    answer = orga_client.patch(
        url(hans), {"birth_year": 1800, "member_number": "D-1"}, format="json"
    )
    assert sorted(codes(answer)) == [
        ("birth_year", "player_birth_year"),
        ("member_number", "player_member_number_taken"),
    ]
    hans.refresh_from_db()
    assert hans.birth_year == 1971


def test_consent_is_recorded_and_opens_the_profile(twins, orga_client, anonymous):
    hans, _ = twins
    seated(Entry.objects.get(player=hans))
    assert anonymous.get(url(hans, "profile/")).status_code == 404
    answer = orga_client.put(url(hans, "consent/"), {"consent": True}, format="json")
    assert codes(answer) == [("how", "player_consent_how")]
    answer = orga_client.put(url(hans, "consent/"), {"consent": "yes", "how": "x"}, format="json")
    assert answer.status_code == 400
    answer = orga_client.put(
        url(hans, "consent/"), {"consent": True, "how": "signed form"}, format="json"
    )
    assert answer.json()["consent_by"] == "orga"
    assert answer.json()["profile_public"]
    profile = anonymous.get(url(hans, "profile/"))
    assert profile.status_code == 200
    assert profile.json()["tournaments"][0]["name"] == "Frühjahr"
    again = anonymous.get(url(hans, "profile/"), HTTP_IF_NONE_MATCH=profile["ETag"])
    assert again.status_code == 304
    orga_client.patch(url(hans), {"profile_hidden": True}, format="json")
    assert anonymous.get(url(hans, "profile/")).status_code == 404


def test_duplicates_then_merge_with_history(twins, orga_client, stranger_client):
    hans, twin = twins
    pairs = orga_client.get("/api/v1/players/duplicates/").json()
    assert (pairs[0]["first"]["id"], pairs[0]["second"]["id"]) == (hans.pk, twin.pk)
    assert pairs[0]["reasons"] == ["same_name"]
    assert stranger_client.get("/api/v1/players/duplicates/").json() == []
    assert (
        stranger_client.post(url(hans, "merge/"), {"other": twin.pk}, format="json").status_code
        == 404
    )
    answer = orga_client.post(url(hans, "merge/"), {"other": twin.pk}, format="json")
    assert answer.status_code == 200
    assert answer.json()["member_number"] == "D-1"
    assert Entry.objects.filter(player=hans).count() == 2
    assert not Player.objects.filter(pk=twin.pk).exists()
    answer = orga_client.post(url(hans, "merge/"), {"other": twin.pk}, format="json")
    assert answer.status_code == 404
    answer = orga_client.post(url(hans, "merge/"), {"other": hans.pk}, format="json")
    assert codes(answer) == [("other", "player_merge_self")]
    answer = orga_client.post(url(hans, "merge/"), {"other": "2"}, format="json")
    assert answer.status_code == 400


def test_merge_refusal_names_the_shared_tournament(orga_client):
    _tournament, (one, two) = tournament_with_players(2, name="Stadtmeisterschaft")
    answer = orga_client.post(url(one.player, "merge/"), {"other": two.player_id}, format="json")
    assert codes(answer) == [("other", "player_merge_same_tournament")]
    assert "Stadtmeisterschaft" in answer.json()["errors"][0]["message"]


def test_export_then_erase(twins, orga_client, stranger_client):
    hans, _ = twins
    assert stranger_client.get(url(hans, "export/")).status_code == 404
    export = orga_client.get(url(hans, "export/"))
    assert export.status_code == 200
    assert export["Cache-Control"] == "private, no-store"
    assert export.json()["player"]["name"] == "Hans Müller"
    assert export.json()["entries"][0]["tournament"]["name"] == "Frühjahr"
    assert RegistryAction.objects.filter(action="player_exported", player_id=hans.pk).exists()
    answer = orga_client.post(url(hans, "erase/"), {"confirm": "Hans"}, format="json")
    assert codes(answer) == [("confirm", "player_erase_confirm")]
    assert answer.status_code == 400
    answer = orga_client.post(url(hans, "erase/"), {}, format="json")
    assert codes(answer) == [("confirm", "required")]
    answer = orga_client.post(url(hans, "erase/"), {"confirm": "Hans Müller"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["name"] == f"Gelöschte Person {hans.pk}"
    assert answer.json()["birth_year"] is None
    assert answer.json()["erased_at"]
    answer = orga_client.patch(url(hans), {"name": "Hans"}, format="json")
    assert codes(answer) == [("player", "player_erased")]


def test_the_public_profile_page(twins, client, orga_client):
    hans, _ = twins
    seated(Entry.objects.get(player=hans))
    assert client.get(f"/p/{hans.pk}/").status_code == 404
    orga_client.put(url(hans, "consent/"), {"consent": True, "how": "form"}, format="json")
    page = client.get(f"/p/{hans.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Hans Müller" in text
    assert "Frühjahr" in text
    assert client.get("/p/999999/").status_code == 404


def test_the_profile_lists_only_tournaments_the_person_sat_down_at(twins, anonymous, orga_client):
    hans, _ = twins
    spring = seated(Entry.objects.get(player=hans)).tournament
    autumn, _ = public_tournament(2, name="Herbst")
    Player.objects.filter(pk=hans.pk).update(member_number="D-2")
    came_not = add_entry(autumn, name="Hans Müller", member_number="D-2", by=ORGA)
    assert came_not.player_id == hans.pk  # entered, never came
    orga_client.put(url(hans, "consent/"), {"consent": True, "how": "form"}, format="json")

    listed = anonymous.get(url(hans, "profile/")).json()["tournaments"]

    assert [tournament["id"] for tournament in listed] == [spring.pk]


def seated(entry):
    """The entry's tournament with two guests more, its first series seated: ranked now."""
    tournament = entry.tournament
    for name in ("Gast Eins", "Gast Zwei"):
        add_entry(tournament, name=name, by=ORGA)
    seat_first_series(tournament, list(tournament.entries.order_by("start_number")))
    return entry


def test_the_spectators_player_page_links_the_profile_with_consent(twins, client, orga_client):
    hans, _ = twins
    entry = seated(Entry.objects.get(player=hans))
    page = f"/t/{entry.tournament_id}/players/{entry.pk}/"
    assert 'id="profile-link"' not in client.get(page).content.decode()
    orga_client.put(url(hans, "consent/"), {"consent": True, "how": "form"}, format="json")
    assert f'href="/p/{hans.pk}/"' in client.get(page).content.decode()


def test_an_organiser_of_one_tournament_of_two_cannot_merge_the_other(twins):
    hans, twin = twins
    anna = organiser("anna")
    Entry.objects.get(player=twin).tournament.organisers.add(anna)
    answer = client_for(anna).post(url(twin, "merge/"), {"other": hans.pk}, format="json")
    assert answer.status_code == 404
    assert Player.objects.filter(pk=hans.pk).exists()
    assert ORGA.label == "orga"


def test_the_spectators_ranking_lists_the_profile_links_of_those_who_agreed(
    twins, client, orga_client
):
    hans, _ = twins
    entry = seated(Entry.objects.get(player=hans))
    page = f"/t/{entry.tournament_id}/"
    assert 'id="profile-links"' not in client.get(page).content.decode()
    orga_client.put(url(hans, "consent/"), {"consent": True, "how": "form"}, format="json")
    text = client.get(page).content.decode()
    assert f'"{entry.pk}": "/p/{hans.pk}/"' in text
    assert "registry/profiles.js" in text
    Entry.objects.filter(pk=entry.pk).update(hidden=True)
    assert 'id="profile-links"' not in client.get(page).content.decode()


def test_the_duplicates_are_cached_until_the_registry_changes(twins, orga_client):
    from unittest import mock

    from people.domain import duplicates

    _hans, twin = twins
    first = orga_client.get("/api/v1/players/duplicates/").json()
    with mock.patch.object(duplicates, "candidates", side_effect=AssertionError("computed")):
        assert orga_client.get("/api/v1/players/duplicates/").json() == first  # cached
    orga_client.patch(url(twin), {"name": "Grete Schulz"}, format="json")
    again = orga_client.get("/api/v1/players/duplicates/").json()  # afresh
    assert twin.pk in {pair["second"]["id"] for pair in first}
    assert twin.pk not in {pair[side]["id"] for pair in again for side in ("first", "second")}


def test_a_superusers_duplicates_are_every_players_and_cached_without_reading_their_ids(
    twins, django_assert_max_num_queries
):
    from unittest import mock

    from people.domain import duplicates

    hans, twin = twins
    root = client_for(get_user_model().objects.create_superuser("root-dup"))
    first = root.get("/api/v1/players/duplicates/").json()
    assert (hans.pk, twin.pk) in {(pair["first"]["id"], pair["second"]["id"]) for pair in first}
    with (
        mock.patch.object(duplicates, "candidates", side_effect=AssertionError("computed")),
        django_assert_max_num_queries(4),  # the session, its user, the pair's two players' rows
    ):
        assert root.get("/api/v1/players/duplicates/").json() == first  # cached
    third = Player.objects.create(name="Hans Mueller", birth_year=1970)  # the registry changed
    again = root.get("/api/v1/players/duplicates/").json()
    assert third.pk in {pair[side]["id"] for pair in again for side in ("first", "second")}
