"""A season on paper: its ranking, and each player's season sheet.

Both are read as the season's organisers see it (every evening, live). The rows are those of
the season's cached reads (``seasons.domain.standings``), so the paper shows what the season
page shows. They are made by a season documents job (``printing.domain.jobs``: a DDV ranking
list's sheets are thousands of pages), stored beside the tournaments' documents.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from karlchen.refusals import Problem, Refused
from printing import pdf
from printing.domain.documents import season_document_path, store_file
from printing.domain.league_printouts import (
    has_day,
    is_league,
    league_table_pdf,
    match_day_pdf,
)
from printing.enums import SeasonDocumentKind
from results.charts import Chart
from seasons.charts import season_course
from seasons.domain.standings import every_player_season, player_season, season_ranking
from seasons.engine.ranking import TieBreak
from seasons.models import Season, SeasonEvening, individual_cup
from seasons.rule_texts import rule_summary, tie_break_label
from tournaments.models import Tournament

LEAGUE_KINDS = (SeasonDocumentKind.LEAGUE_TABLE, SeasonDocumentKind.LEAGUE_DAY)
RANKING_TEMPLATE = "print/season_ranking.html"
SHEETS_TEMPLATE = "print/season_sheets.html"


@dataclass(frozen=True)
class SeasonRankingDocument:
    season: Season
    rule: list[str]
    rows: list[dict[str, Any]]  # the ranked players, best first
    unranked: list[dict[str, Any]]  # those with fewer lists than the rule's minimum
    evenings: list[Tournament]
    cup_places: int | None  # an individual cup's (None: the season is no cup)
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
    cup = individual_cup(season)
    return SeasonRankingDocument(
        season=season,
        rule=rule_summary(season.rule),
        rows=[row for row in rows if row["ranked"]],
        unranked=[row for row in rows if not row["ranked"]],
        evenings=evenings,
        cup_places=None if cup is None else cup.places,
        final=None if cup is None else cup.final,
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


def season_sheets_pdf(
    season: Season, player_id: int | None = None, *, progress: pdf.Progress | None = None
) -> pdf.Rendered | None:
    """A page per player (one player's, or every player's); None where there is nobody."""
    sheets = season_sheets(season, player_id)
    if not sheets:
        return None
    return pdf.render_pages(SHEETS_TEMPLATE, sheets, {"season": season}, progress=progress)


def check_season_documents(season: Season, request: dict[str, Any]) -> dict[str, Any]:
    """The stored parameters of a season documents request: the kind and, for season sheets,
    the one player (none: every player's), for a match day report its day. Refused (every
    problem at once): a player for the ranking, a player with no result in the season, sheets
    of a season nobody has played, a league's document of a season that is no league, a match
    day it does not have."""
    kind = SeasonDocumentKind(request["kind"])
    player = request.get("player")
    day = request.get("day")
    problems = _league_problems(season, kind, day)
    if player is not None and kind != SeasonDocumentKind.SHEETS:
        problems.append(Problem("option_not_for_kind", "player", {"kind": str(kind.label)}))
    elif kind == SeasonDocumentKind.SHEETS:
        if player is not None and not json.loads(
            player_season(season, player, public=False).content
        ):
            problems.append(Problem("no_season_result", "player", {}))
        if player is None and not season_ranking(season, public=False).rows:
            problems.append(Problem("no_results", "kind", {}))
    if problems:
        raise Refused(problems)
    if kind == SeasonDocumentKind.LEAGUE_DAY:
        return {"kind": kind.value, "player": None, "day": day}
    return {"kind": kind.value, "player": player}


def _league_problems(season: Season, kind: SeasonDocumentKind, day: int | None) -> list[Problem]:
    """A league's documents need a league (and the report its match day)."""
    if day is not None and kind != SeasonDocumentKind.LEAGUE_DAY:
        return [Problem("option_not_for_kind", "day", {"kind": str(kind.label)})]
    if kind not in LEAGUE_KINDS:
        return []
    if not is_league(season):
        return [Problem("season_not_a_league", "kind", {})]
    if kind == SeasonDocumentKind.LEAGUE_DAY and (day is None or not has_day(season, day)):
        return [Problem("league_day_unknown", "day", {})]
    return []


def generate_season_documents(
    season: Season, params: dict[str, Any], *, progress: pdf.Progress
) -> dict[str, Any]:
    """Render and store what ``params`` (from ``check_season_documents``) name, checked again
    (a deal may have changed the season since). Returns the job's result: the file with its
    pages and size. A run again replaces the file of the same name."""
    params = check_season_documents(season, params)
    player = params["player"]
    with pdf.sparing_the_collector():
        if params["kind"] == SeasonDocumentKind.RANKING:
            name, rendered = "season-ranking.pdf", season_ranking_pdf(season)
        elif params["kind"] == SeasonDocumentKind.LEAGUE_TABLE:
            name, rendered = "league-table.pdf", league_table_pdf(season)
        elif params["kind"] == SeasonDocumentKind.LEAGUE_DAY:
            name = f"match-day-{params['day']}.pdf"
            rendered = match_day_pdf(season, params["day"])
        else:
            name = f"season-sheet-player-{player}.pdf" if player else "season-sheets.pdf"
            found = season_sheets_pdf(season, player, progress=progress)
            assert found is not None  # checked above: somebody has a result
            rendered = found
    file = store_file(season_document_path(season.pk, name), name, rendered)
    return {"files": [file], "pages": rendered.pages}
