"""A small tournament run end to end at the organiser's desk, as an organiser clicks through
it on a laptop: set up, 18 players from a CSV file, check-in, seating, score sheets, the
series played through the captain API, a correction at the desk, close, publish; and the
exported archive, imported again, reproduces the standings exactly."""

import random

import httpx
import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from playwright.sync_api import expect

from scoring import demo
from tests.browser.captain import CaptainPage
from tests.browser.conftest import browser_page
from tests.factories.tournaments import standing_figures
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
CLUBS = ["Herz As", "Karo Sieben", "Pik Dame", ""]
PLAYERS_CSV = "Name;Verein\n" + "".join(
    f"Spieler {number:02d};{CLUBS[number % 4]}\n" for number in range(1, 19)
)


@pytest.fixture
def organiser_page(chromium, live_server):
    """A laptop at the desk, with the organiser's account ready to sign in."""
    get_user_model().objects.create_user("leitung", password="geheim-genug")
    cache.clear()
    with browser_page(chromium, live_server, viewport=LAPTOP, accept_downloads=True) as page:
        yield page


def play_through_the_api(base_url: str, tournament) -> int:
    """Every table of series 1 plays its whole series, sent as its captain's phone would."""
    sent = 0
    with httpx.Client(base_url=base_url, timeout=10) as client:
        for table in tournament.series.get(number=1).tables.order_by("number"):
            settings = tournament.series_settings(table.seats.count())
            rng = random.Random(table.number)
            headers = {"Authorization": f"Table {table.captain_token()}"}
            for deal in demo.generate_series(rng, settings, rules=tournament.rules):
                body = {"deal": deal.deal, "number": deal.upcoming.number}
                answer = client.post(
                    f"/api/v1/tables/{table.pk}/deals/", json=body, headers=headers
                )
                assert answer.status_code == 201, answer.text
                sent += 1
    return sent


def correctable_deal(table) -> tuple[int, dict]:
    """A plain normal game at ``table`` whose card points can be turned round."""
    for deal in table.deals.select_related("current").order_by("number"):
        entered = deal.current.input
        announced = any((entered.get("announcements") or {}).values())
        plain = entered["contract"] == "normal" and not announced
        plain = plain and not entered.get("extras")
        if plain and 10 < entered["re_points"] < 230 and entered["re_points"] != 120:
            return deal.number, entered
    raise AssertionError("no plain normal game at the table")


