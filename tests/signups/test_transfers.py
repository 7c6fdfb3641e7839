"""Payment ahead by transfer at the domain: the club's account checked, the GiroCode of an
entered player's fee, the statement previewed then recorded (exact matches only, once, with a
log entry), and the cash report keeping the box apart from the account."""

import datetime
import threading

import pytest
from django.core import mail
from django.db import IntegrityError, connection, transaction

from karlchen.refusals import Refused
from registry.domain.privacy import erase_player
from signups.domain.money import cash_report, pot, set_fee
from signups.domain.signups import confirm
from signups.domain.transfers import (
    girocode,
    preview_statement,
    record_statement,
    set_account,
)
from signups.engine.statements import Verdict
from signups.enums import FeeMethod, FeeStatus
from signups.models import Announcement, BankTransfer, Fee
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.signups.statement_files import statement
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db
IBAN = "DE89370400440532013000"


def open_tournament():
    tournament = announced(fee=1_250, category_fees={"Jugend": 500})
    set_account(tournament, by=ORGA, allowed=True, holder="Doko-Club Kreuz Dame e.V.", iban=IBAN)
    signups = [signed_up(tournament, n) for n in range(3)]
    signups.append(signed_up(tournament, 3, category="Jugend"))
    return tournament, [confirm(signup) for signup in signups]


def ref(signup):
    return f"T{signup.tournament_id}-S{signup.pk}"


def test_the_account_is_checked_and_stored_compact():
    tournament = announced()
    set_account(
        tournament,
        by=ORGA,
        allowed=True,
        holder=" Club  e.V. ",
        iban="de89 3704 0044 0532 0130 00",
        bic="cobadeffxxx",
    )
    announcement = Announcement.objects.get(tournament=tournament)
    assert (announcement.account_holder, announcement.iban, announcement.bic) == (
        "Club e.V.",
        IBAN,
        "COBADEFFXXX",
    )
    assert OrganiserAction.objects.filter(tournament=tournament, action="account_changed").exists()


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"iban": "DE88 3704 0044 0532 0130 00"}, "iban", "iban_checksum"),
        ({"iban": "DE89 3704 0044 0532 0130"}, "iban", "iban_length"),
        ({"iban": ""}, "iban", "iban_form"),
        ({"bic": "COBADEF"}, "bic", "bic_form"),
        ({"holder": ""}, "account_holder", "account_holder_missing"),
        ({"holder": "x" * 71}, "account_holder", "account_holder_invalid"),
    ],
)
def test_a_bad_account_is_refused_naming_the_field_and_changes_nothing(fields, field, code):
    tournament = announced()
    set_account(tournament, by=ORGA, allowed=True, holder="Club", iban=IBAN)
    with pytest.raises(Refused) as refusal:
        set_account(
            tournament, by=ORGA, **({"allowed": True, "holder": "Other", "iban": IBAN} | fields)
        )
    assert (refusal.value.field, refusal.value.code) == (field, code)
    announcement = Announcement.objects.get(tournament=tournament)
    assert (announcement.account_holder, announcement.iban) == ("Club", IBAN)


def test_no_account_is_needed_while_transfers_are_not_taken():
    tournament = announced()
    set_account(tournament, by=ORGA, allowed=False, holder="", iban="")
    assert Announcement.objects.get(tournament=tournament).iban == ""


def test_the_girocode_of_an_entered_player_is_his_categorys_fee():
    _, signups = open_tournament()
    code = girocode(signups[3])
    assert code.cents == 500
    assert code.remittance.startswith(ref(signups[3]) + " ")
    assert code.payload.split("\n")[5:8] == ["Doko-Club Kreuz Dame e.V.", IBAN, "EUR5.00"]
    assert code.iban_grouped == "DE89 3704 0044 0532 0130 00"
    assert code.png().startswith(b"\x89PNG")
    assert code.svg_data_uri().startswith("data:image/svg+xml")
    assert girocode(signups[0]).cents == 1_250


def test_no_girocode_unless_entered_taken_and_open():
    tournament, signups = open_tournament()
    unconfirmed = signed_up(tournament, 9)
    assert girocode(unconfirmed) is None
    set_fee(signups[0].entry, FeeStatus.PAID, by=ORGA)
    assert girocode(signups[0]) is None
    set_account(tournament, by=ORGA, allowed=False, holder="Club", iban=IBAN)
    assert girocode(signups[1]) is None


