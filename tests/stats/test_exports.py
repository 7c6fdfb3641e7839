"""The statistics' downloads at the desk: a player's and a tournament's, as CSV and XLSX, the
figures as the deals say, no cell a formula, and only for whoever may see them."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.test import Client
from openpyxl import load_workbook

from karlchen.log import entries_about
from people.models import Player
from scoring.domain.deals import record_deal
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, organiser

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    cache.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _season, tables, players = season_with_evenings(2, deals=2)
        record_deal(tables[1], deal=SOLO, by=CAPTAIN)
    Player.objects.filter(pk=players[1].pk).update(name="=HYPERLINK(1)")  # typed as a formula
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    return tables, players, desk


def csv_rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";"))


def test_a_players_statistics_as_csv_and_xlsx(played):
    _tables, players, desk = played
    response = desk.get(f"/desk/players/{players[1].pk}/statistics/csv/")
    assert response["Content-Disposition"] == (
        f'attachment; filename="player-{players[1].pk}-statistics.csv"'
    )
    rows = {row[0]: row[1:] for row in csv_rows(response)}
    assert rows["Player"] == ["'=HYPERLINK(1)", ""]  # text, never a formula
    assert rows["Deals"] == ["5", "1"]  # four normal deals lost, the solo won
    assert rows["Solo: compulsory_solo"] == ["1", "1"]
    workbook = load_workbook(
        io.BytesIO(desk.get(f"/desk/players/{players[1].pk}/statistics/xlsx/").content)
    )
    figures, series = workbook.worksheets
    assert figures["B2"].value == "=HYPERLINK(1)"
    assert figures["B2"].data_type == "s"
    assert [row[2:] for row in series.iter_rows(min_row=2, values_only=True)] == [(1, -2), (1, 1)]
    assert desk.get(f"/desk/players/{players[1].pk}/statistics/pdf/").status_code == 404


def test_a_tournaments_statistics_as_csv_and_xlsx_are_logged(played):
    tables, _players, desk = played
    tournament = tables[1].series.tournament
    rows = csv_rows(desk.get(f"/desk/{tournament.pk}/statistics/csv/"))
    assert rows[0][:6] == ["Start number", "Name", "Deals", "Won", "Lost", "Points"]
    by_name = {row[1]: row for row in rows[1:]}
    assert by_name["'=HYPERLINK(1)"][2:9] == ["3", "1", "2", "1", "0.33", "1", "1"]
    assert len(by_name) == 4
    sheet = load_workbook(
        io.BytesIO(desk.get(f"/desk/{tournament.pk}/statistics/xlsx/").content)
    ).active
    assert [cell.value for cell in sheet[1]][:2] == ["Start number", "Name"]
    assert sheet.max_row == 5
    texts = [entry.text() for entry in entries_about(tournament, 10)]
    assert sum("exported" in text for text in texts) == 2


def test_only_who_may_see_them_downloads(played):
    tables, players, _desk = played
    stranger = Client()
    stranger.force_login(organiser("stranger"))
    assert stranger.get(f"/desk/players/{players[0].pk}/statistics/csv/").status_code == 404
    assert stranger.get(f"/desk/{tables[0].series.tournament_id}/statistics/csv/").status_code in (
        403,
        404,
    )
    assert Client().get(f"/desk/players/{players[0].pk}/statistics/csv/").status_code == 302
