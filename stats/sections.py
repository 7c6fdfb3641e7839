"""The statistics' pictures on pages of the apps below ``stats``, handed over through their
ports when Django starts (``stats.apps``): the evening in figures on the beamer
(``results.ports.BEAMER_SECTIONS``) and a club's latest public season in figures on the club's
page (``seasons.ports.CLUB_SECTIONS``). Both count deals, never name anyone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from results.sections import Section
from seasons.models import SeasonEvening
from stats.domain.reads import evening_figures, season_figures
from stats.pictures import evening_pictures, season_pictures
from tournaments.visibility import standings_published

if TYPE_CHECKING:
    from clubs.models import Club
    from seasons.models import Season
    from tournaments.models import Tournament


def beamer_figures(tournament: Tournament) -> Section | None:
    """The evening in figures below the beamer's ranking, once a deal the public may see is
    counted."""
    if not standings_published(tournament):
        return None
    totals = evening_figures(tournament.pk)
    if not totals["deals"]:
        return None
    pictures = evening_pictures(totals, tournament.game, "evening-figures")
    return Section(template="stats/_evening_figures.html", context={"pictures": pictures})


def club_season_figures(club: Club, seasons: list[Season]) -> Section | None:
    """The club's latest public season (by its latest evening) in figures."""
    latest = (
        SeasonEvening.objects.filter(season__in=seasons)
        .order_by("-tournament__date", "-tournament_id")
        .values_list("season_id", "season__game")
        .first()
    )
    if latest is None:
        return None
    season, game = latest
    pictures = season_pictures(season_figures(season), game, "season-figures")
    if pictures is None:
        return None
    return Section(template="stats/_season_figures.html", context={"pictures": pictures})
