"""The door's scan in the browser: chromium's camera (a video of the sign-up's QR code) shows the
code, the door list decodes it (jsQR: chromium on Linux has no BarcodeDetector), checks the
player in and says, aloud for screen readers, who it is and what is still to pay."""

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from signups.domain.checkin_code import checkin_code
from signups.domain.signups import confirm
from signups.domain.transfers import set_account
from signups.models import SignUp
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE
from tests.browser.fake_camera import door_with_camera, write_video
from tests.browser.test_transfers import HOLDER, IBAN, assert_epc069_12, decoded, inbox
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.signups.statement_files import statement

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["inbox"]  # the real SMTP server of the payments' browser test, as a fixture here


def test_the_camera_reads_the_code_and_checks_the_player_in(
    chromium, live_server, eager_celery, tmp_path, screenshot
):
    cache.clear()
    tournament = announced(fee=1_000, category_fees={"Jugend": 500})
    signup = signed_up(tournament, 1, category="Jugend")
    confirm(signup)
    signup = SignUp.objects.get(pk=signup.pk)
    # a second of an empty wall, then the player holds up the code for three seconds
    video = write_video(tmp_path / "door.y4m", [(None, 10), (checkin_code(signup), 30)])
    with door_with_camera(
        chromium, live_server, tournament, video, viewport=PHONE, has_touch=True
    ) as door:
        result = door.locator("[data-scan-result]")
        expect(result).to_have_attribute("aria-live", "polite")
        found = {"door": violations(door)}
        door.get_by_role("button", name="Scannen").click()
        expect(result).to_have_text(
            f"{signup.entry.start_number}. Anna 1 (Jugend) ist eingecheckt: noch 5 € zu zahlen.",
            timeout=20_000,
        )
        expect(result).to_have_attribute("data-tone", "ok")
        expect(door.locator(f"#entry-{signup.entry_id}")).to_have_class(re.compile(r"\bhere\b"))
        expect(door.locator(f"#entry-{signup.entry_id} [data-here-cell]")).to_have_text("✔ da")
        screenshot(door, "door-scan-checked-in")
        # the code stays in view: it is not sent again (which would say "used already")
        door.wait_for_timeout(1_500)
        expect(result).to_contain_text("ist eingecheckt")
        door.get_by_role("button", name="Scannen beenden").click()
        expect(door.locator("[data-door-scan] video")).to_be_hidden()
        found["door scanning"] = violations(door)
    signup.entry.refresh_from_db()
    assert signup.entry.checked_in
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_code_of_another_tournament_is_refused_on_screen(
    chromium, live_server, eager_celery, tmp_path
):
    cache.clear()
    tournament, elsewhere = announced(), announced()
    stranger = signed_up(elsewhere, 2)
    confirm(stranger)
    video = write_video(tmp_path / "foreign.y4m", [(checkin_code(stranger), 20)])
    with door_with_camera(chromium, live_server, tournament, video, viewport=PHONE) as door:
        door.get_by_role("button", name="Scannen").click()
        result = door.locator("[data-scan-result]")
        expect(result).to_have_text(
            "Dieser Check-in-Code gehört zu einem anderen Turnier.", timeout=20_000
        )
        expect(result).to_have_attribute("data-tone", "error")
    assert not SignUp.objects.get(pk=stranger.pk).entry.checked_in


def test_the_whole_door_journey_sign_up_pay_ahead_scan_nothing_left_to_pay(
    chromium, live_server, phone, eager_celery, inbox, tmp_path
):
    """Sign up on a phone, confirm by the mail (a real SMTP server), pay ahead by the GiroCode,
    the organiser imports the bank's statement; at the door the code from the mail is scanned:
    checked in, nothing left to pay."""
    cache.clear()
    tournament = announced(fee=1_250)
    set_account(tournament, by=ORGA, allowed=True, holder=HOLDER, iban=IBAN)
    phone.goto(f"/t/{tournament.pk}/signup/")
    phone.fill("#id_name", "Anna Schmidt")
    phone.fill("#id_email", "anna@example.org")
    phone.get_by_role("button", name="Anmelden").click()
    expect(phone.get_by_role("heading", name="Bitte E-Mails abrufen")).to_be_visible()
    ((_, first),) = inbox.messages
    link = re.search(r"https?://[^/\s]+(/signup/[\w-]+/confirm/)", first.get_content())
    phone.goto(link.group(1))
    phone.get_by_role("button", name="Meine Anmeldung bestätigen").click()
    expect(phone.locator("[data-checkin-code]")).to_contain_text("Ihr Check-in-Code")
    expect(phone.locator("#girocode")).to_be_visible()
    anna = SignUp.objects.get(email="anna@example.org")
    (_, entered) = inbox.messages[1]
    attachments = {part.get_filename(): part for part in entered.iter_attachments()}
    assert_epc069_12(
        decoded(attachments["girocode.png"].get_content()),
        cents=1_250,
        reference=f"T{tournament.pk}-S{anna.pk}",
    )
    code = decoded(attachments["check-in-code.png"].get_content())
    assert code == checkin_code(anna)

    video = write_video(tmp_path / "journey.y4m", [(None, 10), (code, 30)])
    with door_with_camera(chromium, live_server, tournament, video, viewport=PHONE) as door:
        # the transfer comes in on the bank's statement, imported at the desk
        sparkasse = statement(
            "sparkasse-csv-camt.csv", REF_A=f"T{tournament.pk}-S{anna.pk}", AMOUNT_A="12,50"
        )
        door.locator("#statement input[type=file]").set_input_files(
            {"name": "umsaetze.csv", "mimeType": "text/csv", "buffer": sparkasse}
        )
        door.get_by_role("button", name="Inhalt anzeigen").click()
        expect(door.locator("[data-verdict=match]")).to_contain_text("Anna Schmidt")
        door.get_by_role("button", name="als überwiesen verbuchen").click()
        expect(door.locator(".messages")).to_contain_text("verbucht")
        door.get_by_role("button", name="Scannen").click()
        result = door.locator("[data-scan-result]")
        expect(result).to_have_text(
            f"{anna.entry.start_number}. Anna Schmidt ist eingecheckt: nichts mehr zu zahlen.",
            timeout=20_000,
        )
    anna.entry.refresh_from_db()
    assert anna.entry.checked_in
    assert (anna.entry.fee.status, anna.entry.fee.method) == ("paid", "transfer")
