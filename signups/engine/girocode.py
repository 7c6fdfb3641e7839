"""The GiroCode of a fee: the EPC QR code's text (EPC069-12, "Quick Response Code: Guidelines
to Enable Data Capture for the Initiation of a SEPA Credit Transfer"), which a banking app reads
into a transfer. Pure Python; drawing the code is ``signups.domain.transfers``.

Version 002 with character set 1 (UTF-8), so that any name goes in as typed and the BIC may be
left out. The lines, in the standard's order: service tag ``BCD``, version ``002``, character set
``1``, identification ``SCT``, BIC (may be empty), the beneficiary's name (at most 70), the IBAN,
the amount (``EUR`` and the euros with two decimals, 0.01 to 999999999.99), the purpose (empty),
the structured creditor reference (empty) and the unstructured remittance text (at most 140),
which names the sign-up: ``reference``. The payload is at most 331 bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass

SERVICE_TAG = "BCD"
VERSION = "002"
UTF8 = "1"
IDENTIFICATION = "SCT"
MAX_NAME = 70
MAX_REMITTANCE = 140
MAX_CENTS = 99_999_999_999  # 999 999 999.99 €
MAX_BYTES = 331
# The sign-up in a remittance: "T" and the tournament's id, "S" and the sign-up's number.
# Banks break long texts into lines and some put spaces in, so spaces between the parts and a
# line break inside are read past; capitals or not.
_REFERENCE = re.compile(r"(?<![A-Z0-9])T\s*(\d{1,9})\s*[-/]?\s*S\s*(\d{1,12})(?!\d)", re.IGNORECASE)


@dataclass(frozen=True)
class Transfer:
    """What the code says: who gets how much with which text."""

    name: str
    iban: str
    cents: int
    remittance: str
    bic: str = ""


def reference(tournament_id: int, signup_id: int) -> str:
    """The sign-up's reference, which the statement's import looks for."""
    return f"T{tournament_id}-S{signup_id}"


def find_reference(text: str) -> tuple[int, int] | None:
    """The (tournament id, sign-up number) a remittance text names, first one; None if none."""
    found = _REFERENCE.search(text)
    return (int(found[1]), int(found[2])) if found else None


def remittance(code: str, *words: str) -> str:
    """The remittance text: the reference first (a bank that cuts the text keeps it), then the
    words that tell a person what it is, cut to 140 characters on one line."""
    text = " ".join([code, *(" ".join(word.split()) for word in words if word.strip())])
    return text[:MAX_REMITTANCE].rstrip()


def euros(cents: int) -> str:
    """The amount as the code writes it: ``EUR12.50``."""
    return f"EUR{cents // 100}.{cents % 100:02d}"


def payload(transfer: Transfer) -> str:
    """The code's text, line by line in the standard's order (the trailing optional line of
    the beneficiary-to-originator information left out). ValueError if a field is not allowed."""
    name = " ".join(transfer.name.split())
    if not 0 < len(name) <= MAX_NAME:
        raise ValueError(f"the name has 1 to {MAX_NAME} characters: {name!r}")
    if not 0 < transfer.cents <= MAX_CENTS:
        raise ValueError(f"the amount is 0.01 to 999999999.99 euros: {transfer.cents} cents")
    text = " ".join(transfer.remittance.split())
    if len(text) > MAX_REMITTANCE:
        raise ValueError(f"the remittance has at most {MAX_REMITTANCE} characters")
    lines = [
        SERVICE_TAG,
        VERSION,
        UTF8,
        IDENTIFICATION,
        transfer.bic,
        name,
        transfer.iban,
        euros(transfer.cents),
        "",  # purpose
        "",  # structured creditor reference (ISO 11649): none, the text says it
        text,
    ]
    data = "\n".join(lines)
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"the code holds at most {MAX_BYTES} bytes")
    return data
