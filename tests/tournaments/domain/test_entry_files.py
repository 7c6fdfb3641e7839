"""Entry lists from files: CSV as spreadsheets save it, XLSX, the preview, all or nothing."""

import codecs
import random

import pytest

from karlchen.refusals import Refused
from tests.factories.files import LIST_ROWS, SHEET, SHEET_XML, sheet, with_sheet, xlsx
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.entry_files import (
    MAX_SHEET_ROWS,
    import_entry_rows,
    preview_entry_rows,
    read_entry_file,
)

pytestmark = pytest.mark.django_db


def codes(refusal) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in refusal.value.problems]


def test_a_german_excel_csv_with_semicolons_and_windows_umlauts_is_read():
    content = "Name;Verein;Startnummer\r\nJürgen Weiß;Herz As;7\r\nÄnne;;\r\n".encode("cp1252")
    rows = read_entry_file("spieler.csv", content)
    assert rows == [
        {"name": "Jürgen Weiß", "club": "Herz As", "start_number": "7"},
        {"name": "Änne", "club": "", "start_number": ""},
    ]


def test_a_utf8_csv_with_bom_and_english_headers_is_read():
    content = "\ufeffname,club,member_number\nAnna,Karo Sieben,D-17\n".encode()
    assert read_entry_file("x.csv", content) == [
        {"name": "Anna", "club": "Karo Sieben", "member_number": "D-17"}
    ]


def test_an_xlsx_sheet_is_read_with_numbers_as_typed():
    content = xlsx(
        [["Name", "Verein", "Startnummer"], ["Björn", "Pik Dame", 12], [None, None, None]]
    )
    assert read_entry_file("liste.xlsx", content) == [
        {"name": "Björn", "club": "Pik Dame", "start_number": "12"}
    ]


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("x.csv", b"Name;Alter\nAnna;30\n", "csv_columns"),
        ("x.csv", b"Verein\nHerz As\n", "csv_columns"),
        ("x.csv", b"", "csv_empty"),
        ("x.xlsx", b"PK not really a workbook", "entry_file_unreadable"),
        ("x.csv", b"name\n" + b"a\n" * 600_000, "entry_file_too_large"),
        ("x.csv", b"name\n" + b"a\n" * 2_001, "entry_file_too_long"),
    ],
)
def test_a_file_that_is_no_entry_list_is_refused_at_the_file_field(name, content, code):
    with pytest.raises(Refused) as refusal:
        read_entry_file(name, content)
    assert codes(refusal) == [("file", code)]


def test_the_preview_names_each_rows_problems_and_nothing_is_entered():
    tournament, _ = tournament_with_players(2)  # Spieler 1 (Herz As), Spieler 2 (Pik Dame)
    rows = [
        {"name": "Neu", "club": "", "start_number": "10"},
        {"name": "", "club": "Herz As", "start_number": ""},
        {"name": "Doppelt", "club": "", "start_number": "10"},
        {"name": "Spieler 1", "club": "herz as", "start_number": ""},
        {"name": "Vergeben", "club": "", "start_number": "2"},
    ]
    previews = preview_entry_rows(tournament, rows)
    problems = {row.line: [p.code for p in row.problems] for row in previews}
    assert problems == {
        2: [],
        3: ["name_required"],
        4: ["start_number_taken"],
        5: ["already_entered"],
        6: ["start_number_taken"],
    }
    with pytest.raises(Refused):
        import_entry_rows(tournament, rows, by=ORGA, file="liste.csv")
    assert tournament.entries.count() == 2


def test_good_rows_are_all_entered_with_their_numbers_and_clubs():
    tournament, _ = tournament_with_players(0)
    rows = [
        {"name": "Anna", "club": "Karo Sieben", "start_number": "5"},
        {"name": "Bert", "club": "", "start_number": ""},
    ]
    entries = import_entry_rows(tournament, rows, by=ORGA, file="liste.csv")
    assert [(e.start_number, e.player.name) for e in entries] == [(5, "Anna"), (6, "Bert")]
    assert entries[0].player.club_name == "Karo Sieben"
    assert entries[1].player.club is None


def test_an_empty_list_of_rows_is_refused():
    tournament, _ = tournament_with_players(0)
    with pytest.raises(Refused) as refusal:
        import_entry_rows(tournament, [], by=ORGA, file="liste.csv")
    assert codes(refusal) == [("file", "csv_empty")]


# --- files that are checked before they are trusted -------------------------------------------


def refusal_of(name: str, content: bytes) -> list[tuple[str, str]]:
    """The refusal's codes; that it is *this* refusal shows where reading stopped (the times
    are bench/hostile_files.py's)."""
    with pytest.raises(Refused) as refusal:
        read_entry_file(name, content)
    return codes(refusal)


def test_the_crafted_sheet_xml_of_these_tests_is_read_as_a_list():
    assert read_entry_file("x.xlsx", sheet(LIST_ROWS)) == [{"name": "Anna"}]


def test_a_small_workbook_of_six_million_empty_rows_is_refused_at_once():
    content = sheet(LIST_ROWS + b"<row/>" * 6_000_000, b'<dimension ref="A1:A6000000"/>')
    assert len(content) < 100_000
    assert refusal_of("x.xlsx", content) == [("file", "entry_file_unpacked_too_large")]


