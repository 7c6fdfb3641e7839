"""The competitions app's log codes, worded here (``karlchen.log``): a team's squad and a
fixture's line-ups, the same for a league and a team cup (a match day's entries keep the codes
they were written with when the league wrote them)."""

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

    LEAGUE_DAY_PREPARED = (
        "league_day_prepared",
        _(
            "prepared match day %(number)s (“%(name)s”) from the squads (%(teams)s teams, "
            "%(players)s players)"
        ),
    )
    CUP_MATCH_PREPARED = (
        "cup_match_prepared",
        _("prepared “%(name)s” from the squads (%(teams)s teams, %(players)s players)"),
    )
    LEAGUE_PLAYER_SWAPPED = (
        "league_player_swapped",
        _(
            "swapped %(replacement)s in for %(out)s in “%(team)s” on match day %(number)s "
            "(“%(name)s”)"
        ),
    )
    CUP_PLAYER_SWAPPED = (
        "cup_player_swapped",
        _("swapped %(replacement)s in for %(out)s in “%(team)s” at “%(name)s”"),
    )

    @classmethod
    def worded(cls, details: dict[str, Any]) -> dict[str, Any]:
        """A squad role in the reader's language."""
        role = details.get("role")
        if role in ROLES:
            return {**details, "role": ROLES[role]}
        return details


ROLES = {"regular": _("regular"), "substitute": _("substitute")}
