"""The statistics' stored rows, derived, never a second truth: the rating across every
tournament (docs/STATISTICS.md, "The rating"), each player's last computed rating and what it
was computed from (``stats.domain.rating.refresh_rating`` computes every row again from the
closed series' deals); and each tournament's figures with their fingerprint
(``stats.domain.stored``)."""

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


class TournamentFigures(models.Model):
    """Each tournament's figures as the public may see them, stored with the fingerprint of
    what they were counted from (``stats.domain.stored``), so that a read over many tournaments
    counts again only those whose deals or visibility changed since. Derived as well."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="+",
    )
    # What the figures were counted from: the deals' count, revisions, voids and
    # confirmations, who sat at the entries, what the public may see, the engine's version.
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    # ``stats.engine.figures.dump`` in three columns, so that a player's read over many
    # tournaments reads only the players' part of each row, never the pairs'
    players = models.JSONField(_("players"))
    pairs = models.JSONField(_("pairs"))
    totals = models.JSONField(_("totals"))
    player_ids = models.JSONField(_("players' ids"))  # who played: a season's count of players

    class Meta:
        verbose_name = _("tournament's figures")
        verbose_name_plural = _("tournaments' figures")

    def __str__(self) -> str:
        return f"{self.tournament_id}"
