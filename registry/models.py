"""The registry's log: what was done to a person of the registry (the player itself is
``tournaments.Player``, which every tournament's entries point to)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RegistryAction(models.Model):
    """Who changed, merged, exported or erased a person of the registry, and when (never
    edited). ``player_id`` is a number, not a link: the log outlives a player merged away."""

    player_id = models.PositiveIntegerField(_("player"), db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organiser"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    user_label = models.CharField(_("organiser"), max_length=150)
    action = models.CharField(_("action"), max_length=40)
    # Ids and field names, never the person's data: erasing needs no rewrite of the log.
    details = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("registry action")
        verbose_name_plural = _("registry actions")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user_label}: {self.action} #{self.player_id}"
