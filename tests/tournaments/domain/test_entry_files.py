"""Entry lists from files: CSV as spreadsheets save it, XLSX, the preview, all or nothing."""

import io

import pytest
from openpyxl import Workbook

from karlchen.refusals import Refused
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.entry_files import (
    import_entry_rows,
    preview_entry_rows,
    read_entry_file,
)

pytestmark = pytest.mark.django_db


def xlsx(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


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
    assert entries[0].player.club.name == "Karo Sieben"
    assert entries[1].player.club is None


def test_an_empty_list_of_rows_is_refused():
    tournament, _ = tournament_with_players(0)
    with pytest.raises(Refused) as refusal:
        import_entry_rows(tournament, [], by=ORGA, file="liste.csv")
    assert codes(refusal) == [("file", "csv_empty")]
