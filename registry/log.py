"""The registry app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class RegistryCode(LogCode):
    PLAYER_MERGED = "player_merged", _("merged the player %(name)s into %(into)s")
    PLAYER_ERASED = "player_erased", _("erased a person's data on request (now “%(name)s”)")
    MERGED_IN = "merged_in", _("merged player no. %(other)s into this one")
    MERGED_INTO = "merged_into", _("merged this player into player no. %(kept)s")
    PLAYER_EXPORTED = "player_exported", _("exported the person's data")
