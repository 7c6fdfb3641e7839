"""A league match day of four teams set up by hand, as before squads, walked in a real browser
with its clicks and keystrokes counted (``bench/club_year.py`` prints them beside the day
prepared from squads): the day added with each team's group typed, the four teams set up in
the day's tournament by name and start numbers, each team's roster chosen and saved. Its
players are entered beforehand (not counted)."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from competitions.models import Entrant, FixtureTeam
from leagues.domain.leagues import create_league
from seasons.domain.seasons import create_season
from tests.browser.conftest import browser_page
from tests.browser.journey import Journey, record
from tests.factories.tournaments import ORGA, organiser, tournament_with_players

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
FOUR = ["Asse", "Buben", "Damen", "Füchse"]


def test_a_match_day_by_hand(chromium, live_server):
    cache.clear()
    user = organiser()
    season = create_season(by=ORGA, name="Kreisliga 2026", is_public=True)
    season.organisers.add(user)
    league = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    teams = {team.name: team for team in Entrant.objects.filter(competition=league)}
    tournament, _entries = tournament_with_players(16, name="Spieltag 1")
    tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
        desk.goto(f"/desk/seasons/{season.pk}/league/")
        day = Journey(desk)
        day.choose(desk.locator("#id_tournament"), value=str(tournament.pk))
        for name in FOUR:
            field = desk.get_by_label(f"Gruppe von {name}", exact=True)
            field.fill("")  # as it was: no group given beforehand
            day.type(field, "1")
        day.click(desk.locator("#day-form button[type=submit]"))
        desk.wait_for_url("**/league/days/1/")
        day.click(desk.get_by_role("link", name="Mannschaften des Turniers (Aufstellungen)"))
        for index, name in enumerate(FOUR):
            day.type(desk.locator("#id_name"), name)
            numbers = " ".join(str(4 * index + seat) for seat in range(1, 5))
            day.type(desk.locator("#id_members"), numbers)
            day.click(desk.get_by_role("button", name="Mannschaft speichern"))
            expect(desk.locator("#team-list")).to_contain_text(name)
        desk.go_back()
        day.clicks += 1  # back to the day's page
        desk.goto(f"/desk/seasons/{season.pk}/league/days/1/")
        for name in FOUR:
            form = desk.locator(f"form:has(input[name=league_team][value='{teams[name].pk}'])")
            day.choose(form.locator("select"), name)
            day.click(form.locator("button[type=submit]"))
            expect(desk.locator("ul.messages")).to_contain_text(f"Die Aufstellung von {name}")
    assert FixtureTeam.objects.filter(team__isnull=False).count() == 4
    record({"league match day by hand (as before squads)": day.counts()})
