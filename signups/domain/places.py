"""The field's places: who holds one, how many are free, and the waiting list moving up.

Every function here runs inside the caller's transaction, after the caller locked the
tournament's row (``locked``): two sign-ups confirmed at the same moment, or a cancellation
while the organiser approves, are counted one after the other, so the cap is never exceeded.
"""

from __future__ import annotations

from django.db.models import ProtectedError, Q
from django.db.transaction import atomic
from django.utils import timezone

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import Problem
from people.models import Player
from signups.domain.mails import queue_mail
from signups.enums import FeeStatus, MailKind, SignUpStatus
from signups.log import SignupCode
from signups.models import Announcement, EntryCategory, Fee, SignUp
from tournaments.domain.entries import add_entry, withdraw
from tournaments.enums import SeriesStatus
from tournaments.models import Entry, Series, Tournament


def locked(tournament_id: int) -> Tournament:
    """The tournament's row, locked until the transaction ends (the places' one queue)."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def announcement_of(tournament: Tournament) -> Announcement:
    """The tournament's sign-up settings; the defaults, not stored, if none were saved (a
    read creates nothing; the settings' writers save it under the tournament's lock)."""
    found = Announcement.objects.filter(tournament=tournament).first()
    return found if found is not None else Announcement(tournament=tournament)


def free_places(tournament: Tournament, announcement: Announcement) -> int | None:
    """Places left under the cap (None: no cap). Every entry not withdrawn holds one, those
    entered at the desk as well as the accepted sign-ups."""
    if announcement.cap is None:
        return None
    taken = Entry.objects.filter(tournament=tournament, withdrawn=False).count()
    return max(0, announcement.cap - taken)


def accept(signup: SignUp, *, by: Actor, player: Player | None = None) -> Entry:
    """Enter the sign-up's player (the evening's check-in and seating take it from here). A
    player of the same member number withdrawn from this tournament (he cancelled after
    paying, or the organisers withdrew him) is given his entry back: its start number, and
    the fee paid on it, which stays paid (docs/OPEN_TOURNAMENTS.md, “Signing up again”).
    ``player``: the person known already whom the organisers picked at the desk."""
    entry = _withdrawn_entry(signup, player)
    if entry is not None:
        withdraw(entry, False, by=by)  # logged as reinstated
    else:
        entry = add_entry(
            signup.tournament,
            by=by,
            name=signup.name,
            club=signup.club,
            member_number=signup.member_number or None,
            player=player,
        )
    signup.entry, signup.status = entry, SignUpStatus.ACCEPTED
    signup.save(update_fields=["entry", "status"])
    # the entry's category from now on, the one signed up in (the desk may change it)
    EntryCategory.objects.filter(entry=entry).exclude(category=signup.category).delete()
    if signup.category:
        EntryCategory.objects.get_or_create(entry=entry, defaults={"category": signup.category})
    tournament_changed(signup.tournament_id)
    return entry


def _withdrawn_entry(signup: SignUp, player: Player | None = None) -> Entry | None:
    """The withdrawn entry of the sign-up's person (``player``) or member number in its
    tournament, if any."""
    if player is not None:
        whose = Q(player=player)
    elif signup.member_number:
        whose = Q(player__member_number=signup.member_number)
    else:
        return None
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(whose, tournament_id=signup.tournament_id, withdrawn=True)
        .first()
    )


def release(signup: SignUp, *, by: Actor) -> None:
    """Give up the sign-up's entry: deleted while it has played nothing and paid nothing
    (nobody need know it was there), withdrawn once it is seated, has points or paid its fee
    (the cash report still counts that money)."""
    entry = signup.entry
    if entry is None:
        return
    signup.entry = None
    signup.save(update_fields=["entry"])
    if Fee.objects.filter(entry=entry, status=FeeStatus.PAID).exists():
        withdraw(entry, by=by)
    else:
        try:
            with atomic():
                entry.delete()
        except ProtectedError:
            withdraw(entry, by=by)
    tournament_changed(signup.tournament_id)


def queue(signup: SignUp, status: SignUpStatus) -> None:
    """Put the sign-up in line (the waiting list, or the organisers' approval) from now."""
    signup.status, signup.queued_at = status, timezone.now()
    signup.save(update_fields=["status", "queued_at"])


def place_or_wait(signup: SignUp, announcement: Announcement, *, by: Actor) -> None:
    """Enter the sign-up if a place is free, else put it on the waiting list; mail it."""
    free = free_places(signup.tournament, announcement)
    if free is None or free > 0:
        accept(signup, by=by)
        queue_mail(signup, MailKind.ACCEPTED)
        log(signup.tournament, by, SignupCode.SIGNUP_ACCEPTED, name=signup.name)
    else:
        signup.status = SignUpStatus.WAITING  # keeps its place in line (``queued_at``)
        signup.queued_at = signup.queued_at or timezone.now()
        signup.save(update_fields=["status", "queued_at"])
        queue_mail(signup, MailKind.WAITING)
        log(signup.tournament, by, SignupCode.SIGNUP_WAITING, name=signup.name)


def under_way_because(tournament: Tournament, *, begun: bool | None = None) -> Problem | None:
    """Why nobody is entered by a link or the waiting list any more (None: they may be): the
    results are final, or the tournament has begun. From then on only the organisers at the
    venue enter players; a sign-up made in time and confirmed late, or a place freed during
    the evening, waits for them (docs/OPEN_TOURNAMENTS.md, “When sign-up closes”)."""
    if tournament.results_final:
        return Problem("signup_results_final", "signup", {})
    if has_begun(tournament) if begun is None else begun:
        return Problem("signup_started", "signup", {})
    return None


def has_begun(tournament: Tournament) -> bool:
    """A series of the tournament is seated (or running, or closed)."""
    return (
        Series.objects.filter(tournament=tournament).exclude(status=SeriesStatus.PLANNED).exists()
    )


def waiting_position(signup: SignUp) -> int | None:
    """Where the sign-up stands on the waiting list (1: the next to move up), in the order the
    list moves up (``move_up``); None where it is not waiting."""
    if signup.status != SignUpStatus.WAITING:
        return None
    waiting = SignUp.objects.filter(tournament_id=signup.tournament_id, status=SignUpStatus.WAITING)
    ahead = waiting.filter(
        Q(queued_at__lt=signup.queued_at) | Q(queued_at=signup.queued_at, pk__lt=signup.pk)
    )
    return ahead.count() + 1


def move_up(tournament: Tournament, announcement: Announcement, *, by: Actor) -> list[SignUp]:
    """Fill the free places from the waiting list, first come first; each moved up is mailed.
    Once the tournament is under way nobody moves up by themselves: a place freed during the
    evening is the organisers' to fill at the venue (``under_way_because``)."""
    if under_way_because(tournament) is not None:
        return []
    moved = []
    free = free_places(tournament, announcement)
    waiting = tournament.signups.filter(status=SignUpStatus.WAITING).order_by("queued_at", "pk")
    for signup in waiting[:free] if free is not None else waiting:
        signup.tournament = tournament
        accept(signup, by=by)
        queue_mail(signup, MailKind.MOVED_UP)
        log(tournament, by, SignupCode.SIGNUP_MOVED_UP, name=signup.name)
        moved.append(signup)
    return moved


def fill_freed_places(tournament: Tournament, by: Actor) -> None:
    """A withdrawal freed a place (``tournaments.ports.PLACES_FREED``; the caller locked the
    tournament's row): the waiting list moves up into it."""
    if Announcement.objects.filter(tournament=tournament).exists():
        move_up(tournament, announcement_of(tournament), by=by)
