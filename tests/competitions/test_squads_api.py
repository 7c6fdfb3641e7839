"""A competition team's squad through the API, under a league's and a cup's path: anyone who
may read the competition reads it (a private one is a 404, a player hidden at one of its
tournaments is unnamed to spectators, never to organisers); its organisers add (a known person
or a new one), change a role and remove, as the desk's squad page does; strangers 403,
anonymous 401, refusals in the API's coded error format."""

import pytest
from django.contrib.auth import get_user_model

from competitions.domain.squads import add_to_squad
from competitions.models import Entrant, SquadMember
from cups.domain.cups import start_group_round
from leagues.domain.leagues import create_league, start_match_day
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction
from tests.cups.conftest import make_cup
from tests.factories.api import client_for, codes
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

FOUR = ["Asse", "Buben", "Damen", "Füchse"]


@pytest.fixture
def orga_client():
    return client_for(organiser())


@pytest.fixture
def league():
    """A public league of four teams; Asse's squad: two regulars and a substitute."""
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(organiser())
    made = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    asse = Entrant.objects.get(competition=made, name="Asse")
    for number, substitute in ((1, False), (2, False), (3, True)):
        player = Player.objects.create(name=f"Asse {number}")
        add_to_squad(asse, by=ORGA, player=player, substitute=substitute)
    return season, asse


def squad_url(season, team):
    return f"/api/v1/seasons/{season.pk}/league/teams/{team.shown}/squad/"


def listed(people):
    return [{"id": player.pk, "name": player.name, "hidden": False} for player in people]


def test_anyone_reads_a_public_league_team_s_squad(league):
    season, asse = league
    answer = client_for().get(squad_url(season, asse))
    assert answer.status_code == 200
    players = {player.name: player for player in Player.objects.all()}
    assert answer.json() == {
        "team": {"id": asse.shown, "name": "Asse"},
        "regulars": listed([players["Asse 1"], players["Asse 2"]]),
        "substitutes": listed([players["Asse 3"]]),
    }
    empty = Entrant.objects.get(competition__season=season, name="Buben")
    assert client_for().get(squad_url(season, empty)).json()["regulars"] == []
    unknown = f"/api/v1/seasons/{season.pk}/league/teams/999999/squad/"
    assert client_for().get(unknown).status_code == 404


def test_a_private_competition_s_squads_are_a_404_to_all_but_its_insiders(league, orga_client):
    season, asse = league
    season.is_public = False
    season.save(update_fields=["is_public"])
    assert client_for().get(squad_url(season, asse)).status_code == 404
    stranger = client_for(get_user_model().objects.create_user("fremd"))
    assert stranger.get(squad_url(season, asse)).status_code == 404
    assert orga_client.get(squad_url(season, asse)).status_code == 200


def test_a_player_hidden_at_one_of_the_league_s_tournaments_is_unnamed_to_spectators(
    league, orga_client
):
    season, asse = league
    for name in FOUR[1:]:  # every team with two regulars: the day starts from the squads
        team = Entrant.objects.get(competition__season=season, name=name)
        for number in (1, 2):
            add_to_squad(team, by=ORGA, player=Player.objects.create(name=f"{name} {number}"))
    teams = Entrant.objects.filter(competition__season=season)
    day = start_match_day(
        season.competition, by=ORGA, number=1, groups=[[team.shown for team in teams]]
    )
    hidden = Player.objects.get(name="Asse 2")
    Entry.objects.filter(tournament=day.evening.tournament, player=hidden).update(hidden=True)
    # hidden at a tournament of another season: named here all the same
    _elsewhere, entries = tournament_with_players(1, name="Anderswo")
    Entry.objects.filter(pk=entries[0].pk).update(
        hidden=True, player=Player.objects.get(name="Asse 1")
    )
    seen = client_for().get(squad_url(season, asse)).json()
    assert seen["regulars"] == [
        {"id": Player.objects.get(name="Asse 1").pk, "name": "Asse 1", "hidden": False},
        {"id": None, "name": None, "hidden": True},
    ]
    assert "Asse 2" not in str(seen)
    assert str(hidden.pk) not in [str(row["id"]) for row in seen["regulars"]]
    organisers = orga_client.get(squad_url(season, asse)).json()
    assert organisers["regulars"][1] == {"id": hidden.pk, "name": "Asse 2", "hidden": False}


