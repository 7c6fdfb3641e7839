"""A club typed as text stays text (docs/CLUBS.md, "A club typed as text"): typing a club's name
at any place that takes one makes no ``Club`` row and shows the text; a typed name is linked to
a club set up under that name (case and spacing aside), and setting a club up links the names
typed before; club mates are one club however their club was spelt."""

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.test import Client

from clubs.domain.clubs import create_club
from clubs.domain.names import club_key, club_named, club_text
from clubs.models import Club
from competitions.models import Entrant
from cups.domain.archive import export_cup_archive, import_cup_archive
from karlchen.refusals import Refused
from people.domain.players import change_player
from people.models import Player
from results.domain.archive import export_archive, import_archive
from results.domain.standings import standings
from seasons.domain.archive import export_season_archive, import_season_archive
from seating.domain.seating import draw_seating
from seating.models import Seat
from signups.domain.signups import confirm
from teams.domain.rankings import organiser_side_rankings
from teams.domain.teams import Roster, create_team
from tests.cups.conftest import make_cup
from tests.factories.api import client_for
from tests.factories.leagues import committed, league_of_eight  # noqa: F401
from tests.factories.tournaments import (
    ORGA,
    organiser,
    seat_first_series,
    tournament_with_players,
)
from tests.signups.conftest import announced, signed_up
from tournaments.domain.entries import add_entry, import_entries_csv

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
CREATES_A_CLUB = re.compile(
    r"\bClub\.objects\.(create|get_or_create|update_or_create|bulk_create)\b|(?<!class )\bClub\("
)


def no_club_made() -> bool:
    return not Club.objects.exists()


# --- the architecture: one place makes clubs ---------------------------------------------------


def test_no_code_outside_clubs_domain_creates_a_club_row():
    found = {}
    for path in REPO.rglob("*.py"):
        relative = path.relative_to(REPO)
        if (
            relative.parts[0] in {".venv", "node_modules", "tests"}
            or "migrations" in relative.parts
        ):
            continue
        lines = [
            number
            for number, line in enumerate(path.read_text().splitlines(), start=1)
            if CREATES_A_CLUB.search(line)
        ]
        if lines:
            found[str(relative)] = lines
    assert set(found) == {"clubs/domain/clubs.py"}, found  # create_club, and nothing else


# --- typing a club's name makes no club --------------------------------------------------------


def test_an_entry_keeps_its_club_as_typed_through_the_api_json_and_csv():
    tournament, _ = tournament_with_players(0)
    tournament.organisers.add(organiser())
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/entries/"
    posted = client.post(url, {"name": "Anna", "club": " Herz  As "}, format="json")
    assert posted.status_code == 201
    assert posted.json()["club"] == "Herz As"
    csv = b"name,club\nBert,Kreuz Bube\nCarla,\n"
    assert client.generic("POST", url, csv, content_type="text/csv").status_code == 201
    listed = {row["name"]: row["club"] for row in client.get(url).json()}
    assert listed == {"Anna": "Herz As", "Bert": "Kreuz Bube", "Carla": None}
    assert no_club_made()
    import_entries_csv(tournament, "name,club\nDora,Karo Sieben\n", by=ORGA)
    assert Player.objects.get(name="Dora").club_name == "Karo Sieben"
    assert no_club_made()


def test_the_registrys_correction_keeps_the_club_as_typed():
    _, (entry,) = tournament_with_players(1)
    player = change_player(entry.player, {"club": "Pik  Dame"}, by=ORGA)
    assert (player.club_name, player.club) == ("Pik Dame", None)
    assert no_club_made()
    client = client_for(get_superuser())
    assert client.get(f"/api/v1/players/{player.pk}/").json()["club"] == "Pik Dame"
    player = change_player(player, {"club": ""}, by=ORGA)
    assert client.get(f"/api/v1/players/{player.pk}/").json()["club"] is None


def test_a_tournaments_archive_brings_its_clubs_as_text():
    tournament, entries = tournament_with_players(4)  # clubs typed: Karo Sieben, Herz As, …
    seat_first_series(tournament, entries)  # they sat down: the standings rank them
    archive = json.loads(json.dumps(export_archive(tournament), cls=DjangoJSONEncoder))
    copy = import_archive(archive, by=ORGA)
    before = [(row.name, row.club) for row in standings(tournament)]
    assert [(row.name, row.club) for row in standings(copy)] == before
    assert {row[1] for row in before} == {"Herz As", "Pik Dame", "Karo Sieben"}
    assert no_club_made()


def test_a_cups_set_up_and_archive_keep_the_teams_clubs_as_text():
    cup = make_cup()  # each team's club typed: "Club Asse", …
    asse = Entrant.objects.get(competition=cup, name="Asse")
    assert (asse.club_name, asse.club) == ("Club Asse", None)
    assert asse.players.first().player.club_name == "Club Asse"
    assert no_club_made()
    archive = json.loads(json.dumps(export_cup_archive(cup), cls=DjangoJSONEncoder))
    copy = import_cup_archive(archive, by=ORGA)
    assert Entrant.objects.get(competition=copy, name="Asse").club_name == "Club Asse"
    assert no_club_made()


