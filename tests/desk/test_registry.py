"""The desk's player registry: the list with its duplicates, the merge, a player's page with
details, consent, export and erasure."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.models import Association
from people.models import Player, RegistryAction
from tests.factories.api import public_tournament
from tests.factories.tournaments import organiser, tournament_with_players
from tournaments.models import Entry, OrganiserAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk():
    """The desk in English: the tests read its words."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    return client


@pytest.fixture
def twins():
    _, (one, *_) = public_tournament(2, name="Frühjahr")
    _, (two, *_) = public_tournament(2, name="Sommer")
    Player.objects.filter(pk=one.player_id).update(name="Grete Weiß", birth_year=1980)
    Player.objects.filter(pk=two.player_id).update(name="Weiss, Grete")
    return Player.objects.get(pk=one.player_id), Player.objects.get(pk=two.player_id)


def test_the_registry_lists_players_and_likely_duplicates(desk, twins):
    grete, twin = twins
    page = desk.get("/desk/players/").content.decode()
    assert "Grete Weiß" in page
    assert "Weiss, Grete" in page
    assert f"?kept={grete.pk}&amp;other={twin.pk}" in page
    assert "same name" in page
    found = desk.get("/desk/players/", {"q": "weiss"}).content.decode()
    listed = found.split('id="duplicates"')[0]  # the search's table, before the duplicates
    assert "Weiss, Grete" in listed
    assert "Spieler 2" not in listed
    assert 'href="/desk/players/"' in desk.get("/desk/").content.decode()


def test_strangers_see_no_one_and_anonymous_users_sign_in_first(twins, client):
    grete, _ = twins
    assert client.get("/desk/players/").status_code == 302
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("fremd"))
    assert "Grete" not in stranger.get("/desk/players/").content.decode()
    assert stranger.get(f"/desk/players/{grete.pk}/").status_code == 404
    assert stranger.get(f"/desk/players/{grete.pk}/export/").status_code == 404


def test_compare_then_merge(desk, twins):
    grete, twin = twins
    page = desk.get("/desk/players/merge/", {"kept": grete.pk, "other": twin.pk})
    assert page.status_code == 200
    assert (
        f"Merge Weiss, Grete (no. {twin.pk}) into Grete Weiß (no. {grete.pk})"
        in page.content.decode()
    )
    answer = desk.post("/desk/players/merge/", {"kept": grete.pk, "other": twin.pk})
    assert answer.status_code == 302
    assert answer["Location"] == f"/desk/players/{grete.pk}/"
    assert Entry.objects.filter(player=grete).count() == 2
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert desk.get("/desk/players/merge/", {"kept": grete.pk, "other": "x"}).status_code == 404


def test_two_records_of_one_name_are_told_apart_by_their_number(desk, twins):
    grete, twin = twins
    Player.objects.filter(pk=twin.pk).update(name="Grete Weiß")
    page = desk.get("/desk/players/merge/", {"kept": grete.pk, "other": twin.pk}).content.decode()
    assert f"Kept: Grete Weiß (no. {grete.pk})" in page
    assert f"Merged into it: Grete Weiß (no. {twin.pk})" in page
    assert f"Merge Grete Weiß (no. {twin.pk}) into Grete Weiß (no. {grete.pk})" in page


def test_a_merge_refused_says_why_and_offers_no_button(desk):
    _, (one, two) = tournament_with_players(2, name="Stadtmeisterschaft")
    page = desk.get("/desk/players/merge/", {"kept": one.player_id, "other": two.player_id})
    text = page.content.decode()
    assert "Stadtmeisterschaft" in text
    assert 'id="merge-problems"' in text
    assert 'name="kept"' not in text
    answer = desk.post("/desk/players/merge/", {"kept": one.player_id, "other": two.player_id})
    assert answer.status_code == 400
    assert Player.objects.filter(pk=two.player_id).exists()


