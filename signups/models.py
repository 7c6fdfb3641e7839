"""Open tournaments: the announcement with its sign-up settings, the sign-ups (with the waiting
list), the e-mails sent about them, the entry fees at the door and the payout table.

Slim models: what is stored and what the database guarantees. Writes go through
``signups.domain``; the payout arithmetic is ``signups.engine.payout``.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from signups import enums
from signups.engine.payout import PayoutMode
from tournaments.models import Entry, Tournament


def new_token() -> str:
    """The secret of a sign-up's links (confirm, cancel): 256 random bits."""
    return secrets.token_urlsafe(32)


class Announcement(models.Model):
    """A tournament open to sign-up: what the public page shows and how sign-up works."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="announcement"
    )
    published = models.BooleanField(
        _("announced"), default=False, help_text=_("The public page and its form are online.")
    )
    cap = models.PositiveIntegerField(
        _("places"), null=True, blank=True, help_text=_("Empty: no limit.")
    )
    deadline = models.DateTimeField(_("sign-up deadline"), null=True, blank=True)
    approval = models.CharField(
        _("entry by"),
        max_length=20,
        choices=enums.Approval.choices,
        default=enums.Approval.AUTOMATIC,
    )
    venue = models.TextField(_("venue and address"), blank=True)
    details = models.TextField(_("rules and schedule"), blank=True)
    contact = models.CharField(_("organiser contact"), max_length=200, blank=True)
    fee = models.PositiveIntegerField(_("entry fee (cents)"), default=0)
    # {"category": cents}: the categories a player may sign up in and their fee (the standard
    # fee above is the one without a category).
    category_fees = models.JSONField(_("fees by category"), default=dict, blank=True)
    payout_mode = models.CharField(
        _("prizes as"),
        max_length=10,
        choices=[(PayoutMode.PERCENT, _("percent")), (PayoutMode.FIXED, _("euros"))],
        default=PayoutMode.PERCENT,
    )
    payout_shares = models.JSONField(_("prizes by place"), default=list, blank=True)
    payout_costs = models.PositiveIntegerField(_("costs kept (cents)"), default=0)
    # {"category": [euros by place]}: side prizes of a category's ranking, paid before the table
    # above from the pot (signups.engine.payout.side_payouts).
    category_prizes = models.JSONField(_("side prizes by category"), default=dict, blank=True)
    tie_share = models.CharField(
        _("ties"), max_length=10, choices=enums.TieShare.choices, default=enums.TieShare.POINTS
    )
    # Payment ahead: the club's account the GiroCode and the mails name (checked by
    # signups.engine.iban, stored compact).
    transfer_allowed = models.BooleanField(_("payment ahead by transfer"), default=False)
    account_holder = models.CharField(_("account holder"), max_length=70, blank=True)
    iban = models.CharField(_("IBAN"), max_length=34, blank=True)
    bic = models.CharField(_("BIC"), max_length=11, blank=True)

    class Meta:
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")

    def __str__(self) -> str:
        return str(self.tournament)

    def fee_of(self, category: str) -> int:
        """The entry fee in cents of ``category`` ("" for the standard fee)."""
        return int(self.category_fees.get(category, self.fee)) if category else self.fee


class SignUp(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="signups", verbose_name=_("tournament")
    )
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    member_number = models.CharField(_("federation member number"), max_length=30, blank=True)
    # Empty only for an entry the organisers added at the desk without an address.
    email = models.EmailField(_("e-mail"), max_length=254, blank=True)
    category = models.CharField(_("category"), max_length=60, blank=True)
    status = models.CharField(
        _("status"),
        max_length=20,
        choices=enums.SignUpStatus.choices,
        default=enums.SignUpStatus.UNCONFIRMED,
    )
    language = models.CharField(_("language"), max_length=10, blank=True)  # of the e-mails
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    entry = models.OneToOneField(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="signup",
        verbose_name=_("entry"),
    )
    created_at = models.DateTimeField(_("signed up"), auto_now_add=True)
    # The waiting list's order: when the sign-up was confirmed (or put on the list).
    queued_at = models.DateTimeField(_("in line since"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("cancelled"), null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "queued_at", "pk"]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        constraints = [
            # A second sign-up of one address or member number is a double (the domain says
            # so first; these catch two at the same moment).
            models.UniqueConstraint(
                Lower("email"),
                "tournament",
                condition=Q(status__in=enums.ACTIVE) & ~Q(email=""),
                name="signup_email_once",
            ),
            models.UniqueConstraint(
                "member_number",
                "tournament",
                condition=Q(status__in=enums.ACTIVE) & ~Q(member_number=""),
                name="signup_member_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"


class Mail(models.Model):
    """An e-mail about a sign-up, written in the sign-up's transaction and sent after it (an
    outbox): a failing mail server never loses a sign-up, and a mail is sent once."""

    signup = models.ForeignKey(SignUp, on_delete=models.CASCADE, related_name="mails")
    kind = models.CharField(max_length=20, choices=enums.MailKind.choices)
    base_url = models.CharField(max_length=300, blank=True)  # for the links, if no SITE_URL
    language = models.CharField(max_length=10, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("e-mail")
        verbose_name_plural = _("e-mails")

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}: {'sent' if self.sent_at else 'not sent'}"


class EntryCategory(models.Model):
    """An entry's category (women, seniors, youth, guests, …: those the announcement offers):
    taken from the sign-up when it is entered, or chosen by the organisers at the desk. Its
    side ranking, its fee and its certificates follow it."""

    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, primary_key=True, related_name="entry_category"
    )
    category = models.CharField(_("category"), max_length=60)

    class Meta:
        verbose_name = _("category of an entry")
        verbose_name_plural = _("categories of entries")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.category}"


class Fee(models.Model):
    """An entry's fee at the door: paid, not paid or waived, and how much."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="fee")
    status = models.CharField(
        _("fee"), max_length=10, choices=enums.FeeStatus.choices, default=enums.FeeStatus.OPEN
    )
    amount = models.PositiveIntegerField(_("paid (cents)"), default=0)
    method = models.CharField(
        _("paid by"), max_length=10, choices=enums.FeeMethod.choices, blank=True
    )
    category = models.CharField(_("category"), max_length=60, blank=True)
    at = models.DateTimeField(_("when"), auto_now=True)

    class Meta:
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")
        constraints = [
            models.CheckConstraint(
                condition=Q(status="paid") | Q(amount=0), name="fee_amount_only_when_paid"
            ),
            models.CheckConstraint(
                condition=Q(status="paid", method__in=enums.FeeMethod.values)
                | (~Q(status="paid") & Q(method="")),
                name="fee_method_when_paid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.status} {self.amount}"


class BankTransfer(models.Model):
    """A booking of the club's bank statement recorded as an entry's fee paid ahead: kept so
    that the same booking, imported again with an overlapping statement, is known and never
    recorded twice (the database's constraint holds against two imports at once)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="bank_transfers"
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, related_name="bank_transfers"
    )
    fingerprint = models.CharField(max_length=64)  # signups.engine.statements.Line.fingerprint
    booked = models.DateField(_("booked"), null=True)
    amount = models.PositiveIntegerField(_("amount (cents)"))
    payer = models.CharField(_("payer"), max_length=200, blank=True)
    text = models.CharField(_("remittance"), max_length=500, blank=True)
    recorded_at = models.DateTimeField(_("recorded"), auto_now_add=True)

    class Meta:
        ordering = ["recorded_at", "pk"]
        verbose_name = _("bank transfer")
        verbose_name_plural = _("bank transfers")
        constraints = [
            models.UniqueConstraint("tournament", "fingerprint", name="bank_transfer_recorded_once")
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.amount} ({self.booked})"
