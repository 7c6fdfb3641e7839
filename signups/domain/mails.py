"""The e-mails about a sign-up: written in the sign-up's transaction, sent after the commit.

An outbox: ``queue_mail`` stores a ``Mail`` row and hands its id to the Celery task once the
transaction commits (through ``karlchen.outbox``, so a job queue that is down keeps the task
waiting until it is back); ``send_mail`` sends a row that is not sent yet, exactly once (the
row is locked while it is sent and marked sent in the same transaction). A mail server that
fails leaves the row unsent with its error: the sign-up itself is committed already, the task
tries again, and the desk can send what is left (``send_unsent``).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from karlchen import outbox
from signups.domain.checkin_code import checkin_qr_png
from signups.enums import MailKind
from signups.models import Mail, SignUp

logger = logging.getLogger(__name__)
OUTBOX_PREFIX = "mail"  # the outbox's key of a mail's task: "mail:<id>"
# The mails that say a player is entered carry the GiroCode of the fee (if the organisers
# take transfers): paying ahead makes sense once the place is sure.
GIROCODE_KINDS = (MailKind.ACCEPTED, MailKind.MOVED_UP)
MAX_ATTEMPTS = 10  # sends of one mail the sweep tries; the desk's button has no limit
# They carry the check-in code for the door too.
CHECKIN_CODE_KINDS = GIROCODE_KINDS


def queue_mail(signup: SignUp, kind: MailKind, *, base_url: str = "") -> Mail | None:
    """Note the mail ``kind`` for ``signup`` and send it after the commit (none without an
    address: an entry the organisers added without one)."""
    if not signup.email:
        return None
    base = base_url or _last_base_url(signup)
    mail = Mail.objects.create(signup=signup, kind=kind, base_url=base)
    start_sending(mail.pk)
    return mail


def _last_base_url(signup: SignUp) -> str:
    """The address the player signed up on, for the links of later mails (if no SITE_URL)."""
    earlier = signup.mails.exclude(base_url="").order_by("-pk").first()
    return earlier.base_url if earlier is not None else ""


def start_sending(mail_id: int) -> None:
    """Hand the mail to the task queue after the commit (through the outbox: if the queue
    cannot take it now, its task waits there and is sent when the queue is back)."""
    from signups.tasks import send_mail_task  # noqa: PLC0415 -- tasks import the domain

    outbox.send_after_commit(send_mail_task, key=f"{OUTBOX_PREFIX}:{mail_id}", mail_id=mail_id)


def send_mail(mail_id: int) -> bool:
    """Send the mail ``mail_id`` unless it is sent already (or gone); True when it is sent.
    A failure is noted on the row (``attempts``, ``error``) and answered False."""
    with transaction.atomic():
        mail = Mail.objects.select_for_update().filter(pk=mail_id).first()
        if mail is None or mail.sent_at is not None:
            return mail is not None
        signup = SignUp.objects.select_related("tournament").get(pk=mail.signup_id)
        mail.attempts += 1
        try:
            message(mail, signup).send()
        except Exception as error:  # SMTP errors, refused connections, timeouts, bad hosts
            mail.error = f"{type(error).__name__}: {error}"[:1000]
            mail.save(update_fields=["attempts", "error"])
            logger.warning("e-mail %s failed (attempt %s): %s", mail.pk, mail.attempts, error)
            return False
        mail.sent_at, mail.error = timezone.now(), ""
        mail.save(update_fields=["attempts", "error", "sent_at"])
    return True


def send_unsent(tournament_id: int | None = None) -> int:
    """Queue the unsent mails again (of one tournament's sign-ups, or all that have not used
    up their ``MAX_ATTEMPTS``: the periodic sweep); how many."""
    unsent = Mail.objects.filter(sent_at__isnull=True)
    unsent = unsent.exclude(pk__in=outbox.waiting_ids(OUTBOX_PREFIX))  # their task waits already
    if tournament_id is None:
        unsent = unsent.filter(attempts__lt=MAX_ATTEMPTS)
    else:
        unsent = unsent.filter(signup__tournament_id=tournament_id)
    ids = list(unsent.values_list("pk", flat=True))
    for mail_id in ids:
        start_sending(mail_id)
    return len(ids)


def link(mail: Mail, name: str, token: str) -> str:
    """An absolute link for the mail: SITE_URL if set, else the address signed up on."""
    base = (settings.SITE_URL or mail.base_url or "http://localhost:8000").rstrip("/")
    return base + reverse(name, args=[token])


def message(mail: Mail, signup: SignUp) -> EmailMessage:
    """The mail in the player's language: its first line the subject (``signups/mail.txt``)."""
    context = {
        "signup": signup,
        "tournament": signup.tournament,
        "kind": mail.kind,
        "confirm_url": link(mail, "signup-confirm", signup.token),
        "cancel_url": link(mail, "signup-cancel", signup.token),
        "page_url": link(mail, "announcement", str(signup.tournament_id)),
    }
    with translation.override(signup.language or settings.LANGUAGE_CODE):
        text = render_to_string("signups/mail.txt", context).strip()
    subject, _, body = text.partition("\n")
    email = EmailMessage(subject.strip(), body.strip() + "\n", to=[signup.email])
    # the fees import the places, which queue mails: imported when a mail is written
    from signups.domain.transfers import girocode  # noqa: PLC0415

    code = girocode(signup) if mail.kind in GIROCODE_KINDS else None
    if code is not None:  # the text above says it too, for those who type it
        email.attach("girocode.png", code.png(), "image/png")
    if mail.kind in CHECKIN_CODE_KINDS:
        email.attach("check-in-code.png", checkin_qr_png(signup), "image/png")
    return email
