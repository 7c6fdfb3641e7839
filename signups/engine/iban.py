"""The club's account for payments ahead: an IBAN checked as ISO 13616 has it (the country's
length, the check digits by mod 97), and a BIC of 8 or 11 characters (ISO 9362). Pure Python.

What is typed may carry spaces (an IBAN is printed in groups of four) and small letters; both
are taken and the normal form has neither."""

from __future__ import annotations

import re
from enum import StrEnum

# The length of an IBAN by country, from the IBAN registry (ISO 13616).
IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27,
    "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28,
    "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
    "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22,
    "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23,
    "PK": 24, "PL": 28, "PS": 29, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31,
    "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23,
    "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}  # fmt: skip
_IBAN_FORM = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")
_BIC_FORM = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


class AccountError(StrEnum):
    """Why an IBAN or a BIC is refused: the refusal's code (``karlchen.messages``)."""

    IBAN_FORM = "iban_form"  # not two letters, two digits and letters or digits
    IBAN_COUNTRY = "iban_country"  # no IBAN country
    IBAN_LENGTH = "iban_length"  # not the country's length
    IBAN_CHECKSUM = "iban_checksum"  # the check digits do not fit (a typing error)
    BIC_FORM = "bic_form"


class InvalidAccount(ValueError):
    def __init__(self, error: AccountError, **params: object) -> None:
        super().__init__(error.value)
        self.error = error
        self.params = params


def compact(text: str) -> str:
    """What was typed without spaces, in capitals."""
    return "".join(text.split()).upper()


def iban_checksum(iban: str) -> int:
    """ISO 7064 mod 97-10 of a compact IBAN: 1 for a right one. The first four characters
    move to the end and each letter is read as two digits (A = 10 … Z = 35)."""
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97


def normal_iban(text: str) -> str:
    """The IBAN typed, in its compact form; InvalidAccount if it is none."""
    iban = compact(text)
    if not _IBAN_FORM.fullmatch(iban):
        raise InvalidAccount(AccountError.IBAN_FORM)
    length = IBAN_LENGTHS.get(iban[:2])
    if length is None:
        raise InvalidAccount(AccountError.IBAN_COUNTRY, country=iban[:2])
    if len(iban) != length:
        raise InvalidAccount(AccountError.IBAN_LENGTH, country=iban[:2], length=length)
    if iban_checksum(iban) != 1:
        raise InvalidAccount(AccountError.IBAN_CHECKSUM)
    return iban


def normal_bic(text: str) -> str:
    """The BIC typed, compact ("" if none was: it is optional); InvalidAccount if it is not
    one of 8 or 11 characters (bank, country, place, and the branch)."""
    bic = compact(text)
    if bic and not _BIC_FORM.fullmatch(bic):
        raise InvalidAccount(AccountError.BIC_FORM)
    return bic


def grouped(iban: str) -> str:
    """The IBAN as it is printed and typed from paper: groups of four."""
    return " ".join(iban[start : start + 4] for start in range(0, len(iban), 4))


def with_check_digits(country: str, bban: str) -> str:
    """The IBAN of an account (its BBAN) in ``country``, with the right check digits."""
    remainder = iban_checksum(f"{country}00{bban}")
    return f"{country}{98 - remainder:02d}{bban}"
