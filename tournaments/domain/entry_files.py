"""Entry lists from a file: CSV (as Excel or LibreOffice save it) or XLSX, previewed row by row.

The first row names the columns, in English or German (``name``/``Name``, ``club``/``Verein``,
``member_number``/``Mitgliedsnummer``, ``start_number``/``Startnummer``); only the name is
required. Nothing is entered unless every row is fine.

The file is checked before it is trusted: any file that is no readable list is refused at
``file`` with a code (not a crash), cheaply. A workbook is read row by row (openpyxl's
read-only mode, its stated dimension disregarded) and given up as soon as it has more rows,
or unpacks to more bytes, than a list of players can have; a CSV must be text (UTF-8, UTF-16
with its BOM, or Windows' cp1252) with lines of list length. The rows' texts are then checked
like any entry (control characters, lengths, start numbers of digits 0-9).
"""

from __future__ import annotations

import codecs
import csv
import io
import zipfile
from dataclasses import dataclass, field
from typing import Any

from defusedxml.ElementTree import ParseError, iterparse
from openpyxl import load_workbook

from clubs.domain.names import club_text
from karlchen.actors import Actor
from karlchen.refusals import Problem, Refused, refused
from tournaments.domain.entries import (
    CSV_COLUMNS,
    MAX_LINE_CHARS,
    MAX_ROWS,
    check_line_lengths,
    csv_problems,
    enter_rows,
)
from tournaments.models import Entry, Tournament

MAX_FILE_BYTES = 1_000_000
MAX_UNPACKED_BYTES = 4_000_000  # a workbook of 2,000 players unpacks to well under 1 MB
MAX_SHEET_ROWS = 10 * MAX_ROWS  # rows read, empty ones included, before the sheet is given up
MAX_SHEET_COLUMNS = 32  # columns read per row (a list has four)
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


def read_table(file_name: str, content: bytes) -> list[list[str]]:
    """The cells of an uploaded list (CSV or XLSX), row by row, its header first, checked as
    the module says (``file`` refusals): the entry lists' reader, and the team lists'."""
    if len(content) > MAX_FILE_BYTES:
        raise refused("entry_file_too_large", "file", max=MAX_FILE_BYTES // 1000)
    is_xlsx = file_name.lower().endswith(".xlsx") or content.startswith(b"PK")
    table = _xlsx_cells(content) if is_xlsx else _csv_cells(content)
    table = [_trimmed(cells) for cells in table]
    if not table or not any(table[0]):
        raise refused("csv_empty", "file")
    for line, cells in enumerate(table, start=1):
        if sum(len(cell) for cell in cells) > MAX_LINE_CHARS:  # a quoted CSV cell over lines
            raise refused("entry_file_line_too_long", "file", line=line, max=MAX_LINE_CHARS)
    return table


def column_key(name: object) -> str:
    """A header cell as a key: lower case, "_" for spaces and dashes, no trailing dot."""
    return _plain(name)


def read_entry_file(file_name: str, content: bytes) -> list[dict[str, str]]:
    """The rows of an uploaded entry list, keyed by our column names (``file`` refusals)."""
    table = read_table(file_name, content)
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
    name, club = (row.get("name") or "").strip(), club_text(row.get("club"))
    if not name:
        return False
    same = tournament.entries.filter(player__name__iexact=name)
    if club:
        return same.filter(player__club_name__iexact=club).exists()
    return same.filter(player__club_name="").exists()


def _plain(name: object) -> str:
    return str(name or "").strip().lower().replace(" ", "_").replace("-", "_").rstrip(".")


def _trimmed(cells: list[str]) -> list[str]:
    """The cells without the empty ones at the end of the row (a sheet pads its rows)."""
    end = len(cells)
    while end and not cells[end - 1]:
        end -= 1
    return cells[:end]


def _csv_text(content: bytes) -> str:
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings: tuple[str, ...] = ("utf-16",)  # Excel's "Unicode text"
    elif b"\x00" in content:
        raise refused("entry_file_unreadable", "file")  # binary: no text file has NUL bytes
    else:
        encodings = ("utf-8-sig", "cp1252")  # cp1252: Excel's "CSV" on German Windows
    for encoding in encodings:
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise refused("entry_file_encoding", "file")


def _csv_cells(content: bytes) -> list[list[str]]:
    text = _csv_text(content)
    check_line_lengths(text, "file")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    try:
        rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), dialect)]
    except csv.Error as error:
        raise refused("entry_file_unreadable", "file") from error
    if sum(1 for row in rows if any(row)) > MAX_ROWS + 1:
        raise refused("entry_file_too_long", "file", max=MAX_ROWS)
    return rows


