"""The people app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class PeopleCode(LogCode):
    PLAYER_CHANGED = "player_changed", _("corrected the player (%(fields)s)")
    CONSENT_RECORDED = "consent_recorded", _("recorded the consent to a public profile")
    MEMBERSHIP_SET = "membership_set", _("set the member number of association no. %(association)s")
    MEMBERSHIP_REMOVED = (
        "membership_removed",
        _("removed the membership of association no. %(association)s"),
    )
