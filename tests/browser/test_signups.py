"""An open tournament in the browser: a player signs up on a phone in a category, confirms by
the e-mailed link, and the organiser takes the category's fee at the door in one tap (which
checks the player in), finds the category on the entries page, and once a deal is played sets
the payout table and reads the prize list; no serious accessibility violations (axe-core) on
the way."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from playwright.sync_api import expect

from seating.domain.seating import seat_series
from signups.domain.categories import set_category
from signups.domain.money import prize_list, set_fee
from signups.domain.settings import set_announcement
from signups.models import SignUp
from tests.browser.axe import described, violations
from tests.browser.conftest import browser_page
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import normal, play
from tournaments.domain.entries import add_entry

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}


def test_sign_up_confirm_pay_at_the_door_and_pay_out(
    chromium, live_server, phone, eager_celery, screenshot
):
    cache.clear()
    tournament, _ = tournament_with_players(0, name="Offenes Adventsturnier")
    set_announcement(
        tournament,
        by=ORGA,
        published=True,
        cap=2,
        fee=1_000,
        category_fees={"Damen": 800},
        texts={"venue": "Gasthaus Krone", "contact": "turnier@example.org"},
    )
    phone.goto(f"/t/{tournament.pk}/signup/")
    expect(phone.locator("[data-places]")).to_contain_text("2 Plätze, 2 frei")
    found = {"announcement": violations(phone)}
    screenshot(phone, "signup-announcement")
    phone.fill("#id_name", "Anna Schmidt")
    phone.fill("#id_email", "anna@example.org")
    phone.fill("#id_club", "Herz As")
    phone.select_option("#id_category", "Damen")
    phone.get_by_role("button", name="Anmelden").click()
    expect(phone.get_by_role("heading", name="Bitte E-Mails abrufen")).to_be_visible()
    (message,) = mail.outbox
    link = re.search(r"https?://[^/\s]+(/signup/[\w-]+/confirm/)", message.body).group(1)
    phone.goto(link)
    phone.get_by_role("button", name="Meine Anmeldung bestätigen").click()
    expect(phone.locator("[data-status]")).to_contain_text("Sie sind eingetragen")
    screenshot(phone, "signup-confirmed")
    found["confirmed"] = violations(phone)
    entry = SignUp.objects.get(email="anna@example.org").entry
    assert entry is not None

    get_user_model().objects.create_user("leitung", password="geheim-genug")
    tournament.organisers.add(get_user_model().objects.get(username="leitung"))
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.goto("/desk/login/")
        desk.fill("#id_username", "leitung")
        desk.fill("#id_password", "geheim-genug")
        desk.get_by_role("button", name="Anmelden").click()
        desk.goto(f"/desk/{tournament.pk}/money/")
        row = desk.locator(f"#entry-{entry.pk}")
        row.get_by_role("button", name="bezahlt").click()
        expect(desk.locator(f"#entry-{entry.pk}")).to_have_attribute("data-fee-status", "paid")
        expect(desk.locator("[data-cash]")).to_have_text("8 €")  # the category's fee
        screenshot(desk, "signup-fee-paid")
        found["desk money"] = violations(desk)
        desk.goto(f"/desk/{tournament.pk}/signups/")
        found["desk sign-up"] = violations(desk)
        screenshot(desk, "signup-desk-list")
        desk.goto(f"/desk/{tournament.pk}/entries/")
        menu = desk.get_by_label("Kategorie von Anna Schmidt")
        expect(menu).to_have_value("Damen")  # from the sign-up
        found["desk entries"] = violations(desk)

        # three more at the door, a deal played: the pot is 8 € + 3 × 10 €
        names = ("Bernd Kraus", "Clara Vogt", "Dieter Lang")
        others = [add_entry(tournament, by=ORGA, name=name) for name in names]
        for other in others:
            set_fee(other, "paid", by=ORGA)
        (table,) = seat_series(tournament.series.get(number=1), [[entry, *others]], by=ORGA)
        play(table, lambda upcoming: normal([1, 2], re_points=151))
        desk.goto(f"/desk/{tournament.pk}/money/")
        expect(desk.locator("[data-cash]")).to_have_text("38 €")
        set_category(others[1], "Damen", by=ORGA)  # Clara, who lost the deal
        payout = desk.locator("#payout")
        payout.get_by_label("Preise in").select_option("percent")
        payout.get_by_label("Preise je Platz").fill("50, 30")
        payout.get_by_label("Sonderpreise je Kategorie (Euro)").fill("Damen = 5")
        payout.get_by_role("button", name="Speichern").click()
        first = prize_list(tournament).prizes[0]
        assert first.euros > 0
        winner = desk.locator("#prizes tbody tr").first
        expect(winner).to_contain_text(first.name)
        expect(winner).to_contain_text(f"{first.euros} €")
        # Anna has a prize overall: the Damen's side prize goes to Clara
        side = desk.locator("#prizes .side-prizes tbody tr")
        expect(side).to_have_count(1)
        expect(side).to_contain_text("Clara Vogt")
        expect(side).to_contain_text("5 €")
        screenshot(desk, "signup-prizes")
        found["desk prizes"] = violations(desk)
    entry.refresh_from_db()
    assert entry.checked_in
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_once_the_first_series_is_seated_the_page_says_sign_up_is_closed(phone, eager_celery):
    cache.clear()
    tournament, entries = tournament_with_players(4, name="Offenes Adventsturnier")
    set_announcement(tournament, by=ORGA, published=True, cap=20)
    phone.goto(f"/t/{tournament.pk}/signup/")
    expect(phone.get_by_role("button", name="Anmelden")).to_be_visible()
    seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    phone.reload()
    expect(phone.locator("[data-closed]")).to_have_text(
        "Das Turnier hat begonnen: Die Anmeldung ist geschlossen. Die Turnierleitung vor Ort "
        "kann Sie noch eintragen."
    )
    expect(phone.get_by_role("button", name="Anmelden")).to_have_count(0)
    assert violations(phone) == []
