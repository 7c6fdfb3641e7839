"""The results as a spreadsheet: CSV (semicolons and a BOM, as German Excel reads it) or XLSX."""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from results.domain.standings import standings
from tournaments.models import Tournament


def results_table(tournament: Tournament) -> list[list[object]]:
    """The header and one row per player, best first, with every figure of the standings."""
    numbers = list(range(1, tournament.series_count + 1))
    header: list[object] = [_("Rank"), _("Start number"), _("Name"), _("Club"), _("Total")]
    header += [_("Series %(number)s") % {"number": number} for number in numbers]
    header += [_("Deals"), _("Compulsory solos"), _("Series won"), _("Withdrawn")]
    rows = [header]
    for row in standings(tournament):
        rows.append(
            [row.rank, row.start_number, row.name, row.club or "", row.total]
            + [row.per_series.get(number, 0) for number in numbers]
            + [row.deals_played, row.compulsory_solos, row.series_won, _yes(row.withdrawn)]
        )
    return rows


def results_csv(tournament: Tournament) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=";").writerows(results_table(tournament))
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def results_xlsx(tournament: Tournament) -> bytes:
    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook has one worksheet, the active one
    sheet.title = _("Standings")[:31]  # Excel's limit for sheet names
    for row in results_table(tournament):
        sheet.append(row)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    sheet.column_dimensions["C"].width = 28
    sheet.column_dimensions["D"].width = 24
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _yes(flag: bool) -> str:
    return _("yes") if flag else ""
