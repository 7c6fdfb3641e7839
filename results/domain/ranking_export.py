"""The results for a federation's ranking list, as CSV in a documented layout
(docs/RANKING_EXPORT.md): a Doppelkopf tournament in the DDV's layout, a Schafkopf tournament in
the Schafkopf layout.

- **DDV** (``ddv``): one line per player and round (series) the player played, keyed by the
  DDV member number: the Rangliste averages the points per round over every round of every
  ranking tournament (its "Rundenschnitt"), so it needs rounds, not totals. A player
  without a member number is exported all the same, with the flag ``ohne_nummer`` = 1, so the
  organisers see whom to ask before they send the file.
- **Schafkopf** (``schafkopf``): one line per player with the points of each round in columns
  (``runde_1`` …): no association's format is known; this is the "Gesamtliste" Schafkopf cup
  series publish.

Both: UTF-8 with a BOM, semicolons, CRLF line ends, a header line of fixed names (not
translated: a federation's import reads them), numbers as digits (negative with "-"), dates as
YYYY-MM-DD, no cell a formula (``exports.csv_cell``). Names and clubs as entered.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from karlchen.actors import Actor
from karlchen.log import log
from results.domain.exports import csv_cell
from results.domain.standings import Standing, standings, took_part
from results.log import ResultsCode
from tournaments.enums import Game
from tournaments.models import Entry, Tournament

DDV, SCHAFKOPF = "ddv", "schafkopf"
LAYOUTS = (DDV, SCHAFKOPF)
TOURNAMENT_COLUMNS = ["turnier_id", "turnier", "datum", "ort", "region", "ausrichter"]
PLAYER_COLUMNS = ["mitgliedsnummer", "ohne_nummer", "name", "verein", "startnummer"]
DDV_COLUMNS = [
    *TOURNAMENT_COLUMNS,
    *PLAYER_COLUMNS,
    "runde",
    "spielpunkte",
    "spiele",
    "platz",
    "gesamt",
    "zurueckgezogen",
]


def layout_of(tournament: Tournament) -> str:
    """The layout a tournament's ranking export takes: by its game."""
    return SCHAFKOPF if tournament.game == Game.SCHAFKOPF else DDV


def schafkopf_columns(rounds: int) -> list[str]:
    return [
        *TOURNAMENT_COLUMNS,
        *PLAYER_COLUMNS,
        "platz",
        "gesamt",
        *(f"runde_{number}" for number in range(1, rounds + 1)),
        "spiele",
        "zurueckgezogen",
    ]


def ranking_table(tournament: Tournament) -> list[list[Any]]:
    """The header and the lines of the tournament's layout."""
    ranked = standings(tournament)  # every deal: the final results, as the organisers see them
    numbers = _member_numbers(tournament)
    place = _tournament_cells(tournament)
    if layout_of(tournament) == SCHAFKOPF:
        rounds = max([tournament.series_count, *(max(row.per_series, default=0) for row in ranked)])
        lines: list[list[Any]] = [schafkopf_columns(rounds)]
        lines += [_schafkopf_line(place, row, numbers, rounds) for row in ranked]
        return lines
    lines = [list(DDV_COLUMNS)]
    for row in ranked:
        lines += _ddv_lines(place, row, numbers)
    return lines


def ranking_csv(tournament: Tournament) -> bytes:
    return table_bytes(ranking_table(tournament))


def export_ranking(tournament: Tournament, *, by: Actor) -> bytes:
    """The ranking export as an organiser downloads it (desk, API), noted in the log."""
    with transaction.atomic():
        content = ranking_csv(tournament)
        log(tournament, by, ResultsCode.EXPORTED, format=f"{layout_of(tournament).upper()} CSV")
    return content


def file_name(tournament: Tournament) -> str:
    """``ranking-ddv-<id>-<date>.csv`` (or ``-schafkopf-``): what a federation files."""
    return f"ranking-{layout_of(tournament)}-{tournament.pk}-{tournament.date.isoformat()}.csv"


def without_member_number(tournament: Tournament) -> int:
    """How many players of the file have no member number (the desk asks to add them): those
    the standings rank (``took_part``), withdrawn or not; one who never sat down is not in it."""
    entries = took_part(Entry.objects.filter(tournament=tournament))
    numbers = entries.values_list("player__member_number", flat=True)
    return sum(1 for number in numbers if not (number or "").strip())  # as the file flags


def table_bytes(rows: Sequence[Sequence[Any]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerows([[csv_cell(cell) for cell in row] for row in rows])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _member_numbers(tournament: Tournament) -> dict[int, str]:
    entries = Entry.objects.filter(tournament=tournament).values_list("pk", "player__member_number")
    return {entry: (number or "").strip() for entry, number in entries}


def _tournament_cells(tournament: Tournament) -> list[Any]:
    club = tournament.club.name if tournament.club else ""
    return [
        tournament.pk,
        tournament.name,
        tournament.date.isoformat(),
        tournament.venue,
        tournament.region,
        club,
    ]


def _player_cells(row: Standing, numbers: dict[int, str]) -> list[Any]:
    number = numbers.get(row.entry_id, "")
    return [number, 0 if number else 1, row.name, row.club or "", row.start_number]


def _ddv_lines(place: list[Any], row: Standing, numbers: dict[int, str]) -> list[list[Any]]:
    """A line per round the player played (points or deals in it), in the rounds' order."""
    played = sorted(set(row.per_series) | set(row.deals_per_series))
    return [
        [
            *place,
            *_player_cells(row, numbers),
            number,
            row.per_series.get(number, 0),
            row.deals_per_series.get(number, 0),
            row.rank,
            row.total,
            int(row.withdrawn),
        ]
        for number in played
    ]


def _schafkopf_line(
    place: list[Any], row: Standing, numbers: dict[int, str], rounds: int
) -> list[Any]:
    points = [row.per_series.get(number, "") for number in range(1, rounds + 1)]
    return [
        *place,
        *_player_cells(row, numbers),
        row.rank,
        row.total,
        *points,
        row.deals_played,
        int(row.withdrawn),
    ]
