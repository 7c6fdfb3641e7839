"""The team ranking beside the players' ranking in a real browser: a deal recorded through the
API changes the teams' scores within one poll."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from teams.domain.teams import Roster, create_team
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, POLL_SECONDS, browser_page
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import ORGA, organiser, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_team_ranking_follows_a_recorded_deal(phone, screenshot):
    cache.clear()  # a tournament of an earlier test run may have had this id
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    entries = list(tournament.entries.order_by("start_number"))
    create_team(
        tournament, by=ORGA, name="Kreuz", roster=Roster(members=(entries[0].pk, entries[2].pk))
    )
    create_team(
        tournament, by=ORGA, name="Pik", roster=Roster(members=(entries[1].pk, entries[3].pk))
    )
    phone.set_viewport_size({"width": 800, "height": 900})
    phone.goto(f"/t/{tournament.pk}/")
    teams = phone.locator("#side-teams tbody tr")
    expect(teams).to_have_count(2)
    expect(phone.locator("#side-teams tbody td.num")).to_have_text(["0", "0"])
    # nobody has played yet: listed by name, not ranked
    expect(phone.locator("#side-teams tbody td.name")).to_contain_text(["Kreuz", "Pik"])
    expect(phone.locator("#side-teams tbody td.rank")).to_have_text(["–", "–"])

    captain = client_for(table=table)
    deal = {**NORMAL, "re": [2, 4]}  # Pik's two win: Pik moves ahead
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": deal}, format="json")
    assert response.status_code == 201
    expect(phone.locator("#side-teams tbody td.name")).to_have_text(
        ["Pik", "Kreuz"], timeout=(POLL_SECONDS + 2) * 1000
    )
    expect(phone.locator("#side-teams tbody td.num")).to_have_text(["2", "-2"])
    expect(phone.locator("#side-teams tbody td.rank")).to_have_text(["1", "2"])
    expect(phone.locator("#side-teams tbody strong").first).to_have_text("Spieler 2")
    screenshot(phone.locator("#side-rankings"), "spectator-side-rankings")


def test_the_teams_pages_have_no_serious_accessibility_violations(chromium, live_server):
    cache.clear()
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    entries = list(tournament.entries.order_by("start_number"))
    roster = Roster(members=(entries[0].pk, entries[1].pk), captain=entries[0].pk)
    create_team(tournament, by=ORGA, name="Kreuz", roster=roster)
    found = {}
    with browser_page(chromium, live_server, viewport=PHONE) as phone:
        phone.goto(f"/t/{tournament.pk}/teams/")
        phone.locator("#side-teams tbody tr").first.wait_for()
        found["side rankings"] = violations(phone)

    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport={"width": 1280, "height": 720}) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/{tournament.pk}/teams/")
        assert "/login/" not in desk.url
        desk.locator("#team-list").wait_for()
        found["desk teams"] = violations(desk)

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
