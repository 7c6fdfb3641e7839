"""The competitions app's log codes, worded here (``karlchen.log``): a team's squad, the same
for a league and a team cup."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class CompetitionCode(LogCode):
    SQUAD_MEMBER_ADDED = (
        "squad_member_added",
        _("added %(player)s to the squad of “%(team)s” (%(role)s)"),
    )
    SQUAD_MEMBER_CHANGED = (
        "squad_member_changed",
        _("made %(player)s of “%(team)s” a %(role)s"),
    )
    SQUAD_MEMBER_REMOVED = (
        "squad_member_removed",
        _("took %(player)s out of the squad of “%(team)s”"),
    )

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """A squad role in the reader's language."""
        role = details.get("role")
        if role in ROLES:
            return {**details, "role": ROLES[role]}
        return details


ROLES = {"regular": _("regular"), "substitute": _("substitute")}