def test_a_stated_dimension_of_millions_of_rows_is_refused_before_reading_them():
    content = sheet(LIST_ROWS, b'<dimension ref="A1:A6000000"/>')
    assert refusal_of("x.xlsx", content) == [("file", "entry_file_sheet_too_long")]


@pytest.mark.parametrize(
    ("rows", "dimension"),
    [
        # unpacks to 3.6 MB, within the limit; without a stated dimension, opening the
        # workbook alone would read every row
        (LIST_ROWS + b"<row/>" * 600_000, b""),
        (LIST_ROWS + b"<row/>" * 600_000, b'<dimension ref="A1:A2"/>'),  # a lie
        (LIST_ROWS + b'<row r="1048576"><c t="inlineStr"><is><t>Bert</t></is></c></row>', b""),
    ],
    ids=["empty rows below the list", "a dimension that lies", "a row at the end of the sheet"],
)
def test_a_sheet_of_more_rows_than_a_list_has_is_given_up_early(rows, dimension):
    assert refusal_of("x.xlsx", sheet(rows, dimension)) == [("file", "entry_file_sheet_too_long")]


def test_empty_rows_below_a_list_and_rows_past_a_wrong_dimension_are_fine():
    bert = b'<row r="3"><c r="A3" t="inlineStr"><is><t>Bert</t></is></c></row>'
    rows = LIST_ROWS + bert + b"<row/>" * (MAX_SHEET_ROWS - 10)
    content = sheet(rows, b'<dimension ref="A1:A2"/>')  # the stated dimension lies
    assert read_entry_file("x.xlsx", content) == [{"name": "Anna"}, {"name": "Bert"}]


def test_a_workbook_of_more_players_than_allowed_is_refused_without_reading_on():
    rows = [["Name"]] + [[f"Spieler {n}"] for n in range(2_001)]
    assert refusal_of("x.xlsx", xlsx(rows)) == [("file", "entry_file_too_long")]


BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        b'<!ENTITY lol%d "%b">' % (n, (b"&lol%d;" % (n - 1) if n > 1 else b"&lol;") * 10)
        for n in range(1, 10)
    )
    + b']><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    + b'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row>'
    + b"</sheetData></worksheet>"
)


@pytest.mark.parametrize(
    "content",
    [
        with_sheet((SHEET_XML % (b"", LIST_ROWS))[:200]),  # the sheet's XML broken off
        with_sheet(BILLION_LAUGHS),
        with_sheet(SHEET_XML % (b"", b'<row r="1"><c r="A1" t="s"><v>999</v></c></row>')),
        with_sheet(SHEET_XML % (b"", b'<row r="1"><c r="A1"><v>12abc</v></c></row>')),
        with_sheet(SHEET_XML % (b"", LIST_ROWS), drop=SHEET),  # the sheet is missing
        with_sheet(SHEET_XML % (b"", LIST_ROWS), drop="xl/workbook.xml"),
        xlsx([["Name"], ["Anna"]])[:-30],  # the zip broken off
        b"PK\x03\x04" + bytes(random.Random(1).randbytes(5_000)),
    ],
    ids=[
        "broken xml",
        "entity expansion",
        "no such shared string",
        "a number that is none",
        "no sheet",
        "no workbook",
        "broken zip",
        "junk",
    ],
)
def test_a_broken_workbook_is_refused_as_unreadable(content):
    assert refusal_of("liste.xlsx", content) == [("file", "entry_file_unreadable")]


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"name\nAn\x00na\n", "entry_file_unreadable"),  # NUL: binary, no text file
        (b"\x00\x01\x02" + random.Random(2).randbytes(3_000), "entry_file_unreadable"),
        (b"name\nJ\x81rgen\x8d\n", "entry_file_encoding"),  # neither UTF-8 nor cp1252
        (b"name\n" + b"a" * 140_000 + b"\n", "entry_file_line_too_long"),  # over csv's limit
        (b'name\n"' + b"a\n" * 600 + b'"\n', "entry_file_line_too_long"),  # a cell over lines
    ],
    ids=["nul", "binary", "encoding", "a field over 128 KiB", "a quoted cell over lines"],
)
def test_a_csv_that_is_no_text_list_is_refused_at_the_file_field(content, code):
    assert refusal_of("liste.csv", content) == [("file", code)]


def test_excel_unicode_text_is_read():
    content = codecs.BOM_UTF16_LE + "Name\tVerein\r\nÄnne\tPik Dame\r\n".encode("utf-16-le")
    assert read_entry_file("liste.txt", content) == [{"name": "Änne", "club": "Pik Dame"}]


def test_control_characters_and_other_digits_are_problems_of_their_rows():
    tournament, _ = tournament_with_players(0)
    text = "name,club,start_number\nAn\x07na,,\u00b2\nBert,Herz\x1bAs,\u0663\nCarl,,\uff17\n"
    rows = read_entry_file("liste.csv", text.encode())
    problems = [
        (p.field, p.code) for row in preview_entry_rows(tournament, rows) for p in row.problems
    ]
    assert problems == [
        ("csv.2.start_number", "start_number_invalid"),
        ("csv.2.name", "text_control_characters"),
        ("csv.3.start_number", "start_number_invalid"),
        ("csv.3.club", "text_control_characters"),
        ("csv.4.start_number", "start_number_invalid"),
    ]
    with pytest.raises(Refused):
        import_entry_rows(tournament, rows, by=ORGA, file="liste.csv")
    assert tournament.entries.count() == 0
