"""Who sits where: a series' tables, their seats, and each table's captain link.

Slim models; writes go through ``seating.domain``. The tables keep the names they had when they
were part of ``tournaments`` (``db_table``), so databases of earlier versions migrate with
nothing copied.
"""

import hashlib
import hmac

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Series


class Table(models.Model):
    series = models.ForeignKey(
        Series, verbose_name=_("series"), on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    # The captain's secret is derived from SECRET_KEY and this nonce (so organisers can always
    # show or print the link); only its hash is stored, and a new nonce revokes the old link.
    token_nonce = models.CharField(max_length=32)
    token_hash = models.CharField(max_length=64, unique=True)
    # Deals played before the organiser called time (TSR 8.5); None while time runs.
    time_up_after = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_table"
        ordering = ["series_id", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @staticmethod
    def hash_token(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    def captain_token(self) -> str:
        """The secret of this table's captain link (recomputable, never stored)."""
        message = f"captain:{self.series_id}:{self.number}:{self.token_nonce}".encode()
        return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()[:32]

    @staticmethod
    def captain_path_for(token: str) -> str:
        """The captain link (a path) that signs a phone in with ``token``."""
        return reverse("captain-sign-in", kwargs={"token": token})

    def captain_path(self) -> str:
        return self.captain_path_for(self.captain_token())


class Seat(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    entry = models.ForeignKey(Entry, verbose_name=_("player"), on_delete=models.PROTECT)

    class Meta:
        db_table = "tournaments_seat"
        ordering = ["table_id", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["series", "entry"], name="seat_once_per_series"),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=5), name="seat_position_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.entry}"
