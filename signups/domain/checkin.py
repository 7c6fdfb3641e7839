"""Check-in at the door by the sign-up's code (``signups.domain.checkin_code``): the QR code
on the confirmation page, in the e-mail and on the printed door list.

One scan checks the player in (``check_in_by_code``); a second scan of the same code, a code
of another tournament, an altered code and the code of a cancelled sign-up are refused, each
with its own message. Two phones scanning one code at the same moment check the player in once: the
sign-up's and the entry's rows are locked in that order (the order cancelling takes too).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from karlchen.actors import Actor
from karlchen.refusals import refused
from signups.domain.checkin_code import signup_id_of
from signups.domain.money import still_to_pay
from signups.enums import SignUpStatus
from signups.models import SignUp
from tournaments.domain.entries import set_checked_in
from tournaments.models import Entry, Tournament


@dataclass(frozen=True)
class DoorCheckIn:
    """Who was checked in, as the door shows it."""

    entry_id: int
    name: str
    club: str
    start_number: int
    category: str
    due: int  # cents still to pay (0: paid, waived or free)


def check_in_by_code(tournament: Tournament, code: str, *, by: Actor) -> DoorCheckIn:
    """Check in the player whose sign-up ``code`` names at ``tournament``'s door. Refused
    (field ``code``): a code that is not one or was altered, one of another tournament, a
    sign-up cancelled, not entered (unconfirmed, awaiting approval, waiting list) or withdrawn,
    and a player checked in already (the code used twice)."""
    signup_id = signup_id_of(tournament, code)
    with transaction.atomic():
        signup = SignUp.objects.select_for_update().filter(pk=signup_id).first()
        if signup is None or signup.tournament_id != tournament.pk:
            raise refused("checkin_code_invalid", "code")
        if signup.status == SignUpStatus.CANCELLED:
            raise refused("checkin_cancelled", "code", name=signup.name)
        if signup.status != SignUpStatus.ACCEPTED or signup.entry_id is None:
            status = signup.get_status_display()
            raise refused("checkin_not_entered", "code", name=signup.name, status=status)
        entry = (
            Entry.objects.select_for_update(of=("self",))
            .select_related("player", "tournament")
            .get(pk=signup.entry_id)
        )
        if entry.withdrawn:
            raise refused("checkin_withdrawn", "code", name=entry.player.name)
        if entry.checked_in:
            raise refused("checkin_used", "code", name=entry.player.name)
        set_checked_in(entry, True, by=by)  # its log entry is the scan's: one action, one entry
        category, due = still_to_pay(entry)
    return DoorCheckIn(
        entry_id=entry.pk,
        name=entry.player.name,
        club=entry.player.club_name,
        start_number=entry.start_number,
        category=category,
        due=due,
    )
