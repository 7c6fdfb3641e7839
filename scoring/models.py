"""Deals and their history, and the penalty rows: every recorded result is kept, a correction is
a new revision.

``Deal`` is one row per (table, deal number) and points at its current revision; standings sum
the ``RevisionPoints`` of current revisions only. Writes go through ``scoring.domain``.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.enums import DEAL_KIND_CHOICES, AdjustmentKind


class Deal(models.Model):
    table = models.ForeignKey(
        "seating.Table", verbose_name=_("table"), on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveSmallIntegerField(_("deal number"))
    kind = models.CharField(_("kind"), max_length=20, choices=DEAL_KIND_CHOICES)
    dealer = models.PositiveSmallIntegerField(_("dealer position"))
    sitting_out = models.PositiveSmallIntegerField(_("sitting out"), null=True, blank=True)
    # Typed as never None when read: a deal and its first revision are written in one
    # transaction (scoring.domain.deals, the archive); only deleting a tournament clears it.
    # The plugin refuses a non-optional get type on a nullable field: hence the ignore.
    current: "models.OneToOneField[DealRevision | None, DealRevision]" = models.OneToOneField(  # type: ignore[misc]
        "DealRevision",
        verbose_name=_("current revision"),
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
    )
    version = models.PositiveIntegerField(_("version"), default=1)
    voided = models.BooleanField(_("voided"), default=False)

    class Meta:
        ordering = ["table_id", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Deal %(number)s") % {"number": self.number}


class DealRevision(models.Model):
    """One version of a deal's result: what was entered, what it scored, who, when and why."""

    stored_points: "list[RevisionPoints]"  # set by scoring.domain.deals when it stores them

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField(_("version"))
    input = models.JSONField(_("entered result"))
    result = models.JSONField(_("computed result"), help_text=_("winner, value, lines, points"))
    voided = models.BooleanField(_("voided"), default=False)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    author_label = models.CharField(_("entered by"), max_length=100)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Where the tournament wants it, a player of the other party confirms this very revision.
    confirmed_by = models.ForeignKey(
        "tournaments.Entry",
        verbose_name=_("confirmed by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)

    class Meta:
        ordering = ["deal_id", "version"]
        verbose_name = _("deal revision")
        verbose_name_plural = _("deal revisions")
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="revision_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}"


class IdempotencyKey(models.Model):
    """A client's key for one write on one table: a retry returns what the first one stored.

    ``fingerprint`` is a hash of the request, so a key reused for another request is refused.
    """

    table = models.ForeignKey("seating.Table", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=100)
    fingerprint = models.CharField(max_length=64)
    revision = models.ForeignKey(DealRevision, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="idempotency_key_unique")
        ]

    def __str__(self) -> str:
        return self.key


class RevisionPoints(models.Model):
    """The points of one player in one revision; the standings sum those of current revisions."""

    revision = models.ForeignKey(DealRevision, on_delete=models.CASCADE, related_name="points")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()
    points = models.IntegerField()

    class Meta:
        verbose_name = _("points of a revision")
        verbose_name_plural = _("points of revisions")
        constraints = [
            models.UniqueConstraint(fields=["revision", "entry"], name="revision_points_once")
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.points:+d}"


class Adjustment(models.Model):
    """A penalty or correction row (TSR 9), counted in the standings of its series."""

    series = models.ForeignKey(
        "tournaments.Series",
        verbose_name=_("series"),
        on_delete=models.CASCADE,
        related_name="adjustments",
    )
    table = models.ForeignKey(
        "seating.Table", verbose_name=_("table"), on_delete=models.SET_NULL, null=True, blank=True
    )
    kind = models.CharField(_("kind"), max_length=20, choices=AdjustmentKind.choices)
    reason = models.TextField(_("reason"))
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_adjustment"
        ordering = ["series_id", "created_at"]
        verbose_name = _("penalty row")
        verbose_name_plural = _("penalty rows")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.reason[:40]}"


class AdjustmentLine(models.Model):
    adjustment = models.ForeignKey(Adjustment, on_delete=models.CASCADE, related_name="lines")
    entry = models.ForeignKey(
        "tournaments.Entry", verbose_name=_("player"), on_delete=models.PROTECT
    )
    points = models.IntegerField(_("points"))

    class Meta:
        db_table = "tournaments_adjustmentline"
        verbose_name = _("penalty line")
        verbose_name_plural = _("penalty lines")
        constraints = [
            models.UniqueConstraint(fields=["adjustment", "entry"], name="adjustment_line_once")
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.points:+d}"


class SeriesTotal(models.Model):
    """One player's points and deals at one table (so in one series): the sums of the current
    revisions' ``RevisionPoints`` there, kept in the transaction of every write that changes
    them (``scoring.domain.totals``), so that standings over many evenings read a few rows per
    player instead of every deal. ``confirmed_…``: the same over the confirmed revisions only.

    Derived, never a second truth: ``refresh_totals`` computes the rows of a table again from
    its deals, and a test checks after random writes that they equal a full scan.
    """

    table = models.ForeignKey("seating.Table", on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    points = models.IntegerField()
    deals = models.PositiveIntegerField()
    confirmed_points = models.IntegerField()
    confirmed_deals = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("series total")
        verbose_name_plural = _("series totals")
        constraints = [
            models.UniqueConstraint(fields=["table", "entry"], name="series_total_once"),
            # a row exists only where the player scored a deal; confirmed ones are among them
            models.CheckConstraint(
                condition=Q(deals__gte=1, confirmed_deals__lte=models.F("deals")),
                name="series_total_deals",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} @ {self.table_id}: {self.points:+d}"
