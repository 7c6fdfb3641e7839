"""A league on paper: its table (each division, provisional and final), and a match day's report
(its groups, day scores, ranking points, who played and the substitutes).

Both are read as the league's organisers see it, from the league's cached reads
(``leagues.domain.reads``), so the paper shows what the league's page shows. They are season
documents jobs (``printing.domain.season_printouts``), stored beside the season ranking.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from leagues.domain.reads import league_read
from leagues.rule_texts import rule_words
from printing import pdf
from seasons.models import Season

TABLE_TEMPLATE = "print/league_table.html"
DAY_TEMPLATE = "print/league_day.html"


@dataclass(frozen=True)
class LeagueTableDocument:
    season: Season
    divisions: list[dict[str, Any]]  # each: name, rule in words
    tables: list[dict[str, Any]]  # the provisional tables (every day counted)
    final_tables: list[dict[str, Any]]  # the days marked final only
    days: list[dict[str, Any]]  # number, tournament, final, played (a group of it has results)
    printed_at: datetime.datetime


@dataclass(frozen=True)
class MatchDayDocument:
    season: Season
    day: dict[str, Any]  # as ``GET …/league/days/{n}/`` answers
    date: datetime.date
    printed_at: datetime.datetime


def _read(season: Season, view: str) -> Any:
    return json.loads(league_read(season, view, public=False).content)


def is_league(season: Season) -> bool:
    return _read(season, "detail") is not None


def has_day(season: Season, number: int) -> bool:
    return _read(season, f"day:{number}") is not None


def league_table_document(season: Season) -> LeagueTableDocument:
    detail = _read(season, "detail")
    tables = _read(season, "tables")
    played = {number for table in tables for number in table["days"]}  # days with results
    return LeagueTableDocument(
        season=season,
        divisions=[
            {"name": division["name"], "rule": rule_words(division["rule"])}
            for division in detail["divisions"]
        ],
        tables=tables,
        final_tables=_read(season, "tables:final"),
        days=[{**day, "played": day["number"] in played} for day in detail["match_days"]],
        printed_at=timezone.localtime(),
    )


def match_day_document(season: Season, number: int) -> MatchDayDocument:
    day = _read(season, f"day:{number}")
    return MatchDayDocument(
        season=season,
        day=day,
        date=datetime.date.fromisoformat(day["tournament"]["date"]),
        printed_at=timezone.localtime(),
    )


def league_table_pdf(season: Season) -> pdf.Rendered:
    return pdf.render(TABLE_TEMPLATE, {"document": league_table_document(season)})


def match_day_pdf(season: Season, number: int) -> pdf.Rendered:
    return pdf.render(DAY_TEMPLATE, {"document": match_day_document(season, number)})
