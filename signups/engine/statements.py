"""Bank statements read and matched to the fees paid ahead (docs/OPEN_TOURNAMENTS.md,
"Payment ahead by transfer"). Pure Python.

Two kinds of file: CSV as German banks export it (semicolons, a decimal comma, dates as
dd.mm.yyyy or dd.mm.yy, the columns found by their headers, so that the layouts of several banks
read: Sparkasse's "CSV-CAMT", the common "Buchungstag;Valuta;Auftraggeber/Empfänger;
Verwendungszweck;Betrag" and those with a preamble above the header), and ISO 20022 CAMT.053
(``BkToCstmrStmt/Stmt/Ntry``, any version: the elements are found by their local names), parsed
with defusedxml. Each transfer becomes a ``Line``; ``match`` then sorts every line into exactly
one ``Verdict`` before anything is recorded."""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from xml.etree.ElementTree import Element

from defusedxml import ElementTree

from signups.engine.girocode import find_reference

MAX_BYTES = 1_000_000  # a statement of a few thousand lines is far less

# Each column by the headers banks give it (compared without case, spaces and punctuation).
_HEADERS = {
    "booked": ("buchungstag", "buchungsdatum", "buchung", "datum"),
    "payer": (
        "auftraggeberempfanger",
        "beguenstigterzahlungspflichtiger",
        "begunstigterzahlungspflichtiger",
        "namezahlungsbeteiligter",
        "zahlungspflichtigerempfanger",
        "empfangerzahlungspflichtiger",
        "zahlungspflichtiger",  # DKB: "Zahlungspflichtige*r"
        "auftraggeber",
        "name",
    ),
    "text": ("verwendungszweck", "verwendungszweckzeile1"),
    "amount": ("betrag", "betrageur", "betragineur", "umsatz", "umsatzineur"),
    "currency": ("waehrung", "wahrung", "wahrungseinheit"),
    "side": ("sollhaben", "sh"),
    "reference": ("kundenreferenzendtoend", "endtoendreferenz", "bankreferenz"),
}
_UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})


class Verdict(StrEnum):
    """What becomes of a line of the statement."""

    MATCH = "match"  # a fee open, its reference and its amount: recorded on confirmation
    AMOUNT_DIFFERS = "amount_differs"  # the reference fits, the amount does not
    UNPLACED = "unplaced"  # no reference of this tournament's sign-ups, or not an entry
    RECORDED = "recorded"  # recorded before, or the fee is paid already
    TWICE = "twice"  # a second line for the same sign-up, or the same line again in the file
    NOT_A_CREDIT = "not_a_credit"  # money out, or not in euros
    UNREADABLE = "unreadable"  # a line of the file that could not be read


