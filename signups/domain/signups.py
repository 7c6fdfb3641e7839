"""Signing up for an open tournament, confirming by the e-mailed link, cancelling, and the
organisers' approving, moving and adding at the desk (docs/OPEN_TOURNAMENTS.md).

A sign-up holds no place until its e-mail address is confirmed: then it is entered (a
``tournaments.Entry``, so check-in and seating work as for anyone) or put on the waiting list
when the field is full, or, where the organisers approve entries, it awaits them. A
cancellation frees its place and the waiting list moves up in the same transaction, under the
tournament's row lock (``places.locked``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from karlchen.actors import Actor, Role
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused, refused
from people.models import Player
from signups.domain.mails import queue_mail
from signups.domain.places import (
    accept,
    announcement_of,
    free_places,
    locked,
    move_up,
    place_or_wait,
    queue,
    release,
    under_way_because,
)
from signups.enums import ACTIVE, Approval, MailKind, SignUpStatus
from signups.log import SignupCode
from signups.models import Announcement, SignUp
from tournaments.models import Entry, Tournament

TEXT_LIMITS = {"name": 120, "club": 120, "member_number": 30, "email": 254, "category": 60}


@dataclass(frozen=True)
class Applicant:
    """What a player types into the form."""

    name: str
    email: str = ""  # required on the public form; optional for the organisers
    club: str = ""
    member_number: str = ""
    category: str = ""

    def cleaned(self) -> Applicant:
        return Applicant(
            name=" ".join(self.name.split()),
            email=self.email.strip(),
            club=" ".join(self.club.split()),
            member_number=self.member_number.strip(),
            category=self.category.strip(),
        )


def player(name: str) -> Actor:
    """The player acting through the public pages (no account): the log names them."""
    return Actor(user=None, label=name[:150], role=Role.SYSTEM)


def sign_up(
    tournament: Tournament, applicant: Applicant, *, base_url: str = "", language: str = ""
) -> SignUp:
    """A player signs up through the public form: stored unconfirmed, and the confirmation
    link mailed. Refused (naming the field) when sign-up is closed or past its deadline, on a
    bad input, or as a double (same e-mail, or same member number, signed up or entered)."""
    applicant = applicant.cleaned()
    with transaction.atomic():
        tournament = locked(tournament.pk)
        announcement = announcement_of(tournament)
        _check_open(announcement)
        problems = applicant_problems(announcement, applicant, email_required=True)
        if problems:
            raise Refused(problems)
        signup = _create(tournament, applicant, language=language)
        queue_mail(signup, MailKind.CONFIRM, base_url=base_url)
        log(tournament, player(signup.name), SignupCode.SIGNUP_RECEIVED, name=signup.name)
    return signup


def _check_open(announcement: Announcement) -> None:
    closed = closed_because(announcement)
    if closed is not None:
        raise Refused([closed])


def closed_because(announcement: Announcement, *, begun: bool | None = None) -> Problem | None:
    """Why the public form takes no sign-up now (None: it does). Sign-up closes when the
    announcement is taken back, when the results are final, when the tournament has begun (its
    first series seated: from then on the organisers enter late players at the desk, where they
    are at the venue) and after the deadline (docs/OPEN_TOURNAMENTS.md, “When sign-up closes”).
    ``begun``: whether it has begun, where the caller read it already for many at once."""
    if not announcement.published:
        return Problem("signup_closed", "signup", {})
    under_way = under_way_because(announcement.tournament, begun=begun)
    if under_way is not None:
        return under_way
    if announcement.deadline is not None and timezone.now() > announcement.deadline:
        return Problem("signup_deadline_passed", "signup", {"deadline": announcement.deadline})
    return None


def _create(tournament: Tournament, applicant: Applicant, **fields: object) -> SignUp:
    try:
        with transaction.atomic():
            return SignUp.objects.create(
                tournament=tournament,
                name=applicant.name,
                club=applicant.club,
                member_number=applicant.member_number,
                email=applicant.email,
                category=applicant.category,
                **fields,
            )
    except IntegrityError as error:  # a double at the same moment (the unique constraints)
        if "signup_member_once" in str(error):
            number = applicant.member_number
            raise refused("signup_double_member", "member_number", number=number) from error
        raise refused("signup_double_email", "email") from error


def applicant_problems(
    announcement: Announcement, applicant: Applicant, *, email_required: bool
) -> list[Problem]:
    """Every problem of the applicant's input, each naming its field."""
    problems = []
    if not applicant.name:
        problems.append(Problem("name_required", "name", {}))
    for key, limit in TEXT_LIMITS.items():
        text = getattr(applicant, key)
        if len(text) > limit:
            problems.append(Problem("text_too_long", key, {"max": limit}))
        elif has_control_characters(text):
            problems.append(Problem("text_control_characters", key, {}))
    if applicant.email or email_required:
        try:
            validate_email(applicant.email)
        except ValidationError:
            problems.append(Problem("signup_email_invalid", "email", {}))
    if applicant.category and applicant.category not in announcement.category_fees:
        problems.append(
            Problem("signup_category_unknown", "category", {"category": applicant.category})
        )
    return problems or _doubles(announcement.tournament, applicant)


def _doubles(tournament: Tournament, applicant: Applicant) -> list[Problem]:
    active = SignUp.objects.filter(tournament=tournament, status__in=ACTIVE)
    if applicant.email and active.filter(email__iexact=applicant.email).exists():
        return [Problem("signup_double_email", "email", {})]
    number = applicant.member_number
    # A withdrawn entry holds no place: its player (who cancelled, perhaps after paying) may
    # sign up again, and is given that entry back when entered (``places.accept``).
    entered = Entry.objects.filter(
        tournament=tournament, player__member_number=number, withdrawn=False
    )
    if number and (active.filter(member_number=number).exists() or entered.exists()):
        return [Problem("signup_double_member", "member_number", {"number": number})]
    return []


