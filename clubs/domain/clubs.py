"""Clubs and their people (docs/CLUBS.md): creating a club (the only place a ``Club`` row is
made: a club's name typed for a player or team stays text, ``clubs.domain.names``), giving and
taking roles, inviting by an e-mailed link and accepting it.

Who may call which is ``clubs.access``'s (the API and the desk check it first); these
functions keep what the database must: one role per user and club, a club never without an
admin once it has one, an invitation used once and never after it expired; each writes its
line in the club's log (``ClubAction``) in its transaction. The invitation's
e-mail is sent after the commit (Django's ``send_mail``): a mail server that fails leaves the
invitation in place, and the desk shows its link to pass on by hand.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from clubs.domain.names import club_text, link_typed_names
from clubs.enums import ClubRoleKind
from clubs.log import ClubCode
from clubs.models import Association, Club, ClubRole, Invitation
from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import Problem, Refused

logger = logging.getLogger(__name__)
INVITATION_DAYS = 14
NAME_MAX, SHORT_NAME_MAX = 120, 20  # the model's lengths
USERNAME_MAX = 150  # Django's user model


def create_club(
    *,
    by: Actor,
    name: str,
    short_name: str = "",
    association: Association | None = None,
    admin: Any | None = None,
) -> Club:
    """A new club (of ``association``, if any); ``admin`` (a user) becomes its first admin.
    The players and teams whose club was typed as this name and is no club yet are linked to
    it (``link_typed_names``); a name another club has, in any case, is refused as taken."""
    name, short_name = club_text(name), short_name.strip()
    problems = []
    if not name:
        problems.append(Problem("club_name_required", "name"))
    elif len(name) > NAME_MAX:
        problems.append(Problem("club_name_too_long", "name", {"max": NAME_MAX}))
    if len(short_name) > SHORT_NAME_MAX:
        problems.append(Problem("club_short_name_too_long", "short_name", {"max": SHORT_NAME_MAX}))
    if problems:
        raise Refused(problems)
    try:
        with transaction.atomic():
            if Club.objects.filter(name__iexact=name).exists():  # "TSV" beside "tsv": one club
                raise Refused.one("club_name_taken", "name", name=name)
            club = Club.objects.create(name=name, short_name=short_name, association=association)
            linked = link_typed_names(club)  # the players and teams typed with its name
            log(
                club, by, ClubCode.CLUB_CREATED, name=name, **({"linked": linked} if linked else {})
            )
            if admin is not None:
                ClubRole.objects.create(
                    club=club, user=admin, role=ClubRoleKind.ADMIN, granted_by=by.user
                )
                _log_role(club, by, admin, ClubRoleKind.ADMIN)
    except IntegrityError as error:
        raise Refused.one("club_name_taken", "name", name=name) from error
    logger.info("club %s created by %s", club.pk, by.label)
    return club


def set_role(club: Club, user: Any, role: str, *, by: Actor) -> ClubRole:
    """Give ``user`` the ``role`` in ``club`` (replacing the role they had there)."""
    if role not in ClubRoleKind.values:
        raise Refused.one("unknown_role", "role", role=role)
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)  # role changes of a club in turn
        current = ClubRole.objects.filter(club=club, user=user).first()
        if current is not None and current.role == ClubRoleKind.ADMIN != role:
            _keep_an_admin(club, user)
        granted, _created = ClubRole.objects.update_or_create(
            club=club, user=user, defaults={"role": role, "granted_by": by.user}
        )
        _log_role(club, by, user, role)
    return granted


def remove_role(club: Club, user: Any, *, by: Actor) -> None:
    """Take ``user``'s role in ``club`` (the last admin stays)."""
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        current = ClubRole.objects.filter(club=club, user=user).first()
        if current is None:
            return
        if current.role == ClubRoleKind.ADMIN:
            _keep_an_admin(club, user)
        current.delete()
        log(club, by, ClubCode.ROLE_TAKEN, username=user.get_username())
    logger.info("role of user %s in club %s taken by %s", user.pk, club.pk, by.label)


def _log_role(club: Club, by: Actor, user: Any, role: str) -> None:
    log(club, by, ClubCode.ROLE_GIVEN, username=user.get_username(), role=role)


def _keep_an_admin(club: Club, leaving: Any) -> None:
    admins = ClubRole.objects.filter(club=club, role=ClubRoleKind.ADMIN).exclude(user=leaving)
    if not admins.exists():
        raise Refused.one("club_last_admin", "role")


# --- invitations ------------------------------------------------------------------------------


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite(
    club: Club, *, email: str, role: str, by: Actor, link: Callable[[str], str]
) -> tuple[Invitation, str]:
    """An invitation to ``email`` for ``role`` in ``club``, and its token (the link's secret,
    stored only as its hash; ``link`` makes the absolute address of a token's page). The
    e-mail goes out after the commit."""
    email = email.strip()
    problems = []
    if role not in ClubRoleKind.values:
        problems.append(Problem("unknown_role", "role", {"role": role}))
    try:
        validate_email(email)
    except ValidationError:
        problems.append(Problem("invitation_email_invalid", "email"))
    if problems:
        raise Refused(problems)
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        invitation = Invitation.objects.create(
            club=club,
            email=email,
            role=role,
            token_hash=token_hash(token),
            invited_by=by.user,
            expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
        )
        log(club, by, ClubCode.INVITATION_SENT, email=email, role=role)
    address, language = link(token), translation.get_language()
    transaction.on_commit(lambda: send_invitation(invitation.pk, address, language))
    return invitation, token


