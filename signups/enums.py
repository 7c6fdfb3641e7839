"""The states and choices of the open tournaments (a leaf: models and domain import it)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Approval(models.TextChoices):
    """What makes a confirmed sign-up an entry: the e-mail link alone, or the organiser too."""

    AUTOMATIC = "automatic", _("confirmed by e-mail")
    ORGANISER = "organiser", _("approved by the organisers")


class SignUpStatus(models.TextChoices):
    UNCONFIRMED = "unconfirmed", _("e-mail not confirmed yet")
    REQUESTED = "requested", _("awaits approval")
    ACCEPTED = "accepted", _("entered")
    WAITING = "waiting", _("waiting list")
    CANCELLED = "cancelled", _("cancelled")


# The states that count as signed up: a second sign-up of the same person is a double.
ACTIVE = [
    SignUpStatus.UNCONFIRMED,
    SignUpStatus.REQUESTED,
    SignUpStatus.ACCEPTED,
    SignUpStatus.WAITING,
]


class FeeStatus(models.TextChoices):
    OPEN = "open", _("not paid")
    PAID = "paid", _("paid")
    WAIVED = "waived", _("waived")


class FeeMethod(models.TextChoices):
    """How a paid fee came in: cash at the door, or a bank transfer ahead of the evening."""

    CASH = "cash", _("cash at the door")
    TRANSFER = "transfer", _("bank transfer")


class MailKind(models.TextChoices):
    CONFIRM = "confirm", _("please confirm")
    ACCEPTED = "accepted", _("entered")
    REQUESTED = "requested", _("awaits approval")
    WAITING = "waiting", _("on the waiting list")
    MOVED_UP = "moved_up", _("moved up from the waiting list")
    CANCELLED = "cancelled", _("cancelled")


class TieShare(models.TextChoices):
    """Who shares a prize: players of equal total, or only those the tie-breaks cannot part."""

    POINTS = "points", _("equal totals share the prizes")
    RANKING = "ranking", _("the tie-breaks decide; only equal ranks share")