def test_organisers_add_change_and_remove_through_the_api(league, orga_client):
    season, asse = league
    url = squad_url(season, asse)
    known, _entries = tournament_with_players(1, name="Clubabend")
    person = known.entries.get().player  # a person the organiser knows (their tournament)
    answer = orga_client.post(url, {"player": person.pk, "substitute": True}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["substitutes"][-1] == {
        "id": person.pk,
        "name": person.name,
        "hidden": False,
    }
    answer = orga_client.post(url, {"name": "Nora Neu"}, format="json")
    assert answer.status_code == 201
    nora = Player.objects.get(name="Nora Neu")
    assert answer.json()["regulars"][-1] == {"id": nora.pk, "name": "Nora Neu", "hidden": False}
    answer = orga_client.patch(f"{url}{nora.pk}/", {"substitute": True}, format="json")
    assert answer.status_code == 200
    assert [row["name"] for row in answer.json()["substitutes"]] == [
        "Asse 3",
        person.name,
        "Nora Neu",
    ]
    assert orga_client.delete(f"{url}{person.pk}/").status_code == 204
    assert not SquadMember.objects.filter(player=person).exists()
    assert orga_client.delete(f"{url}{person.pk}/").status_code == 404  # not in the squad now
    logged = list(
        SeasonAction.objects.filter(season=season, action__startswith="squad_member_")
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert logged[-4:] == [
        "squad_member_added",
        "squad_member_added",
        "squad_member_changed",
        "squad_member_removed",
    ]


def test_squad_writes_refused_in_the_api_s_error_format(league, orga_client):
    season, asse = league
    url = squad_url(season, asse)
    assert codes(orga_client.post(url, {}, format="json")) == [("player", "squad_player_or_name")]
    stranger = Player.objects.create(name="Fremd Fritz")  # in no tournament of the organiser's
    assert codes(orga_client.post(url, {"player": stranger.pk}, format="json")) == [
        ("player", "person_unknown")
    ]
    taken = Player.objects.get(name="Asse 1")
    buben = Entrant.objects.get(competition__season=season, name="Buben")
    answer = orga_client.post(squad_url(season, buben), {"name": "x" * 121}, format="json")
    assert codes(answer) == [("name", "squad_player_name")]
    assert codes(orga_client.patch(f"{url}{taken.pk}/", {"substitute": "yes"}, format="json")) == [
        ("substitute", "invalid")
    ]
    assert SquadMember.objects.filter(team=buben).count() == 0


def test_only_the_competition_s_organisers_write(league):
    season, asse = league
    url = squad_url(season, asse)
    player = Player.objects.get(name="Asse 1")
    stranger = client_for(get_user_model().objects.create_user("fremd"))
    assert stranger.post(url, {"name": "Nora Neu"}, format="json").status_code == 403
    assert (
        stranger.patch(f"{url}{player.pk}/", {"substitute": True}, format="json").status_code == 403
    )
    assert stranger.delete(f"{url}{player.pk}/").status_code == 403
    assert client_for().post(url, {"name": "Nora Neu"}, format="json").status_code == 401
    assert not Player.objects.filter(name="Nora Neu").exists()
    assert SquadMember.objects.filter(player=player, substitute=False).exists()


def test_a_cup_team_s_squad_read_and_written_under_the_cup_s_path(orga_client):
    cup = make_cup(is_public=True)
    asse = Entrant.objects.get(competition=cup, name="Asse")
    url = f"/api/v1/cups/{cup.pk}/teams/{asse.pk}/squad/"
    answer = client_for().get(url)
    assert answer.status_code == 200
    players = [Player.objects.get(name=f"Asse {number}") for number in (1, 2)]
    assert answer.json() == {
        "team": {"id": asse.pk, "name": "Asse"},
        "regulars": listed(players),
        "substitutes": [],
    }
    # a player hidden at one of the cup's tournaments: unnamed to spectators
    (match, _other) = start_group_round(cup, by=ORGA, number=1)
    Entry.objects.filter(tournament=match.evening.tournament, player=players[0]).update(hidden=True)
    seen = client_for().get(url).json()
    assert seen["regulars"][0] == {"id": None, "name": None, "hidden": True}
    assert orga_client.get(url).json()["regulars"][0]["name"] == "Asse 1"
    # written by its organisers
    answer = orga_client.post(url, {"name": "Anna Ersatz", "substitute": True}, format="json")
    assert answer.status_code == 201
    sub = Player.objects.get(name="Anna Ersatz")
    assert answer.json()["substitutes"] == listed([sub])
    answer = orga_client.patch(f"{url}{players[1].pk}/", {"substitute": True}, format="json")
    assert [row["name"] for row in answer.json()["substitutes"]] == ["Asse 2", "Anna Ersatz"]
    other = Entrant.objects.get(competition=cup, name="Buben")
    wrong = f"/api/v1/cups/{cup.pk}/teams/{other.pk}/squad/{sub.pk}/"
    assert orga_client.delete(wrong).status_code == 404  # not of that team
    assert codes(
        orga_client.post(
            f"/api/v1/cups/{cup.pk}/teams/{other.pk}/squad/",
            {"player": players[0].pk},
            format="json",
        )
    ) == [("player", "squad_player_taken")]
    stranger = client_for(get_user_model().objects.create_user("fremd"))
    assert stranger.delete(f"{url}{sub.pk}/").status_code == 403
    assert orga_client.delete(f"{url}{sub.pk}/").status_code == 204
    cup.season.is_public = False
    cup.season.save(update_fields=["is_public"])
    assert client_for().get(url).status_code == 404
    assert stranger.get(url).status_code == 404
