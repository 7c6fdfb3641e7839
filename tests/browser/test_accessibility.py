"""No serious or critical accessibility violations (axe-core) on the pages people use during an
evening: the captain's page and the spectators' ranking on a phone, the beamer on the wall, and
the desk's evening and series pages on a laptop; all on the demo tournament (two series closed,
the third under way), as ``manage.py demo`` builds it."""

import pytest
from django.conf import settings
from django.test import Client

from desk.management.commands.demo import build_demo, demo_organiser
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page

pytestmark = pytest.mark.django_db(transaction=True)
WALL = {"width": 1280, "height": 720}
LAPTOP = {"width": 1280, "height": 720}


def test_the_evening_s_pages_have_no_serious_accessibility_violations(chromium, live_server):
    organiser = demo_organiser("demo-password")
    tournament = build_demo(2026, organiser)
    running = tournament.series.order_by("-number").first()
    table = running.tables.order_by("number").first()
    found = {}

    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(table.captain_path())
        phone.locator("#deal-form").wait_for()
        found["captain"] = violations(phone)
        phone.goto(f"/t/{tournament.pk}/")
        phone.locator("#ranking tbody tr").first.wait_for()
        found["spectator ranking"] = violations(phone)

    with browser_page(chromium, live_server, viewport=WALL) as wall:
        wall.goto(f"/t/{tournament.pk}/beamer/")
        wall.locator("#ranking tbody tr").first.wait_for()
        found["beamer"] = violations(wall)

    client = Client()
    client.force_login(organiser)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/{tournament.pk}/")
        assert "/login/" not in desk.url
        found["desk evening"] = violations(desk)
        desk.goto(f"/desk/{tournament.pk}/series/{running.number}/")
        found["desk series"] = violations(desk)

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
