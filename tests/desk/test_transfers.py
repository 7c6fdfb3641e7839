"""The desk's payments ahead: the account form, the "transfer" tap, and the bank statement
uploaded, previewed (nothing recorded) and recorded on confirmation."""

import base64

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile as upload

from desk.views.money import carry, uncarry
from signups.domain.signups import confirm
from signups.domain.transfers import set_account
from signups.models import Announcement, BankTransfer, Fee
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.signups.statement_files import statement

pytestmark = pytest.mark.django_db
IBAN = "DE89370400440532013000"


@pytest.fixture(autouse=True)
def _eager(eager_celery):
    return eager_celery


@pytest.fixture
def taking_transfers():
    tournament = announced(fee=1_250)
    set_account(tournament, by=ORGA, allowed=True, holder="Club", iban=IBAN)
    signups = [confirm(signed_up(tournament, n)) for n in range(2)]
    return tournament, signups


def test_the_account_is_saved_from_the_form(desk):
    tournament = announced()
    page = desk.post(
        f"/desk/{tournament.pk}/money/account/",
        {"transfer_allowed": "on", "account_holder": "Club", "iban": "de89 3704 0044 0532 0130 00"},
    )
    assert page.status_code == 302
    announcement = Announcement.objects.get(tournament=tournament)
    assert (announcement.transfer_allowed, announcement.iban) == (True, IBAN)


def test_a_bad_iban_is_shown_at_its_field_and_nothing_changes(desk):
    tournament = announced()
    page = desk.post(
        f"/desk/{tournament.pk}/money/account/",
        {"transfer_allowed": "on", "account_holder": "Club", "iban": "DE88 3704 0044 0532 0130 00"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert page.status_code == 400
    assert "Prüfziffern" in page.context["account_form"].errors["iban"][0]
    assert not Announcement.objects.get(tournament=tournament).transfer_allowed


def test_the_transfer_tap_records_a_fee_paid_ahead(desk, taking_transfers):
    tournament, signups = taking_transfers
    entry = signups[0].entry
    answer = desk.post(
        f"/desk/{tournament.pk}/money/{entry.pk}/",
        {"status": "transfer"},
        HTTP_ACCEPT="application/json",
    )
    assert answer.json() == {
        "status": "paid",
        "method": "transfer",
        "amount": 1_250,
        "checked_in": False,
    }
    page = desk.get(f"/desk/{tournament.pk}/money/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.context["report"].transferred == 1_250
    assert page.context["report"].cash == 0
    assert 'data-fee-method="transfer"' in page.content.decode()


def test_a_statement_is_previewed_then_recorded_on_confirmation(desk, taking_transfers):
    tournament, signups = taking_transfers
    data = statement(
        "generic.csv",
        REF_A=f"T{tournament.pk}-S{signups[0].pk}",
        AMOUNT_A="12,50",
        REF_B=f"T{tournament.pk}-S{signups[1].pk}",
        AMOUNT_B="10,00",
    )
    page = desk.post(
        f"/desk/{tournament.pk}/money/statement/",
        {"statement": upload("umsaetze.csv", data, "text/csv")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 200
    groups = dict(page.context["groups"])
    assert [line.signup.pk for line in groups["match"]] == [signups[0].pk]
    assert [line.signup.pk for line in groups["amount_differs"]] == [signups[1].pk]
    assert len(groups["unplaced"]) == 1
    assert "Amount differs from the fee" in page.content.decode()
    assert not Fee.objects.exists()  # the preview records nothing
    page = desk.post(
        f"/desk/{tournament.pk}/money/statement/",
        {"action": "record", "data": carry(data)},
    )
    assert page.status_code == 302
    assert Fee.objects.get().entry == signups[0].entry
    desk.post(
        f"/desk/{tournament.pk}/money/statement/",
        {"action": "record", "data": carry(data)},
    )
    assert BankTransfer.objects.count() == 1


def test_a_file_that_is_no_statement_is_shown_at_its_field(desk, taking_transfers):
    tournament, _ = taking_transfers
    page = desk.post(
        f"/desk/{tournament.pk}/money/statement/",
        {"statement": upload("x.csv", b"a;b\n1;2\n", "text/csv")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 400
    assert "Verwendungszweck" in page.context["statement_form"].errors["statement"][0]
    page = desk.post(f"/desk/{tournament.pk}/money/statement/", {"action": "record", "data": "%%"})
    assert page.status_code == 302
    assert not BankTransfer.objects.exists()


def test_the_carried_statement_comes_back_whole_or_not_at_all():
    data = statement("camt053.xml", REF_C="T1-S1", AMOUNT_C="5.00")
    assert uncarry(carry(data)) == data
    assert uncarry(carry(data)[:-8]) in {b"", data}  # cut: nothing, never a part
    assert uncarry("not base64!") == b""
    assert uncarry(base64.b64encode(b"not zlib").decode()) == b""
    bomb = carry(b"0" * 50_000_000)
    assert len(uncarry(bomb)) == 1_000_001  # inflated no further than one byte over the limit


def test_a_statement_too_big_to_carry_is_refused_at_its_field(desk, taking_transfers, settings):
    tournament, _ = taking_transfers
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 4096 + 100  # the carried file has room for 100 bytes
    data = statement("camt053.xml", REF_C="T1-S1", AMOUNT_C="5.00")
    page = desk.post(
        f"/desk/{tournament.pk}/money/statement/",
        {"statement": upload("camt.xml", data, "application/xml")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 400
    assert "at most 1000 kB" in page.context["statement_form"].errors["statement"][0]
