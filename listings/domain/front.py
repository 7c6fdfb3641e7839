"""The start page's reads (docs/PUBLISHING.md): what a player or a spectator looks for first,
each one click from the front door.

- **running now**: the public tournaments being played;
- **coming up** and **recent results**: the first rows of the calendar and of the results index
  (``listings.domain.listings.front_listings``, cached for a minute like them), with links to
  the whole of each;
- **seasons and leagues**: the public seasons (a league and a cup are seasons), the newest first;
- **clubs**: the clubs with a public tournament or a public season, in German name order.

Everything goes through ``tournaments.visibility`` and ``seasons.visibility``; the page's
queries do not grow with the rows there are (tested): each list is one query, and the podiums
read are those of the few results shown.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef

from clubs.models import Club
from karlchen.collation import sort_key
from listings.domain.listings import front_listings
from seasons.models import Season
from seasons.visibility import public_seasons
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament
from tournaments.visibility import public_tournaments

RUNNING_SHOWN = 12
LISTED = 5  # coming tournaments and recent results shown, each
SEASONS_SHOWN = 12


@dataclass(frozen=True)
class FrontDoor:
    running: list[Tournament]
    coming: list[dict[str, Any]]
    coming_more: bool
    results: list[dict[str, Any]]
    results_more: bool
    seasons: list[Season]
    clubs: list[Club]


def front_door(today: datetime.date | None = None) -> FrontDoor:
    listed = json.loads(front_listings(LISTED, today=today).content)
    return FrontDoor(
        running=running_tournaments(),
        coming=_dated(listed["coming"]),
        coming_more=listed["coming_count"] > LISTED,
        results=_dated(listed["results"]),
        results_more=listed["results_count"] > LISTED,
        seasons=recent_seasons(),
        clubs=public_clubs(),
    )


def running_tournaments() -> list[Tournament]:
    """The public tournaments being played now, with their club (one query)."""
    running = public_tournaments().filter(status=TournamentStatus.RUNNING)
    return list(running.select_related("club").order_by("-date", "name", "pk")[:RUNNING_SHOWN])


def recent_seasons() -> list[Season]:
    """The public seasons, leagues and cups, the newest first, with their club (one query)."""
    seasons = public_seasons().select_related("club").order_by("-created_at", "-pk")
    return list(seasons[:SEASONS_SHOWN])


def public_clubs() -> list[Club]:
    """The clubs with something public: a tournament or a season (one query)."""
    tournaments = public_tournaments().filter(club=OuterRef("pk"))
    seasons = public_seasons().filter(club=OuterRef("pk"))
    clubs = Club.objects.filter(Exists(tournaments) | Exists(seasons))
    return sorted(clubs, key=lambda club: sort_key(club.name))


def _dated(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows' ISO dates as dates, worded in the reader's language."""
    return [row | {"date": datetime.date.fromisoformat(row["date"])} for row in rows]
