"""The statistics' pictures in a real browser: a public profile, a club's page and the beamer's
evening in figures, on a 360×740 phone and a 1920×1080 projector. Each picture fits the page's
width (nothing scrolls sideways), is named for screen readers (role img, its title), axe finds
nothing serious, and nobody hidden or without consent is named in a picture."""

import pytest
from django.core.cache import cache

from clubs.domain.clubs import create_club
from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from seasons.models import Season
from seating.domain.seating import seat_series
from tests.browser.axe import described, violations
from tests.browser.conftest import browser_page
from tests.factories.api import publish
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)
SCREENS = [(360, 740), (1920, 1080)]
SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}
ANNOUNCED = {
    "contract": "normal",
    "re": [1, 3],
    "re_points": 150,
    "announcements": {"re": "re"},
    "extras": [{"type": "fox", "party": "re"}],
}
PICTURES = """(selector) => Array.from(document.querySelectorAll(selector + ' svg[role="img"]'))
  .map((svg) => {
    const box = svg.getBoundingClientRect();
    return {title: svg.querySelector('title').textContent, left: box.left, right: box.right,
            width: box.width, height: box.height};
  })"""
WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def club_history():
    """A club's public season of four evenings; the second player gave no consent, the fourth
    is hidden at the last evening."""
    cache.clear()
    season, tables, players = season_with_evenings(4, deals=3)
    for table in tables:
        record_deal(table, deal=SOLO, by=CAPTAIN)
        record_deal(table, deal=ANNOUNCED, by=CAPTAIN)
    club = create_club(by=ORGA, name="Karo Sieben Kassel")  # set up as a club is
    Season.objects.filter(pk=season.pk).update(club=club)
    for player in (players[0], players[2], players[3]):
        player.listing_consent = True
        player.save(update_fields=["listing_consent"])
    last = tables[-1].series.tournament
    Entry.objects.filter(tournament=last, player=players[3]).update(hidden=True)
    close_series(tables[-1].series, by=ORGA, force=True)  # between series: the beamer's figures
    cache.clear()
    return club, last, players


def look(page, selector, name, screenshot, width):
    pictures = page.evaluate(PICTURES, selector)
    assert pictures, f"{name}: no picture"
    for picture in pictures:
        assert picture["title"]
        assert picture["left"] >= 0
        assert picture["right"] <= width + 0.5, picture
        assert picture["height"] > 20, picture
    assert page.evaluate(WIDE) <= 0, f"{name}: the page scrolls sideways"
    found = violations(page)
    assert not found, described({name: found})
    screenshot(page, name)
    return pictures


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_profile_club_and_beamer_pictures(chromium, live_server, screenshot, width, height):
    club, last, players = club_history()
    size = {"width": width, "height": height}
    with browser_page(chromium, live_server, viewport=size) as page:
        page.goto(f"/p/{players[0].pk}/")
        titles = [
            p["title"]
            for p in look(page, "#profile-stats", f"stats-profile-{width}", screenshot, width)
        ]
        assert titles[0] == "Form: Punkte je Serie"
        assert "Punkte je Abend in Jahreswertung 2026" in titles
        text = page.locator("#profile-stats").inner_text()
        assert players[1].name not in text
        assert players[3].name not in text

        page.goto(f"/p/{players[1].pk}/")  # no consent: no profile, no picture
        assert page.locator("svg[role=img]").count() == 0
        page.goto(f"/p/{players[3].pk}/")  # hidden at an evening: no pictures
        assert page.locator("#profile-stats").count() == 0

        page.goto(f"/clubs/{club.pk}/")
        look(page, "#season-figures", f"stats-club-{width}", screenshot, width)
        figures = page.locator("#season-figures").inner_text()
        assert "4 Abende, 4 Spieler" in figures
        for player in players:
            assert player.name not in figures

        page.goto(f"/t/{last.pk}/beamer/")
        look(page, "#beamer-sections", f"stats-beamer-{width}x{height}", screenshot, width)
        strip = page.locator("#beamer-sections")
        assert "5 Spiele · 1 Solo, 1 gewonnen · 1 Ansage, 1 gewonnen · 1 Fuchs gefangen" in (
            strip.inner_text()
        )
        for player in players:
            assert player.name not in strip.inner_text()
        box = strip.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= height + 0.5  # on the screen, below the ranking
        rows = page.evaluate(
            "() => Array.from(document.querySelectorAll('#ranking tbody tr')).filter((tr) =>"
            " !tr.hidden).map((tr) => tr.getBoundingClientRect().bottom)"
        )
        assert rows
        assert max(rows) <= box["y"] + 0.5  # no row of the ranking under the figures


def test_the_beamers_figures_follow_the_evening_without_a_reload(chromium, live_server, screenshot):
    """Loaded while series 1 is played: the ranking alone. A deal recorded after that and the
    series closed: the evening in figures shows, that deal counted, the ranking's pages above
    it; the next series seated: the strip is gone again. No reload."""
    cache.clear()
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    record_deal(table, deal=SOLO, by=CAPTAIN)
    strip = "#beamer-sections .stats-live"
    with browser_page(chromium, live_server, viewport={"width": 1920, "height": 1080}) as page:
        page.goto(f"/t/{tournament.pk}/beamer/?seconds=2")
        assert page.locator(strip).inner_text() == ""  # a series is played
        record_deal(table, deal=ANNOUNCED, by=CAPTAIN)  # after the page was loaded
        close_series(table.series, by=ORGA, force=True)
        figures = page.locator(f"{strip} .stats-phrases")
        figures.wait_for(timeout=20_000)  # the next poll or two
        assert "2 Spiele · 1 Solo, 1 gewonnen · 1 Ansage, 1 gewonnen · 1 Fuchs gefangen" in (
            figures.inner_text()
        )
        box = page.locator("#beamer-sections").bounding_box()
        assert box is not None
        rows = page.evaluate(
            "() => Array.from(document.querySelectorAll('#ranking tbody tr')).filter((tr) =>"
            " !tr.hidden).map((tr) => tr.getBoundingClientRect().bottom)"
        )
        assert rows
        assert max(rows) <= box["y"] + 0.5  # the pages fitted again above the figures
        found = violations(page)
        assert not found, described({"beamer-live": found})
        screenshot(page, "stats-beamer-live")
        seat_series(
            tournament.series.get(number=2), [list(tournament.entries.order_by("pk"))], by=ORGA
        )
        page.wait_for_function(
            "(selector) => document.querySelector(selector).textContent.trim() === ''",
            arg=strip,
            timeout=20_000,
        )
