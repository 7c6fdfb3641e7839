"""The desk's teams page: teams by start numbers, their rules, a team list from a file (and
files that are no lists)."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from teams.models import SideRankings, Team
from tests.factories.files import LIST_ROWS, sheet, with_sheet, xlsx
from tests.factories.once import rolled_back
from tests.factories.tournaments import organiser
from tests.teams.conftest import played_tournament
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def played_once(django_db_setup, django_db_blocker):
    """``played`` built once for the module's refusals, which save nothing: its id (each test
    reads the tournament afresh), the rows rolled back at the module's end."""
    with rolled_back(django_db_blocker):
        tournament, _entries = played_tournament()
        yield tournament.pk


@pytest.fixture
def refusing(played_once):
    return Tournament.objects.get(pk=played_once)


@pytest.fixture
def desk():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    return client


def page(desk, tournament, data, path="teams/"):
    return desk.post(f"/desk/{tournament.pk}/{path}", data)


def test_the_page_is_the_organisers_and_in_the_desk_navigation(played, desk):
    tournament, _entries = played
    answer = desk.get(f"/desk/{tournament.pk}/teams/")
    assert answer.status_code == 200
    assert f'href="/desk/{tournament.pk}/teams/"' in answer.content.decode()
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("fremd"))
    assert stranger.get(f"/desk/{tournament.pk}/teams/").status_code in (403, 404)


def test_a_team_by_start_numbers_changed_and_deleted(played, desk):
    tournament, _entries = played
    data = {"action": "create", "name": "Asse", "members": "1, 2 4", "substitutes": "5"}
    answer = page(desk, tournament, data | {"captain": "2"})
    assert answer.status_code == 302
    team = Team.objects.get()
    members = team.members.order_by("entry__start_number")
    roles = [(m.entry.start_number, m.substitute, m.captain) for m in members]
    assert roles == [(1, False, False), (2, False, True), (4, False, False), (5, True, False)]
    listed = desk.get(f"/desk/{tournament.pk}/teams/").content.decode()
    assert "2. Spieler 2 (captain)" in listed
    update = {"action": "update", "team": team.pk, "name": "Asse", "members": "1 2"}
    assert page(desk, tournament, update).status_code == 302
    assert team.members.count() == 2
    assert page(desk, tournament, {"action": "delete", "team": team.pk}).status_code == 302
    assert not Team.objects.exists()
    logged = OrganiserAction.objects.filter(action__startswith="team_").values_list("action")
    assert sorted(code for (code,) in logged) == ["team_changed", "team_created", "team_deleted"]


@pytest.mark.parametrize(
    ("data", "field", "text"),
    [
        ({"name": "A", "members": "1, x"}, "members", "whole numbers"),
        ({"name": "A", "members": "1 ²"}, "members", "whole numbers"),
        ({"name": "A", "members": "1 77"}, "members", "start number 77"),
        ({"name": "A", "members": "1", "captain": "3"}, "captain", "one of the team's players"),
        ({"name": "A", "members": "1", "captain": "9" * 30}, "captain", "99999"),
        ({"name": "", "members": "1"}, "name", "required"),
    ],
)
def test_bad_input_is_a_400_at_its_field_and_saves_nothing(refusing, desk, data, field, text):
    tournament = refusing
    answer = page(desk, tournament, {"action": "create", **data})
    assert answer.status_code == 400
    assert any(text in error for error in answer.context["team_form"].errors[field])
    assert not Team.objects.exists()


def test_a_player_in_two_teams_is_refused(played, desk):
    tournament, _entries = played
    page(desk, tournament, {"action": "create", "name": "A", "members": "1"})
    answer = page(desk, tournament, {"action": "create", "name": "B", "members": "2 1"})
    assert answer.status_code == 400
    assert "plays for the team “A” already" in answer.context["team_form"].errors["members"][0]
    assert Team.objects.count() == 1


def test_the_rules_of_the_side_rankings(played, desk):
    tournament, _entries = played
    data = {
        "action": "rules",
        "team_method": "best",
        "team_best": "3",
        "team_ties": "shared",
        "club_method": "average",
        "club_ties": "best_member",
    }
    assert page(desk, tournament, data).status_code == 302
    saved = SideRankings.objects.get(tournament=tournament)
    assert saved.team_rule == {"method": "best", "best": 3, "ties": "shared"}
    assert saved.club_rule["method"] == "average"
    assert saved.clubs_shown is False
    missing = page(desk, tournament, data | {"team_best": ""})
    assert missing.status_code == 400
    assert missing.context["rules_form"].errors["team_best"]


