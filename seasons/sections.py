"""Where an evening belongs, on the spectators' ranking page (``results.sections``, registered in
``seasons.apps``): the public seasons, leagues and cups the tournament is an evening of, each
linking its page, so that a spectator reaches the season's ranking from the evening."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse

from results.sections import Section
from seasons.models import Season
from seasons.visibility import public_seasons
from tournaments.models import Tournament


def season_links(tournament: Tournament) -> Section | None:
    seasons = public_seasons(Season.objects.filter(evenings__tournament=tournament))
    links = [
        {"name": season.name, "url": season_url(season)}
        for season in seasons.order_by("name", "pk").distinct()
    ]
    if not links:
        return None
    return Section(template="seasons/_evening_of.html", context={"links": links}, place="title")


def season_url(season: Season) -> str:
    """A league's table where the season is a league (where that app is installed), else the
    season's ranking."""
    if hasattr(season, "league"):
        try:
            return reverse("league-page", args=[season.pk])
        except NoReverseMatch:
            pass
    return reverse("season-page", args=[season.pk])
