"""What seating needs from apps above it: the meetings of a tournament's earlier evenings, and
who plays for which team: the ports of ``seating`` (``karlchen.ports``).

An evening of a season is seated preferring opponents who have not met at the season's earlier
evenings (``engine.SeatingRequest.history``). Seasons are ``seasons``' and it sits above
``seating`` in the map, so it provides its function when Django starts (``seasons.apps``), as
``results`` does for the standings (``tournaments.ports``). Without it, or for a tournament of no
season, there is no history. Likewise ``teams`` says which team each entry plays for
(``engine.Player.team``; ``teams.apps``); without it no one plays for a team. And ``leagues``
and ``cups`` say whether a tournament is a match of teams against teams (a league's match day,
a cup's round), which their teams then sit as by default (``TeamSeating.AGAINST``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from karlchen.ports import Many, One, declare

if TYPE_CHECKING:
    from tournaments.models import Tournament

# Per pair of the tournament's entry ids, the weight of their earlier meetings (see
# ``seating.engine.history_weights``); empty for a tournament of no season.
EarlierMeetings = Callable[["Tournament"], Mapping[frozenset[int], float]]


def _no_history(_tournament: Tournament) -> Mapping[frozenset[int], float]:
    return {}


EARLIER_MEETINGS: One[EarlierMeetings] = declare(
    One("seating.earlier_meetings", provided_by="seasons", default=_no_history)
)

# Per entry id of the tournament, the id of the team it plays for (entries of no team left out).
TeamsOf = Callable[["Tournament"], Mapping[int, int]]


def _no_teams(_tournament: Tournament) -> Mapping[int, int]:
    return {}


TEAMS_OF: One[TeamsOf] = declare(One("seating.teams_of", provided_by="teams", default=_no_teams))

# Whether the tournament is a match of teams against teams (a league's match day, a cup's round):
# each app that holds matches provides its check.
MatchCheck = Callable[["Tournament"], bool]

MATCH_CHECKS: Many[MatchCheck] = declare(
    Many("seating.match_checks", provided_by=("leagues", "cups"))
)


def is_team_match(tournament: Tournament) -> bool:
    return any(check(tournament) for check in MATCH_CHECKS.all())