def _xlsx_cells(content: bytes) -> list[list[str]]:
    """The first sheet's rows, read one by one and given up at the first sign of excess.

    Whatever openpyxl, zipfile or the XML parser raise on a broken workbook (a bad zip, a
    missing part, broken or forbidden XML, a wrong cell type …) means one thing: the file
    cannot be read.
    """
    book = None
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())  # zipfile stops there
            if unpacked > MAX_UNPACKED_BYTES:
                raise refused(
                    "entry_file_unpacked_too_large", "file", max=MAX_UNPACKED_BYTES // 10**6
                )
            _count_sheet_rows(archive)
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        return _sheet_cells(book.worksheets[0])
    except Refused:
        raise
    except Exception as error:  # any failure to parse the upload is the upload's fault
        raise refused("entry_file_unreadable", "file") from error
    finally:
        if book is not None:
            book.close()


def _count_sheet_rows(archive: zipfile.ZipFile) -> None:
    """Refuse a worksheet of more rows than ``MAX_SHEET_ROWS`` before openpyxl opens it: to
    size a sheet without a stated dimension, opening the workbook reads every row of it.

    Every part is looked at (a sheet may be stored under any name): one that is no XML is
    skipped at its first byte, one whose root is no ``worksheet`` after its first element; XML
    with a DTD (entity tricks) is refused.
    """
    for info in archive.infolist():
        with archive.open(info) as part:
            events = iterparse(part, events=("start", "end"), forbid_dtd=True)
            try:
                _event, root = next(events)
            except ParseError:
                continue  # not XML (an image, printer settings …), or empty
            if _local_name(root.tag) != "worksheet":
                continue
            rows = 0
            for event, element in events:
                if event == "start" and _local_name(element.tag) == "row":
                    rows += 1
                    if rows > MAX_SHEET_ROWS:
                        raise refused("entry_file_sheet_too_long", "file", max=MAX_SHEET_ROWS)
                elif event == "end" and _local_name(element.tag) == "row":
                    root.clear()  # keep no rows in memory


def _local_name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _sheet_cells(sheet: Any) -> list[list[str]]:  # a ReadOnlyWorksheet (its stub lacks iter_rows)
    if (sheet.max_row or 0) > MAX_SHEET_ROWS:  # as stated in the sheet's <dimension>
        raise refused("entry_file_sheet_too_long", "file", max=MAX_SHEET_ROWS)
    sheet.reset_dimensions()  # a stated dimension may lie: read the rows that are there
    rows: list[list[str]] = []
    filled = 0
    cells = sheet.iter_rows(max_col=MAX_SHEET_COLUMNS, values_only=True)
    for number, values in enumerate(cells, start=1):
        if number > MAX_SHEET_ROWS:  # e.g. a gap of a million rows before a last one
            raise refused("entry_file_sheet_too_long", "file", max=MAX_SHEET_ROWS)
        if not any(values):
            rows.append([])
            continue
        row = _trimmed([_cell_text(value) for value in values])
        if row:
            filled += 1
            if filled > MAX_ROWS + 1:  # the header and the players
                raise refused("entry_file_too_long", "file", max=MAX_ROWS)
        rows.append(row)
    return rows


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # start numbers typed into a spreadsheet come back as 12.0
    return "" if value is None else str(value).strip()
