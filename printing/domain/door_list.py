"""The door list on paper: every player entered, A–Z by surname, with the category, what is
still to pay, a box to tick and the sign-up's check-in code as a QR code, so that a phone at the
door can scan a player who brought no code (and a door without phones ticks the box).

Read in a fixed number of queries: the entries with their player, fee, category and sign-up,
and the announcement once.
"""

from __future__ import annotations

from dataclasses import dataclass

from printing import pdf
from printing.domain.printouts import surname_first, surname_key
from signups.domain.checkin_code import checkin_code
from signups.domain.money import still_to_pay
from signups.domain.places import announcement_of
from signups.enums import SignUpStatus
from signups.models import SignUp
from tournaments.models import Entry, Tournament


@dataclass(frozen=True)
class DoorLine:
    start_number: int
    name: str  # surname first
    club: str
    category: str
    due: int  # cents still to pay
    checked_in: bool
    qr_code: str  # a data URI; "" for a player entered without a sign-up


@dataclass(frozen=True)
class DoorList:
    tournament: Tournament
    lines: tuple[DoorLine, ...]
    categories: bool  # any player in a category: the column is printed


def door_list(tournament: Tournament) -> DoorList:
    announcement = announcement_of(tournament)
    entries = (
        tournament.entries.filter(withdrawn=False)
        .select_related("player", "fee", "entry_category", "signup")
        .order_by("pk")
    )
    lines = []
    for entry in sorted(entries, key=lambda entry: surname_key(entry.player.name)):
        category, due = still_to_pay(entry, announcement)
        lines.append(
            DoorLine(
                start_number=entry.start_number,
                name=surname_first(entry.player.name),
                club=entry.player.club_name,
                category=category,
                due=due,
                checked_in=entry.checked_in,
                qr_code=_qr_code(entry),
            )
        )
    return DoorList(tournament, tuple(lines), any(line.category for line in lines))


def _qr_code(entry: Entry) -> str:
    try:
        signup = entry.signup
    except SignUp.DoesNotExist:
        return ""
    return pdf.qr_code(checkin_code(signup)) if signup.status == SignUpStatus.ACCEPTED else ""