def test_correct_a_player_and_record_consent(desk, twins):
    grete, _ = twins
    answer = desk.post(
        f"/desk/players/{grete.pk}/",
        {"action": "details", "name": "Grete Weiß", "club": "Pik Dame", "birth_year": "1800"},
    )
    assert answer.status_code == 400
    assert "The year of birth is a year from 1900" in answer.content.decode()
    answer = desk.post(
        f"/desk/players/{grete.pk}/",
        {
            "action": "details",
            "name": "Grete Weiß",
            "club": "Pik Dame",
            "birth_year": "1981",
            "guest": "on",
        },
    )
    assert answer.status_code == 302
    grete.refresh_from_db()
    assert (grete.club_name, grete.birth_year, grete.guest) == ("Pik Dame", 1981, True)
    answer = desk.post(f"/desk/players/{grete.pk}/", {"action": "consent", "consent": "yes"})
    assert answer.status_code == 400
    assert "Please say how the consent was given" in answer.content.decode()
    desk.post(
        f"/desk/players/{grete.pk}/",
        {"action": "consent", "consent": "yes", "how": "signed form"},
    )
    grete.refresh_from_db()
    assert grete.listing_consent
    assert grete.consent_how == "signed form"
    page = desk.get(f"/desk/players/{grete.pk}/").content.decode()
    assert f'href="/p/{grete.pk}/"' in page
    assert "recorded the consent to a public profile" in page


def test_export_downloads_everything_as_json(desk, twins):
    grete, _ = twins
    answer = desk.get(f"/desk/players/{grete.pk}/export/")
    assert answer["Content-Disposition"] == f'attachment; filename="player-{grete.pk}.json"'
    data = json.loads(answer.content)
    assert data["player"]["name"] == "Grete Weiß"
    assert data["entries"][0]["tournament"]["name"] == "Frühjahr"


def test_erase_needs_the_name_typed_again(desk, twins):
    grete, _ = twins
    answer = desk.post(f"/desk/players/{grete.pk}/", {"action": "erase", "confirm": "Grete"})
    assert answer.status_code == 400
    assert "exactly as shown (Grete Weiß)" in answer.content.decode()
    grete.refresh_from_db()
    assert grete.erased_at is None
    answer = desk.post(f"/desk/players/{grete.pk}/", {"action": "erase", "confirm": "Grete Weiß"})
    assert answer.status_code == 302
    grete.refresh_from_db()
    assert grete.erased_at is not None
    assert grete.name == f"Gelöschte Person {grete.pk}"
    page = desk.get(f"/desk/players/{grete.pk}/").content.decode()
    assert 'id="erased-note"' in page
    assert 'value="erase"' not in page
    logged = OrganiserAction.objects.filter(action="player_erased").first()
    assert "Gelöschte Person" in logged.text()
    assert RegistryAction.objects.filter(player_id=grete.pk, action="player_erased").exists()


def test_the_players_page_sets_and_removes_memberships(desk, twins):
    grete, twin = twins
    rheinland = Association.objects.create(name="DV Rheinland")
    page = f"/desk/players/{grete.pk}/"
    assert "No memberships recorded." in desk.get(page).content.decode()
    body = {
        "action": "membership",
        "membership-association": rheinland.pk,
        "membership-member_number": " R-3 ",
    }
    answer = desk.post(page, body, follow=True)
    assert "DV Rheinland: R-3" in answer.content.decode()
    assert "set the member number of association no." in answer.content.decode()
    refused = desk.post(f"/desk/players/{twin.pk}/", body)
    assert refused.status_code == 400
    assert f"belongs to another player (no. {grete.pk})" in refused.content.decode()
    assert not twin.memberships.exists()
    missing = desk.post(page, {"action": "membership", "membership-association": rheinland.pk})
    assert missing.status_code == 400
    remove = {"action": "membership_remove", "association": rheinland.pk}
    answer = desk.post(page, remove, follow=True)
    assert "The membership is removed." in answer.content.decode()
    assert not grete.memberships.exists()
    again = desk.post(page, remove, follow=True)
    assert "no member of DV Rheinland" in again.content.decode()
