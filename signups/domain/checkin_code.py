"""The sign-up's check-in code: what its QR code holds, made and read back.

The code is the sign-up's id and its tournament's id, signed with the site's secret under a
salt of its own (``django.core.signing``): nothing personal in it, and nobody can make one for
another sign-up or use a code of one tournament at another one's door.
"""

from __future__ import annotations

import io

import segno
from django.core import signing

from karlchen.refusals import refused
from signups.models import SignUp
from tournaments.models import Tournament

SALT = "karlchen.signups.checkin"  # codes of other signers never pass as check-in codes
MAX_LENGTH = 200  # a code is about 40 characters; anything far longer is not one


def checkin_code(signup: SignUp) -> str:
    """The sign-up's check-in code: "<sign-up id>-<tournament id>:<signature>"."""
    return signing.Signer(salt=SALT).sign(f"{signup.pk}-{signup.tournament_id}")


def checkin_qr(signup: SignUp) -> segno.QRCode:
    """The code as a QR code; error correction M: a phone held at a slant or a crumpled
    printout still reads it."""
    return segno.make(checkin_code(signup), error="m")


def checkin_qr_png(signup: SignUp) -> bytes:
    """The QR code as a PNG, for the e-mail's attachment."""
    out = io.BytesIO()
    checkin_qr(signup).save(out, kind="png", scale=8, border=4)
    return out.getvalue()


def signup_id_of(tournament: Tournament, code: str) -> int:
    """The sign-up id a code of ``tournament`` names; refused if it is none or another's."""
    try:
        value = signing.Signer(salt=SALT).unsign(code.strip()[:MAX_LENGTH])
        signup_id, tournament_id = (int(part) for part in value.split("-"))
    except (signing.BadSignature, ValueError):
        raise refused("checkin_code_invalid", "code") from None
    if tournament_id != tournament.pk:
        raise refused("checkin_code_foreign", "code")
    return signup_id
