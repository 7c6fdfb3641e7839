"""What spectators may see of a season, and so of a league and a cup (each is a season): the
one answer every public reader of a season asks (docs/PUBLISHING.md, "What spectators see").

- a season that is not **public** is a 404, as if it did not exist (``season_public``,
  ``public_seasons``); its insiders see it through ``clubs.access`` (``seasons.access``);
- an **evening** counts for spectators only where its tournament's standings are published
  (``evening_counts``), as frozen while frozen; a league's day and a cup's round show results
  only where the evening is live (``tournaments.visibility.live_for_spectators``, else
  ``withheld``);
- a player **hidden** at any of its tournaments is hidden throughout
  (``tournaments.visibility.hidden_players``);
- the cup's **final** (a tournament) is shown only where spectators may see that tournament
  (``visible_final``).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from seasons.models import Season
from tournaments.models import Tournament
from tournaments.visibility import spectators_may_see, standings_published


def public_season_condition(prefix: str = "") -> Q:
    """The condition ``season_public`` puts in a query (``prefix``: the path to the season
    from another model, e.g. "season__")."""
    return Q(**{f"{prefix}is_public": True})


def public_seasons(queryset: QuerySet[Season] | None = None) -> QuerySet[Season]:
    """The seasons (leagues, cups) spectators may see (of ``queryset``, by default all)."""
    seasons = Season.objects.all() if queryset is None else queryset
    return seasons.filter(public_season_condition())


def season_public(season: Season) -> bool:
    """Whether spectators may see the season (its league, its cup) at all."""
    return season.is_public


def evening_counts(tournament: Tournament) -> bool:
    """Whether the evening's results count in the season spectators see: its standings are
    published (frozen ones count as frozen)."""
    return standings_published(tournament)


def visible_final(final: Tournament | None, *, insider: bool) -> Tournament | None:
    """The season's final as the reader may see it: a draft only to its insiders."""
    if final is None or not (insider or spectators_may_see(final)):
        return None
    return final
