"""The front door on a phone and a laptop: a spectator finds a running evening, a season and a
club from the start page in one click each, and from the evening its season and its club; the
desk's door list keeps its paid and waived buttons on a phone's screen; a season's table shows
rank, name and score on a phone with the rest a tap away; the widget's default height shows its
whole list and its link. No serious accessibility violations (axe-core); screenshots at 360×740 and
1280×800 for people to look at."""

import re
from contextlib import ExitStack

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from clubs.domain.clubs import create_club
from karlchen.actors import Actor
from results.views import WIDGET_ROWS, widget_height
from seasons.domain.seasons import add_evening
from signups.domain.money import set_fee
from signups.domain.settings import set_announcement
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.browser.test_publishing import club_site
from tests.browser.test_wall import VISIBLE_ROWS
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import ORGA, organiser, seat_first_series, tournament_with_players
from tournaments.enums import TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}


WIDER = """(width) => Array.from(document.querySelectorAll('body *'))
  .filter((element) => element.getBoundingClientRect().right > width + 0.5)
  .map((element) => element.tagName + '#' + element.id + '.' + element.className)"""


def fits(page) -> bool:
    """Nothing sticks out to the right: the page does not scroll sideways."""
    width = page.viewport_size["width"]
    wider = page.evaluate(WIDER, width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wider
    return True


def front_world():
    """A club with a season of two evenings and a running evening of its own in the season."""
    user = organiser()
    club = create_club(by=Actor.of_user(user), name="Karo Sieben Hamm", admin=user)
    season, _tables, _players = season_with_evenings(
        2, name="Vereinsmeisterschaftswertung", club=club
    )
    evening, _entries = tournament_with_players(4, name="Clubabend im Dezember", club=club)
    evening.status = TournamentStatus.RUNNING
    evening.save(update_fields=["status"])
    add_evening(season, evening, by=ORGA)
    return club, season, evening


def test_a_spectator_finds_the_running_evening_a_season_and_a_club_in_one_click_each(
    chromium, live_server, screenshot
):
    cache.clear()
    club, season, evening = front_world()
    found = {}
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto("/")
        found["start"] = violations(phone)
        assert fits(phone)
        phone.locator("#running").get_by_role("link", name=evening.name).click()
        expect(phone).to_have_url(f"{live_server.url}/t/{evening.pk}/")
        phone.wait_for_load_state()
        assert fits(phone)
        found["evening"] = violations(phone)
        screenshot(phone, "evening-phone")
        # from the evening: its season and its club
        phone.locator("#evening-of").get_by_role("link", name=season.name).click()
        expect(phone).to_have_url(f"{live_server.url}/s/{season.pk}/")
        phone.go_back()
        phone.locator("#evening-club").get_by_role("link", name=club.name).click()
        expect(phone).to_have_url(f"{live_server.url}/clubs/{club.pk}/")

        phone.goto("/")
        phone.locator("#seasons").get_by_role("link", name=season.name).click()
        expect(phone).to_have_url(f"{live_server.url}/s/{season.pk}/")
        expect(phone.locator("#season-ranking")).to_be_visible()
        phone.goto("/")
        phone.locator("#clubs").get_by_role("link", name=club.name).click()
        expect(phone).to_have_url(f"{live_server.url}/clubs/{club.pk}/")
        expect(phone.locator("#club-seasons")).to_contain_text(season.name)
        found["club"] = violations(phone)
        assert fits(phone)
        phone.goto("/developers/")
        found["developers"] = violations(phone)
        assert fits(phone)

    for size, viewport in SIZES.items():
        with browser_page(chromium, live_server, viewport=viewport) as page:
            for name, path in (
                ("start", "/"),
                ("club", f"/clubs/{club.pk}/"),
                ("evening", f"/t/{evening.pk}/"),
                ("developers", "/developers/"),
            ):
                page.goto(path)
                assert fits(page), f"{name} at {size}"
                screenshot(page, f"front-{name}-{size}")
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_season_s_table_shows_rank_name_and_score_on_a_phone(chromium, live_server, screenshot):
    season, _tables, players = season_with_evenings(
        3, name="Vereinsmeisterschaftswertung", ranking_rule={"best": 2, "missed": "zero"}
    )
    found = {}
    for size, viewport in SIZES.items():
        with browser_page(chromium, live_server, viewport=viewport) as page:
            page.goto(f"/s/{season.pk}/")
            table = page.locator("#season-ranking")
            expect(table).to_be_visible()
            assert fits(page)
            assert page.evaluate(
                "(() => { const t = document.querySelector('#season-ranking');"
                " return t.scrollWidth <= t.clientWidth; })()"
            )
            evenings = table.locator("thead th", has_text="Abende")
            more = table.locator("tbody tr").first.locator("summary")
            if size == "phone":
                expect(evenings).to_be_hidden()
                more.click()  # the other figures, a tap away
                expect(table.locator("tbody tr").first.locator("dl")).to_contain_text("Abende")
            else:
                expect(evenings).to_be_visible()
                expect(more).to_be_hidden()
            found[f"season {size}"] = violations(page)
            screenshot(page, f"season-{size}")
            page.goto(f"/s/{season.pk}/players/{players[0].pk}/")
            expect(page.locator("#season-evenings")).to_be_visible()
            assert fits(page)
            found[f"player's season {size}"] = violations(page)
            screenshot(page, f"season-player-{size}")
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_the_door_list_keeps_paid_and_waived_on_a_phone_s_screen(chromium, live_server, screenshot):
    tournament, entries = tournament_with_players(6, name="Offenes Adventsturnier")
    set_announcement(tournament, by=ORGA, published=True, fee=1_000, category_fees={"Damen": 800})
    set_fee(entries[0], "paid", by=ORGA)
    client = Client()
    client.force_login(organiser())
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    found = {}
    for size, viewport in SIZES.items():
        with browser_page(chromium, live_server, viewport=viewport, has_touch=True) as page:
            page.context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
            )
            page.goto(f"/desk/{tournament.pk}/money/")
            buttons = page.locator("#fee-list tbody button:is([value=paid], [value=waived])")
            expect(buttons.first).to_be_visible()
            width = viewport["width"]
            for index in range(buttons.count()):
                box = buttons.nth(index).bounding_box()
                assert box is not None
                assert box["x"] >= 0
                assert box["x"] + box["width"] <= width
                if size == "phone":  # a thumb's target
                    assert box["height"] >= 44
                    assert box["width"] >= 44
            assert fits(page)
            found[f"door {size}"] = violations(page)
            page.locator("#door").screenshot(path=str(screenshot(page, f"door-{size}")))
            # one tap: waived, and the row says so
            row = page.locator(f"#entry-{entries[1].pk}")
            row.get_by_role("button", name="erlassen").click()
            expect(page.locator(f"#entry-{entries[1].pk}")).to_have_attribute(
                "data-fee-status", "waived"
            )
            set_fee(entries[1], "open", by=ORGA)
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_the_widget_s_default_height_shows_its_whole_list_and_the_link(
    chromium, live_server, screenshot
):
    """The desk's snippet: ten rows (some with long names and clubs) and the provisional note
    fit the iframe's height on a phone-wide club page, with "Ganze Rangliste" inside it."""
    tournament, entries = tournament_with_players(12, name="Herbstturnier der Karo Sieben Hamm")
    for entry in entries[:3]:
        entry.player.name = "Maximiliane Theodora von Hohenzollern-Sigmaringen"
        entry.player.save(update_fields=["name"])
    seat_first_series(tournament, entries)
    tournament.status = TournamentStatus.RUNNING
    tournament.save(update_fields=["status"])
    height = widget_height(WIDGET_ROWS)
    for size, viewport in SIZES.items():
        with ExitStack() as stack:
            page = stack.enter_context(browser_page(chromium, live_server, viewport=viewport))
            club_page = (
                "<!doctype html><html lang='de'><head><title>Karo Sieben</title></head><body>"
                f"<main style='max-width:40rem'><iframe id='widget' title='Rangliste'"
                f" src='{live_server.url}/t/{tournament.pk}/widget/?rows={WIDGET_ROWS}'"
                f" width='100%' height='{height}' style='border:0'></iframe></main></body></html>"
            )
            site = stack.enter_context(club_site(club_page))
            page.goto(site)
            frame = page.frame_locator("#widget")
            expect(frame.locator("#ranking tbody tr")).to_have_count(WIDGET_ROWS)
            expect(frame.locator("#provisional")).to_be_visible()
            link = frame.get_by_role("link", name="Ganze Rangliste")
            expect(link).to_be_visible()
            box = link.bounding_box()
            frame_box = page.locator("#widget").bounding_box()
            assert box is not None
            assert frame_box is not None
            assert box["y"] + box["height"] <= frame_box["y"] + frame_box["height"]
            inner = page.frame_locator("#widget").locator("html")
            assert inner.evaluate("(html) => html.scrollHeight") <= height
            screenshot(page, f"widget-{size}")


