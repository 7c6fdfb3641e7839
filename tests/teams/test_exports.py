"""The team and club rankings in the tournament's spreadsheets (through results' port,
results.parts): a sheet of the XLSX, a CSV of its own, at the desk; no cell a formula."""

import csv
import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from people.models import Player
from results.domain.exports import export_for_organiser, part_exports, results_xlsx
from teams.domain.team_archive import side_table
from teams.domain.teams import Roster, create_team
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db

HEADER = [
    "Ranking",
    "Rank",
    "Team or club",
    "Score",
    "Players who played",
    "Start number",
    "Name",
    "Role",
    "Points",
    "Counted",
]


@pytest.fixture
def with_teams(played):
    tournament, entries = played
    create_team(
        tournament,
        by=ORGA,
        name="=Asse",  # typed like a formula: never one in the file
        roster=Roster(
            members=(entries[0].pk, entries[1].pk),
            substitutes=(entries[2].pk,),
            captain=entries[1].pk,
        ),
    )
    create_team(tournament, by=ORGA, name="Leer")
    return tournament


def test_the_table_has_a_row_per_player_of_each_team_and_club(with_teams, settings):
    settings.LANGUAGE_CODE = "en"
    rows = side_table(with_teams).rows
    assert rows[0] == HEADER
    assert rows[1:5] == [
        ["Team", 1, "=Asse", 2, 3, 1, "Spieler 1", "", 2, "yes"],
        ["Team", 1, "=Asse", 2, 3, 2, "Spieler 2", "captain", 2, "yes"],
        ["Team", 1, "=Asse", 2, 3, 3, "Spieler 3", "substitute", -2, "yes"],
        ["Team", None, "Leer", 0, 0, None, "", "", None, ""],
    ]
    clubs = [row for row in rows[1:] if row[0] == "Club"]
    assert [(row[2], row[5]) for row in clubs] == [
        ("Pik Dame", 2),
        ("Pik Dame", 5),
        ("Pik Dame", 8),
        ("Herz As", 1),
        ("Herz As", 4),
        ("Herz As", 7),
        ("Karo Sieben", 3),
        ("Karo Sieben", 6),
    ]


def test_the_xlsx_has_a_sheet_of_them_and_no_formula(with_teams):
    book = load_workbook(io.BytesIO(results_xlsx(with_teams)))
    assert len(book.sheetnames) == 2
    sheet = book[book.sheetnames[1]]
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    expected = [
        [None if cell == "" else cell for cell in row] for row in side_table(with_teams).rows
    ]
    assert values == expected
    cell = sheet.cell(2, 3)
    assert (cell.value, cell.data_type, cell.quotePrefix) == ("=Asse", "s", True)


def test_the_csv_of_its_own_is_logged_and_quotes_a_formula(with_teams):
    content = export_for_organiser(with_teams, "teams-csv", by=ORGA)
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert len(rows) == len(side_table(with_teams).rows)
    assert rows[1][2] == "'=Asse"
    assert OrganiserAction.objects.filter(
        action="exported", details={"format": "TEAMS-CSV"}
    ).exists()
    with pytest.raises(KeyError):
        export_for_organiser(with_teams, "league-csv", by=ORGA)


def test_a_tournament_without_teams_or_clubs_has_no_such_sheet():
    tournament, entries = tournament_with_players(4)
    Player.objects.filter(pk__in=[entry.player_id for entry in entries]).update(club_name="")
    assert part_exports(tournament) == []
    assert len(load_workbook(io.BytesIO(results_xlsx(tournament))).sheetnames) == 1


def test_the_desk_offers_the_csv(with_teams):
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    page = desk.get(f"/desk/{with_teams.pk}/results/").content.decode()
    assert f'href="/desk/{with_teams.pk}/export/teams-csv/"' in page
    assert "Teams and clubs as CSV" in page
    answer = desk.get(f"/desk/{with_teams.pk}/export/teams-csv/")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    assert answer["Content-Disposition"].endswith('-teams.csv"')
    assert desk.get(f"/desk/{with_teams.pk}/export/league-csv/").status_code == 404
