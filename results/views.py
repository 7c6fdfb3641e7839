"""Public pages for spectators: the live ranking, a player's course, the beamer
view, and what a tournament that is not public yet answers.

They read exactly what the public API serves (the same cached bodies), render it once on the
server, and the page script then polls the API with ETags to keep it current.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _
from django.views import View
from django.views.decorators.clickjacking import xframe_options_exempt

from karlchen.changes import cached_body
from karlchen.refusals import Closed
from people.models import Player
from results.api.views import player_deals
from results.charts import course_chart
from results.domain.public import NotPublic, public_tournament
from results.domain.ranking_cache import public_ranking, ranking_progress
from results.domain.standings import Interim, tie_break_names, tie_figures
from results.sections import beamer_sections, spectator_sections
from scoring.api.series_views import series_tables_body
from tournaments.enums import SeriesStatus, TieBreak
from tournaments.models import Series, Tournament

POLL_SECONDS = 5  # how often a spectator's page reads the standings again (``poll_seconds()``)
BEAMER_PAGE_SECONDS = 10  # each page of the beamer view stays this long (``?seconds=`` changes it)
BEAMER_SECONDS_RANGE = (1, 120)
NOT_PUBLIC_REFRESH_SECONDS = 60  # the "starts soon" page looks again by itself

TEXTS = {
    "hidden": _("hidden"),
    "updated": _("updated %(time)s"),
    "offline": _("no connection, retrying …"),
    "page": _("page %(page)s of %(pages)s"),
    "up": _("up %(places)s"),
    "down": _("down %(places)s"),
    "matches": _("%(count)s of %(total)s players"),
    # the same words as the printed standings (printing/templates/print/standings.html)
    "provisional": _("Provisional standings: %(closed)s of %(planned)s series closed"),
    "results_final": _("Final results"),
    "results_provisional": _("Provisional results: protests are still possible"),
}


class SpectatorPage(View):
    """A page about one tournament: a tournament that is not public answers with a friendly
    "starts soon" page (status 404, Karlchen's own template, never Django's error page)."""

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)
        except NotPublic as not_public:
            context = {
                "tournament": not_public.tournament,
                "refresh_seconds": NOT_PUBLIC_REFRESH_SECONDS,
            }
            return render(request, "spectator/not_public.html", context, status=404)


def ranking_rows(tournament: Tournament) -> tuple[list[dict] | None, str]:
    """The public ranking rows and their ETag; None where the standings are not published."""
    try:
        body = public_ranking(tournament.pk)
    except Closed:
        return None, ""
    if body is None:  # made a draft again (or deleted) since it was loaded: nothing public
        return None, ""
    return body.rows, body.etag


def provisional(tournament: Tournament) -> Interim | None:
    """How far the tournament is while series remain (the page says the ranking is
    provisional); None once every series is closed. The page script keeps it current from the
    standings API's ``Series-Closed`` and ``Series-Planned`` headers."""
    progress = ranking_progress(tournament.pk)
    if progress is None or progress.closed >= progress.planned:
        return None
    return progress


def results_status(tournament: Tournament) -> str:
    """``final`` once the organisers marked the results final, else ``provisional`` (the page
    script keeps it current from the standings API's ``Results-Status`` header)."""
    progress = ranking_progress(tournament.pk)
    return "final" if progress is not None and progress.final else "provisional"


def current_series(tournament: Tournament) -> Series | None:
    """The series being played (else the last one seated or closed): its tables' progress."""
    series = tournament.series.exclude(status=SeriesStatus.PLANNED).order_by("number")
    running = [one for one in series if one.status != SeriesStatus.CLOSED]
    chosen = running[0] if running else series.last()
    if chosen is not None:
        chosen.tournament = tournament
    return chosen


def tables_progress(series: Series | None) -> dict | None:
    if series is None:
        return None
    body = cached_body(
        series.tournament_id,
        f"tables:{series.number}",
        lambda: series_tables_body(series, organiser=False),
    )
    return json.loads(body.content)


def tie_breaks(tournament: Tournament) -> list[dict]:
    """The tie-breaks in their order, for the legend and the page script."""
    return [
        {"name": name, "label": str(TieBreak(name).label)} for name in tie_break_names(tournament)
    ]


def with_tie_figures(rows: list[dict] | None, tournament: Tournament) -> list[dict] | None:
    """The rows, each with the tie-break figures that separate it from equal totals
    (``ties``: label and value of each, ``ties_text``: the figures as the page shows them)."""
    if rows is None:
        return None
    names = tie_break_names(tournament)
    labels = [str(TieBreak(name).label) for name in names]
    return [
        row
        | {
            "ties": [
                {"label": label, "value": value} for label, value in zip(labels, ties, strict=False)
            ],
            "ties_text": " · ".join(str(value) for value in ties),
        }
        for row, ties in zip(rows, tie_figures(rows, names), strict=True)
    ]


def poll_seconds() -> float:
    """The seconds between two reads of a spectator's page (the live ranking, the beamer, the
    widget and their sections), sent to the page in its data: POLL_SECONDS unless the setting
    ``SPECTATOR_POLL_SECONDS`` says otherwise (the browser tests poll faster)."""
    return getattr(settings, "SPECTATOR_POLL_SECONDS", POLL_SECONDS)


