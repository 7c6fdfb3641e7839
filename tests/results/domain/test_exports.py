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
