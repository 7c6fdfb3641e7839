"""Frozen standings: spectators see the side rankings as they were at the freeze (the freeze
keeps them in the tournament's snapshot through results' port, results.parts)."""

import json

import pytest
from django.core.cache import cache
from django.test import Client

from karlchen.refusals import Closed
from teams.domain.rankings import organiser_side_rankings, public_side_rankings
from teams.domain.teams import Roster, create_team, set_side_rankings, update_team
from tests.factories.api import publish
from tests.factories.tournaments import ORGA
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


def ids(entries, *numbers):
    return tuple(entries[n - 1].pk for n in numbers)


def read(tournament):
    return json.loads(public_side_rankings(tournament.pk).content)


def scores(body, part="teams"):
    return [(row["name"], row["rank"], row["score"]) for row in body[part]]


@pytest.fixture
def frozen(played, django_capture_on_commit_callbacks):
    """Two teams (A: 1 and 2, +4; B: 5 and 7, 0) and the standings frozen."""
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        create_team(tournament, by=ORGA, name="A", roster=Roster(members=ids(entries, 1, 2)))
        team_b = create_team(
            tournament, by=ORGA, name="B", roster=Roster(members=ids(entries, 5, 7))
        )
        update_tournament(tournament, by=ORGA, standings_frozen=True)
    tournament.refresh_from_db()
    return tournament, entries, team_b


def test_spectators_see_the_side_rankings_of_the_freeze_organisers_the_live_ones(
    frozen, django_capture_on_commit_callbacks
):
    tournament, entries, team_b = frozen
    at_freeze = read(tournament)
    assert scores(at_freeze) == [("A", 1, 4), ("B", 2, 0)]
    assert at_freeze["frozen_at"] == tournament.standings_frozen_at.isoformat()
    assert "teams" in tournament.frozen_standings["parts"]  # kept in the one snapshot
    with django_capture_on_commit_callbacks(execute=True):  # B gains 3 and 4 (-2 each)
        update_team(team_b, by=ORGA, roster=Roster(members=ids(entries, 3, 4, 5, 7)))
    assert scores(read(tournament)) == [("A", 1, 4), ("B", 2, 0)]  # as at the freeze
    live = json.loads(organiser_side_rankings(tournament).content)
    assert scores(live) == [("A", 1, 4), ("B", 2, -4)]
    assert live["frozen_at"] is None
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(tournament, by=ORGA, standings_frozen=False)
    thawed = read(tournament)
    assert scores(thawed) == [("A", 1, 4), ("B", 2, -4)]
    assert thawed["frozen_at"] is None


def test_the_frozen_copy_keeps_hidden_players_hidden(played, django_capture_on_commit_callbacks):
    tournament, entries = played
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        hide_publicly(entries[0], by=ORGA)
        create_team(tournament, by=ORGA, name="A", roster=Roster(members=ids(entries, 1, 2)))
        update_tournament(tournament, by=ORGA, standings_frozen=True)
    members = read(tournament)["teams"][0]["members"]
    assert [(m["entry"], m["name"], m["hidden"], m["points"]) for m in members] == [
        (None, None, True, 2),
        (entries[1].pk, entries[1].player.name, False, 2),
    ]
    snapshot = json.dumps(tournament.__class__.objects.get(pk=tournament.pk).frozen_standings)
    assert entries[0].player.name not in snapshot


def test_the_clubs_ranking_follows_clubs_shown_while_frozen(
    frozen, django_capture_on_commit_callbacks
):
    tournament, _entries, _team_b = frozen
    clubs = scores(read(tournament), "clubs")
    assert clubs == [("Pik Dame", 1, 2), ("Herz As", 2, -1), ("Karo Sieben", 3, -1)]
    with django_capture_on_commit_callbacks(execute=True):
        set_side_rankings(tournament, by=ORGA, clubs_shown=False)
    hidden = read(tournament)
    assert (hidden["clubs"], hidden["clubs_shown"]) == ([], False)
    assert scores(hidden) == [("A", 1, 4), ("B", 2, 0)]
    with django_capture_on_commit_callbacks(execute=True):
        set_side_rankings(tournament, by=ORGA, clubs_shown=True)
    assert scores(read(tournament), "clubs") == clubs  # the freeze kept them all along


def test_a_freeze_without_the_side_rankings_still_withholds_them(frozen):
    tournament, _entries, _team_b = frozen
    tournament.frozen_standings = {"overall": [], "series": {}}  # frozen before they were kept
    tournament.save()
    cache.clear()  # a plain save draws no new generation
    with pytest.raises(Closed) as closed:
        public_side_rankings(tournament.pk)
    assert closed.value.problem.code == "side_rankings_frozen"


def test_the_api_and_the_pages_show_the_frozen_side_rankings(frozen):
    tournament, _entries, _team_b = frozen
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    answer = client.get(f"/api/v1/tournaments/{tournament.pk}/side-rankings/")
    assert answer.status_code == 200
    assert scores(answer.json()) == [("A", 1, 4), ("B", 2, 0)]
    assert answer.json()["frozen_at"] is not None
    again = client.get(
        f"/api/v1/tournaments/{tournament.pk}/side-rankings/", HTTP_IF_NONE_MATCH=answer["ETag"]
    )
    assert again.status_code == 304
    ranking = client.get(f"/t/{tournament.pk}/").content.decode()
    assert 'id="side-teams"' in ranking
    assert "shown again once they are unfrozen" not in ranking
    page = client.get(f"/t/{tournament.pk}/teams/").content.decode()
    assert 'id="side-teams"' in page
    assert "The rankings are frozen as of" in page
