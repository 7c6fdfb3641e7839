"""Entry lists from a file: CSV (as Excel or LibreOffice save it) or XLSX, previewed row by row.

The first row names the columns, in English or German (``name``/``Name``, ``club``/``Verein``,
``member_number``/``Mitgliedsnummer``, ``start_number``/``Startnummer``); only the name is
required. Nothing is entered unless every row is fine.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass, field

from openpyxl import load_workbook

from karlchen.actors import Actor
from karlchen.refusals import Problem, Refused, refused
from tournaments.domain.entries import CSV_COLUMNS, csv_problems, enter_rows
from tournaments.models import Entry, Tournament

MAX_FILE_BYTES = 1_000_000
MAX_ROWS = 2_000
COLUMN_NAMES = {
    "name": "name",
    "spieler": "name",
    "spielerin": "name",
    "club": "club",
    "verein": "club",
    "member_number": "member_number",
    "mitgliedsnummer": "member_number",
    "mitgliedsnr": "member_number",
    "start_number": "start_number",
    "startnummer": "start_number",
    "startnr": "start_number",
}


@dataclass
class EntryRow:
    line: int
    values: dict[str, str]
    problems: list[Problem] = field(default_factory=list)


def read_entry_file(file_name: str, content: bytes) -> list[dict[str, str]]:
    """The rows of an uploaded entry list, keyed by our column names (``file`` refusals)."""
    if len(content) > MAX_FILE_BYTES:
        raise refused("entry_file_too_large", "file", max=MAX_FILE_BYTES // 1000)
    is_xlsx = file_name.lower().endswith(".xlsx") or content.startswith(b"PK")
    table = _xlsx_cells(content) if is_xlsx else _csv_cells(content)
    if not table or not any(table[0]):
        raise refused("csv_empty", "file")
    header = [COLUMN_NAMES.get(_plain(name), _plain(name) or "?") for name in table[0]]
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if unknown or "name" not in header:
        raise refused("csv_columns", "file", columns=", ".join(CSV_COLUMNS))
    rows = [dict(zip(header, cells, strict=False)) for cells in table[1:] if any(cells)]
    if len(rows) > MAX_ROWS:
        raise refused("entry_file_too_long", "file", max=MAX_ROWS)
    return [{key: row.get(key, "") for key in header} for row in rows]


def preview_entry_rows(tournament: Tournament, rows: list[dict[str, str]]) -> list[EntryRow]:
    """Each row with the problems entering it would meet (an empty list: it would go in)."""
    previews = {line: EntryRow(line, row) for line, row in enumerate(rows, start=2)}
    for problem in csv_problems(tournament, rows):
        line = int(problem.field.split(".")[1]) if problem.field.count(".") else 0
        if line in previews:
            previews[line].problems.append(problem)
    for preview in previews.values():
        if _already_entered(tournament, preview.values):
            name = preview.values.get("name", "").strip()
            preview.problems.append(
                Problem("already_entered", f"csv.{preview.line}.name", {"name": name})
            )
    return list(previews.values())


def import_entry_rows(
    tournament: Tournament, rows: list[dict[str, str]], *, by: Actor, file: str
) -> list[Entry]:
    """Enter every row, or none if any row has a problem (raises them all)."""
    problems = [problem for row in preview_entry_rows(tournament, rows) for problem in row.problems]
    if not rows:
        problems.append(Problem("csv_empty", "file", {}))
    if problems:
        raise Refused(problems)
    return enter_rows(tournament, rows, by=by, source=file)


def _already_entered(tournament: Tournament, row: dict[str, str]) -> bool:
    """The same member number, or else the same name and club, is entered already."""
    number = (row.get("member_number") or "").strip()
    if number:
        return tournament.entries.filter(player__member_number=number).exists()
    name, club = (row.get("name") or "").strip(), (row.get("club") or "").strip()
    if not name:
        return False
    same = tournament.entries.filter(player__name__iexact=name)
    if club:
        return same.filter(player__club__name__iexact=club).exists()
    return same.filter(player__club__isnull=True).exists()


def _plain(name: object) -> str:
    return str(name or "").strip().lower().replace(" ", "_").replace("-", "_").rstrip(".")


def _csv_cells(content: bytes) -> list[list[str]]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")  # Excel's "CSV" on German Windows
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), dialect)]


def _xlsx_cells(content: bytes) -> list[list[str]]:
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise refused("entry_file_unreadable", "file") from error
    sheet = book.worksheets[0]
    rows = [[_cell_text(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    book.close()
    return rows[: MAX_ROWS + 2]


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # start numbers typed into a spreadsheet come back as 12.0
    return "" if value is None else str(value).strip()
