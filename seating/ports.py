"""What seating needs from an app above it: the meetings of a tournament's earlier evenings.

An evening of a season is seated preferring opponents who have not met at the season's earlier
evenings (``engine.SeatingRequest.history``). Seasons are ``seasons``' and it sits above
``seating`` in the map, so it plugs its function in when Django starts (``seasons.apps``), as
``results`` does for the standings (``tournaments.ports``). Without it, or for a tournament of no
season, there is no history.
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
