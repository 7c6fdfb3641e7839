"""Public pages for spectators: the live ranking, a player's course, the beamer view.

They read exactly what the public API serves (the same cached bodies), render it once on the
server, and the page script then polls the API with ETags to keep it current.
"""

from __future__ import annotations

import json

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views import View

from karlchen.changes import cached_body
from karlchen.refusals import Closed
from results.api.views import player_deals
from results.charts import course_chart
from results.domain.ranking_cache import public_ranking
from scoring.api.series_views import series_tables_body
from tournaments.enums import SeriesStatus, TournamentStatus
from tournaments.models import Series, Tournament

POLL_SECONDS = 5
BEAMER_ROWS = 12
BEAMER_PAGE_SECONDS = 10

TEXTS = {
    "hidden": _("hidden"),
    "updated": _("updated %(time)s"),
    "offline": _("no connection, retrying …"),
    "page": _("page %(page)s of %(pages)s"),
    "up": _("up %(places)s"),
    "down": _("down %(places)s"),
}


def public_tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(
        Tournament.objects.exclude(status=TournamentStatus.DRAFT), pk=tournament_id
    )


def ranking_rows(tournament: Tournament) -> tuple[list[dict] | None, str]:
    """The public ranking rows and their ETag; None where the standings are not published."""
    try:
        body = public_ranking(tournament.pk)
    except Closed:
        return None, ""
    if body is None:  # made a draft again (or deleted) since it was loaded: nothing public
        return None, ""
    return body.rows, body.etag


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
        "poll_seconds": POLL_SECONDS,
        "player_url": reverse("spectator-player", args=[tournament.pk, 0]),
        "series": list(tournament.series.order_by("number").values_list("number", flat=True)),
        "texts": {name: str(text) for name, text in TEXTS.items()},
    }


class SpectatorView(View):
    def get(self, request, tournament_id: int):
        tournament = public_tournament(tournament_id)
        rows, etag = ranking_rows(tournament)
        series = current_series(tournament)
        data = page_data(tournament, etag, series)
        context = {
            "tournament": tournament,
            "rows": rows,
            "series_numbers": data["series"],
            "progress": tables_progress(series),
            "page_data": data,
        }
        return render(request, "spectator/ranking.html", context)


class BeamerView(View):
    def get(self, request, tournament_id: int):
        tournament = public_tournament(tournament_id)
        rows, etag = ranking_rows(tournament)
        data = page_data(tournament, etag, None)
        data |= {"rows_per_page": BEAMER_ROWS, "page_seconds": BEAMER_PAGE_SECONDS}
        context = {"tournament": tournament, "rows": rows, "page_data": data}
        return render(request, "spectator/beamer.html", context)


class PlayerView(View):
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
        }
        return render(request, "spectator/player.html", context)
