"""The desk's registry in a real browser: a person entered twice is found and merged (the
tournaments of both then on one page), the merged player's public profile, and no serious or
critical accessibility violations (axe-core) on the registry's pages."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from clubs.models import Association
from people.domain.players import record_consent
from people.models import Player
from tests.browser.axe import described, violations
from tests.browser.conftest import browser_page
from tests.factories.api import public_tournament
from tests.factories.tournaments import ORGA, organiser, seat_first_series
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}


def test_find_and_merge_a_person_entered_twice(chromium, live_server, screenshot):
    cache.clear()  # a profile of an earlier run may have had these ids
    spring, (one, *spring_rest) = public_tournament(4, name="Frühjahrsturnier")
    summer, (two, *summer_rest) = public_tournament(4, name="Sommerturnier")
    seat_first_series(spring, [one, *spring_rest])  # the standings rank who sat down
    seat_first_series(summer, [two, *summer_rest])
    Player.objects.filter(pk=one.player_id).update(name="Jürgen Weiß", birth_year=1961)
    Player.objects.filter(pk=two.player_id).update(name="Weiss, Jürgen", member_number="D-77")
    record_consent(Player.objects.get(pk=one.player_id), True, "Formular", by=ORGA)
    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    found = {}
    with browser_page(chromium, live_server, viewport=LAPTOP) as spectator:
        spectator.goto(f"/t/{one.tournament_id}/")
        profile = spectator.locator("#ranking a.profile")
        expect(profile).to_have_count(1)  # only Jürgen agreed to a public profile
        found["ranking with a profile link"] = violations(spectator)
        profile.click()
        expect(spectator.locator("#profile-name")).to_have_text("Jürgen Weiß")
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto("/desk/")
        desk.get_by_role("link", name="Spieler", exact=True).click()
        duplicates = desk.locator("#duplicates")
        expect(duplicates).to_contain_text("Weiss, Jürgen")
        expect(duplicates).to_contain_text("gleicher Name")
        found["registry"] = violations(desk)
        screenshot(desk.locator("main"), "registry-duplicates")
        duplicates.get_by_role("link", name="Vergleichen und zusammenführen").first.click()
        expect(desk.locator("h1")).to_have_text("Zwei Spieler zusammenführen")
        found["merge"] = violations(desk)
        merge = f"Weiss, Jürgen (Nr. {two.player_id}) mit Jürgen Weiß (Nr. {one.player_id})"
        desk.get_by_role("button", name=f"{merge} zusammenführen").click()
        expect(desk.locator(".message.success")).to_contain_text("Zusammengeführt")
        expect(desk.locator("#history-title + ul li")).to_have_count(2)
        found["player"] = violations(desk)
        screenshot(desk.locator("main"), "registry-player")
        desk.get_by_role("link", name="Öffentliches Profil").click()
        expect(desk.locator("#profile-name")).to_have_text("Jürgen Weiß")
        expect(desk.locator("#profile-tournaments tbody tr")).to_have_count(2)
        found["profile"] = violations(desk)
    assert Entry.objects.filter(player_id=one.player_id).count() == 2
    assert Player.objects.get(pk=one.player_id).member_number == "D-77"
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_set_and_remove_a_membership_on_the_players_page(chromium, live_server):
    _, (one, *_) = public_tournament(2, name="Frühjahrsturnier")
    Association.objects.create(name="DV Rheinland")
    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/players/{one.player_id}/")
        expect(desk.locator("#memberships")).to_contain_text("Keine Mitgliedschaften")
        desk.get_by_label("Verband").select_option(label="DV Rheinland")
        desk.get_by_label("Mitgliedsnummer", exact=True).fill("R-17")
        desk.get_by_role("button", name="Mitgliedschaft speichern").click()
        expect(desk.locator("#memberships")).to_contain_text("DV Rheinland: R-17")
        found = {"player with a membership": violations(desk)}
        assert found == {"player with a membership": []}, described(found)
        desk.get_by_role("button", name="Mitgliedschaft bei DV Rheinland entfernen").click()
        expect(desk.locator(".message.success")).to_contain_text("entfernt")
        expect(desk.locator("#memberships")).to_contain_text("Keine Mitgliedschaften")
