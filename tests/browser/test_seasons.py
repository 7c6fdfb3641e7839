"""No serious or critical accessibility violations (axe-core) on the season's pages: its ranking,
a player's season and the "season not found" page on a phone, the desk's season page on a
laptop; the phone's pages fit its width (a long German name wraps, wide tables scroll in
place)."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from scoring.domain.deals import record_deal
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.factories.api import NORMAL
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, organiser

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 720}


def test_the_season_s_pages_have_no_serious_accessibility_violations(chromium, live_server):
    season, _tables, players = season_with_evenings(
        3,
        name="Vereinsmeisterschaftswertung",  # one long word, as German names of seasons are
        ranking_rule={"best": 2, "missed": "zero"},
        cup_places=2,
    )
    found, wide = {}, {}
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/s/{season.pk}/")
        phone.locator("#season-ranking tbody tr").first.wait_for()
        found["season ranking"] = violations(phone)
        wide["season ranking"] = phone.evaluate("document.documentElement.scrollWidth")
        phone.goto(f"/s/{season.pk}/players/{players[0].pk}/")
        phone.locator("#season-evenings tbody tr").first.wait_for()
        found["player's season"] = violations(phone)
        wide["player's season"] = phone.evaluate("document.documentElement.scrollWidth")
        phone.goto("/s/999999/")  # unknown or private: the friendly 404 page
        phone.locator("#season-not-found").wait_for()
        found["season not found"] = violations(phone)
    assert {page: width for page, width in wide.items() if width > PHONE["width"]} == {}

    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/seasons/{season.pk}/")
        assert "/login/" not in desk.url
        found["desk season"] = violations(desk)
        desk.goto("/desk/seasons/")
        found["desk seasons"] = violations(desk)

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_the_season_page_follows_a_new_deal_without_a_reload(chromium, live_server):
    """A spectator's page stays open at the club evening: the next look (every 30 s, the
    browser's clock run forward here) shows a deal recorded since, in place."""
    season, tables, _players = season_with_evenings(2)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.clock.install()
        phone.goto(f"/s/{season.pk}/")
        first_row = phone.locator("#season-ranking tbody tr").first
        expect(first_row.locator("td.num").first).to_have_text("2")
        phone.evaluate("document.querySelector('main').dataset.marker = 'same page'")
        record_deal(tables[1], deal=NORMAL, by=CAPTAIN)  # seats 1 and 3 win once more
        phone.clock.run_for(31_000)
        expect(first_row.locator("td.num").first).to_have_text("3")
        assert phone.evaluate("document.querySelector('main').dataset.marker") == "same page"