def page_data(tournament: Tournament, etag: str, series: Series | None) -> dict:
    api = reverse("standings", kwargs={"tournament_id": tournament.pk})
    tables = (
        reverse("series-tables", kwargs={"tournament_id": tournament.pk, "number": series.number})
        if series
        else None
    )
    return {
        "standings": api,
        "tables": tables,
        "etag": etag,
        "poll_seconds": poll_seconds(),
        "player_url": reverse("spectator-player", args=[tournament.pk, 0]),
        "series": list(tournament.series.order_by("number").values_list("number", flat=True)),
        "tie_breaks": tie_breaks(tournament),
        "texts": {name: str(text) for name, text in TEXTS.items()},
    }


class SpectatorView(SpectatorPage):
    def get(self, request, tournament_id: int):
        tournament = public_tournament(tournament_id)
        rows, etag = ranking_rows(tournament)
        series = current_series(tournament)
        data = page_data(tournament, etag, series)
        context = {
            "tournament": tournament,
            "rows": with_tie_figures(rows, tournament),
            "tie_breaks": tie_breaks(tournament),
            "series_numbers": data["series"],
            "progress": tables_progress(series),
            "interim": provisional(tournament),
            "results_status": results_status(tournament),
            "page_data": data,
            "sections": spectator_sections(tournament),
        }
        return render(request, "spectator/ranking.html", context)


class BeamerView(SpectatorPage):
    """The ranking on the wall: as many rows per page as the screen's height takes (the page
    script measures them), every page in turn."""

    def get(self, request, tournament_id: int):
        tournament = public_tournament(tournament_id)
        rows, etag = ranking_rows(tournament)
        data = page_data(tournament, etag, None)
        data |= {"page_seconds": page_seconds(request.GET.get("seconds"))}
        context = {
            "tournament": tournament,
            "rows": with_tie_figures(rows, tournament),
            "tie_breaks": tie_breaks(tournament),
            "interim": provisional(tournament),
            "page_data": data,
            "sections": beamer_sections(tournament),
        }
        return render(request, "spectator/beamer.html", context)


def page_seconds(asked: str | None) -> int:
    """How long each beamer page stays: ``?seconds=`` within a sane range, else the default."""
    low, high = BEAMER_SECONDS_RANGE
    if asked and asked.isdigit():
        return min(max(int(asked), low), high)
    return BEAMER_PAGE_SECONDS


class PlayerView(SpectatorPage):
    def get(self, request, tournament_id: int, entry_id: int):
        tournament = public_tournament(tournament_id)
        rows, _etag = ranking_rows(tournament)
        standing = next((row for row in rows or () if row["entry"] == entry_id), None)
        if standing is None:
            raise Http404
        deals = player_deals(tournament.pk, entry_id, organiser=False)
        context = {
            "tournament": tournament,
            "standing": standing,
            "deals": deals,
            "chart": course_chart(deals),
            "series": sorted(standing["series"].items(), key=lambda item: int(item[0])),
            "profile_url": profile_url(standing["player"]["id"]),
        }
        return render(request, "spectator/player.html", context)


def profile_url(player_id: int | None) -> str | None:
    """The player's public profile (/p/<id>/, the registry's page), where they agreed to one."""
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id).first()
    if player is None or not player.profile_public:
        return None
    try:
        return reverse("player-profile", args=[player_id])
    except NoReverseMatch:  # no registry installed
        return None


WIDGET_ROWS = 10  # rows the widget shows unless ``?rows=`` asks for 1–100
WIDGET_ROWS_RANGE = (1, 100)


def embeddable(response: HttpResponse) -> HttpResponse:
    """Any site may show this page in a frame (``WIDGET_FRAME_ANCESTORS``, default every
    site): the one page exempt from the X-Frame-Options: DENY every other page sends."""
    response["Content-Security-Policy"] = f"frame-ancestors {settings.WIDGET_FRAME_ANCESTORS}"
    return response


class WidgetView(View):
    """/t/<id>/widget/: the standings for a club's own website, in an iframe. Small, without
    the site's header, its own few lines of CSS; it polls the standings API with its ETag like
    the live page. A tournament that is not public shows one line, framed all the same."""

    @xframe_options_exempt
    def get(self, request, tournament_id: int):
        rows_wanted = widget_rows(request.GET.get("rows"))
        try:
            tournament = public_tournament(tournament_id)
        except NotPublic:
            page = render(request, "spectator/widget.html", {"tournament": None}, status=404)
            return embeddable(page)
        rows, etag = ranking_rows(tournament)
        data = page_data(tournament, etag, None) | {"rows": rows_wanted}
        context = {
            "tournament": tournament,
            "rows": None if rows is None else rows[:rows_wanted],
            "interim": provisional(tournament),
            "page_data": data,
        }
        return embeddable(render(request, "spectator/widget.html", context))


# The widget's height in a club's page (the desk's snippet): its title, notes and header, and one
# line a row (widget.css), measured in a browser (tests/browser/test_front_door.py) with room to
# spare for a bigger default font.
WIDGET_FRAME_PX = 150
WIDGET_ROW_PX = 30


def widget_height(rows: int) -> int:
    """The height (px) an iframe of the widget with ``rows`` rows needs to show them all and the
    link to the full ranking."""
    return WIDGET_FRAME_PX + rows * WIDGET_ROW_PX


def widget_rows(asked: str | None) -> int:
    """How many rows the widget shows: ``?rows=`` within its range, else the default."""
    low, high = WIDGET_ROWS_RANGE
    if asked and asked.isdigit() and len(asked) < 6:
        return min(max(int(asked), low), high)
    return WIDGET_ROWS