@pytest.mark.usefixtures("committed")
def test_a_leagues_archive_keeps_the_teams_clubs_as_text():
    season, _ = league_of_eight()
    Entrant.objects.filter(name="Asse").update(club_name="DKV Asse")
    archive = json.loads(json.dumps(export_season_archive(season), cls=DjangoJSONEncoder))
    copy = import_season_archive(archive, by=ORGA)
    team = Entrant.objects.get(competition__season=copy, name="Asse")
    assert (team.club_name, team.club) == ("DKV Asse", None)
    assert no_club_made()


def test_a_public_sign_up_keeps_its_club_as_text(django_capture_on_commit_callbacks):
    tournament = announced(cap=4)
    with django_capture_on_commit_callbacks(execute=True):
        signup = signed_up(tournament, 1, club="Doko-Freunde Kassel")
    signup = confirm(signup)
    assert signup.entry.player.club_name == "Doko-Freunde Kassel"
    assert no_club_made()
    client = client_for(get_superuser())
    page = client.get(f"/desk/{tournament.pk}/entries/").content.decode()
    assert "Doko-Freunde Kassel" in page


# --- the link to a club set up in Karlchen -----------------------------------------------------


def test_a_typed_name_is_linked_to_the_club_of_that_name_case_and_spacing_aside():
    kreuz = create_club(by=ORGA, name="TSV Kreuz")
    tournament, _ = tournament_with_players(0)
    entry = add_entry(tournament, name="Anna", club="tsv  kreuz", by=ORGA)
    assert (entry.player.club_name, entry.player.club) == ("tsv kreuz", kreuz)
    assert club_named("Karo") is None
    assert club_named("") is None
    assert Club.objects.count() == 1


def test_setting_a_club_up_links_the_names_typed_before_and_refuses_another_case():
    tournament, _ = tournament_with_players(0)
    typed = add_entry(tournament, name="Anna", club="Herz As", by=ORGA).player
    other = add_entry(tournament, name="Bert", club="Herz Ass", by=ORGA).player
    cup = make_cup(groups={"A": ["Herz", "Karo"]})
    Entrant.objects.filter(competition=cup, name="Herz").update(club_name="herz as")
    club = create_club(by=ORGA, name=" Herz As ")
    typed.refresh_from_db()
    other.refresh_from_db()
    assert (club.name, typed.club, typed.club_name) == ("Herz As", club, "Herz As")
    assert other.club is None
    assert Entrant.objects.get(competition=cup, name="Herz").club == club
    assert club.actions.get().details == {"name": "Herz As", "linked": 2}
    with pytest.raises(Refused) as refusal:
        create_club(by=ORGA, name="HERZ AS")
    assert [(p.field, p.code) for p in refusal.value.problems] == [("name", "club_name_taken")]


def test_club_mates_are_one_club_however_their_club_was_spelt():
    assert club_key(" TSV  Kreuz ") == club_key("tsv kreuz") == "tsv kreuz"
    assert club_text("  TSV   Kreuz ") == "TSV Kreuz"
    assert club_key(None) == ""
    tournament, entries = tournament_with_players(4)
    spellings = ["Herz As", "herz as", "HERZ AS ", "Pik Dame"]
    for entry, spelt in zip(entries, spellings, strict=True):
        Player.objects.filter(pk=entry.player_id).update(club_name=spelt)
    create_team(tournament, by=ORGA, name="Team", roster=Roster(members=(entries[0].pk,)))
    seat_first_series(tournament, entries)  # a club's ranking is of the players who sat down
    clubs = json.loads(organiser_side_rankings(tournament).content)["clubs"]
    assert sorted(row["name"] for row in clubs) == ["Herz As", "Pik Dame"]


def get_superuser():
    return get_user_model().objects.create_superuser("root")


def test_seating_keeps_club_mates_apart_however_their_club_was_spelt():
    tournament, entries = tournament_with_players(16)
    spellings = ["Herz As", "herz as", "HERZ AS", "Herz  As"]
    for number, entry in enumerate(entries):
        club = spellings[number] if number < 4 else f"Verein {number}"
        Player.objects.filter(pk=entry.player_id).update(club_name=club)
    draw_seating(tournament, method="random", seed=7, series=[1], separate_clubs="all")
    tables = defaultdict(set)
    for seat in Seat.objects.filter(series__tournament=tournament, series__number=1):
        tables[seat.table_id].add(seat.entry_id)
    herz = {entry.pk for entry in entries[:4]}
    assert len(tables) == 4
    assert all(len(seated & herz) == 1 for seated in tables.values())


def test_a_club_set_up_in_the_back_office_is_set_up_as_everywhere():
    tournament, _ = tournament_with_players(0)
    typed = add_entry(tournament, name="Anna", club="herz as", by=ORGA).player
    admin = Client()
    admin.force_login(get_superuser())
    form = {
        "name": " Herz As ",
        "short_name": "HA",
        "association": "",
        "roles-TOTAL_FORMS": "0",
        "roles-INITIAL_FORMS": "0",
    }
    answer = admin.post("/admin/clubs/club/add/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    club = Club.objects.get()
    typed.refresh_from_db()
    assert (club.name, club.short_name, typed.club) == ("Herz As", "HA", club)
    assert club.actions.get().details == {"name": "Herz As", "linked": 1}
    again = admin.post("/admin/clubs/club/add/", {**form, "name": "HERZ AS"})
    assert again.status_code == 200  # the form again, with the name refused
    assert Club.objects.count() == 1
