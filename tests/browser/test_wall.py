"""The ranking on the wall and on a phone, in a real browser.

The beamer view must fit every row of its page on a 1280×720 and a 1920×1080 screen, above the
evening in figures (shown between series), and show every player of the ranking in turn; on a
360×740 phone the ranking is one line per player, filters by a typed name and shows the
tie-break figures of equal totals.
"""

import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.domain.series import close_series
from seating.domain.seating import seat_series
from tests.browser.conftest import browser_page
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import normal, play, solo

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = 28  # seven tables: more rows than any of the screens below takes on one page
LONG_NAME = "Maximiliane Theodora Freifrau von Hohenzollern-Sigmaringen"
SCREENS = [(1280, 720), (1920, 1080)]

VISIBLE_ROWS = """() => Array.from(document.querySelectorAll('#ranking tbody tr'))
  .filter((tr) => !tr.hidden)
  .map((tr) => {
    const box = tr.getBoundingClientRect();
    return {entry: tr.dataset.entry, top: box.top, bottom: box.bottom, height: box.height};
  })"""


def played_tournament():
    """28 players at seven tables, a spread of totals; tables 6 and 7 end on 0 each, table 6
    having won its series (all tied there) and table 7 not (nothing played): equal totals that
    the first tie-break (series won) orders."""
    tournament, entries = tournament_with_players(PLAYERS)
    first = entries[0].player
    first.name = LONG_NAME
    first.save(update_fields=["name"])
    tables = seat_series(
        tournament.series.get(number=1),
        [entries[i : i + 4] for i in range(0, PLAYERS, 4)],
        by=ORGA,
    )
    for index, table in enumerate(tables[:5]):
        for deal in range(index + 1):
            if deal % 2:
                play(table, lambda nd, d=deal: solo(1 + d % 4, re_points=121 + 3 * d))
            else:
                play(table, lambda nd, d=deal: normal([1, 2 + d % 3], re_points=125 + d))
    play(tables[5], lambda nd: normal([1, 2], re_points=131))
    play(tables[5], lambda nd: normal([3, 4], re_points=131))
    return publish(tournament), entries


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_beamer_fits_each_page_and_shows_every_player_in_turn(
    chromium, live_server, screenshot, width, height
):
    tournament, entries = played_tournament()
    close_series(tournament.series.get(number=1), by=ORGA, force=True)  # between series
    everyone = {str(entry.pk) for entry in entries}
    with browser_page(chromium, live_server, viewport={"width": width, "height": height}) as page:
        page.clock.install()  # the page turns by its own timer, its clock run on below
        page.goto(f"/t/{tournament.pk}/beamer/?seconds=1")
        label = page.locator("#beamer-page")
        expect(label).to_have_text(re.compile(r"^Seite 1 von \d+$"))
        pages_total = int(label.inner_text().rsplit(" ", 1)[1])
        assert pages_total > 1
        # the evening in figures stands below the pages: they end at its top edge
        bottom = page.evaluate(
            "() => document.getElementById('beamer-sections')?.getBoundingClientRect().top"
            f" ?? {height}"
        )
        assert bottom < height  # deals were played and the series closed: the figures are there
        seen, pages = set(), {}
        deadline = time.monotonic() + 3 * pages_total + 5
        while len(pages) < pages_total and time.monotonic() < deadline:
            name = label.inner_text()
            rows = page.evaluate(VISIBLE_ROWS)
            if name not in pages and rows:
                pages[name] = rows
                screenshot(page, f"beamer-{width}x{height}-page-{len(pages)}")
            page.clock.run_for(200)
        assert len(pages) == pages_total

    for name, rows in pages.items():
        assert all(row["top"] >= 0 and row["bottom"] <= bottom for row in rows), name
        seen |= {row["entry"] for row in rows}
    assert seen == everyone  # every row of the ranking reached the wall
    # the pages are full: the row after a page's last would not have fitted on the screen
    for number in range(1, pages_total):
        rows = pages[f"Seite {number} von {pages_total}"]
        assert rows[-1]["bottom"] + rows[-1]["height"] > bottom - 8


