"""The seasons app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class SeasonCode(LogCode):
    SEASON_CREATED = "season_created", _("created the season")
    SEASON_CHANGED = "season_changed", _("changed the season's set-up")
    SEASON_EVENING_ADDED = (
        "season_evening_added",
        _("made “%(name)s” an evening of the season “%(season)s”"),
    )
    SEASON_EVENING_REMOVED = (
        "season_evening_removed",
        _("took “%(name)s” out of the season “%(season)s”"),
    )
    SEASON_EVENING_STARTED = (
        "season_evening_started",
        _("started “%(name)s” as the next evening of “%(season)s”"),
    )
    SEASON_REGULAR_NAMED = (
        "season_regular_named",
        _("named “%(name)s” a regular of “%(season)s”"),
    )
    SEASON_REGULAR_DROPPED = (
        "season_regular_dropped",
        _("no longer names “%(name)s” a regular of “%(season)s”"),
    )
    SEASON_ARCHIVE_IMPORTED = (
        "season_archive_imported",
        _("imported the season from an archive (%(evenings)s evenings)"),
    )
    SEASON_FINAL_CREATED = (
        "season_final_created",
        _("created “%(name)s” as the final of “%(season)s” with %(qualifiers)s qualifiers"),
    )
