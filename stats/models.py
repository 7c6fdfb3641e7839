"""Each tournament's figures as the public may see them, stored with the fingerprint of what
they were counted from (``stats.domain.stored``), so that a read over many tournaments counts
again only those whose deals or visibility changed since."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class TournamentFigures(models.Model):
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
