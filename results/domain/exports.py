"""The results as a spreadsheet: CSV (semicolons and a BOM, as German Excel reads it) or XLSX.

Names and clubs are typed by whoever enters the players, so no text cell may become a formula
when the file is opened (CSV injection, OWASP): numbers (ranks, points, which may be negative)
are written as numbers; a text starting like a formula (``= + - @``, a tab or a carriage
return) is prefixed with a single quote in the CSV and written as a quote-prefixed text cell
in the XLSX, so that it shows as typed and never runs.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from karlchen.actors import Actor
from karlchen.log import log
from results.domain.archive import export_archive
from results.domain.standings import standings
from results.log import ResultsCode
from results.parts import PartTable, TableCell
from results.ports import RESULTS_PARTS
from tournaments.models import Tournament

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


Cell = TableCell
ILLEGAL_TITLE = re.compile(r"[\\/*?:\[\]]")  # characters Excel refuses in a sheet's name


def results_table(tournament: Tournament) -> list[list[Cell]]:
    """The header and one row per player, best first, with every figure of the standings."""
    numbers = list(range(1, tournament.series_count + 1))
    header: list[Cell] = [_("Rank"), _("Start number"), _("Name"), _("Club"), _("Total")]
    header += [_("Series %(number)s") % {"number": number} for number in numbers]
    header += [_("Deals"), _("Compulsory solos"), _("Series won"), _("Withdrawn")]
    rows = [header]
    for row in standings(tournament):
        line: list[Cell] = [row.rank, row.start_number, row.name, row.club or "", row.total]
        line += [row.per_series.get(number, 0) for number in numbers]
        line += [row.deals_played, row.compulsory_solos, row.series_won, _yes(row.withdrawn)]
        rows.append(line)
    return rows


def results_csv(tournament: Tournament) -> bytes:
    return table_csv(results_table(tournament))


def results_xlsx(tournament: Tournament) -> bytes:
    """The standings, and a sheet of each table the apps above add (``results.parts``: the
    teams' and clubs' rankings) where it has rows."""
    sheets = [Sheet(_("Standings"), results_table(tournament), {"C": 28, "D": 24})]
    sheets += [
        Sheet(table.title, table.rows, table.widths)
        for table in part_tables(tournament)
        if len(table.rows) > 1
    ]
    return table_xlsx(sheets)


def part_tables(tournament: Tournament) -> list[PartTable]:
    """The tables the apps above add to the tournament's spreadsheets (``results.parts``)."""
    return [
        table
        for part in RESULTS_PARTS.all()
        if part.tables is not None
        for table in part.tables(tournament)
    ]


def part_exports(tournament: Tournament) -> list[PartTable]:
    """Those of them with rows: each can be downloaded as a CSV of its own (``<key>-csv``)."""
    return [table for table in part_tables(tournament) if len(table.rows) > 1]


def export_for_organiser(tournament: Tournament, kind: str, *, by: Actor) -> bytes:
    """The results (``csv``, ``xlsx``), the archive (``json``) or a table of an app above
    (``<key>-csv``, ``results.parts``) as an organiser downloads them, noted in the
    tournament's log. A kind there is none of: ``KeyError``."""
    builders = {"csv": results_csv, "xlsx": results_xlsx, "json": _archive_json}
    with transaction.atomic():
        if kind in builders:
            content = builders[kind](tournament)
        else:
            tables = {f"{table.key}-csv": table for table in part_tables(tournament)}
            content = table_csv(tables[kind].rows)
        log(tournament, by, ResultsCode.EXPORTED, format=kind.upper())
    return content


def _archive_json(tournament: Tournament) -> bytes:
    return json.dumps(export_archive(tournament), ensure_ascii=False, indent=1).encode()


@dataclass(frozen=True)
class Sheet:
    """A worksheet: its title, its rows (the first the header) and wide columns' widths."""

    title: str
    rows: Sequence[Sequence[Cell]]
    widths: Mapping[str, int]


def table_csv(rows: Sequence[Sequence[Cell]]) -> bytes:
    """Rows as CSV the way German Excel reads it (semicolons, a BOM), no cell a formula."""
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";").writerows([[csv_cell(cell) for cell in row] for row in rows])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def table_xlsx(sheets: Sequence[Sheet]) -> bytes:
    """A workbook of ``sheets``, each header bold and frozen, no cell a formula."""
    book = Workbook()
    for index, part in enumerate(sheets):
        sheet = book.active if index == 0 else book.create_sheet()
        assert isinstance(sheet, Worksheet)  # a new workbook has one worksheet, the active one
        sheet.title = ILLEGAL_TITLE.sub("", part.title)[:31]  # Excel's limits for sheet names
        for number, row in enumerate(part.rows, start=1):
            for column, value in enumerate(row, start=1):
                _xlsx_cell(sheet, number, column, value)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        for letter, width in part.widths.items():
            sheet.column_dimensions[letter].width = width
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def csv_cell(value: Cell) -> Cell:
    """A number as it is; a text that a spreadsheet would read as a formula, quote-prefixed."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _xlsx_cell(sheet: Worksheet, row: int, column: int, value: Cell) -> None:
    """A number as a number cell, a text always as a text cell (never a formula)."""
    if not isinstance(value, str):
        sheet.cell(row, column, value)
        return
    cell = sheet.cell(row, column)
    cell.value = ILLEGAL_CHARACTERS_RE.sub("", value)  # control characters XML cannot hold
    cell.data_type = "s"  # openpyxl would store a text starting with "=" as a formula
    if value.startswith(FORMULA_STARTS):
        cell.quotePrefix = True  # and Excel keeps it text when the cell is edited


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""
