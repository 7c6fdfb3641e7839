"""The printing app's log codes, worded here (``karlchen.log``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode
from printing.enums import DocumentKind


class PrintingCode(LogCode):
    DOCUMENTS_STARTED = "documents_started", _("printed: %(kind)s")

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """What was printed, as far as the entry tells (older entries hold words already)."""
        if details.get("kind") in DocumentKind.values:
            details["kind"] = _document_words(details)
        return details


def _document_words(details: dict[str, Any]) -> str:
    """ "Score sheets, series 2, filled": what was printed, as far as the entry tells."""
    words = [str(DocumentKind(details["kind"]).label)]
    if details.get("series") is not None:
        words.append(str(_("series %(series)s") % {"series": details["series"]}))
    if "filled" in details:
        words.append(str(_("filled") if details["filled"] else _("blank")))
    if details.get("top") is not None:
        words.append(str(_("places 1–%(top)s") % {"top": details["top"]}))
    return ", ".join(words)
