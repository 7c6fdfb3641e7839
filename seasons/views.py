"""Public pages of a season (no login): its ranking and a player's season, /s/<season>/...

They render the same cached bodies the API serves (``seasons.domain.standings``). A private
season is a 404 to anyone but its organisers, who see it live over every evening.
"""

from __future__ import annotations

import datetime
import json

from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.text import slugify
from django.views import View

from seasons.access import readable_season
from seasons.charts import season_course
from seasons.domain.exports import CONTENT_TYPES, KINDS, season_export
from seasons.domain.standings import player_season, season_ranking
from seasons.engine.ranking import TieBreak
from seasons.models import SeasonEvening, individual_cup
from seasons.rule_texts import rule_summary, tie_break_label
from seasons.visibility import visible_final
from tournaments.visibility import public_condition


def _season(request, season_id: int):
    found = readable_season(request.user, season_id)
    if found is None:
        raise Http404
    return found


class SeasonPage(View):
    """A season's public page: an unknown or private season (or player) is a friendly 404
    page, the same for both, so that it tells nobody a private season exists."""

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)
        except Http404:
            return render(request, "seasons/not_found.html", status=404)


class SeasonView(SeasonPage):
    def get(self, request, season_id: int):
        season, organiser = _season(request, season_id)
        rows = season_ranking(season, public=not organiser).rows
        evenings = SeasonEvening.objects.filter(season=season).select_related("tournament")
        if not organiser:
            evenings = evenings.filter(public_condition("tournament__"))
        for row in rows:
            row["tie_words"] = ", ".join(
                f"{tie_break_label(name)} {value}" for name, value in row["tie_figures"].items()
            )
            row["decided_by_words"] = (
                tie_break_label(row["decided_by"])
                if row["decided_by"] in TieBreak.__members__.values()
                else ""
            )
        context = {
            "season": season,
            "rows": [row for row in rows if row["ranked"]],
            "unranked": [row for row in rows if not row["ranked"]],
            "rule": rule_summary(season.rule),
            "evenings": evenings,
            "cup": individual_cup(season),
            "final": _shown_final(season, organiser=organiser),
        }
        return render(request, "seasons/ranking.html", context)


def _shown_final(season, *, organiser: bool):
    """The cup's final: a draft one (not public yet) only for its organisers."""
    cup = individual_cup(season)
    return None if cup is None else visible_final(cup.final, insider=organiser)


class PlayerSeasonView(SeasonPage):
    def get(self, request, season_id: int, player_id: int):
        season, organiser = _season(request, season_id)
        body = player_season(season, player_id, public=not organiser)
        data = json.loads(body.content)
        if data is None:
            raise Http404
        for evening in data["evenings"]:  # a date the template words in the reader's language
            evening["date"] = datetime.date.fromisoformat(evening["tournament"]["date"])
        context = {
            "season": season,
            "standing": data["standing"],
            "evenings": data["evenings"],
            "chart": season_course(data["evenings"]),
        }
        return render(request, "seasons/player.html", context)


class SeasonExportView(SeasonPage):
    """The season ranking as CSV or XLSX, with an ETag: a client that has it gets a 304."""

    def get(self, request, season_id: int, kind: str):
        if kind not in KINDS:
            raise Http404
        season, organiser = _season(request, season_id)
        content, etag = season_export(season, kind, public=not organiser)
        return export_response(request, season, kind, content, etag, organiser=organiser)


def export_response(request, season, kind: str, content: bytes, etag: str, *, organiser: bool):
    headers = {
        "ETag": etag,
        "Cache-Control": ("private, " if organiser else "") + "no-cache",
        "Vary": "Cookie, Accept-Language",
    }
    if etag in [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]:
        return HttpResponseNotModified(headers=headers)
    response = HttpResponse(content, content_type=CONTENT_TYPES[kind], headers=headers)
    name = f"{slugify(season.name) or 'season'}-ranking.{kind}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
