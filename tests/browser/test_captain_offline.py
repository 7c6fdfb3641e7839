"""The captain's page without a connection, after its files have left the browser's HTTP cache:
the service worker still has the whole page, the table card follows the deals waiting on the
phone, and they are sent by themselves once the connection is back. A new version of the
worker replaces its cache."""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation
from playwright.sync_api import expect

from scoring.domain.queries import table_state
from scoring.models import Deal
from scoring.views import TEXTS
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def german(name: str, **values) -> str:
    with translation.override("de"):
        return str(TEXTS[name]) % values


def worker_ready(page) -> None:
    """Wait until the service worker controls the page (it has kept the page's files then)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def card_totals(card) -> list[int]:
    return [int(cell) for cell in card.locator("tbody td.total").all_inner_texts()]


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_an_offline_reload_an_hour_later_keeps_the_page_and_sends_by_itself(phone, screenshot):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    worker_ready(phone)
    captain.play(re=(1, 2), points=140)

    # Deal 2 is typed while online (the preview scores it); the connection drops before "Save".
    captain.fill(re=(1, 3), points=131)
    captain.preview_text()
    phone.context.set_offline(True)
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("1")

    # An hour later: the browser's HTTP cache no longer has the page's scripts and styles.
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Network.clearBrowserCache")
    phone.reload()

    # Styled by captain.css (base.html pads <main> 1.2rem, captain.css .4rem) and scripted.
    padding = phone.evaluate("getComputedStyle(document.querySelector('main')).paddingTop")
    assert padding == "6.4px"
    expect(phone.locator("#queue h2")).to_contain_text("1")
    expect(phone.locator("#queue li")).to_have_text(german("deal_number", number=2))
    forecast = phone.locator("#forecast")
    expect(forecast).to_be_visible()
    expect(phone.locator("#now .table-now")).to_be_hidden()
    expect(forecast.locator(".banner.not-sent")).to_have_text(german("not_sent_one"))
    expect(forecast.locator(".progress")).to_contain_text("Spiel 3 von 24")
    with_deal_two = card_totals(forecast)
    assert with_deal_two != [1, 1, -1, -1]  # not the server's totals after deal 1 only

    # Deal 3 entered without any connection: no preview, so its points are not known yet.
    captain.fill(re=(2, 4), points=121)
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("2")
    expect(forecast.locator(".banner.not-sent")).to_have_text(german("not_sent_many", count=2))
    expect(forecast.locator(".progress")).to_contain_text("Spiel 4 von 24")
    expect(forecast.locator(".hint")).to_contain_text(german("deal_number", number=3))
    assert card_totals(forecast) == with_deal_two
    forecast_progress = squeeze(forecast.locator(".progress").inner_text())
    dealer = forecast.locator("thead th", has_text=re.compile(r"gibt|deals")).inner_text()
    screenshot(forecast, "captain-offline-card")
    screenshot(phone, "captain-offline-page")
    # Deal 3 never left the phone. (Deal 2's request may have reached the server before the
    # connection dropped, its answer lost: that is what the idempotency key is for, checked below.)
    assert not Deal.objects.filter(table=table, number=3).exists()

    # Back online: the page sends what waits by itself (no reload), each deal once.
    phone.context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=20_000)
    expect(forecast).to_be_hidden()
    server_card = phone.locator("#now .table-now")
    expect(server_card).to_be_visible()
    server_board = phone.locator("#board")
    expect(server_board).to_be_visible()
    expect(phone.locator(".deals tbody tr")).to_have_count(3)
    assert list(
        Deal.objects.filter(table=table).order_by("number").values_list("number", flat=True)
    ) == [1, 2, 3]

    # What the phone worked out is what the server says now.
    state = table_state(table)
    assert with_deal_two == [state.deals[1].totals[seat] for seat in (1, 2, 3, 4)]
    assert squeeze(server_card.locator(".progress").inner_text()) == forecast_progress
    assert (
        server_board.locator("thead th", has_text=re.compile(r"gibt|deals")).inner_text() == dealer
    )
    assert card_totals(server_board) == [state.totals[seat] for seat in (1, 2, 3, 4)]
    screenshot(phone, "captain-offline-sent")


def test_a_vorfuehrung_due_after_the_waiting_deals_shows_on_the_card(phone):
    table = seated_table(5)
    captain = CaptainPage(phone, table).sign_in()
    worker_ready(phone)
    phone.context.set_offline(True)
    captain.fill(re=(2, 3), points=131)  # deal 1: the dealer (1) sits out
    captain.save()
    forecast = phone.locator("#forecast")
    expect(forecast.locator(".progress")).to_contain_text("Spiel 2 von")
    expect(forecast.locator("th.sitting-out")).to_contain_text(captain.next_deal().seats[1].name)
    phone.context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=20_000)
    expect(phone.locator("#board th.sitting-out")).to_contain_text(table_state(table).seats[1].name)


def test_a_new_worker_version_drops_the_old_cache(phone, settings, tmp_path):
    table = seated_table(4)
    CaptainPage(phone, table).sign_in()
    worker_ready(phone)
    first = cache_names(phone)
    assert len(first) == 1
    assert first[0].startswith("karlchen-captain-")
    kept = phone.evaluate(
        """(name) => caches.open(name).then((cache) => cache.keys())
           .then((requests) => requests.map((request) => new URL(request.url).pathname))""",
        first[0],
    )
    for path in ("/captain/", "/static/captain/captain.js", "/static/captain/captain.css"):
        assert path in kept
    assert "/static/karlchen/texts.js" in kept
    assert "/static/karlchen/favicon.svg" in kept
    # The cache of the worker before versions (main until now) is dropped too.
    phone.evaluate("caches.open('karlchen-captain-v2').then(() => true)")

    # A deploy changes captain.js: the browser finds a new worker, which keeps the new file.
    changed = tmp_path / "captain" / "captain.js"
    changed.parent.mkdir()
    changed.write_text(Path(finders.find("captain/captain.js")).read_text() + "\n// deploy 2\n")
    settings.STATICFILES_DIRS = [tmp_path]
    phone.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    for _ in range(150):  # the new worker installs, then activates and drops the old caches
        names = cache_names(phone)
        if len(names) == 1 and names != first:
            break
        phone.wait_for_timeout(100)
    (second,) = cache_names(phone)
    assert second.startswith("karlchen-captain-")
    assert second != first[0]
    script = phone.evaluate(
        """(name) => caches.open(name).then((cache) => cache.match('/static/captain/captain.js'))
           .then((response) => response.text())""",
        second,
    )
    assert script.endswith("// deploy 2\n")


def test_a_bock_round_started_by_a_waiting_deal_shows_on_the_card(phone):
    table = seated_table(4, rules={"preset": "club_bock"})
    captain = CaptainPage(phone, table).sign_in()
    worker_ready(phone)
    phone.context.set_offline(True)
    captain.fill(re=(1, 2), band="120")  # 120:120 starts a Bock round of four deals
    captain.save()
    forecast = phone.locator("#forecast")
    expect(forecast.locator(".banner.bock")).to_have_text(german("bock", factor=2, left=4))
    phone.context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=20_000)
    expect(phone.locator("#now .banner.bock")).to_have_text(german("bock", factor=2, left=4))


def test_a_bock_round_that_adds_points_is_worked_out_offline_too(phone):
    table = seated_table(4, rules={"preset": "club_bock", "bock_mode": "add"})
    captain = CaptainPage(phone, table).sign_in()
    worker_ready(phone)
    phone.context.set_offline(True)
    captain.fill(re=(1, 2), band="120")  # 120:120 starts a Bock round of four deals
    captain.save()
    forecast = phone.locator("#forecast")
    expect(forecast.locator(".banner.bock")).to_have_text(german("bock_add", points=1, left=4))
    phone.context.set_offline(False)
    expect(phone.locator("#queue")).to_be_hidden(timeout=20_000)
    expect(phone.locator("#now .banner.bock")).to_have_text(german("bock_add", points=1, left=4))
