"""Who may see and run a season: its organisers (and superusers) always; anyone a public one."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from seasons.models import Season


def is_season_organiser(user: Any, season: Season) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser or season.organisers.filter(pk=user.pk).exists())


def visible_seasons(user: Any) -> QuerySet[Season]:
    """Seasons a user may see listed: the public ones and those they organise."""
    seasons = Season.objects.select_related("club")
    if user.is_authenticated and user.is_superuser:
        return seasons
    if not user.is_authenticated:
        return seasons.filter(is_public=True)
    return seasons.filter(Q(is_public=True) | Q(organisers=user)).distinct()


def organised_seasons(user: Any) -> QuerySet[Season]:
    seasons = Season.objects.select_related("club")
    if user.is_superuser:
        return seasons
    return seasons.filter(organisers=user)


def readable_season(user: Any, season_id: int) -> tuple[Season, bool] | None:
    """The season and whether the user organises it; None where it is unknown or private to
    them (no different from an unknown id)."""
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    if season is None:
        return None
    organiser = is_season_organiser(user, season)
    if not season.is_public and not organiser:
        return None
    return season, organiser