def test_the_beamer_fills_a_full_hd_screen(chromium, live_server, screenshot):
    """At 1920×1080 each full page of the beamer reaches down to the screen's bottom edge."""
    tournament, entries = tournament_with_players(28, name="Herbstturnier")
    seat_first_series(tournament, entries)
    tournament.status = TournamentStatus.RUNNING
    tournament.save(update_fields=["status"])
    with browser_page(chromium, live_server, viewport={"width": 1920, "height": 1080}) as wall:
        wall.goto(f"/t/{tournament.pk}/beamer/?seconds=120")
        expect(wall.locator("#beamer-page")).to_have_text(re.compile(r"^Seite 1 von \d+$"))
        rows = wall.evaluate(VISIBLE_ROWS)
        screenshot(wall, "beamer-1920x1080")
        assert rows[-1]["bottom"] <= 1080
        assert rows[-1]["bottom"] >= 1080 - 20, rows[-1]  # no empty band below the last row
        assert len(rows) >= 10, len(rows)


def test_taking_an_evening_out_of_a_season_asks_first(chromium, live_server, screenshot):
    season, _tables, _players = season_with_evenings(2)
    client = Client()
    client.force_login(organiser())
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as page:
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        page.goto(f"/desk/seasons/{season.pk}/")
        evenings = page.locator("table:has(a:text('Clubabend 2'))")
        screenshot(page, "desk-season-phone")
        assert evenings.evaluate("(table) => table.scrollWidth <= table.clientWidth")
        page.get_by_role("button", name="Clubabend 2 aus der Saison nehmen").click()
        ask = page.locator("#confirm-remove")
        expect(ask).to_contain_text("„Clubabend 2“ aus der Saison herausnehmen?")
        assert season.evenings.count() == 2  # nothing changed yet
        found = {"confirm": violations(page)}
        assert fits(page)
        screenshot(page, "season-take-out-confirm-phone")
        ask.get_by_role("button", name="Ja, herausnehmen").click()
        expect(page.locator(".messages")).to_contain_text("gehört nicht mehr zur Saison")
        assert season.evenings.count() == 1
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
