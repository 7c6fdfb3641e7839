"""The spectator page in a real browser: a deal recorded through the API shows within one poll."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from scoring.domain.series import close_series
from seating.domain.seating import seat_series
from tests.browser.conftest import PHONE, POLL_SECONDS, browser_page
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import ORGA, seated_table, tournament_with_players

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_recorded_deal_appears_within_one_poll(phone, screenshot):
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    phone.set_viewport_size({"width": 800, "height": 900})
    phone.goto(f"/t/{tournament.pk}/")
    totals = phone.locator("#ranking tbody .total")
    expect(totals).to_have_text(["0", "0", "0", "0"])

    captain = client_for(table=table)
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": NORMAL}, format="json")
    assert response.status_code == 201

    expect(totals).to_have_text(["1", "1", "-1", "-1"], timeout=(POLL_SECONDS + 2) * 1000)
    expect(phone.locator("#ranking tbody tr.changed")).to_have_count(4)
    expect(phone.locator("#ranking .move.down")).to_have_count(2)  # 2 and 4: from a shared 1st
    expect(phone.locator('#tables [data-table="1"] .count')).to_have_text(
        "1/24", timeout=(2 * POLL_SECONDS + 2) * 1000
    )
    screenshot(phone, "spectator-ranking")


def test_the_provisional_mark_follows_the_closed_series(chromium, live_server, screenshot):
    """Ranking page and beamer view say the standings are provisional while series remain,
    count the series closed meanwhile within one poll, and say nothing once all are closed."""
    cache.clear()  # a tournament of an earlier test run may have had this id
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    first, *others = tournament.series.order_by("number")
    with (
        browser_page(chromium, live_server, viewport=PHONE) as ranking,
        browser_page(chromium, live_server, viewport={"width": 1280, "height": 720}) as beamer,
    ):
        ranking.goto(f"/t/{tournament.pk}/")
        beamer.goto(f"/t/{tournament.pk}/beamer/")
        marks = [page.locator("#provisional") for page in (ranking, beamer)]
        for mark in marks:
            expect(mark).to_have_text("Vorläufiger Stand: 0 von 3 Serien abgeschlossen")

        close_series(first, force=True, by=ORGA)  # commits: the test runs without a transaction
        for mark in marks:
            expect(mark).to_have_text(
                "Vorläufiger Stand: 1 von 3 Serien abgeschlossen",
                timeout=(POLL_SECONDS + 2) * 1000,
            )
        screenshot(ranking, "spectator-ranking-provisional")
        screenshot(beamer, "spectator-beamer-provisional")

        for series in others:
            close_series(series, force=True, by=ORGA)
        for mark in marks:
            expect(mark).to_be_hidden(timeout=(POLL_SECONDS + 2) * 1000)
        screenshot(ranking, "spectator-ranking-final")


def test_the_ranking_begins_with_the_first_series_seated_and_leaves_out_who_stayed_home(
    chromium, live_server, screenshot
):
    """Five entered, nobody seated: the page says the ranking begins once the first series is
    seated. Four sit down (the fifth stays home): within one poll they are ranked, sharing the
    first place with 0, and the fifth is not listed at all (he stood among them before)."""
    cache.clear()
    tournament, entries = tournament_with_players(5)
    publish(tournament)
    with (
        browser_page(chromium, live_server, viewport=PHONE) as ranking,
        browser_page(chromium, live_server, viewport=PHONE) as widget,
    ):
        ranking.goto(f"/t/{tournament.pk}/")
        widget.goto(f"/t/{tournament.pk}/widget/")
        empty = "Noch keine Rangliste: Sie beginnt, sobald die erste Serie gesetzt ist."
        for page in (ranking, widget):
            expect(page.locator("#ranking-empty")).to_have_text(empty)
            expect(page.locator("#ranking tbody tr")).to_have_count(0)
        screenshot(ranking, "spectator-ranking-before-seating")

        seat_series(tournament.series.get(number=1), [entries[:4]], by=ORGA)
        wait = (POLL_SECONDS + 2) * 1000
        for page in (ranking, widget):
            expect(page.locator("#ranking tbody tr")).to_have_count(4, timeout=wait)
            expect(page.locator("#ranking-empty")).to_be_hidden()
            expect(page.locator("#ranking tbody")).not_to_contain_text("Spieler 5")
        expect(ranking.locator("#ranking tbody .rank")).to_have_text(["1"] * 4)
        screenshot(ranking, "spectator-ranking-seated")
