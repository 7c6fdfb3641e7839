"""A season on paper: its ranking, and each player's season sheet.

Both are read as the season's organisers see it (every evening, live): the desk prints them.
The rows are those of the season's cached reads (``seasons.domain.standings``), so the paper
shows what the season page shows. A season's documents are small (a ranking of a club's players,
a page per player), so they are rendered at once, not as a documents job (those belong to a
tournament).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from printing import pdf
from results.charts import Chart
from seasons.charts import season_course
from seasons.domain.standings import every_player_season, player_season, season_ranking
from seasons.engine.ranking import TieBreak
from seasons.models import Season, SeasonEvening
from seasons.rule_texts import rule_summary, tie_break_label
from tournaments.models import Tournament

RANKING_TEMPLATE = "print/season_ranking.html"
SHEETS_TEMPLATE = "print/season_sheets.html"


@dataclass(frozen=True)
class SeasonRankingDocument:
    season: Season
    rule: list[str]
    rows: list[dict[str, Any]]  # the ranked players, best first
    unranked: list[dict[str, Any]]  # those with fewer lists than the rule's minimum
    evenings: list[Tournament]
    final: Tournament | None
    printed_at: datetime.datetime


@dataclass(frozen=True)
class SeasonSheet:
    season: Season
    standing: dict[str, Any]
    evenings: list[dict[str, Any]]
    chart: Chart


def season_ranking_document(season: Season) -> SeasonRankingDocument:
    rows = season_ranking(season, public=False).rows
    for row in rows:
        row["decided_by_words"] = (
            tie_break_label(row["decided_by"])
            if row["decided_by"] in TieBreak.__members__.values()
            else ""
        )
    evenings = [
        membership.tournament
        for membership in SeasonEvening.objects.filter(season=season).select_related("tournament")
    ]
    return SeasonRankingDocument(
        season=season,
        rule=rule_summary(season.rule),
        rows=[row for row in rows if row["ranked"]],
        unranked=[row for row in rows if not row["ranked"]],
        evenings=evenings,
        final=season.final,
        printed_at=timezone.localtime(),
    )


def season_sheets(season: Season, player_id: int | None = None) -> list[SeasonSheet]:
    """The season sheet of one player (none if they have no result in the season), or of every
    player in the order of the season ranking."""
    if player_id is None:
        bodies = every_player_season(season, public=False)
    else:
        body = json.loads(player_season(season, player_id, public=False).content)
        bodies = [body] if body else []
    return [_sheet(season, body) for body in bodies]


def _sheet(season: Season, body: dict[str, Any]) -> SeasonSheet:
    evenings = body["evenings"]
    for evening in evenings:
        evening["date"] = datetime.date.fromisoformat(evening["tournament"]["date"])
        evening["dropped_lists"] = [
            unit["value"] for unit in evening["units"] if unit["list"] and not unit["counted"]
        ]
    return SeasonSheet(season, body["standing"], evenings, season_course(evenings))


def season_ranking_pdf(season: Season) -> pdf.Rendered:
    return pdf.render(RANKING_TEMPLATE, {"document": season_ranking_document(season)})


def season_sheets_pdf(season: Season, player_id: int | None = None) -> pdf.Rendered | None:
    """A page per player (one player's, or every player's); None where there is nobody."""
    sheets = season_sheets(season, player_id)
    if not sheets:
        return None
    return pdf.render_pages(SHEETS_TEMPLATE, sheets, {"season": season})
