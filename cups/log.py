"""The cups app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class CupCode(LogCode):
    CUP_CREATED = (
        "cup_created",
        _("made the team cup “%(name)s” (%(groups)s groups, %(teams)s teams)"),
    )
    CUP_MATCH_STARTED = "cup_match_started", _("started “%(name)s” for the cup (%(teams)s)")
    CUP_MATCH_FINAL = "cup_match_final", _("marked the results of “%(name)s” final")
    CUP_MATCH_REOPENED = (
        "cup_match_reopened",
        _("took back the final mark of “%(name)s”: provisional again"),
    )
    CUP_GROUP_PLACED = (
        "cup_group_placed",
        _("placed group %(group)s where its qualifying line was tied"),
    )
    CUP_GROUP_UNPLACED = "cup_group_unplaced", _("took back the placing of group %(group)s")
    CUP_DRAWN = "cup_drawn", _("drew the knock-out (%(teams)s teams)")
    CUP_ARCHIVE_IMPORTED = (
        "cup_archive_imported",
        _("imported the team cup from an archive (%(matches)s tournaments)"),
    )
