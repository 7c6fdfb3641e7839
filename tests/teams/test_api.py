"""The teams and side rankings through the API: organisers write, anyone reads (with ETags)."""

import pytest

from teams.domain.teams import Roster, create_team
from teams.models import Team
from tests.factories.api import codes, publish
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.entries import hide_publicly
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def url(tournament, rest="teams/"):
    return f"/api/v1/tournaments/{tournament.pk}/{rest}"


def test_organisers_create_change_and_delete_a_team(played, orga_client, orga):
    tournament, entries = played
    body = {
        "name": "Die Asse",
        "members": [entries[0].pk, entries[1].pk],
        "substitutes": [entries[2].pk],
        "captain": entries[1].pk,
    }
    created = orga_client.post(url(tournament), body, format="json")
    assert created.status_code == 201
    team = created.json()
    assert team["name"] == "Die Asse"
    assert [(m["start_number"], m["substitute"], m["captain"]) for m in team["members"]] == [
        (1, False, False),
        (2, False, True),
        (3, True, False),
    ]
    action = OrganiserAction.objects.filter(action="team_created").get()
    assert action.user == orga
    one = url(tournament, f"teams/{team['id']}/")
    changed = orga_client.patch(one, {"substitutes": []}, format="json")
    assert changed.status_code == 200
    assert [m["start_number"] for m in changed.json()["members"]] == [1, 2]
    renamed = orga_client.patch(one, {"name": "Asse"}, format="json")
    assert renamed.json()["name"] == "Asse"
    assert len(renamed.json()["members"]) == 2
    assert orga_client.delete(one).status_code == 204
    assert not Team.objects.exists()
    assert orga_client.delete(one).status_code == 404


def test_refusals_name_the_fields(played, orga_client):
    tournament, entries = played
    _other, other_entries = tournament_with_players(4, name="Anderes")
    create_team(tournament, by=ORGA, name="A", roster=Roster(members=(entries[0].pk,)))
    answer = orga_client.post(
        url(tournament),
        {"name": "B", "members": [entries[0].pk, other_entries[0].pk], "captain": entries[5].pk},
        format="json",
    )
    assert answer.status_code == 400
    assert codes(answer) == [
        ("members.0", "team_entry_in_other_team"),
        ("members.1", "team_entry_unknown"),
        ("captain", "team_captain_not_member"),
    ]
    shape = orga_client.post(url(tournament), {"members": ["1"], "colour": 1}, format="json")
    assert shape.status_code == 400
    assert {field for field, _code in codes(shape)} >= {"name", "colour"}
    assert Team.objects.count() == 1


def test_only_organisers_write(played, anonymous, stranger_client):
    tournament, _entries = played
    publish(tournament)
    assert anonymous.post(url(tournament), {"name": "X"}, format="json").status_code == 401
    assert stranger_client.post(url(tournament), {"name": "X"}, format="json").status_code == 403
    rules = url(tournament, "side-rankings/rules/")
    assert stranger_client.patch(rules, {}, format="json").status_code == 403


def test_spectators_read_teams_and_side_rankings_with_etags(
    played, anonymous, orga_client, django_capture_on_commit_callbacks
):
    tournament, entries = played
    assert anonymous.get(url(tournament)).status_code == 404  # a draft
    assert anonymous.get(url(tournament, "side-rankings/")).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        team = create_team(
            tournament, by=ORGA, name="A", roster=Roster(members=(entries[0].pk, entries[4].pk))
        )
        hide_publicly(entries[0], by=ORGA)
    listed = anonymous.get(url(tournament))
    assert listed.status_code == 200
    assert [m["name"] for m in listed.json()[0]["members"]] == [None, "Spieler 5"]
    again = anonymous.get(url(tournament), HTTP_IF_NONE_MATCH=listed["ETag"])
    assert again.status_code == 304
    detail = anonymous.get(url(tournament, f"teams/{team.pk}/"))
    assert detail.json()["name"] == "A"
    assert anonymous.get(url(tournament, "teams/999999/")).status_code == 404
    sides = anonymous.get(url(tournament, "side-rankings/"))
    assert sides.status_code == 200
    assert sides.json()["teams"][0]["score"] == 3  # +2 and +1
    assert (
        anonymous.get(
            url(tournament, "side-rankings/"), HTTP_IF_NONE_MATCH=sides["ETag"]
        ).status_code
        == 304
    )
    organiser_view = orga_client.get(url(tournament, "side-rankings/"))
    assert organiser_view.json()["teams"][0]["members"][0]["name"] == "Spieler 1"
    assert "private" in organiser_view["Cache-Control"]
    with django_capture_on_commit_callbacks(execute=True):
        rules = orga_client.patch(
            url(tournament, "side-rankings/rules/"),
            {"team_rule": {"method": "average"}, "clubs_shown": False},
            format="json",
        )
    assert rules.json() == {
        "team_rule": {"method": "average", "best": None, "ties": "best_member"},
        "club_rule": {"method": "sum", "best": None, "ties": "best_member"},
        "clubs_shown": False,
    }
    changed = anonymous.get(url(tournament, "side-rankings/"), HTTP_IF_NONE_MATCH=sides["ETag"])
    assert changed.status_code == 200
    assert changed.json()["teams"][0]["score"] == 1.5
    assert changed.json()["clubs"] == []


def test_rules_refused_by_option(played, orga_client):
    tournament, _entries = played
    answer = orga_client.patch(
        url(tournament, "side-rankings/rules/"),
        {"team_rule": {"method": "best", "best": 0}},
        format="json",
    )
    assert answer.status_code == 400
    assert codes(answer) == [("team_rule.best", "side_rule_best")]


def test_hidden_standings_are_a_403_to_spectators(played, anonymous):
    tournament, _entries = played
    tournament.status = "open"
    tournament.standings_public = False
    tournament.save()
    answer = anonymous.get(url(tournament, "side-rankings/"))
    assert answer.status_code == 403
    assert codes(answer) == [("standings", "standings_hidden")]


def test_teams_sharing_a_rank_are_listed_by_name_not_by_id(played, anonymous):
    """Zebras is set up first (the lower id) and ties with Asse on everything: Asse is listed
    first, as a German reader looks the names up (docs/TEAMS.md)."""
    tournament, entries = played
    publish(tournament)
    for name, numbers in (("Zebras", (5, 8)), ("Asse", (6, 7))):  # +1 -1 each
        members = tuple(entries[number - 1].pk for number in numbers)
        create_team(tournament, by=ORGA, name=name, roster=Roster(members=members))
    teams = anonymous.get(url(tournament, "side-rankings/")).json()["teams"]
    assert [(team["name"], team["rank"]) for team in teams] == [("Asse", 1), ("Zebras", 1)]
