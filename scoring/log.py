"""The scoring app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class ScoringCode(LogCode):
    TIME_CALLED = "time_called", _("called time in series %(series)s")
    SERIES_CLOSED = "series_closed", _("closed series %(series)s")
    SERIES_FORCE_CLOSED = (
        "series_force_closed",
        _("closed series %(series)s although tables %(tables)s had deals left"),
    )
    PENALTY_ADDED = (
        "penalty_added",
        _("added a penalty row at table %(table)s of series %(series)s: %(reason)s"),
    )
    PENALTY_REMOVED = (
        "penalty_removed",
        _("removed the penalty row at table %(table)s of series %(series)s: %(reason)s"),
    )
    DEAL_CORRECTED = (
        "deal_corrected",
        _("corrected deal %(deal)s at table %(table)s of series %(series)s: %(reason)s"),
    )
    DEAL_RECORDED = (
        "deal_recorded",
        _("entered deal %(deal)s at table %(table)s of series %(series)s"),
    )
    DEAL_VOIDED = (
        "deal_voided",
        _("voided deal %(deal)s at table %(table)s of series %(series)s: %(reason)s"),
    )
