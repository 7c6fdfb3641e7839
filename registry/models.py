"""The registry's log: what was done to a person of the registry (the player itself is
``tournaments.Player``, which every tournament's entries point to)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import LogEntry


class RegistryAction(LogEntry):
    """Who changed, merged, exported or erased a person of the registry, and when.
    ``player_id`` is a number, not a link: the log outlives a player merged away. Its details
    are ids and field names, never the person's data: erasing needs no rewrite of the log."""

    player_id = models.PositiveIntegerField(_("player"), db_index=True)

    class Meta(LogEntry.Meta):
        verbose_name = _("registry action")
        verbose_name_plural = _("registry actions")

    def __str__(self) -> str:
        return f"{super().__str__()} #{self.player_id}"