def test_on_a_phone_the_ranking_is_one_line_a_player_and_the_search_filters(phone, screenshot):
    tournament, _entries = played_tournament()
    phone.goto(f"/t/{tournament.pk}/")
    rows = phone.locator("#ranking tbody tr")
    expect(rows).to_have_count(PLAYERS)

    shapes = phone.evaluate(
        """() => Array.from(document.querySelectorAll('#ranking tbody tr')).map((tr) => {
          const name = tr.querySelector('.name');
          const line = parseFloat(getComputedStyle(name).lineHeight);
          const box = tr.getBoundingClientRect();
          return {height: box.height, right: box.right, line,
                  nameHeight: name.getBoundingClientRect().height,
                  padding: parseFloat(getComputedStyle(name).paddingTop) * 2,
                  cut: name.scrollWidth > name.clientWidth,
                  overflow: getComputedStyle(name).textOverflow, text: name.textContent};
        })"""
    )
    for shape in shapes:  # one line: the cell is one line of text and its padding high
        assert shape["nameHeight"] <= shape["line"] + shape["padding"] + 2, shape
        assert shape["right"] <= 360, shape  # nothing sticks out to the right
        assert shape["overflow"] == "ellipsis"
    long_row = next(shape for shape in shapes if LONG_NAME in shape["text"])
    assert long_row["cut"]  # the long name is cut short (with an ellipsis), not wrapped

    ties = phone.locator("#ranking tbody .tie")
    assert ties.count() >= 8  # the eight players on 0: series won 1 at table 6, 0 at table 7
    expect(phone.locator("#tie-legend")).to_contain_text("Mehr gewonnene Serien am Tisch")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "phone-ranking")

    search = phone.get_by_placeholder("Spieler suchen")
    search.fill("spieler 1")
    visible = phone.locator("#ranking tbody tr:not([hidden]) .name a")
    expected = sorted(f"Spieler {n}" for n in range(2, PLAYERS + 1) if str(n).startswith("1"))
    expect(visible).to_have_count(len(expected))  # player 1 carries the long name now
    assert sorted(visible.all_inner_texts()) == expected
    expect(phone.locator("#ranking-matches")).to_have_text(
        f"{len(expected)} von {PLAYERS} Spielern"
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # nothing sticks out
    screenshot(phone, "phone-ranking-search")
    search.fill("hohenzollern")
    expect(visible).to_have_count(1)
    search.fill("")
    expect(phone.locator("#ranking tbody tr:not([hidden])")).to_have_count(PLAYERS)


def test_a_draft_in_play_starts_soon_until_the_desk_starts_it(
    chromium, live_server, phone, screenshot
):
    """The spectator's phone reads "starts soon"; the organiser's desk offers to start the
    tournament; once started, the phone shows the ranking and the start page lists it."""
    tournament, _entries = tournament_with_players(4, name="Wintercup")
    entries = list(tournament.entries.all())
    seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    tournament.organisers.add(
        get_user_model().objects.create_user("leitung", password="geheim-genug")
    )

    response = phone.goto(f"/t/{tournament.pk}/")
    assert response.status == 404
    expect(phone.locator("h1")).to_have_text("Beginnt bald")
    expect(phone.locator(".not-public")).to_contain_text("Wintercup")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "not-public-phone")

    with browser_page(chromium, live_server, viewport={"width": 1280, "height": 800}) as desk:
        desk.goto(f"/desk/{tournament.pk}/series/1/")
        desk.fill("#id_username", "leitung")
        desk.fill("#id_password", "geheim-genug")
        desk.get_by_role("button", name="Anmelden").click()
        prompt = desk.locator(".start-prompt")
        expect(prompt).to_contain_text("noch ein Entwurf")
        screenshot(desk, "desk-start-prompt")
        prompt.get_by_role("button", name="Turnier jetzt starten").click()
        expect(desk.locator(".messages")).to_contain_text("Das Turnier ist jetzt: läuft.")
        expect(desk.locator(".start-prompt")).to_have_count(0)
        assert desk.url.endswith(f"/desk/{tournament.pk}/series/1/")

    response = phone.goto(f"/t/{tournament.pk}/")
    assert response.status == 200
    expect(phone.locator("#ranking tbody tr")).to_have_count(4)
    phone.goto("/")
    listed = phone.locator(f'[data-tournament="{tournament.pk}"]')
    expect(listed).to_contain_text("läuft gerade")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(phone, "start-page-phone")
    listed.get_by_role("link", name="Beamer-Ansicht").click()
    expect(phone.locator("body.beamer #ranking")).to_be_visible()