def test_a_transfer_at_the_desk_is_its_own_method_and_checks_nobody_in():
    tournament, signups = open_tournament()
    entry = signups[0].entry
    fee = set_fee(entry, FeeStatus.PAID, method=FeeMethod.TRANSFER, by=ORGA)
    entry.refresh_from_db()
    assert (fee.status, fee.method, fee.amount, entry.checked_in) == (
        "paid",
        "transfer",
        1_250,
        False,
    )
    assert OrganiserAction.objects.filter(tournament=tournament, action="fee_transfer").exists()
    with pytest.raises(Refused) as refusal:
        set_fee(entry, FeeStatus.PAID, method="cheque", by=ORGA)
    assert (refusal.value.field, refusal.value.code) == ("method", "fee_method_unknown")
    assert set_fee(entry, FeeStatus.OPEN, by=ORGA).method == ""


def test_the_cash_report_keeps_the_box_apart_from_the_account():
    tournament, signups = open_tournament()
    set_fee(signups[0].entry, FeeStatus.PAID, by=ORGA)
    set_fee(signups[1].entry, FeeStatus.PAID, method=FeeMethod.TRANSFER, by=ORGA)
    set_fee(signups[3].entry, FeeStatus.PAID, method=FeeMethod.TRANSFER, by=ORGA)
    report = cash_report(tournament)
    # independently: cash is what was tapped "paid", the account what came by transfer
    fees = Fee.objects.filter(entry__tournament=tournament, status="paid")
    assert report.cash == sum(f.amount for f in fees if f.method == "cash") == 1_250
    assert report.transferred == sum(f.amount for f in fees if f.method == "transfer") == 1_750
    assert (report.paid, report.transfers) == (3, 2)
    assert pot(tournament) == report.cash + report.transferred
    lines = {line.category: line for line in report.lines}
    assert (lines["Jugend"].transfers, lines["Jugend"].transferred, lines["Jugend"].cash) == (
        1,
        500,
        0,
    )


def generic(signups, a="12,50", b="12,50"):
    return statement(
        "generic.csv", REF_A=ref(signups[0]), AMOUNT_A=a, REF_B=ref(signups[1]), AMOUNT_B=b
    )


def verdicts(lines):
    return [
        (line.placed.line.number, line.verdict, line.signup.pk if line.signup else None)
        for line in lines
    ]


def test_the_preview_shows_every_line_and_records_nothing():
    tournament, signups = open_tournament()
    lines = preview_statement(tournament, generic(signups, b="12,00"))
    assert verdicts(lines) == [
        (1, Verdict.AMOUNT_DIFFERS, signups[1].pk),  # 12,00 of 12,50
        (2, Verdict.MATCH, signups[0].pk),
        (3, Verdict.UNPLACED, None),  # another tournament's reference
    ]
    assert not BankTransfer.objects.exists()
    assert not Fee.objects.filter(entry__tournament=tournament).exists()


def test_only_exact_matches_are_recorded_with_one_log_entry_and_never_twice():
    tournament, signups = open_tournament()
    data = generic(signups, b="13,00")
    record_statement(tournament, data, by=ORGA)
    fee = Fee.objects.get(entry=signups[0].entry)
    assert (fee.status, fee.method, fee.amount) == ("paid", "transfer", 1_250)
    assert not Fee.objects.filter(entry=signups[1].entry).exists()  # the amount differed
    assert BankTransfer.objects.get().entry == signups[0].entry
    assert (
        OrganiserAction.objects.filter(tournament=tournament, action="statement_imported").count()
        == 1
    )
    again = record_statement(tournament, data, by=ORGA)
    assert verdicts(again)[1] == (2, Verdict.RECORDED, None)
    assert BankTransfer.objects.count() == 1
    assert (
        OrganiserAction.objects.filter(tournament=tournament, action="statement_imported").count()
        == 1
    )


def test_an_overlapping_statement_records_only_what_is_new():
    tournament, signups = open_tournament()
    record_statement(tournament, generic(signups, b="13,00"), by=ORGA)
    record_statement(tournament, generic(signups), by=ORGA)  # the corrected amount came later
    assert set(BankTransfer.objects.values_list("entry", flat=True)) == {
        signups[0].entry_id,
        signups[1].entry_id,
    }


