"""A club's year walked in a real browser, its clicks and keystrokes counted: three club evenings
of a season with the regulars picked (not typed) and one newcomer created; a squad picked from
known people, a league of four teams whose squads carry over two match days, each prepared with
one button, one substitute swapped in; an open tournament found from the start page and signed
up for on a phone; spectators following the season and the league from the start page. No
serious or critical accessibility violations (axe-core) on the pages visited; screenshots at
360×740 and 1280×800. With ``KARLCHEN_CLUB_YEAR`` set to a file, the counts are
written there (``bench/club_year.py`` prints them)."""

import datetime
import re

import pytest
from django.conf import settings
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from competitions.domain.squads import add_to_squad
from competitions.models import Entrant, Fixture
from leagues.domain.leagues import create_league
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import SeasonEvening
from signups.domain.settings import set_announcement
from signups.models import SignUp
from teams.models import Team
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.browser.journey import Journey, record, shots_folder
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
FOUR = ["Asse", "Buben", "Damen", "Füchse"]
NAMES = [
    "Anna Albers",
    "Bert Brandt",
    "Carla Claasen",
    "Dirk Dreyer",
    "Emma Ebert",
    "Fritz Fuchs",
    "Gerda Gerdes",
    "Hans Hansen",
    "Ilse Imhof",
    "Jan Janssen",
    "Karin Kruse",
    "Lutz Lange",
    "Mia Meyer",
    "Nils Nolte",
    "Olga Otten",
    "Paul Peters",
    "Rita Rohde",
    "Sven Schulz",
    "Tina Thiele",
    "Uwe Ulrich",
]


def test_a_league_year_from_squads(chromium, live_server, screenshot):
    cache.clear()
    user = organiser()
    season = create_season(by=ORGA, name="Kreisliga 2026", is_public=True)
    season.organisers.add(user)
    league = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    club_evening, entries = tournament_with_players(20, name="Clubabend")
    club_evening.organisers.add(user)
    known = [entry.player for entry in entries]
    for player, name in zip(known, NAMES, strict=True):
        player.name = name
        player.save(update_fields=["name"])
    teams = {team.name: team for team in Entrant.objects.filter(competition=league)}
    for index, name in enumerate(FOUR[1:], start=1):  # the other squads as set up before
        for offset in range(5):
            add_to_squad(
                teams[name], by=ORGA, player=known[index * 5 + offset], substitute=offset == 4
            )
    found: dict[str, list] = {}
    counts: dict[str, dict[str, int]] = {}
    shots = shots_folder()
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        signed_in(desk, live_server, user)
        # Asse's squad: four regulars and a substitute, each picked as the name is typed
        squad = Journey(desk)
        desk.goto(f"/desk/seasons/{season.pk}/league/")
        found["desk league"] = violations(desk)
        squad.click(desk.locator("#squads").get_by_role("link", name="Asse"))
        for offset in range(5):
            person = known[offset]
            squad.type(desk.get_by_role("combobox", name="Spieler"), person.name.split()[-1])
            squad.click(desk.get_by_role("option").filter(has_text=person.name))
            if offset == 4:
                squad.click(desk.get_by_label("Ersatz", exact=True))
            squad.click(desk.get_by_role("button", name="In den Kader aufnehmen"))
            expect(desk.locator("ul.messages")).to_contain_text(f"{person.name} ist im Kader")
        found["desk squad"] = violations(desk)
        expect(desk.locator("#squad tbody tr")).to_have_count(5)
        desk.set_viewport_size(PHONE)
        desk.screenshot(path=str(shots / "squad-360.png"), full_page=True)
        desk.set_viewport_size(LAPTOP)
        counts["squad of one team (once a season)"] = squad.counts()

        for number in (1, 2):
            day = Journey(desk)
            desk.goto(f"/desk/seasons/{season.pk}/league/")
            day.click(desk.get_by_role("button", name="Spieltag vorbereiten"))
            desk.wait_for_url(f"**/league/days/{number}/")
            expect(desk.locator("ul.messages")).to_contain_text("aus den Kadern vorbereitet")
            if number == 1:  # a regular of Buben cannot come: the substitute plays
                swap = desk.locator(f"form.swap:has(input[value='{teams['Buben'].pk}'])")
                day.choose(swap.get_by_label("Raus"), known[6].name)
                day.choose(swap.get_by_label("Rein"), known[9].name)
                day.click(swap.get_by_role("button"))
                expect(desk.locator("ul.messages")).to_contain_text(
                    f"{known[9].name} spielt für Buben statt {known[6].name}."
                )
                found["desk match day"] = violations(desk)
                screenshot(desk, "club-year-match-day-desk")
                desk.screenshot(path=str(shots / "match-day-1280.png"), full_page=True)
                desk.set_viewport_size(PHONE)
                desk.screenshot(path=str(shots / "match-day-360.png"), full_page=True)
                desk.set_viewport_size(LAPTOP)
            counts[f"league match day {number} from squads"] = day.counts()
        days = {day.number: day.evening.tournament for day in Fixture.objects.all()}
        # the squads carried over: each day sixteen regulars in four rosters, the swap on day 1
        for tournament in days.values():
            assert Team.objects.filter(tournament=tournament).count() == 4
            playing = Entry.objects.filter(tournament=tournament, withdrawn=False)
            assert playing.count() == 16
        assert Entry.objects.get(tournament=days[1], player=known[6]).withdrawn
        assert not Entry.objects.filter(tournament=days[2], player=known[9]).exists()
        for tournament in days.values():
            tournament.status = "running"  # the evening opened: public
            tournament.save(update_fields=["status"])

    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        spectator = Journey(phone)
        phone.goto("/")
        found["start page"] = violations(phone)
        spectator.click(phone.locator("#seasons").get_by_role("link", name="Kreisliga 2026"))
        spectator.click(phone.get_by_role("link", name="Ligatabelle"))
        expect(phone.locator(".league-table").first).to_contain_text("Asse")
        found["public league"] = violations(phone)
        phone.screenshot(path=str(shots / "league-360.png"), full_page=True)
        counts["spectator: the league from the start page"] = spectator.counts()

    record(counts)
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def signed_in(desk, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    desk.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )


