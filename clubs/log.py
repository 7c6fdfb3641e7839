"""The clubs app's log codes, worded here (``karlchen.log``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.enums import ClubRoleKind
from karlchen.log import LogCode


class ClubCode(LogCode):
    CLUB_CREATED = "club_created", _("created the club “%(name)s”")
    ROLE_GIVEN = "role_given", _("made %(username)s %(role)s")
    ROLE_TAKEN = "role_taken", _("took the role of %(username)s in the club")
    INVITATION_SENT = "invitation_sent", _("invited %(email)s as %(role)s")
    INVITATION_ACCEPTED = (
        "invitation_accepted",
        _("accepted the invitation to %(email)s as %(role)s"),
    )
    INVITATION_WITHDRAWN = "invitation_withdrawn", _("withdrew the invitation to %(email)s")

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """A role in the reader's language."""
        if details.get("role") in ClubRoleKind.values:
            details["role"] = ClubRoleKind(details["role"]).label
        return details