def send_invitation(invitation_id: int, link: str, language: str | None) -> bool:
    """E-mail the invitation's link; a mail server that fails is logged, the invitation stays."""
    invitation = Invitation.objects.select_related("club").filter(pk=invitation_id).first()
    if invitation is None:
        return False
    with translation.override(language):
        context = {"invitation": invitation, "link": link, "days": INVITATION_DAYS}
        subject = render_to_string("clubs/invitation_subject.txt", context).strip()
        body = render_to_string("clubs/invitation.txt", context)
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email])
    except Exception:  # the mail server: the invitation stays, its link can be passed on
        logger.exception("invitation %s not sent", invitation_id)
        return False
    return True


def open_invitation(token: str) -> Invitation | None:
    """The invitation of ``token`` if it can still be accepted (unused, not withdrawn, not
    expired); None otherwise, whichever the reason (the link tells nobody more)."""
    invitation = (
        Invitation.objects.select_related("club")
        .filter(token_hash=token_hash(token), accepted_at=None, withdrawn_at=None)
        .first()
    )
    if invitation is None or invitation.expires_at <= timezone.now():
        return None
    return invitation


def accept_invitation(token: str, user: Any, *, by: Actor) -> ClubRole:
    """``user`` takes the invitation of ``token``: the role is theirs, the link used up. An
    admin of the club stays admin (an invitation never lowers a role)."""
    with transaction.atomic():
        invitation = _open_for_update(token)
        return _accept(invitation, user, by)


def accept_invitation_as_newcomer(token: str, *, username: str, password: str) -> ClubRole:
    """Someone without an account takes the invitation of ``token``: the account is created
    with ``username`` and ``password`` (Django's validators) and the role is theirs, in one
    transaction, so a refused invitation leaves no account behind and a refused name or
    password leaves the link unused."""
    with transaction.atomic():
        invitation = _open_for_update(token)
        user = _new_account(username, password)
        return _accept(invitation, user, Actor.of_user(user))


def _open_for_update(token: str) -> Invitation:
    """The invitation of ``token``, locked, or refused as unknown, used or expired."""
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("club")
        .filter(token_hash=token_hash(token))
        .first()
    )
    if invitation is None or invitation.withdrawn_at is not None:
        raise Refused.one("invitation_unknown", "token")
    if invitation.accepted_at is not None:
        raise Refused.one("invitation_used", "token")
    if invitation.expires_at <= timezone.now():
        raise Refused.one("invitation_expired", "token")
    return invitation


def _new_account(username: str, password: str) -> Any:
    """A new user, or refused naming the field (the name's form, a name taken, a weak
    password with Django's reasons)."""
    model = get_user_model()
    username = model.normalize_username(username.strip())
    problems = []
    try:
        if len(username) > USERNAME_MAX:
            raise ValidationError("too long")
        model.username_validator(username)
    except ValidationError:
        problems.append(Problem("username_invalid", "username"))
    else:
        if model.objects.filter(username__iexact=username).exists():
            problems.append(Problem("username_taken", "username", {"name": username}))
    try:
        validate_password(password, model(username=username))
    except ValidationError as error:
        problems.append(
            Problem("password_invalid", "password", {"reasons": " ".join(error.messages)})
        )
    if problems:
        raise Refused(problems)
    try:
        with transaction.atomic():
            return model.objects.create_user(username, password=password)
    except IntegrityError as error:  # taken between the check and the insert
        raise Refused.one("username_taken", "username", name=username) from error


def _accept(invitation: Invitation, user: Any, by: Actor) -> ClubRole:
    """The link used up by ``user`` (its lock held), the role theirs unless they have one as
    high already."""
    invitation.accepted_at, invitation.accepted_by = timezone.now(), user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    log(
        invitation.club,
        by,
        ClubCode.INVITATION_ACCEPTED,
        email=invitation.email,
        username=user.get_username(),
        role=invitation.role,
    )
    logger.info("invitation %s accepted by %s", invitation.pk, by.label)
    current = ClubRole.objects.filter(club=invitation.club, user=user).first()
    if current is not None and _rank(current.role) >= _rank(invitation.role):
        return current
    granted, _created = ClubRole.objects.update_or_create(
        club=invitation.club,
        user=user,
        defaults={"role": invitation.role, "granted_by": invitation.invited_by},
    )
    return granted


def withdraw_invitation(invitation: Invitation, *, by: Actor) -> None:
    """The link stops working (an accepted invitation stays as it was)."""
    with transaction.atomic():
        withdrawn = Invitation.objects.filter(
            pk=invitation.pk, accepted_at=None, withdrawn_at=None
        ).update(withdrawn_at=timezone.now())
        if withdrawn:
            log(invitation.club, by, ClubCode.INVITATION_WITHDRAWN, email=invitation.email)
    logger.info("invitation %s withdrawn by %s", invitation.pk, by.label)


def _rank(role: str) -> int:
    return [ClubRoleKind.SCORER, ClubRoleKind.ORGANISER, ClubRoleKind.ADMIN].index(
        ClubRoleKind(role)
    )