class StatementError(ValueError):
    """The file is not a statement that can be read at all (the code is the refusal's)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Line:
    """A booking on the statement: where it stands in the file (1 = the first), the day booked,
    the amount in cents (money in positive), its currency, the payer and the remittance text."""

    number: int
    booked: datetime.date | None
    cents: int
    currency: str
    payer: str
    text: str
    bank_reference: str = ""
    problem: str = ""  # why the line could not be read ("" if it could)

    @property
    def fingerprint(self) -> str:
        """The booking's identity: the same booking in another import of an overlapping
        statement has the same one (the line's place in the file is not part of it)."""
        parts = [
            self.booked.isoformat() if self.booked else "",
            str(self.cents),
            self.currency,
            " ".join(self.payer.split()).casefold(),
            "".join(self.text.split()).casefold(),
            self.bank_reference,
        ]
        return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


@dataclass(frozen=True)
class Due:
    """A sign-up's fee as the tournament expects it: the cents due and whether it is paid."""

    cents: int
    paid: bool = False
    entered: bool = True  # a sign-up not (yet) entered has no fee to record


@dataclass(frozen=True)
class Placed:
    line: Line
    verdict: Verdict
    signup_id: int | None = None
    due: int | None = None  # cents, where a sign-up was found


def read_statement(data: bytes) -> list[Line]:
    """The lines of a CSV or CAMT.053 file; StatementError if it is neither."""
    if len(data) > MAX_BYTES:
        raise StatementError("statement_too_big", max=MAX_BYTES // 1000)
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        return read_camt(data)
    return read_csv(_decode(data))


def _decode(data: bytes) -> str:
    """Text as banks write it: UTF-8 (with or without a byte order mark), else Windows-1252."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _key(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", header.casefold().translate(_UMLAUTS))


def _columns(row: Sequence[str]) -> dict[str, int] | None:
    """The column of each field in a header row, or None if it is no header (it needs the
    amount and the remittance text). The first column of a name counts (a later "Währung"
    belongs to the balance)."""
    keys = [_key(cell) for cell in row]
    found: dict[str, int] = {}
    for field, names in _HEADERS.items():
        for name in names:
            if name in keys:
                found[field] = keys.index(name)
                break
    return found if {"amount", "text"} <= found.keys() else None


def read_csv(text: str) -> list[Line]:
    """The bookings of a CSV export: the header row found among the first rows."""
    rows = list(csv.reader(io.StringIO(text), delimiter=";", quotechar='"'))
    for index, row in enumerate(rows[:30]):
        columns = _columns(row)
        if columns is not None:
            body = enumerate(rows[index + 1 :], start=1)
            return [_csv_line(number, row, columns) for number, row in body if any(row)]
    raise StatementError("statement_no_header")


def _cell(row: Sequence[str], columns: Mapping[str, int], field: str) -> str:
    index = columns.get(field)
    return row[index].strip() if index is not None and index < len(row) else ""


def _csv_line(number: int, row: Sequence[str], columns: Mapping[str, int]) -> Line:
    def cell(field: str) -> str:
        return _cell(row, columns, field)

    payer, text = cell("payer"), cell("text")
    try:
        cents = german_cents(cell("amount"))
        booked = german_date(cell("booked")) if cell("booked") else None
    except ValueError as error:
        return Line(number, None, 0, "", payer, text, problem=str(error))
    if cell("side").upper() == "S":  # Soll: money out, written without a sign
        cents = -abs(cents)
    currency = cell("currency").upper() or "EUR"
    return Line(number, booked, cents, currency, payer, text, cell("reference"))


def german_cents(text: str) -> int:
    """An amount as German banks write it ("1.234,56", "-12,50", "12,50 €") in cents."""
    cleaned = text.replace("€", "").replace("EUR", "").replace(" ", "").replace("\xa0", "")
    if not re.fullmatch(r"[+-]?\d{1,3}(\.?\d{3})*(,\d{1,2})?", cleaned):
        raise ValueError(f"amount {text!r}")
    return int(Decimal(cleaned.replace(".", "").replace(",", ".")) * 100)


def german_date(text: str) -> datetime.date:
    """A date as dd.mm.yyyy or dd.mm.yy (this century)."""
    found = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})", text)
    if not found:
        raise ValueError(f"date {text!r}")
    year = int(found[3]) + (2000 if len(found[3]) == 2 else 0)
    try:
        return datetime.date(year, int(found[2]), int(found[1]))
    except ValueError:
        raise ValueError(f"date {text!r}") from None


def _local(element: Element) -> str:
    return element.tag.rpartition("}")[2]


def _children(element: Element, name: str) -> Iterator[Element]:
    return (child for child in element if _local(child) == name)


def _path(element: Element | None, *names: str) -> Element | None:
    """The first element down the local names given, or None."""
    for name in names:
        if element is None:
            return None
        element = next(_children(element, name), None)
    return element


def _first(*elements: Element | None) -> Element | None:
    """The first that is there (an element without children is false, so no ``or``)."""
    return next((element for element in elements if element is not None), None)


def _text(element: Element | None, *names: str) -> str:
    found = _path(element, *names)
    return " ".join((found.text or "").split()) if found is not None else ""


def read_camt(data: bytes) -> list[Line]:
    """The bookings of a CAMT.053 statement: each entry's transactions (a batch booking has
    several), with their remittance texts and debtors."""
    try:
        root = ElementTree.fromstring(data)
    except Exception as error:  # ParseError, and defusedxml's refusals of entities and DTDs
        raise StatementError("statement_xml_invalid") from error
    statement = _path(root, "BkToCstmrStmt")
    if _local(root) != "Document" or statement is None:
        raise StatementError("statement_not_camt")
    lines: list[Line] = []
    for stmt in _children(statement, "Stmt"):
        for entry in _children(stmt, "Ntry"):
            lines.extend(_camt_entry(len(lines) + 1, entry))
    return lines


def _camt_entry(number: int, entry: Element) -> list[Line]:
    sign = -1 if _text(entry, "CdtDbtInd") == "DBIT" else 1
    booked_text = _text(entry, "BookgDt", "Dt") or _text(entry, "BookgDt", "DtTm")[:10]
    amount = _path(entry, "Amt")
    details = [tx for d in _children(entry, "NtryDtls") for tx in _children(d, "TxDtls")]
    entry_reference = _text(entry, "AcctSvcrRef")
    if not details:
        return [_camt_line(number, entry, None, amount, sign, booked_text, entry_reference)]
    return [
        _camt_line(
            number + index,
            entry,
            tx,
            _first(_path(tx, "Amt"), _path(tx, "AmtDtls", "TxAmt", "Amt"), amount),
            sign,
            booked_text,
            _text(tx, "Refs", "AcctSvcrRef") or entry_reference,
        )
        for index, tx in enumerate(details)
    ]


def _camt_line(
    number: int,
    entry: Element,
    tx: Element | None,
    amount: Element | None,
    sign: int,
    booked_text: str,
    bank_reference: str,
) -> Line:
    texts = [" ".join((u.text or "").split()) for u in _all(tx, "RmtInf", "Ustrd")]
    text = " ".join(texts) or _text(entry, "AddtlNtryInf")
    payer = _text(tx, "RltdPties", "Dbtr", "Nm") or _text(tx, "RltdPties", "Dbtr", "Pty", "Nm")
    try:
        if amount is None:
            raise ValueError("amount missing")
        value = Decimal((amount.text or "").strip())
        if value != value.quantize(Decimal("0.01")) or value < 0:
            raise ValueError(f"amount {amount.text!r}")
        booked = datetime.date.fromisoformat(booked_text) if booked_text else None
    except (ValueError, InvalidOperation) as error:
        return Line(number, None, 0, "", payer, text, problem=str(error))
    currency = amount.get("Ccy", "").upper()
    return Line(number, booked, sign * int(value * 100), currency, payer, text, bank_reference)


def _all(element: Element | None, parent: str, name: str) -> Iterable[Element]:
    if element is None:
        return ()
    return [child for p in _children(element, parent) for child in _children(p, name)]


def match(
    tournament_id: int,
    lines: Sequence[Line],
    dues: Mapping[int, Due],
    recorded: frozenset[str] = frozenset(),
) -> list[Placed]:
    """Each line's verdict: the reference must name a sign-up of this tournament that is
    entered, and the amount be its fee exactly, for a ``MATCH``; a line booked before
    (``recorded`` fingerprints), a fee paid already, the same booking twice in the file or a
    second line for one sign-up is never a match. Nothing here records."""
    placed: list[Placed] = []
    seen: set[str] = set()
    claimed: set[int] = set()
    for line in lines:
        placed.append(_verdict(tournament_id, line, dues, recorded, seen, claimed))
        seen.add(line.fingerprint)
    return placed


def _verdict(
    tournament_id: int,
    line: Line,
    dues: Mapping[int, Due],
    recorded: frozenset[str],
    seen: set[str],
    claimed: set[int],
) -> Placed:
    if line.problem:
        return Placed(line, Verdict.UNREADABLE)
    if line.cents <= 0 or line.currency != "EUR":
        return Placed(line, Verdict.NOT_A_CREDIT)
    if line.fingerprint in recorded:
        return Placed(line, Verdict.RECORDED)
    if line.fingerprint in seen:
        return Placed(line, Verdict.TWICE)
    named = find_reference(line.text)
    due = dues.get(named[1]) if named is not None and named[0] == tournament_id else None
    if named is None or due is None or not due.entered:
        return Placed(line, Verdict.UNPLACED)
    signup_id = named[1]
    if signup_id in claimed:
        return Placed(line, Verdict.TWICE, signup_id, due.cents)
    claimed.add(signup_id)
    if due.paid:
        return Placed(line, Verdict.RECORDED, signup_id, due.cents)
    if line.cents != due.cents:
        return Placed(line, Verdict.AMOUNT_DIFFERS, signup_id, due.cents)
    return Placed(line, Verdict.MATCH, signup_id, due.cents)
