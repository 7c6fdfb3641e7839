"""A match day walked at the desk in a real browser: each team's roster picked, a score given
on paper, the results checked, the day refused final while its series is open and marked final
once closed, then a team renamed (one that played
cannot leave); the public league table then shows it final, with the new name. No serious
or critical accessibility violations (axe-core) on the league's pages."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from competitions.models import Entrant, Fixture
from leagues.domain.leagues import add_match_day
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.factories.api import publish
from tests.factories.leagues import EIGHT, close_day, league_of_eight
from tests.factories.tournaments import ORGA, organiser, tournament_with_players

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 900}
SERIES_OPEN = "Serie 1 dieses Turniers ist noch offen"
ROSTER_TAKEN = "Die Mannschaft „Buben“ ist schon die Aufstellung einer anderen Ligamannschaft."


def test_a_match_day_walked_at_the_desk(chromium, live_server, screenshot):
    cache.clear()  # a season of an earlier test run may have had this id
    season, _tables = league_of_eight(1, set_lineups=False, promoted=1, relegated=1)
    teams = dict(Entrant.objects.values_list("name", "pk"))
    client = Client()
    client.force_login(organiser())
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    found = {}
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/seasons/{season.pk}/league/")
        found["desk league"] = violations(desk)
        desk.locator("#match-days a").first.click()
        desk.wait_for_url(f"**/desk/seasons/{season.pk}/league/days/1/")
        found["desk match day"] = violations(desk)
        for name in EIGHT[:7]:  # each team's roster: the tournament's team of its name
            form = desk.locator(f"form:has(input[name=league_team][value='{teams[name]}'])")
            form.locator("select").select_option(label=name)
            form.locator("button[type=submit]").click()
            desk.wait_for_load_state()
            expect(desk.locator("ul.messages")).to_contain_text(f"Die Aufstellung von {name}")
        # Zehnen's venue reports on paper: 9 points, first of its group
        form = desk.locator(f"form:has(input[name=league_team][value='{teams['Zehnen']}'])")
        form.locator("input[name$=-score]").fill("9")
        form.locator("button[type=submit]").click()
        desk.wait_for_load_state()
        results = desk.locator("table.league-day")
        expect(results.nth(0).locator("tbody tr").first).to_contain_text("Spieler 1, Spieler 2")
        expect(results.nth(1).locator("tbody tr").first).to_contain_text("Zehnen")
        expect(results.nth(1).locator("tbody tr").first).to_contain_text("9 (wie gemeldet)")
        # another team's roster is refused at the field, in the desk's language
        form = desk.locator(f"form:has(input[name=league_team][value='{teams['Asse']}'])")
        form.locator("select").select_option(label="Buben")
        form.locator("button[type=submit]").click()
        error = desk.locator(f"form:has(input[name=league_team][value='{teams['Asse']}']) .error")
        expect(error).to_have_text(ROSTER_TAKEN)
        # the day's series is still open (deals may still come): it cannot be final yet
        desk.locator("form:has(input[name=action][value=final]) button").click()
        desk.wait_for_load_state()
        expect(desk.locator("ul.messages")).to_contain_text(SERIES_OPEN)
        expect(desk.locator("#final-title")).to_have_text("Die Ergebnisse sind vorläufig")
        assert not Fixture.objects.get(number=1).final
        close_day(Fixture.objects.get(number=1).evening.tournament)  # the evening is over
        desk.goto(f"/desk/seasons/{season.pk}/league/days/1/")
        desk.locator("form:has(input[name=action][value=final]) button").click()
        desk.wait_for_load_state()
        expect(desk.locator("#final-title")).to_have_text("Die Ergebnisse sind endgültig")
        screenshot(desk, "league-match-day-desk")
        # the division after its first day: a team that played stays, a name may change
        desk.goto(f"/desk/seasons/{season.pk}/league/")
        desk.locator("#divisions a").first.click()
        desk.wait_for_url("**/league/divisions/*/")
        found["desk division"] = violations(desk)
        desk.get_by_label("Asse", exact=True).fill("")
        desk.get_by_role("button", name="Staffel speichern").click()
        at_asse = desk.locator(f".field.invalid:has(input[name='d-team_{teams['Asse']}']) .error")
        expect(at_asse).to_have_text(
            "„Asse“ hat schon an einem Spieltag gespielt und bleibt in der Liga."
        )
        desk.get_by_label("Asse", exact=True).fill("Asse")
        desk.get_by_label("Pikse", exact=True).fill("Pik-Asse")
        desk.get_by_role("button", name="Staffel speichern").click()
        expect(desk.locator("ul.messages")).to_contain_text("Die Staffel ist geändert.")
    assert Fixture.objects.get(number=1).final

    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/s/{season.pk}/league/")
        table = phone.locator(".league-table").first
        expect(table.locator("caption")).not_to_contain_text("vorläufig")
        # Asse and Zehnen won their groups (4 ranking points each); Zehnen's 9 game points
        # beat Asse's 4: Zehnen goes up, Buben (last of group 1, -4) down
        expect(table.locator("tbody tr").first).to_contain_text("Zehnen")
        expect(table.locator("tbody tr").first).to_contain_text("Aufstieg")
        expect(table.locator("tbody tr").last).to_contain_text("Abstieg")
        expect(phone.locator("#match-day-1")).to_contain_text("Spieler 3, Spieler 4 (Ersatz)")
        expect(table).to_contain_text("Pik-Asse")
        found["public league"] = violations(phone)
        screenshot(phone, "league-public")

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_league_before_anything_is_played(chromium, live_server, screenshot):
    """A match day added, nothing played yet: the public table ranks nobody and marks nobody
    (every team stood first, "Aufstieg: punktgleich", under "Die besten 1 sind als Aufsteiger
    markiert"), lists the teams by name and says the day is not played yet."""
    cache.clear()
    season, _tables = league_of_eight(0, promoted=1, relegated=1)
    league = season.competition
    ids = dict(Entrant.objects.filter(competition=league).values_list("name", "pk"))
    tournament, _entries = tournament_with_players(16, name="Spieltag 1")
    publish(tournament)
    groups = [[ids[name] for name in EIGHT[:4]], [ids[name] for name in EIGHT[4:]]]
    add_match_day(league, tournament, by=ORGA, number=1, groups=groups)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/s/{season.pk}/league/")
        table = phone.locator(".league-table").first
        rows = table.locator("tbody tr")
        expect(rows).to_have_count(8)
        expect(rows.locator("td:first-child")).to_have_text(["–"] * 8)
        expect(rows.locator("th .team-name")).to_have_text(sorted(EIGHT))
        expect(table).not_to_contain_text("punktgleich")
        expect(table).not_to_contain_text("Aufstieg")
        expect(phone.locator("#day-1")).to_contain_text("noch nicht gespielt")
        rules = phone.locator("section[aria-labelledby=rule-title]")
        expect(rules).to_contain_text("Die beste Mannschaft ist als Aufsteiger markiert")
        expect(rules).not_to_contain_text("Die besten 1")
        found = violations(phone)
        screenshot(phone, "league-before-anything-is-played")
    assert found == [], "axe-core found serious or critical violations:\n" + described(
        {"public league": found}
    )
