"""A league's public page (no login): /s/<season>/league/ with each division's table and each
match day's results. It renders the bodies the API serves (``leagues.domain.reads``); a
private season, or one that is no league, is the seasons' friendly 404 page."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404
from django.shortcuts import render

from karlchen.changes import Body
from leagues.domain.reads import league_read
from leagues.rule_texts import rule_words
from seasons.access import readable_season
from seasons.views import SeasonPage


def _data(body: Body) -> Any:
    data = json.loads(body.content)
    if data is None:
        raise Http404
    return data


class LeagueView(SeasonPage):
    def get(self, request, season_id: int):
        found = readable_season(request.user, season_id)
        if found is None:
            raise Http404
        season, organiser = found
        public = not organiser
        detail = _data(league_read(season, "detail", public=public))
        context = {
            "season": season,
            "divisions": [
                {"name": division["name"], "rule": rule_words(division["rule"])}
                for division in detail["divisions"]
            ],
            "tables": _data(league_read(season, "tables", public=public)),
            "final_tables": _data(league_read(season, "tables:final", public=public)),
            "days": _data(league_read(season, "days", public=public)),
        }
        return render(request, "leagues/league.html", context)
