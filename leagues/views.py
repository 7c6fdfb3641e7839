"""A league's public page (no login): /s/<season>/league/ with each division's table and each
match day's results. It renders the bodies the API serves (``leagues.domain.reads``); a
private season, or one that is no league, is the seasons' friendly 404 page."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from karlchen.changes import Body
from leagues.domain.reads import league_read
from seasons.access import readable_season
from seasons.views import SeasonPage

CRITERIA = {
    "ranking_points": gettext_lazy("ranking points"),
    "game_points": gettext_lazy("game points"),
    "day_wins": gettext_lazy("day wins"),
    "head_to_head": gettext_lazy("head to head"),
    "best_day": gettext_lazy("best day"),
}


def _data(body: Body) -> Any:
    data = json.loads(body.content)
    if data is None:
        raise Http404
    return data


def rule_words(rule: dict[str, Any]) -> list[str]:
    """A division's table rule in words (docs/TEAMS.md, "Leagues")."""
    points = rule["points_table"]
    ties = {
        "average": _("equal day scores share the average of their places' points"),
        "better": _("equal day scores each earn the better place's points"),
        "worse": _("equal day scores each earn the worse place's points"),
    }
    lines = [
        _("Ranking points by place in the group: %(points)s")
        % {"points": " / ".join(map(str, points))}
        if points
        else _("Ranking points by place: the group's size downwards"),
        ties[rule["day_ties"]],
        _("Ordered by %(criteria)s")
        % {"criteria": ", ".join(str(CRITERIA[name]) for name in rule["order"])},
    ]
    if rule["promoted"]:
        lines.append(_("The best %(count)s are marked for promotion") % {"count": rule["promoted"]})
    if rule["relegated"]:
        lines.append(
            _("The last %(count)s are marked for relegation") % {"count": rule["relegated"]}
        )
    return lines


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
