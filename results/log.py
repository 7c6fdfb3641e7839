"""The results app's log codes, worded here (``karlchen.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class ResultsCode(LogCode):
    EXPORTED = "exported", _("exported the %(format)s")
    ARCHIVE_IMPORTED = "archive_imported", _("imported the tournament from an archive")
