"""The seating app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class SeatingCode(LogCode):
    SEATING_STARTED = (
        "seating_started",
        _("drew the seating of series %(series)s (%(method)s, seed %(seed)s)"),
    )
    CAPTAIN_LINK_REISSUED = (
        "captain_link_reissued",
        _("issued a new captain link for table %(table)s of series %(series)s"),
    )
