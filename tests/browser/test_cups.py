"""A team cup's page in a real browser: the bracket drawn side by side on a projector and round
under round on a phone, its provisional marks, and no serious or critical accessibility
violations (axe-core) there, on the not-found page and on the desk's cup page."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from cups.domain.cups import set_match_final, start_pairings
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.cups.conftest import DATE, make_cup, play_match
from tests.cups.test_domain import play_group_stage
from tests.factories.tournaments import ORGA, organiser

pytestmark = pytest.mark.django_db(transaction=True)
PROJECTOR = {"width": 1920, "height": 1080}


def cup_in_its_semi_finals():
    cache.clear()  # a cup of an earlier test run may have had this season's id
    cup = make_cup()
    play_group_stage(cup)
    first, second = start_pairings(cup, by=ORGA, date=DATE)
    names = [side.entrant.name for side in first.sides.all()]
    play_match(first, {names[0]: 1, names[1]: 0})
    set_match_final(first, by=ORGA)
    names = [side.entrant.name for side in second.sides.all()]
    play_match(second, {names[0]: 0, names[1]: 2})  # live: not final yet
    return cup


def test_the_bracket_on_a_projector_and_on_a_phone(chromium, live_server, screenshot):
    cup = cup_in_its_semi_finals()
    found = {}
    with browser_page(chromium, live_server, viewport=PROJECTOR) as wall:
        wall.goto(f"/c/{cup.pk}/")
        rounds = wall.locator(".bracket > li")
        expect(rounds).to_have_count(2)
        first, final = rounds.nth(0).bounding_box(), rounds.nth(1).bounding_box()
        assert final["x"] > first["x"] + first["width"] - 1  # side by side
        expect(wall.locator(".pairing .side.won")).to_have_count(1)
        expect(wall.locator(".pairing .badge.provisional")).to_have_text(
            ["live, vorläufig"]
        )  # German: the default
        screenshot(wall.locator("main"), "cup-projector")
        found["cup on a projector"] = violations(wall)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/c/{cup.pk}/")
        rounds = phone.locator(".bracket > li")
        first, final = rounds.nth(0).bounding_box(), rounds.nth(1).bounding_box()
        assert final["y"] >= first["y"] + first["height"] - 1  # one under the other
        assert first["x"] + first["width"] <= PHONE["width"]  # nothing to scroll sideways
        screenshot(phone.locator("main"), "cup-phone")
        found["cup on a phone"] = violations(phone)
        phone.goto("/c/999999/")
        expect(phone.locator("#cup-not-found")).to_be_visible()
        found["cup not found"] = violations(phone)

    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport={"width": 1280, "height": 720}) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/cups/{cup.pk}/")
        assert "/login/" not in desk.url
        desk.locator(".bracket").wait_for()
        screenshot(desk.locator("main"), "cup-desk")
        found["desk cup"] = violations(desk)
        desk.goto("/desk/cups/")
        found["desk cups"] = violations(desk)

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
