"""Payment ahead by transfer (docs/OPEN_TOURNAMENTS.md, "Payment ahead by transfer"): the
club's account for a tournament's fees, the GiroCode a player pays by, and the bank's statement
imported: previewed line by line, then only the exact matches recorded, once.

A sign-up is named in the transfer by its reference (``signups.engine.girocode.reference``);
the statement's lines are read and matched by ``signups.engine.statements``; what is recorded is
a ``BankTransfer`` per booking (the database refuses one booking twice) and the entry's fee paid
by transfer, with one log entry for the import."""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno
from django.db import transaction

from karlchen.actors import Actor
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused, refused
from signups.domain.money import category_of, record_fee
from signups.domain.places import announcement_of, locked
from signups.engine import girocode as epc
from signups.engine.iban import InvalidAccount, grouped, normal_bic, normal_iban
from signups.engine.statements import (
    Due,
    Line,
    Placed,
    StatementError,
    Verdict,
    match,
    read_statement,
)
from signups.enums import FeeMethod, FeeStatus, SignUpStatus
from signups.log import SignupCode
from signups.models import Announcement, BankTransfer, Fee, SignUp
from tournaments.models import Tournament

QR_SCALE = 4  # pixels a module: about 3 cm on a phone's screen, enough for a banking app


def set_account(
    tournament: Tournament, *, by: Actor, allowed: bool, holder: str, iban: str, bic: str = ""
) -> Announcement:
    """The club's account for the fees and whether players may pay ahead by transfer.
    Refused, changing nothing, naming ``account_holder``, ``iban`` or ``bic``."""
    holder = " ".join(holder.split())
    problems: list[Problem] = []
    if len(holder) > epc.MAX_NAME or has_control_characters(holder):
        problems.append(Problem("account_holder_invalid", "account_holder", {"max": epc.MAX_NAME}))
    elif allowed and not holder:
        problems.append(Problem("account_holder_missing", "account_holder", {}))
    try:
        iban = normal_iban(iban) if iban.strip() or allowed else ""
    except InvalidAccount as error:
        problems.append(Problem(error.error.value, "iban", error.params))
    try:
        bic = normal_bic(bic)
    except InvalidAccount as error:
        problems.append(Problem(error.error.value, "bic", error.params))
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        announcement = announcement_of(locked(tournament.pk))
        announcement.transfer_allowed = allowed
        announcement.account_holder, announcement.iban, announcement.bic = holder, iban, bic
        announcement.save()
        log(tournament, by, SignupCode.ACCOUNT_CHANGED, allowed=allowed)
    return announcement


@dataclass(frozen=True)
class GiroCode:
    """What a player needs to pay ahead: the code and the same as text."""

    holder: str
    iban: str  # compact
    bic: str
    cents: int
    remittance: str
    payload: str

    @property
    def iban_grouped(self) -> str:
        return grouped(self.iban)

    def svg_data_uri(self) -> str:
        return _qr(self.payload).svg_data_uri(scale=QR_SCALE, border=4)

    def png(self) -> bytes:
        buffer = io.BytesIO()
        _qr(self.payload).save(buffer, kind="png", scale=QR_SCALE, border=4)
        return buffer.getvalue()


def _qr(payload: str) -> segno.QRCode:
    """The QR code as EPC069-12 asks: error correction M (not raised), the text as UTF-8
    bytes (segno's own EPC helper writes "EUR12.5" and prefers ISO 8859-1, so it draws only)."""
    return segno.make_qr(payload.encode(), error="m", boost_error=False)


def girocode(signup: SignUp) -> GiroCode | None:
    """The GiroCode of an entered sign-up's fee (that of its category), if the organisers take
    transfers, the fee is more than nothing and not paid yet; else None."""
    if signup.status != SignUpStatus.ACCEPTED or signup.entry_id is None:
        return None
    announcement = announcement_of(signup.tournament)
    if not (announcement.transfer_allowed and announcement.iban and announcement.account_holder):
        return None
    cents = announcement.fee_of(signup.category)
    fee = Fee.objects.filter(entry_id=signup.entry_id).first()
    if cents <= 0 or (fee is not None and fee.status != FeeStatus.OPEN):
        return None
    code = epc.reference(signup.tournament_id, signup.pk)
    text = epc.remittance(code, signup.tournament.name, signup.name)
    transfer = epc.Transfer(
        announcement.account_holder, announcement.iban, cents, text, announcement.bic
    )
    return GiroCode(transfer.name, transfer.iban, transfer.bic, cents, text, epc.payload(transfer))


@dataclass(frozen=True)
class PreviewLine:
    placed: Placed
    signup: SignUp | None

    @property
    def verdict(self) -> Verdict:
        return self.placed.verdict


def _dues(tournament: Tournament) -> tuple[dict[int, Due], dict[int, SignUp]]:
    """Each sign-up's fee as the statement is matched to it (paid: not open any more)."""
    announcement = announcement_of(tournament)
    signups = {
        signup.pk: signup
        for signup in tournament.signups.select_related("entry__fee", "entry__entry_category")
    }
    dues = {}
    for signup in signups.values():
        entry = signup.entry
        entered = entry is not None and signup.status == SignUpStatus.ACCEPTED
        category = category_of(entry) if entry is not None else signup.category
        fee = getattr(entry, "fee", None) if entry is not None else None
        paid = fee is not None and fee.status != FeeStatus.OPEN
        dues[signup.pk] = Due(announcement.fee_of(category), paid, entered)
    return dues, signups


def _recorded(tournament: Tournament) -> frozenset[str]:
    return frozenset(tournament.bank_transfers.values_list("fingerprint", flat=True))


def _read(data: bytes) -> list[Line]:
    try:
        return read_statement(data)
    except StatementError as error:
        raise refused(error.code, "statement", **error.params) from error


def preview_statement(tournament: Tournament, data: bytes) -> list[PreviewLine]:
    """Every line of the statement with its verdict and sign-up: shown before anything is
    recorded. Refused naming ``statement`` if the file cannot be read at all."""
    lines = _read(data)
    dues, signups = _dues(tournament)
    placed = match(tournament.pk, lines, dues, _recorded(tournament))
    return [PreviewLine(p, signups.get(p.signup_id or 0)) for p in placed]


def record_statement(tournament: Tournament, data: bytes, *, by: Actor) -> list[PreviewLine]:
    """Record the exact matches of the statement, in one transaction with one log entry: each
    booking as a ``BankTransfer`` and its entry's fee paid by transfer. Matched again under the
    tournament's lock, so a fee paid meanwhile or a second import of the same statement (even
    at the same moment) records nothing twice. The lines with their verdicts as recorded."""
    lines = _read(data)
    with transaction.atomic():
        tournament = locked(tournament.pk)
        dues, signups = _dues(tournament)
        placed = match(tournament.pk, lines, dues, _recorded(tournament))
        matches = [p for p in placed if p.verdict == Verdict.MATCH]
        for p in matches:
            entry = signups[p.signup_id or 0].entry
            assert entry is not None  # a match is of an entered sign-up
            BankTransfer.objects.create(
                tournament=tournament,
                entry=entry,
                fingerprint=p.line.fingerprint,
                booked=p.line.booked,
                amount=p.line.cents,
                payer=p.line.payer[:200],
                text=p.line.text[:500],
            )
            record_fee(entry, FeeStatus.PAID, FeeMethod.TRANSFER)
        if matches:
            cents = sum(p.line.cents for p in matches)
            log(tournament, by, SignupCode.STATEMENT_IMPORTED, count=len(matches), cents=cents)
    return [PreviewLine(p, signups.get(p.signup_id or 0)) for p in placed]
