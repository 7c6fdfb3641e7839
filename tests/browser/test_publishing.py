"""The calendar in a real browser, from a listed tournament to its pages; the standings widget
in an iframe of another site, keeping itself current."""

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from clubs.models import Club
from signups.domain.settings import set_announcement
from tests.browser.axe import described, violations
from tests.browser.conftest import POLL_SECONDS
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import ORGA, seated_table, tournament_with_players
from tests.listings.conftest import day

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def club_site(html: str):
    """The club's own website: another origin (its own little server on 127.0.0.1) whose page
    holds ``html``. A real server, not a routed answer: Chromium lets a page frame a local
    address only from a local one (Local Network Access)."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass  # quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def test_from_the_calendar_to_the_sign_up_and_the_live_ranking(phone, screenshot):
    cache.clear()
    host = Club.objects.create(name="Herz As Münster")
    announced, _ = tournament_with_players(
        2, name="Rangliste Münster", date=day(10), club=host, region="Westfalen"
    )
    set_announcement(announced, by=ORGA, published=True, cap=2)
    running, _ = tournament_with_players(4, name="Vereinsabend", date=day(0), region="Westfalen")
    publish(running)
    tournament_with_players(4, name="Schafkopf-Cup", date=day(3), game="schafkopf")

    phone.goto("/calendar/")
    listing = phone.locator("#calendar > li")
    expect(listing).to_have_count(2)  # the Schafkopf cup is a draft, not announced
    expect(listing.first).to_contain_text("Vereinsabend")
    expect(listing.nth(1)).to_contain_text("voll: Warteliste")
    found = {"calendar": violations(phone)}
    assert not any(found.values()), described(found)
    screenshot(phone, "calendar")

    phone.select_option("select[name=club]", label="Herz As Münster")
    phone.get_by_role("button", name="Anzeigen").click()
    expect(listing).to_have_count(1)
    assert f"club={host.pk}" in phone.url
    phone.get_by_role("link", name="Rangliste Münster").click()
    expect(phone).to_have_url(f"{phone.url.split('/t/')[0]}/t/{announced.pk}/signup/")
    expect(phone.locator("h1")).to_contain_text("Rangliste Münster")

    phone.goto("/calendar/")
    phone.get_by_role("link", name="Vereinsabend").click()
    expect(phone).to_have_url(f"{phone.url.split('/t/')[0]}/t/{running.pk}/")


def test_the_widget_in_a_club_sites_iframe_shows_a_new_deal_within_one_poll(
    phone, live_server, screenshot
):
    cache.clear()
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    widget = f"{live_server.url}/t/{tournament.pk}/widget/?rows=3"
    club_page = (
        "<!doctype html><html lang='de'><head><title>Dokoclub</title></head><body>"
        "<h1>Unser Turnier</h1>"
        f"<iframe src='{widget}' title='Rangliste' width='360' height='260'></iframe>"
        "</body></html>"
    )
    with club_site(club_page) as site:
        phone.goto(site)
        frame = phone.frame_locator("iframe")
        totals = frame.locator("#ranking tbody td.num")
        expect(totals).to_have_text(["0", "0", "0"])  # the first three rows only

        captain = client_for(table=table)
        deal = {"deal": NORMAL}
        response = captain.post(f"/api/v1/tables/{table.pk}/deals/", deal, format="json")
        assert response.status_code == 201
        expect(totals).to_have_text(["1", "1", "-1"], timeout=(POLL_SECONDS + 3) * 1000)
        expect(frame.locator("#live-state")).not_to_be_empty()
        screenshot(phone, "widget-in-a-club-site")


def test_only_the_widget_may_be_framed_by_another_site(phone, live_server):
    cache.clear()
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    club_page = (
        "<!doctype html><html><body>"
        f"<iframe id='widget' src='{live_server.url}/t/{tournament.pk}/widget/'></iframe>"
        f"<iframe id='live' src='{live_server.url}/t/{tournament.pk}/'></iframe></body></html>"
    )
    with club_site(club_page) as site:
        phone.goto(site)
        expect(phone.frame_locator("#widget").locator("#ranking tbody tr")).to_have_count(4)
        # X-Frame-Options: DENY: the live page's frame holds the browser's error page
        expect(phone.frame_locator("#live").locator("#ranking")).to_have_count(0)
        urls = sorted(frame.url for frame in phone.frames[1:])
        assert urls[0].startswith("chrome-error:"), urls  # the live page, refused
        assert urls[1].endswith(f"/t/{tournament.pk}/widget/"), urls
