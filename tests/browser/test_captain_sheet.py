"""The captain's score sheet on a 360 px phone: every column head names its player."""

import datetime

import pytest
from playwright.sync_api import expect

from seating.domain.seating import seat_series
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import ORGA
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import create_tournament

pytestmark = pytest.mark.django_db(transaction=True)

# Long names, two with the same first name: the worst a five-table's heads have to show.
NAMES = [
    "Franziska Müller-Lüdenscheidt",
    "Maximilian Oberhuber",
    "Franziska Schneider",
    "Bartholomäus Klein",
    "Christiane von Wartenberg",  # a five-table: the narrowest columns
]


def table_of(names):
    tournament = create_tournament(
        by=ORGA, name="Vereinsturnier", date=datetime.date(2026, 12, 5), game="doppelkopf"
    )
    entries = [add_entry(tournament, name=name, by=ORGA) for name in names]
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    return table


@pytest.mark.parametrize("players", [4, 5])
def test_every_head_of_the_sheet_names_its_player_at_360_px(phone, screenshot, players):
    names = NAMES[:players]
    table = table_of(names)
    captain = CaptainPage(phone, table).sign_in()
    for number in range(1, 4):
        playing = captain.playing_seats()
        if number == 2:  # a Pflichtsolo: the longest label under a deal's number
            captain.play(contract="solo", solo="queens", re=(playing[1],), points=121)
        else:
            captain.play(re=(playing[0], playing[2]), points=131)

    heads = phone.locator(".deals thead th.player")
    expect(heads).to_have_count(players)
    phone.locator("#sheet").scroll_into_view_if_needed()
    screenshot(phone.locator("#sheet"), f"captain-sheet-360-{players}")
    screenshot(phone, f"captain-sheet-360-{players}-page")
    for position, (name, head) in enumerate(zip(names, heads.all(), strict=True), start=1):
        first, *_, last = name.split()
        shown = head.inner_text()
        assert shown.split() == [str(position), first, f"{last[0]}."], shown
        # nothing of it is cut off: the head's text fits in the head (no ellipsis, no clipping)
        fits = head.evaluate("th => th.scrollWidth <= th.clientWidth")
        assert fits, f"head {position} overflows: {shown!r}"
        assert head.get_attribute("aria-label") == f"{position} {name}"
    legend = phone.locator(".sheet-legend li").all_inner_texts()
    assert legend == [f"{n} {name}" for n, name in enumerate(names, start=1)]
    # no horizontal scrolling: neither the page nor the sheet's own box
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    sheet = phone.locator("#sheet .scroll")
    assert sheet.evaluate("box => box.scrollWidth <= box.clientWidth")