def test_a_fee_paid_at_the_door_is_not_paid_again_by_the_statement():
    tournament, signups = open_tournament()
    set_fee(signups[0].entry, FeeStatus.PAID, by=ORGA)
    lines = record_statement(tournament, generic(signups), by=ORGA)
    assert verdicts(lines)[1] == (2, Verdict.RECORDED, signups[0].pk)
    assert Fee.objects.get(entry=signups[0].entry).method == "cash"


def test_sparkasse_and_camt_statements_record_their_fees():
    tournament, signups = open_tournament()
    sparkasse = statement("sparkasse-csv-camt.csv", REF_A=ref(signups[2]), AMOUNT_A="12,50")
    camt = statement("camt053.xml", REF_C=ref(signups[3]), AMOUNT_C="5.00")
    assert [line.verdict for line in record_statement(tournament, sparkasse, by=ORGA)] == [
        Verdict.MATCH,
        Verdict.NOT_A_CREDIT,
        Verdict.UNPLACED,
    ]
    assert [line.verdict for line in record_statement(tournament, camt, by=ORGA)] == [
        Verdict.MATCH,
        Verdict.NOT_A_CREDIT,
    ]
    transfer = BankTransfer.objects.get(entry=signups[3].entry)
    assert (transfer.amount, transfer.payer, transfer.booked) == (
        500,
        "Dora Doppel",
        datetime.date(2026, 12, 5),
    )
    assert cash_report(tournament).transferred == 1_750


def test_a_file_that_is_no_statement_is_refused_naming_it():
    tournament, _ = open_tournament()
    with pytest.raises(Refused) as refusal:
        preview_statement(tournament, b"Datum;Wert\n")
    assert (refusal.value.field, refusal.value.code) == ("statement", "statement_no_header")
    with pytest.raises(Refused):
        record_statement(tournament, b"<Document>", by=ORGA)
    assert not BankTransfer.objects.exists()


def test_the_database_refuses_one_booking_twice():
    tournament, signups = open_tournament()
    record_statement(tournament, generic(signups), by=ORGA)
    first = BankTransfer.objects.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        BankTransfer.objects.create(
            tournament=tournament, entry=first.entry, fingerprint=first.fingerprint, amount=1
        )


@pytest.mark.django_db(transaction=True)
@pytest.mark.writers_at_once
def test_two_imports_of_one_statement_at_once_record_it_once():
    tournament, signups = open_tournament()
    data = generic(signups)
    barrier = threading.Barrier(2)
    errors = []

    def run():
        try:
            barrier.wait(timeout=10)
            record_statement(tournament, data, by=ORGA)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert BankTransfer.objects.filter(tournament=tournament).count() == 2
    assert (
        OrganiserAction.objects.filter(tournament=tournament, action="statement_imported").count()
        == 1
    )


def test_the_mail_that_says_entered_carries_the_girocode_as_text_and_picture(commits):
    tournament = announced(fee=1_250)
    set_account(tournament, by=ORGA, allowed=True, holder="Club", iban=IBAN, bic="COBADEFFXXX")
    with commits():
        signup = signed_up(tournament, 1)
    with commits():
        confirm(signup)
    asking, entered = mail.outbox
    assert asking.attachments == []  # not entered yet: nothing to pay
    assert "IBAN" not in asking.body
    assert "IBAN: DE89 3704 0044 0532 0130 00" in entered.body
    assert "BIC: COBADEFFXXX" in entered.body
    assert f"Verwendungszweck: T{tournament.pk}-S{signup.pk} " in entered.body  # German: the site's
    attached = {name: (content, kind) for name, content, kind in entered.attachments}
    assert set(attached) == {"girocode.png", "check-in-code.png"}  # the door's code beside it
    content, kind = attached["girocode.png"]
    assert kind == "image/png"
    assert content.startswith(b"\x89PNG")


def test_erasing_a_person_blanks_the_bank_lines_of_their_fee():
    tournament, signups = open_tournament()
    record_statement(tournament, generic(signups), by=ORGA)
    player = signups[0].entry.player
    erase_player(player, confirm=player.name, by=ORGA)
    transfer = BankTransfer.objects.get(entry=signups[0].entry)
    assert (transfer.payer, transfer.text) == ("", "")
    other = BankTransfer.objects.get(entry=signups[1].entry)
    assert other.payer == "Bernd Beispiel"  # the others' stay
    # the booking is still known: the statement again records nothing
    record_statement(tournament, generic(signups), by=ORGA)
    assert BankTransfer.objects.count() == 2
