"""The leagues app's log codes, worded here (``karlchen.log``); a match day prepared from the
squads and a player swapped in are worded with the squads (``competitions.log``)."""

from django.utils.translation import gettext_lazy as _

from karlchen.log import LogCode


class LeagueCode(LogCode):
    LEAGUE_CREATED = (
        "league_created",
        _("made the season a league (%(divisions)s divisions, %(teams)s teams)"),
    )
    LEAGUE_DIVISION_CHANGED = (
        "league_division_changed",
        _(
            "changed the division “%(division)s” (teams: %(added)s added, %(removed)s removed, "
            "%(renamed)s renamed)"
        ),
    )
    LEAGUE_MATCH_DAY_ADDED = (
        "league_match_day_added",
        _(
            "made “%(name)s” match day %(number)s of “%(season)s” (%(groups)s groups, "
            "%(teams)s teams)"
        ),
    )
    LEAGUE_LINEUP_SET = (
        "league_lineup_set",
        _("set the line-up of “%(team)s” on match day %(number)s (“%(name)s”)"),
    )
    LEAGUE_DAY_FINAL = (
        "league_day_final",
        _("marked the results of match day %(number)s (“%(name)s”) final"),
    )
    LEAGUE_DAY_REOPENED = (
        "league_day_reopened",
        _("took back the final mark of match day %(number)s (“%(name)s”): provisional again"),
    )
