"""What seating needs from apps above it: the meetings of a tournament's earlier evenings, and
who plays for which team.

An evening of a season is seated preferring opponents who have not met at the season's earlier
evenings (``engine.SeatingRequest.history``). Seasons are ``seasons``' and it sits above
``seating`` in the map, so it plugs its function in when Django starts (``seasons.apps``), as
``results`` does for the standings (``tournaments.ports``). Without it, or for a tournament of no
season, there is no history. Likewise ``teams`` says which team each entry plays for
(``engine.Player.team``; ``teams.apps``); without it no one plays for a team. And ``leagues``
and ``cups`` say whether a tournament is a match of teams against teams (a league's match day,
a cup's round), which their teams then sit as by default (``TeamSeating.AGAINST``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.models import Tournament

# Per pair of the tournament's entry ids, the weight of their earlier meetings (see
# ``seating.engine.history_weights``); empty for a tournament of no season.
EarlierMeetings = Callable[["Tournament"], Mapping[frozenset[int], float]]

_earlier_meetings: EarlierMeetings | None = None


def provide_earlier_meetings(function: EarlierMeetings) -> None:
    global _earlier_meetings  # set once, at start-up
    _earlier_meetings = function


def earlier_meetings(tournament: Tournament) -> Mapping[frozenset[int], float]:
    if _earlier_meetings is None:
        return {}
    return _earlier_meetings(tournament)


# Per entry id of the tournament, the id of the team it plays for (entries of no team left out).
TeamsOf = Callable[["Tournament"], Mapping[int, int]]

_teams_of: TeamsOf | None = None


def provide_teams_of(function: TeamsOf) -> None:
    global _teams_of  # set once, at start-up
    _teams_of = function


def teams_of(tournament: Tournament) -> Mapping[int, int]:
    if _teams_of is None:
        return {}
    return _teams_of(tournament)


# Whether the tournament is a match of teams against teams (a league's match day, a cup's round).
MatchCheck = Callable[["Tournament"], bool]

_match_checks: list[MatchCheck] = []


def provide_match_check(function: MatchCheck) -> None:
    if function not in _match_checks:  # set at start-up, by each app that holds matches
        _match_checks.append(function)


def is_team_match(tournament: Tournament) -> bool:
    return any(check(tournament) for check in _match_checks)
