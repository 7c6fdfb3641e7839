"""The shape every log of Karlchen shares: who did what, and when (an abstract model).

The tournaments', the seasons', the clubs' and the registry's logs are this with what they are
about added. It sits at the bottom of the map so that the lowest app with a log (``clubs``) can
use it as well as the highest."""

from typing import TYPE_CHECKING, Self

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from karlchen.actors import Actor


class LogEntry(models.Model):
    """One entry of a log (never edited): who did what, and when. The tournaments', the
    seasons', the clubs' and the registry's logs are this with what they are about added; each
    domain operation writes its entry inside its own transaction (``write``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    # Kept beside the user so the log still names them after the account is gone.
    user_label = models.CharField(_("user"), max_length=150)
    # A code and its details, worded when shown: the log reads in each reader's language.
    action = models.CharField(_("action"), max_length=40)
    details = models.JSONField(_("details"), default=dict, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user_label}: {self.action}"

    @classmethod
    def write(cls, by: "Actor", action: str, details: dict[str, object], **about: object) -> "Self":
        """Note that ``by`` did ``action`` (a code worded by ``desk.texts``) with ``details``;
        ``about`` names what the log is about (its tournament, season, club or player)."""
        return cls._default_manager.create(
            user=by.user, user_label=by.label[:150], action=action, details=details, **about
        )