def upload(desk, tournament, name, content):
    file = io.BytesIO(content)
    file.name = name
    return desk.post(f"/desk/{tournament.pk}/teams/upload/", {"file": file})


def test_teams_from_a_csv_and_an_xlsx_file(played, desk):
    tournament, _entries = played
    csv = "Mannschaft;Startnummer;Rolle\nAsse;1;Kapitän\nAsse;2;\nAsse;3;Ersatz\nDamen;4;\n"
    assert upload(desk, tournament, "teams.csv", csv.encode()).status_code == 302
    teams = {team.name: team for team in Team.objects.all()}
    assert sorted(teams) == ["Asse", "Damen"]
    assert teams["Asse"].members.get(captain=True).entry.start_number == 1
    assert teams["Asse"].members.get(substitute=True).entry.start_number == 3
    sheet = xlsx([["team", "start_number", "role"], ["Asse", 5, "captain"], ["Asse", 6, ""]])
    assert upload(desk, tournament, "teams.xlsx", sheet).status_code == 302
    asse = Team.objects.get(name="Asse")  # its roster replaced, Damen left as they are
    assert sorted(asse.members.values_list("entry__start_number", flat=True)) == [5, 6]
    assert Team.objects.count() == 2
    assert OrganiserAction.objects.filter(action="teams_imported").count() == 2


@pytest.mark.parametrize(
    ("content", "text"),
    [
        (
            b"team,start_number\nA,1\nB,1\n",
            "Line 3: start number 1 is listed for the team “A” already (line 2)",
        ),
        (b"team,start_number\nA,77\n", "Line 2: no player has the start number “77”"),
        (b"team,start_number,role\nA,1,boss\n", "the role “boss” is not known"),
        (b"team,start_number,role\nA,1,captain\nA,2,captain\n", "has a captain already"),
        (b"team,start_number\n,1\n", "the team's name"),
        (b"team,colour\nA,1\n", "columns of a team list"),
        (b"team,start_number\n", "has no players"),
        (b"team,start_number\nA,1\x00\n", "could not be read"),
        (b"team,start_number\nA,\xb2\n", "“²”"),
    ],
)
def test_a_bad_team_file_is_refused_at_the_file_and_saves_nothing(refusing, desk, content, text):
    tournament = refusing
    answer = upload(desk, tournament, "teams.csv", content)
    assert answer.status_code == 400
    errors = answer.context["file_form"].errors["file"]
    assert any(text in error for error in errors), errors
    assert not Team.objects.exists()


def test_the_log_words_every_team_action(played, desk):
    tournament, _entries = played
    page(desk, tournament, {"action": "create", "name": "Asse", "members": "1 2"})
    upload(desk, tournament, "t.csv", b"team,start_number\nDamen,3\n")
    log = desk.get(f"/desk/{tournament.pk}/organisers/").content.decode()
    assert "set up the team “Asse” (2 players)" in log
    assert "imported 1 teams from t.csv" in log


@pytest.mark.parametrize(
    ("name", "content", "text"),
    [
        ("t.xlsx", with_sheet(b"<worksheet><sheetData><row"), "could not be read"),
        ("t.xlsx", sheet(LIST_ROWS, b'<dimension ref="A1:A6000000"/>'), "empty rows"),
        ("t.xlsx", sheet(LIST_ROWS + b"<row/>" * 2_000_000), "unpacks to more than"),
        ("t.csv", b"team,start_number\n" + b"a" * 140_000 + b"\n", "too long for a list"),
        ("t.csv", b"team,start_number\nJ\x81rgen,1\n", "neither UTF-8 nor Windows"),
        ("t.csv", b"x" * 1_000_001, "too large"),
    ],
    ids=["broken sheet xml", "stated six million rows", "unpacks large", "long", "enc", "size"],
)
def test_a_hostile_team_file_is_refused_like_an_entry_list(refusing, desk, name, content, text):
    tournament = refusing
    answer = upload(desk, tournament, name, content)
    assert answer.status_code == 400
    errors = answer.context["file_form"].errors["file"]
    assert any(text in error for error in errors), errors
    assert not Team.objects.exists()
