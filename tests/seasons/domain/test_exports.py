"""A season as a spreadsheet: the ranking with each evening's points, CSV and XLSX."""

import csv
import io

import pytest
from django.core.cache import cache
from django.utils import translation
from openpyxl import load_workbook

from seasons.domain.exports import season_export
from tests.factories.seasons import season_with_evenings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    cache.clear()
    with translation.override("en"):
        yield


def csv_rows(content: bytes) -> list[list[str]]:
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


def test_the_csv_has_a_column_of_points_per_evening():
    season, _tables, _players = season_with_evenings(2, deals=2, cup_places=2)
    content, etag = season_export(season, "csv", public=True)
    rows = csv_rows(content)
    assert rows[0] == [
        "Rank", "Name", "Club", "Score", "Evenings", "Lists counted", "Lists played",
        "Attendance bonus", "Qualified", "2026-01-07 Clubabend 1", "2026-01-14 Clubabend 2",
    ]  # fmt: skip
    assert rows[1] == ["1", "Spieler 1", "Herz As", "4", "2", "2", "2", "0", "yes", "2", "2"]
    assert [row[1] for row in rows[1:]] == ["Spieler 1", "Spieler 3", "Spieler 2", "Spieler 4"]
    assert rows[3][3:] == ["-4", "2", "2", "2", "0", "", "-2", "-2"]
    assert etag.endswith('-csv"')
    assert season_export(season, "csv", public=True)[1] == etag  # cached: the same file


def test_the_xlsx_has_the_ranking_and_every_evening_of_every_player():
    season, _tables, _players = season_with_evenings(3, ranking_rule={"best": 2})
    content, etag = season_export(season, "xlsx", public=False)
    book = load_workbook(io.BytesIO(content))
    ranking, evenings = book.worksheets
    assert (ranking.title, evenings.title) == ("Season ranking", "Evenings")
    assert [cell.value for cell in ranking[2]] == [
        1,
        "Spieler 1",
        "Herz As",
        2,
        3,
        2,
        3,
        0,
        1,
        1,
        1,
    ]
    assert [cell.value for cell in evenings[1]] == [
        "Name", "Date", "Evening", "Place", "Points", "Penalties", "Worth", "Counted",
    ]  # fmt: skip
    assert [cell.value for cell in evenings[4]] == [
        "Spieler 1", "2026-01-21", "Clubabend 3", 1, 1, 0, 1, "no",
    ]  # fmt: skip
    assert etag.endswith('-xlsx"')


def test_a_name_like_a_formula_stays_text():
    season, _tables, players = season_with_evenings(1)
    players[0].name = "=HYPERLINK(1)"
    players[0].save(update_fields=["name"])
    rows = csv_rows(season_export(season, "csv", public=False)[0])
    assert rows[1][1] == "'=HYPERLINK(1)"
