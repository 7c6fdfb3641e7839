"""Payment ahead by transfer in the browser: the organiser gives the club's account at the
desk; a player signs up on a phone, confirms by the mailed link (a real SMTP server) and gets
the GiroCode on the page and in the mail that says she is entered; both codes, read back from
their pixels by a QR decoder, say field by field what EPC069-12 asks. The organiser then imports
the bank's statement as Sparkasse CSV and as CAMT.053, sees each line before anything is
recorded, confirms, and the fees show as paid by transfer; the same statement again records
nothing."""

import io
import re

import pytest
import zxingcpp
from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model
from django.core.cache import cache
from PIL import Image
from playwright.sync_api import expect

from signups.domain.settings import set_announcement
from signups.domain.signups import confirm
from signups.models import BankTransfer, Fee, SignUp
from tests.browser.axe import violations
from tests.browser.conftest import browser_page
from tests.factories.redis_server import free_port
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.signups.conftest import signed_up
from tests.signups.statement_files import statement
from tests.signups.test_smtp import Inbox

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
IBAN = "DE02120300000000202051"
HOLDER = "Doppelkopfclub Kreuz-Dame e.V."


@pytest.fixture
def inbox(settings):
    """A real SMTP server on 127.0.0.1 (as tests/signups/test_smtp.py): the mails arrive as
    the player's mail program gets them, attachments and all."""
    server = Inbox()
    controller = Controller(server, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield server
    controller.stop()


def decoded(png: bytes) -> str:
    """The text of the one QR code in the picture, read from its pixels."""
    (code,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert code.format == zxingcpp.BarcodeFormat.QRCode
    return code.bytes.decode("utf-8")


def assert_epc069_12(payload: str, *, cents: int, reference: str) -> None:
    """The code's text, field by field as EPC069-12 (version 002) lays it out."""
    lines = payload.split("\n")
    assert len(payload.encode()) <= 331
    assert 10 <= len(lines) <= 12  # trailing optional lines may be left out
    assert lines[0] == "BCD"  # service tag
    assert lines[1] == "002"  # version
    assert lines[2] == "1"  # character set: UTF-8
    assert lines[3] == "SCT"  # identification: SEPA credit transfer
    assert lines[4] == ""  # BIC: optional in version 002, none given
    assert lines[5] == HOLDER  # beneficiary's name, at most 70
    assert len(lines[5]) <= 70
    assert lines[6] == IBAN
    assert re.fullmatch(r"EUR\d{1,9}\.\d{2}", lines[7])
    assert round(float(lines[7][3:]) * 100) == cents
    assert lines[8] == ""  # purpose
    assert lines[9] == ""  # structured creditor reference: none, since the text is given
    assert lines[10].startswith(reference + " ")  # unstructured remittance
    assert len(lines[10]) <= 140


def test_pay_ahead_by_girocode_and_import_the_statements(
    chromium, live_server, phone, eager_celery, inbox, screenshot
):
    cache.clear()
    tournament, _ = tournament_with_players(0, name="Offenes Adventsturnier")
    set_announcement(tournament, by=ORGA, published=True, fee=1_250, category_fees={"Damen": 800})
    get_user_model().objects.create_user("leitung", password="geheim-genug")
    tournament.organisers.add(get_user_model().objects.get(username="leitung"))
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.goto("/desk/login/")
        desk.fill("#id_username", "leitung")
        desk.fill("#id_password", "geheim-genug")
        desk.get_by_role("button", name="Anmelden").click()
        desk.goto(f"/desk/{tournament.pk}/money/")
        account = desk.locator("#account")
        account.get_by_label("Spieler dürfen vorab überweisen").check()
        account.get_by_label("Kontoinhaber").fill(HOLDER)
        account.get_by_label("IBAN").fill("DE02 1203 0000 0000 2020 50")  # one digit wrong
        account.get_by_role("button", name="Speichern").click()
        expect(desk.locator("#account")).to_contain_text("Prüfziffern der IBAN passen nicht")
        desk.locator("#account").get_by_label("IBAN").fill("de02 1203 0000 0000 2020 51")
        desk.locator("#account").get_by_role("button", name="Speichern").click()
        expect(desk.locator("#account").get_by_label("IBAN")).to_have_value(
            "DE02 1203 0000 0000 2020 51"
        )

        phone.goto(f"/t/{tournament.pk}/signup/")
        phone.fill("#id_name", "Anna Schmidt")
        phone.fill("#id_email", "anna@example.org")
        phone.select_option("#id_category", "Damen")
        phone.get_by_role("button", name="Anmelden").click()
        expect(phone.get_by_role("heading", name="Bitte E-Mails abrufen")).to_be_visible()
        ((_, first),) = inbox.messages
        link = re.search(r"https?://[^/\s]+(/signup/[\w-]+/confirm/)", first.get_content())
        phone.goto(link.group(1))
        phone.get_by_role("button", name="Meine Anmeldung bestätigen").click()
        expect(phone.locator("[data-status]")).to_contain_text("Sie sind eingetragen")
        anna = SignUp.objects.get(email="anna@example.org")
        reference = f"T{tournament.pk}-S{anna.pk}"
        block = phone.locator("#girocode")
        expect(block.locator("[data-field=holder]")).to_have_text(HOLDER)
        expect(block.locator("[data-field=iban]")).to_have_text("DE02 1203 0000 0000 2020 51")
        expect(block.locator("[data-field=amount]")).to_have_text("8 €")
        expect(block.locator("[data-field=reference]")).to_contain_text(reference)
        screenshot(phone, "girocode-page")
        assert violations(phone) == []
        on_page = decoded(block.locator("[data-girocode]").screenshot())
        assert_epc069_12(on_page, cents=800, reference=reference)

        (_, entered) = inbox.messages[1]
        text = entered.get_body(preferencelist=("plain",)).get_content()
        assert "IBAN: DE02 1203 0000 0000 2020 51" in text
        assert f"Verwendungszweck: {reference}" in text
        attachments = {part.get_filename(): part for part in entered.iter_attachments()}
        assert set(attachments) == {"girocode.png", "check-in-code.png"}  # the door's code too
        attachment = attachments["girocode.png"]
        assert attachment.get_content_type() == "image/png"
        in_mail = decoded(attachment.get_content())
        assert in_mail == on_page

        # Bernd pays the standard fee; both transfers come in on the statements
        bernd = confirm(signed_up(tournament, 2))
        sparkasse = statement(
            "sparkasse-csv-camt.csv", REF_A=reference.lower().replace("-", " - "), AMOUNT_A="8,00"
        )
        camt = statement("camt053.xml", REF_C=f"T{tournament.pk}-S{bernd.pk}", AMOUNT_C="12.50")
        for before, (name, data, matched) in enumerate(
            (("umsaetze.csv", sparkasse, "Anna Schmidt"), ("camt053.xml", camt, "Anna 2"))
        ):
            desk.goto(f"/desk/{tournament.pk}/money/")
            desk.locator("#statement input[type=file]").set_input_files(
                {"name": name, "mimeType": "application/octet-stream", "buffer": data}
            )
            desk.get_by_role("button", name="Inhalt anzeigen").click()
            expect(desk.locator("[data-verdict=match]")).to_contain_text(matched)
            expect(desk.locator("[data-verdict=not_a_credit]")).to_be_visible()
            assert BankTransfer.objects.count() == before  # the preview records nothing
            screenshot(desk, f"statement-preview-{name}")
            assert violations(desk) == []
            desk.get_by_role("button", name="als überwiesen verbuchen").click()
            expect(desk.locator(".messages")).to_contain_text("verbucht")
        expect(desk.locator("[data-transferred]")).to_have_text("20,50 € (2)")
        screenshot(desk, "money-transfers")
        assert violations(desk) == []
        expect(desk.locator(f"#entry-{anna.entry_id}")).to_have_attribute(
            "data-fee-method", "transfer"
        )
        # the same statement again: shown as recorded, nothing to confirm
        desk.locator("#statement input[type=file]").set_input_files(
            {"name": "umsaetze.csv", "mimeType": "text/csv", "buffer": sparkasse}
        )
        desk.get_by_role("button", name="Inhalt anzeigen").click()
        expect(desk.locator("[data-verdict=recorded]")).to_contain_text("Anna Ärger")
        expect(desk.get_by_text("Darin ist nichts zu verbuchen.")).to_be_visible()
    fees = Fee.objects.filter(entry__tournament=tournament).order_by("amount")
    assert [(fee.amount, fee.method) for fee in fees] == [(800, "transfer"), (1_250, "transfer")]
    assert BankTransfer.objects.filter(tournament=tournament).count() == 2