def by_token(token: str) -> SignUp | None:
    return SignUp.objects.select_related("tournament").filter(token=token).first()


def confirm(signup: SignUp) -> SignUp:
    """The player followed the confirmation link: entered, on the waiting list or awaiting
    approval. A second visit changes nothing (the link is used up); a cancelled sign-up
    cannot be confirmed, nor one whose tournament is under way (``under_way_because``)."""
    with transaction.atomic():
        tournament = locked(signup.tournament_id)
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        signup.tournament = tournament
        if signup.status == SignUpStatus.CANCELLED:
            raise refused("signup_cancelled", "signup")
        if signup.status != SignUpStatus.UNCONFIRMED:
            return signup
        under_way = under_way_because(tournament)
        if under_way is not None:
            raise Refused([under_way])
        announcement = announcement_of(tournament)
        by = player(signup.name)
        log(tournament, by, SignupCode.SIGNUP_CONFIRMED, name=signup.name)
        queue(signup, SignUpStatus.REQUESTED)  # in line from now on, whatever comes next
        if announcement.approval == Approval.ORGANISER:
            queue_mail(signup, MailKind.REQUESTED)
        else:
            place_or_wait(signup, announcement, by=by)
    return signup


def cancel(signup: SignUp, *, by: Actor | None = None) -> SignUp:
    """Cancel a sign-up (the player by their link, ``by`` None; or an organiser): its entry is
    given up, the waiting list moves up into the free places, and the player is mailed."""
    with transaction.atomic():
        tournament = locked(signup.tournament_id)
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        signup.tournament = tournament
        if signup.status == SignUpStatus.CANCELLED:
            return signup
        actor = by or player(signup.name)
        release(signup, by=actor)
        signup.status, signup.cancelled_at = SignUpStatus.CANCELLED, timezone.now()
        signup.save(update_fields=["status", "cancelled_at"])
        queue_mail(signup, MailKind.CANCELLED)
        log(tournament, actor, SignupCode.SIGNUP_CANCELLED, name=signup.name)
        move_up(tournament, announcement_of(tournament), by=actor)
    return signup


def approve(signup: SignUp, *, by: Actor) -> SignUp:
    """The organisers take a sign-up awaiting them (or one not confirmed by e-mail): entered
    if a place is free, else on the waiting list."""
    with transaction.atomic():
        signup = _for_change(signup, SignUpStatus.REQUESTED, SignUpStatus.UNCONFIRMED)
        place_or_wait(signup, announcement_of(signup.tournament), by=by)
    return signup


def move_to_list(signup: SignUp, *, by: Actor) -> SignUp:
    """The organisers enter a sign-up from the waiting list (or awaiting them) at once, even
    beyond the cap: their decision."""
    waiting = (SignUpStatus.WAITING, SignUpStatus.REQUESTED, SignUpStatus.UNCONFIRMED)
    with transaction.atomic():
        signup = _for_change(signup, *waiting)
        accept(signup, by=by)
        queue_mail(signup, MailKind.MOVED_UP)
        log(signup.tournament, by, SignupCode.SIGNUP_MOVED_TO_LIST, name=signup.name)
    return signup


def move_to_waiting(signup: SignUp, *, by: Actor) -> SignUp:
    """The organisers put an entered (or awaiting) sign-up at the end of the waiting list. The
    place it frees is not filled by itself: the organisers decide, or the next cancellation."""
    with transaction.atomic():
        signup = _for_change(signup, SignUpStatus.ACCEPTED, SignUpStatus.REQUESTED)
        release(signup, by=by)
        queue(signup, SignUpStatus.WAITING)
        queue_mail(signup, MailKind.WAITING)
        log(signup.tournament, by, SignupCode.SIGNUP_MOVED_TO_WAITING, name=signup.name)
    return signup


def add_signup(
    tournament: Tournament, applicant: Applicant, *, by: Actor, player: Player | None = None
) -> SignUp:
    """The organisers add a player at the desk (an e-mail address optional): entered at once,
    even beyond the cap, and mailed if there is an address. ``player``: a person known
    already, picked at the desk; the sign-up then carries their name, club and number."""
    if player is not None:
        applicant = replace(
            applicant,
            name=player.name,
            club=player.club_name,
            member_number=player.member_number or "",
        )
    applicant = applicant.cleaned()
    with transaction.atomic():
        tournament = locked(tournament.pk)
        announcement = announcement_of(tournament)
        problems = applicant_problems(announcement, applicant, email_required=False)
        if problems:
            raise Refused(problems)
        signup = _create(tournament, applicant, queued_at=timezone.now())
        accept(signup, by=by, player=player)
        queue_mail(signup, MailKind.ACCEPTED)
        log(tournament, by, SignupCode.SIGNUP_ADDED, name=signup.name)
    return signup


def _for_change(signup: SignUp, *allowed: SignUpStatus) -> SignUp:
    """The sign-up locked (its tournament first), refused unless in one of ``allowed``."""
    tournament = locked(signup.tournament_id)
    signup = SignUp.objects.select_for_update().get(pk=signup.pk)
    signup.tournament = tournament
    if signup.status not in allowed:
        raise refused("signup_wrong_status", "signup", status=signup.get_status_display())
    return signup


def places_left(tournament: Tournament) -> int | None:
    """Free places under the cap now (None: no cap), for the public page."""
    return free_places(tournament, announcement_of(tournament))
