"""The side rankings for spectators: the section on the ranking page and their own page."""

import pytest
from django.test import Client

from people.models import Player
from teams.domain.teams import Roster, create_team
from tests.factories.api import public_tournament, publish
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_the_ranking_page_shows_the_teams_and_clubs_beside_the_players(
    played, client, django_capture_on_commit_callbacks
):
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        create_team(tournament, by=ORGA, name="Die Asse", roster=Roster(members=(entries[0].pk,)))
    page = client.get(f"/t/{tournament.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="side-rankings"' in html
    assert 'id="side-teams"' in html
    assert "Die Asse" in html
    assert 'id="side-clubs"' in html
    assert "Pik Dame" in html
    assert f'href="/t/{tournament.pk}/teams/"' in html
    assert "teams/side.js" in html
    assert html.index('id="ranking"') < html.index('id="side-rankings"')


def test_their_own_page_lists_every_team_with_its_players(
    played, client, django_capture_on_commit_callbacks
):
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        create_team(
            tournament,
            by=ORGA,
            name="Die Asse",
            roster=Roster(
                members=(entries[0].pk, entries[1].pk),
                substitutes=(entries[2].pk,),
                captain=entries[0].pk,
            ),
        )
    page = client.get(f"/t/{tournament.pk}/teams/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<strong>Spieler 1</strong> (captain) 2" in html
    assert "<strong>Spieler 3</strong> (substitute) -2" in html
    assert '"api": "/api/v1/tournaments/' in html


def test_without_teams_or_clubs_no_section(client):
    tournament, _entries = public_tournament(4)
    Player.objects.update(club_name="")
    html = client.get(f"/t/{tournament.pk}/").content.decode()
    assert 'id="side-rankings"' not in html


def test_hidden_standings_say_so_and_a_draft_is_not_found(played, client):
    tournament, _entries = played
    assert client.get(f"/t/{tournament.pk}/teams/").status_code == 404
    tournament.status = "open"
    tournament.standings_public = False
    tournament.save()
    page = client.get(f"/t/{tournament.pk}/teams/")
    assert page.status_code == 200
    assert "have not published the standings" in page.content.decode()
    ranking = client.get(f"/t/{tournament.pk}/").content.decode()
    assert 'id="side-rankings"' not in ranking  # the page says it once: nothing published


def test_a_freeze_older_than_the_kept_side_rankings_withholds_them_with_a_word(played, client):
    tournament, _entries = played
    tournament.status = "open"
    tournament.frozen_standings = {"overall": [], "series": {}}
    tournament.save()
    ranking = client.get(f"/t/{tournament.pk}/").content.decode()
    assert 'id="side-rankings"' in ranking
    assert "they are shown again once the standings are unfrozen" in ranking
    assert 'id="side-teams"' not in ranking
