"""The desk's squads: a league team's players picked (not typed) as regulars or substitutes, a
new person only once asked; the next match day prepared from them with one button, pressing it
twice builds once; a substitute swapped in on the day; refusals at their fields, in German."""

import html

import pytest

from competitions.models import Entrant, Fixture, FixtureTeam, SquadMember
from leagues.domain.leagues import create_league
from people.models import Player
from seasons.domain.seasons import create_season
from teams.domain.teams import team_roster
from teams.models import Team
from tests.factories.leagues import committed  # noqa: F401
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]

FOUR = ["Asse", "Buben", "Damen", "Füchse"]


@pytest.fixture
def league(orga):
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(orga)
    create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    return season


@pytest.fixture
def known(orga):
    """Twenty people the organiser knows: entered at a club evening of theirs."""
    tournament, entries = tournament_with_players(20, name="Clubabend")
    tournament.organisers.add(orga)
    return [entry.player for entry in entries]


def squad_url(season, name):
    team = Entrant.objects.get(competition__season=season, name=name)
    return f"/desk/seasons/{season.pk}/squads/{team.shown}/"


def test_a_squad_picked_then_a_match_day_prepared_with_one_button(desk, league, known):
    for index, name in enumerate(FOUR):
        url = squad_url(league, name)
        for offset in range(5):
            person = known[index * 5 + offset]
            answer = desk.post(
                url,
                {
                    "action": "add",
                    "name": person.name,
                    "player": person.pk,
                    "substitute": "1" if offset == 4 else "",
                },
            )
            assert answer.status_code == 302, answer.content.decode()[:3000]
    assert SquadMember.objects.filter(substitute=True).count() == 4
    page = desk.get(f"/desk/seasons/{league.pk}/league/").content.decode()
    assert "Spieltag vorbereiten" in page
    assert 'value="1"' in page  # the division's group preset
    teams = Entrant.objects.filter(competition__season=league)
    groups = {f"group_{team.shown}": "1" for team in teams}
    day_form = {"number": "1", "tournament": "", "date": "2026-03-04"} | groups
    answer = desk.post(f"/desk/seasons/{league.pk}/league/", day_form)
    assert answer.status_code == 302
    again = desk.post(f"/desk/seasons/{league.pk}/league/", day_form)  # pressed twice
    assert again.status_code == 400
    assert "Diese Liga hat schon einen 1. Spieltag." in html.unescape(again.content.decode())
    day = Fixture.objects.get()
    tournament = day.evening.tournament
    assert Entry.objects.filter(tournament=tournament).count() == 16
    assert Team.objects.filter(tournament=tournament).count() == 4
    # the day page: the rosters, a substitute swapped in
    url = f"/desk/seasons/{league.pk}/league/days/1/"
    page = desk.get(url).content.decode()
    assert "Spieltag aus den Kadern vorbereiten" not in page
    asse = FixtureTeam.objects.get(fixture=day, entrant__name="Asse")
    out, sub = known[1], known[4]
    swap = {
        "action": "swap",
        "league_team": asse.entrant_id,
        f"s{asse.entrant_id}-out": out.pk,
        f"s{asse.entrant_id}-replacement": sub.pk,
    }
    answer = desk.post(url, swap)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    assert Entry.objects.get(tournament=tournament, player=out).withdrawn
    assert len(team_roster(Team.objects.get(pk=asse.team_id)).substitutes) == 1
    answer = desk.post(url, swap)  # the same swap again: the player is out already
    assert answer.status_code == 400
    assert "spielt nicht mehr für die Mannschaft" in html.unescape(answer.content.decode())


def test_a_player_of_another_team_is_refused_at_the_name(desk, league, known):
    person = known[0]
    desk.post(
        squad_url(league, "Asse"), {"action": "add", "name": person.name, "player": person.pk}
    )
    answer = desk.post(
        squad_url(league, "Buben"), {"action": "add", "name": person.name, "player": person.pk}
    )
    assert answer.status_code == 400
    page = html.unescape(answer.content.decode())
    assert f"{person.name} spielt in diesem Wettbewerb schon für „Asse“." in page
    assert SquadMember.objects.count() == 1


def test_a_new_person_only_once_asked(desk, league):
    url = squad_url(league, "Asse")
    answer = desk.post(url, {"action": "add", "name": "Nora Neu"})
    assert answer.status_code == 400
    assert "Neue Person anlegen?" in html.unescape(answer.content.decode())
    assert not Player.objects.filter(name="Nora Neu").exists()
    answer = desk.post(url, {"action": "add", "name": "Nora Neu", "new_person": "on"})
    assert answer.status_code == 302
    assert SquadMember.objects.get().player.name == "Nora Neu"


def test_a_day_added_with_a_tournament_is_prepared_by_its_button(desk, league, known, orga):
    for index, name in enumerate(FOUR):
        url = squad_url(league, name)
        for offset in range(4):
            person = known[index * 4 + offset]
            desk.post(url, {"action": "add", "name": person.name, "player": person.pk})
    tournament, _entries = tournament_with_players(0, name="Spieltag 1")
    tournament.organisers.add(orga)
    teams = Entrant.objects.filter(competition__season=league)
    form = {"number": "1", "tournament": tournament.pk, "date": ""}
    answer = desk.post(
        f"/desk/seasons/{league.pk}/league/",
        form | {f"group_{team.shown}": "1" for team in teams},
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    url = f"/desk/seasons/{league.pk}/league/days/1/"
    assert "Spieltag aus den Kadern vorbereiten" in desk.get(url).content.decode()
    for _press in range(2):
        assert desk.post(url, {"action": "prepare"}).status_code == 302
    assert Team.objects.filter(tournament=tournament).count() == 4
    assert Entry.objects.filter(tournament=tournament).count() == 16


def test_a_match_day_is_refused_at_the_desk_while_a_team_has_no_regular(desk, league, known):
    """Three teams with squads, Füchse without: the day is refused, naming Füchse, and nothing
    is started (before, Füchse was silently left without players)."""
    for index, name in enumerate(FOUR[:3]):
        for offset in range(4):
            person = known[index * 4 + offset]
            data = {"action": "add", "name": person.name, "player": person.pk}
            assert desk.post(squad_url(league, name), data).status_code == 302
    teams = Entrant.objects.filter(competition__season=league)
    groups = {f"group_{team.shown}": "1" for team in teams}
    day_form = {"number": "1", "tournament": "", "date": "2026-03-04"} | groups
    answer = desk.post(f"/desk/seasons/{league.pk}/league/", day_form)
    assert answer.status_code == 400
    assert (
        "„Füchse“ hat noch keinen Stammspieler im Kader: Wählen Sie die Spieler auf der "
        "Kaderseite der Mannschaft aus."
    ) in html.unescape(answer.content.decode())
    assert not Fixture.objects.exists()
    assert list(Tournament.objects.values_list("name", flat=True)) == ["Clubabend"]
