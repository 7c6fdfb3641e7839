"""What the set-up and seating need from the results, which come later in the map.

The standings are computed by ``results``; freezing them for spectators (a tournament's setting)
and seating a series by the standings need them earlier. ``results`` plugs its functions in here
when Django starts (``results.apps``), so no app imports a later one (docs/DESIGN.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.models import Tournament


@dataclass(frozen=True)
class StandingsPort:
    # The public standings as spectators see them now, overall and per series (to freeze).
    public_snapshot: Callable[[Tournament], dict]
    # Entry ids of the players still in, best first (to seat a series by the standings).
    ranking_order: Callable[[Tournament], tuple[int, ...]]


_standings: StandingsPort | None = None


def provide_standings(port: StandingsPort) -> None:
    global _standings  # set once, at start-up
    _standings = port


def standings() -> StandingsPort:
    if _standings is None:
        raise RuntimeError("The results app is not installed: no standings to freeze or seat by.")
    return _standings