def test_a_small_tournament_runs_end_to_end_through_the_desk(
    organiser_page, live_server, eager_celery, media_root, screenshot
):
    page = organiser_page
    page.goto("/desk/")
    page.fill("#id_username", "leitung")
    page.fill("#id_password", "geheim-genug")
    page.get_by_role("button", name="Anmelden").click()
    page.get_by_role("link", name="Neues Turnier anlegen").click()

    # Set-up: one series, DDV rules, and a house rule set saved for next time.
    page.fill("#id_name", "Adventsturnier")
    page.fill("#id_date", "2026-12-05")
    page.fill("#id_venue", "Vereinsheim")
    page.fill("#id_series_count", "1")
    page.fill("#id_save_as", "Vereinsregeln")
    screenshot(page, "desk-setup")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.locator(".messages")).to_contain_text("Das Turnier ist angelegt")
    tournament = Tournament.objects.get(name="Adventsturnier")

    # Entries: 18 players from a CSV file, previewed, then entered at once.
    page.set_input_files(
        "#id_file",
        files=[{"name": "spieler.csv", "mimeType": "text/csv", "buffer": PLAYERS_CSV.encode()}],
    )
    page.get_by_role("button", name="Vorschau zeigen").click()
    expect(page.locator(".preview-rows tbody tr.good")).to_have_count(18)
    screenshot(page, "desk-upload-preview")
    page.get_by_role("button", name="18 Spieler eintragen").click()
    expect(page.locator(".message.success")).to_contain_text("18 Spieler sind eingetragen.")

    # The door: find a player by typing, check them in without a reload, then everyone.
    page.fill("#entry-search", "spieler 07")
    rows = page.locator("#entry-list tbody tr:visible")
    expect(rows).to_have_count(1)
    rows.first.locator(".here-button").click()
    expect(rows.first.locator(".here-button")).to_have_attribute("aria-pressed", "true")
    assert tournament.entries.get(start_number=7).checked_in
    page.get_by_role("button", name="Alle als anwesend markieren").click()
    expect(page.locator("[data-check-count]")).to_have_text("18 / 18")
    screenshot(page, "desk-check-in")

    # Series 1: seat it (a job), print the blank score sheets (a job), see the tables.
    page.locator("nav.steps").get_by_role("link", name="Serie 1").click()
    page.get_by_role("button", name="Serie auslosen").click()
    expect(page.locator("dl.report")).to_contain_text("Wiederbegegnungen")
    expect(page.locator(".board tbody tr")).to_have_count(4)  # 18 = 4 + 4 + 5 + 5
    page.get_by_role("button", name="Spiellisten (leer)").click()
    expect(page.locator(".jobs")).to_contain_text("score-sheets-series-1.pdf")

    # The tables play the series on their phones (the captain API).
    assert play_through_the_api(live_server.url, tournament) == 2 * 24 + 2 * 30
    page.reload()
    expect(page.locator(".board tbody tr.complete")).to_have_count(4)
    screenshot(page, "desk-board")

    # A correction at the desk, with a reason, kept in the table's history.
    series = tournament.series.get(number=1)
    table = series.tables.get(number=1)
    number, entered = correctable_deal(table)
    page.locator(".board").get_by_role("link", name="1", exact=True).click()
    desk_table = CaptainPage(page, table)
    page.locator(f'[data-correct="{number}"]').click()
    desk_table.form.locator("#points").fill(str(240 - entered["re_points"]))
    desk_table.form.locator("#reason").fill("Augen verzählt")
    desk_table.save()
    expect(page.locator(f'tr[data-deal="{number}"]')).to_contain_text("korrigiert")
    page.reload()
    expect(page.locator("#history")).to_contain_text("Augen verzählt")
    expect(page.locator("#history")).to_contain_text("leitung")
    screenshot(page, "desk-table")

    # Close the series, finish the tournament: the standings are public.
    page.locator("nav.steps").get_by_role("link", name="Serie 1").click()
    page.get_by_role("button", name="Serie abschließen").click()
    expect(page.locator("h1 .badge")).to_have_text("abgeschlossen")
    page.locator("nav.steps").get_by_role("link", name="Ergebnisse").click()
    page.get_by_role("button", name="Turnier als beendet markieren").click()
    page.locator("nav.steps").get_by_role("link", name="Ergebnisse").click()
    expect(page.locator(".standings tbody tr")).to_have_count(18)
    expect(page.locator("#publish")).to_contain_text("Die Rangliste ist öffentlich.")
    screenshot(page, "desk-results")
    spectators = httpx.get(f"{live_server.url}/api/v1/tournaments/{tournament.pk}/standings/")
    assert spectators.status_code == 200
    assert len(spectators.json()) == 18

    # The archive: exported, imported at the desk as a new tournament, the same standings.
    with page.expect_download() as download:
        page.get_by_role("link", name="Das vollständige Turnierarchiv (JSON)").click()
    archive = download.value.path().read_bytes()
    page.goto("/desk/")
    page.set_input_files(
        "#id_file",
        files=[{"name": "archiv.json", "mimeType": "application/json", "buffer": archive}],
    )
    page.get_by_role("button", name="Einlesen").click()
    expect(page.locator(".message.success")).to_contain_text("Das Turnier wurde eingelesen.")
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert standing_figures(copy) == standing_figures(tournament)
    corrected = copy.series.get(number=1).tables.get(number=1).deals.get(number=number)
    assert corrected.revisions.count() == 2

    # Every step was logged with who and when.
    page.goto(f"/desk/{tournament.pk}/organisers/")
    log = page.locator("table.log")
    for text in (
        "hat das Turnier angelegt",
        "hat 18 Spieler aus spieler.csv eingelesen",
        "hat Serie 1 ausgelost",
        f"hat Spiel {number} an Tisch 1 der Serie 1 korrigiert",
        "hat Serie 1 abgeschlossen",
    ):
        expect(log).to_contain_text(text)
