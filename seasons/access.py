"""Who may see and run a season: ``clubs.access`` decides (docs/CLUBS.md); a public
season anyone reads. A season belongs to a club (its people), an association (its admins) or
its organisers alone; its own organisers always run it."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from clubs import access
from clubs.access import Can
from clubs.models import Club
from seasons.models import Season
from seasons.visibility import public_season_condition, season_public
from tournaments.models import Tournament


def is_season_organiser(user: Any, season: Season) -> bool:
    """Whether the user runs the season (changes it, adds evenings, prints it)."""
    return access.may(user, season, Can.RUN)


def sees_private_season(user: Any, season: Season) -> bool:
    return access.may(user, season, Can.VIEW)


def visible_seasons(user: Any) -> QuerySet[Season]:
    """Seasons a user may see listed: the public ones and the private ones they see."""
    return Season.objects.select_related("club").filter(
        access.visible(Season, user, public_season_condition())
    )


def organised_seasons(user: Any) -> QuerySet[Season]:
    """The seasons the user runs."""
    return Season.objects.select_related("club").filter(access.scoped(Season, user, Can.RUN))


def readable_season(user: Any, season_id: int) -> tuple[Season, bool] | None:
    """The season and whether the user reads it as its insiders do (live, every evening, drafts
    too); None where it is unknown or private to them (no different from an unknown id)."""
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    if season is None:
        return None
    insider = sees_private_season(user, season)
    if not season_public(season) and not insider:
        return None
    return season, insider


def may_take_evening(user: Any, tournament: Tournament, season: Season) -> bool:
    """Whether ``user`` may make ``tournament`` an evening of ``season`` (which they run):
    a tournament they run, or, for an association's season (a ranking list across its
    clubs), a ranking tournament of one of the association's clubs."""
    if access.may(user, tournament, Can.RUN):
        return True
    association_id = season.association_id
    club_id = tournament.club_id
    return (
        association_id is not None
        and club_id is not None
        and tournament.ranking_tournament
        and Club.objects.filter(pk=club_id, association_id=association_id).exists()
        and access.may(user, season, Can.RUN)
    )


def evening_candidates(user: Any, season: Season) -> Q:
    """The tournaments ``user`` may make evenings of ``season`` (``may_take_evening``)."""
    condition = access.scoped(Tournament, user, Can.RUN)
    association_id = season.association_id
    if association_id is not None and access.may(user, season, Can.RUN):
        condition |= Q(ranking_tournament=True, club__association_id=association_id)
    return condition
