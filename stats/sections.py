"""The statistics' pictures on pages of the apps below ``stats``, handed over through their
ports when Django starts (``stats.apps``): the evening in figures on the beamer
(``results.ports.BEAMER_SECTIONS``) and a club's latest public season in figures on the club's
page (``seasons.ports.CLUB_SECTIONS``). Both count deals, never name anyone.

The beamer's figures are shown between series (docs/STATISTICS.md, "Pictures"): while a series
is seated or played the ranking has the wall to itself. The page script asks for them with
each poll of the standings (``evening_strip``, ``/t/<id>/beamer/figures/``, with its ETag: a
304 while nothing changed), so a deal recorded or corrected, a series closed or seated, shows
without a reload.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from karlchen.changes import Body, cached
from results.sections import Section
from seasons.models import SeasonEvening
from stats.domain.reads import evening_figures, season_figures
from stats.pictures import evening_pictures, season_pictures
from tournaments.enums import SeriesStatus
from tournaments.models import Series, Tournament
from tournaments.visibility import spectators_may_see, standings_published

if TYPE_CHECKING:
    from clubs.models import Club
    from seasons.models import Season

IN_PLAY = (SeriesStatus.SEATED, SeriesStatus.RUNNING)


def beamer_figures(tournament: Tournament) -> Section | None:
    """The evening in figures below the beamer's ranking: its frame wherever the standings are
    published, which the page script fills and empties as ``evening_strip`` says."""
    if not standings_published(tournament):
        return None
    strip = evening_strip(tournament.pk)
    if strip is None:
        return None
    context = {
        "url": reverse("beamer-figures", args=[tournament.pk]),
        "etag": strip.etag,
        "html": mark_safe(strip.content.decode()),
    }
    return Section(template="stats/_evening_live.html", context=context)


def evening_strip(tournament_id: int) -> Body | None:
    """The evening in figures as the beamer shows it now, in the current language: its HTML
    (empty while a series is seated or played, while no deal the public may see is counted
    and while the standings are not published) with its ETag; None where the public may not
    see the tournament at all. Cached under the tournament's generation: a poll is one cache
    round trip, and every deal, series seated or closed turns it over."""
    return cached(tournament_id, f"stats:beamer:{get_language()}", lambda: _strip(tournament_id))


def _strip(tournament_id: int) -> Body | None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not spectators_may_see(tournament):
        return None
    html = ""
    if standings_published(tournament) and not _in_play(tournament_id):
        totals = evening_figures(tournament_id)
        if totals["deals"]:
            pictures = evening_pictures(totals, tournament.game, "evening-figures")
            html = render_to_string(
                "stats/_evening_figures.html", {"section": {"pictures": pictures}}
            )
    content = html.encode()
    return Body(etag=f'"{hashlib.sha256(content).hexdigest()[:32]}"', content=content)


def _in_play(tournament_id: int) -> bool:
    return Series.objects.filter(tournament_id=tournament_id, status__in=IN_PLAY).exists()


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
