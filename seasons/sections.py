"""Where an evening belongs, on the spectators' ranking page (``results.sections``, registered in
``seasons.apps``): the public seasons, leagues and cups the tournament is an evening of, each
linking its page, so that a spectator reaches the season's ranking from the evening."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse

from results.sections import Section
from seasons.models import Season
from seasons.visibility import public_seasons
from tournaments.models import Tournament

LEAGUE = "league"  # a competition's kind (``competitions``) whose page is the league table


def season_links(tournament: Tournament) -> Section | None:
    seasons = public_seasons(Season.objects.filter(evenings__tournament=tournament))
    found = seasons.order_by("name", "pk").values_list("pk", "name", "competition__kind")
    links = [{"name": name, "url": season_url(pk, kind)} for pk, name, kind in found.distinct()]
    if not links:
        return None
    return Section(template="seasons/_evening_of.html", context={"links": links}, place="title")


def season_url(season_id: int, kind: str | None) -> str:
    """A league's table where the season is a league (where that app is installed), else the
    season's ranking (as the season's page itself links them)."""
    if kind == LEAGUE:
        try:
            return reverse("league-page", args=[season_id])
        except NoReverseMatch:
            pass
    return reverse("season-page", args=[season_id])