def test_a_club_season_with_regulars_picked(chromium, live_server, eager_celery):
    """Three club evenings: at the first the club's people are picked as their names are typed
    and one newcomer is created once asked; the next two start with them as regulars."""
    cache.clear()
    user = organiser()
    season = create_season(by=ORGA, name="Clubmeisterschaft 2026", is_public=True)
    season.organisers.add(user)
    december, entries = tournament_with_players(7, name="Clubabend im Dezember")
    december.organisers.add(user)
    known = [entry.player for entry in entries]
    for player, name in zip(known, NAMES, strict=False):
        player.name = name
        player.save(update_fields=["name"])
    counts: dict[str, dict[str, int]] = {}
    found: dict[str, list] = {}
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        signed_in(desk, live_server, user)
        for evening in (1, 2, 3):
            journey = Journey(desk)
            desk.goto(f"/desk/seasons/{season.pk}/")
            journey.click(desk.locator('form:has(input[name="action"][value="new"]) button'))
            desk.wait_for_url("**/entries/")
            tournament = SeasonEvening.objects.filter(season=season).latest("tournament_id")
            tournament = tournament.tournament
            if evening == 1:
                for person in known:
                    journey.type(desk.get_by_role("combobox", name="Name"), person.name.split()[-1])
                    journey.click(desk.get_by_role("option").filter(has_text=person.name))
                    journey.click(desk.get_by_role("button", name="Melden", exact=True))
                    expect(desk.locator("#entry-list")).to_contain_text(person.name)
                journey.type(desk.get_by_role("combobox", name="Name"), "Nora Neumann")
                journey.click(desk.get_by_role("button", name="Melden", exact=True))
                journey.click(desk.get_by_text("als neue Person anlegen"))
                journey.click(desk.get_by_role("button", name="Melden", exact=True))
                expect(desk.locator("#entry-list")).to_contain_text("Nora Neumann")
                found["desk entries"] = violations(desk)
                desk.set_viewport_size(PHONE)
                desk.screenshot(path=str(shots_folder() / "entries-360.png"), full_page=True)
                desk.set_viewport_size(LAPTOP)
            assert Entry.objects.filter(tournament=tournament).count() == 8
            journey.click(desk.get_by_role("link", name="Übersicht").first)
            journey.click(desk.locator('form[action$="/entries/check-in-all/"] button'))
            journey.click(desk.locator('form[action$="/series/1/seat/"] button'))
            expect(desk.locator(".board tbody tr")).to_have_count(2)
            counts[f"club evening {evening}" + (": people picked" if evening == 1 else "")] = (
                journey.counts()
            )
        found["desk overview"] = violations(desk)
    assert Entry.objects.filter(player__name="Nora Neumann").count() == 3
    assert Player.objects.filter(name="Nora Neumann").count() == 1
    evenings = SeasonEvening.objects.filter(season=season).values("tournament_id")
    Tournament.objects.filter(pk__in=evenings).update(status="running")  # opened: public
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        spectator = Journey(phone)
        phone.goto("/")
        spectator.click(phone.locator("#seasons").get_by_role("link", name=season.name))
        expect(phone.get_by_role("heading", level=1)).to_contain_text(season.name)
        expect(phone.locator("main")).to_contain_text("3 Abende")
        found["public season"] = violations(phone)
        phone.screenshot(path=str(shots_folder() / "season-360.png"), full_page=True)
        counts["spectator: the season from the start page"] = spectator.counts()
    record(counts)
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_an_open_tournament_found_from_the_start_page_and_signed_up_for(
    chromium, live_server, eager_celery
):
    """A player who knows nothing but the address finds the club's open tournament on the start
    page and signs up on a phone: the form, the mailed link, the confirmation."""
    cache.clear()
    in_a_month = timezone.localdate() + datetime.timedelta(days=30)
    tournament, _ = tournament_with_players(0, name="Offenes Dreikönigsturnier", date=in_a_month)
    set_announcement(tournament, by=ORGA, published=True, cap=40, fee=1_000)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        player = Journey(phone)
        phone.goto("/")
        player.click(phone.locator("#coming").get_by_role("link", name=tournament.name))
        expect(phone).to_have_url(re.compile(rf"/t/{tournament.pk}/signup/$"))
        found = {"announcement": violations(phone)}
        player.type(phone.locator("#id_name"), "Greta Gruber")
        player.type(phone.locator("#id_email"), "greta@example.org")
        player.click(phone.get_by_role("button", name="Anmelden"))
        expect(phone.get_by_role("heading", name="Bitte E-Mails abrufen")).to_be_visible()
        (message,) = mail.outbox
        link = re.search(r"https?://[^/\s]+(/signup/[\w-]+/confirm/)", message.body).group(1)
        phone.goto(link)  # the link in the mail: a tap in the mail app, counted as one
        player.clicks += 1
        player.click(phone.get_by_role("button", name="Meine Anmeldung bestätigen"))
        expect(phone.locator("[data-status]")).to_contain_text("Sie sind eingetragen")
        found["confirmed"] = violations(phone)
        phone.screenshot(path=str(shots_folder() / "signed-up-360.png"), full_page=True)
        counts = {"open tournament: found on the start page, signed up": player.counts()}
    assert SignUp.objects.get(email="greta@example.org").entry.tournament == tournament
    record(counts)
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
