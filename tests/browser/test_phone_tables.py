"""A league's and a team cup's tables on a phone (360×740): rank, name and the points that rank
are on the screen, the other figures a tap away ("Mehr", the season ranking's pattern), and no
table and no page scrolls sideways, with long German team names broken at their syllables, not
anywhere. Also at the desk's league page (the same tables). Screenshots for people to look at."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from competitions.models import Group
from cups.domain.cups import set_match_final, start_pairings
from leagues.domain.leagues import change_division
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.cups.conftest import DATE, make_cup, play_match
from tests.cups.test_domain import play_group_stage
from tests.factories.leagues import league_of_eight
from tests.factories.tournaments import ORGA, organiser

pytestmark = pytest.mark.django_db(transaction=True)
LONG_NAME = "Spielgemeinschaftsmannschaft Kreuzbubenfreunde Hohenlimburg"

NO_TABLE_SCROLLS = """(tables) => Array.from(document.querySelectorAll(tables))
  .filter((table) => table.offsetParent !== null)
  .filter((table) => table.scrollWidth > table.clientWidth + 1
    || table.getBoundingClientRect().right > innerWidth + 0.5
    || (table.parentElement.scrollWidth > table.parentElement.clientWidth + 1))
  .map((table) => `${table.id || table.className}: ${table.scrollWidth}/${table.clientWidth}`
    + ` in ${table.parentElement.scrollWidth}/${table.parentElement.clientWidth}`)"""
# a word on two lines without a place it may break (a soft hyphen, a hyphen): broken mid-word
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('main th, main td, main .pairing span')) {
    if (cell.offsetParent === null) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        if (/[\\u00ad-]/.test(word[0])) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects())
          .filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def fits(page, tables: str = "main table") -> None:
    """Nothing sticks out to the right, and no table (of ``tables``) hides a column behind a
    sideways scroll, and no word is broken where it has no place to break."""
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.evaluate(NO_TABLE_SCROLLS, tables) == []
    assert page.evaluate(BROKEN_WORDS) == []


def test_a_league_s_tables_on_a_phone(chromium, live_server, screenshot):
    cache.clear()
    season, _tables = league_of_eight(1, promoted=1, relegated=1)
    division = Group.objects.get(competition=season.competition)
    teams = [
        {"id": team.pk, "name": LONG_NAME if team.name == "Zehnen" else team.name}
        for team in division.teams.all()
    ]
    change_division(division, by=ORGA, teams=teams)
    found = {}
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/s/{season.pk}/league/")
        table = phone.locator(".league-table").first
        expect(table.locator("thead th", has_text="Siegpunkte")).to_be_visible()
        expect(table.locator("thead th", has_text="Spielpunkte")).to_be_hidden()
        expect(table.locator("thead th", has_text="Markierung")).to_be_hidden()
        fits(phone)
        first = table.locator("tbody tr").first
        first.locator("summary").click()  # the other figures, a tap away
        expect(first.locator("dl")).to_contain_text("Spielpunkte")
        expect(first.locator("dl")).to_contain_text("Aufstieg")
        day = phone.locator("#match-day-1 table").first
        expect(day.locator("thead th", has_text="Wer spielte")).to_be_hidden()
        day.locator("tbody tr").first.locator("summary").click()
        expect(day.locator("tbody tr").first.locator("dl")).to_contain_text("Wer spielte")
        fits(phone)
        screenshot(phone, "phone-league-open")
        found["league"] = violations(phone)
        screenshot(phone, "phone-league")

        client = Client()
        client.force_login(organiser())
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        phone.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        phone.goto(f"/desk/seasons/{season.pk}/league/")
        desk_table = phone.locator(".league-table").first
        expect(desk_table.locator("thead th", has_text="Spielpunkte")).to_be_hidden()
        fits(phone, "main table.league-table, main table#match-days")
        screenshot(phone, "phone-desk-league")
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_team_cup_s_groups_and_bracket_on_a_phone(chromium, live_server, screenshot):
    cache.clear()
    cup = make_cup()
    play_group_stage(cup)
    first, _second = start_pairings(cup, by=ORGA, date=DATE)
    names = [side.entrant.name for side in first.sides.all()]
    play_match(first, {names[0]: 1, names[1]: 0})
    set_match_final(first, by=ORGA)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(f"/c/{cup.pk}/")
        group = phone.locator(".cup-groups table").first
        expect(group.locator("thead th", has_text="Siegpunkte")).to_be_visible()
        expect(group.locator("thead th", has_text="Runden")).to_be_hidden()
        fits(phone)
        row = group.locator("tbody tr").first
        row.locator("summary").click()
        expect(row.locator("dl")).to_contain_text("Runden")
        fits(phone)
        found = violations(phone)
        screenshot(phone, "phone-cup")
    assert found == [], "axe-core found serious or critical violations:\n" + described(
        {"cup": found}
    )
