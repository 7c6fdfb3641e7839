"""The rating across every tournament (docs/STATISTICS.md, "The rating"): each player's last
computed rating, and what it was computed from. Derived, never a second truth:
``stats.domain.rating.refresh_rating`` computes every row again from the closed series' deals."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerRating(models.Model):
    """One player's rating after every deal that counts (``mu``: the strength believed,
    ``sigma``: its uncertainty; shown as ``mu - 3 sigma``)."""

    # The player's id, not a relation: the rows are derived, and a merge (which moves every
    # relation to the kept player) or an erasure is followed by the next run's replay instead.
    player_id = models.BigIntegerField(_("player"), primary_key=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    deals = models.PositiveIntegerField(_("deals rated"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.mu:.2f} ± {self.sigma:.2f}"

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


class RatingRun(models.Model):
    """The one row saying what the ratings were last computed from: a fingerprint of every
    deal's points that counted, so that a run over unchanged input changes nothing."""

    fingerprint = models.CharField(max_length=200)
    deals = models.PositiveIntegerField()  # deals counted
    # The last deal rated, by the order they were played in (stats.domain.rating.ORDER): a
    # later run rates on from it where only later deals came.
    last_deal = models.JSONField(null=True, blank=True)
    computed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("rating run")
        verbose_name_plural = _("rating runs")

    def __str__(self) -> str:
        return f"{self.deals} deals @ {self.computed_at:%Y-%m-%d %H:%M}"
