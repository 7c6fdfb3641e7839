"""Teams at the domain: rosters and their refusals, the log, the side rankings and their cache."""

import json

import pytest
from django.core.cache import cache
from django.db import IntegrityError, transaction

from karlchen.refusals import Closed, Refused
from teams.domain.rankings import (
    organiser_side_rankings,
    public_side_rankings,
    side_rankings,
    teams_body,
)
from teams.domain.teams import Roster, create_team, delete_team, set_side_rankings, update_team
from teams.models import Team, TeamMember
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.entries import hide_publicly
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def ids(entries, *numbers):
    return tuple(entries[n - 1].pk for n in numbers)


def problems(call):
    with pytest.raises(Refused) as refusal:
        call()
    return [(p.field, p.code) for p in refusal.value.problems]


def test_a_team_with_its_roster_and_captain_is_logged(played):
    tournament, entries = played
    roster = Roster(members=ids(entries, 1, 3), substitutes=ids(entries, 5), captain=entries[2].pk)
    team = create_team(tournament, by=ORGA, name="  Die Asse ", roster=roster)
    assert team.name == "Die Asse"
    members = {m.entry_id: (m.substitute, m.captain) for m in team.members.all()}
    assert members == {
        entries[0].pk: (False, False),
        entries[2].pk: (False, True),
        entries[4].pk: (True, False),
    }
    action = OrganiserAction.objects.filter(tournament=tournament).first()
    assert (action.action, action.details) == ("team_created", {"name": "Die Asse", "players": 3})


def test_refusals_name_each_field_and_change_nothing(played):
    tournament, entries = played
    _other, other_entries = tournament_with_players(4, name="Anderes Turnier")
    create_team(tournament, by=ORGA, name="Erste", roster=Roster(members=ids(entries, 1)))
    roster = Roster(
        members=(entries[0].pk, other_entries[0].pk, entries[1].pk),
        substitutes=(entries[1].pk, 999_999),
        captain=entries[7].pk,
    )
    assert problems(lambda: create_team(tournament, by=ORGA, name="erste", roster=roster)) == [
        ("name", "team_name_taken"),
        ("members.0", "team_entry_in_other_team"),
        ("members.1", "team_entry_unknown"),
        ("substitutes.0", "team_entry_twice"),
        ("substitutes.1", "team_entry_unknown"),
        ("captain", "team_captain_not_member"),
    ]
    assert problems(lambda: create_team(tournament, by=ORGA, name=" ")) == [
        ("name", "team_name_required")
    ]
    assert problems(lambda: create_team(tournament, by=ORGA, name="x" * 121)) == [
        ("name", "text_too_long")
    ]
    assert problems(lambda: create_team(tournament, by=ORGA, name="a\x00b")) == [
        ("name", "text_control_characters")
    ]
    big = Roster(members=tuple(range(1, 102)))
    assert problems(lambda: create_team(tournament, by=ORGA, name="Groß", roster=big)) == [
        ("members", "team_roster_too_large")
    ]
    assert Team.objects.filter(tournament=tournament).count() == 1


def test_update_replaces_the_roster_and_renames(played):
    tournament, entries = played
    team = create_team(tournament, by=ORGA, name="A", roster=Roster(members=ids(entries, 1, 2)))
    update_team(team, by=ORGA, roster=Roster(members=ids(entries, 2, 3), captain=entries[1].pk))
    assert sorted(team.members.values_list("entry_id", flat=True)) == list(ids(entries, 2, 3))
    update_team(team, by=ORGA, name="B")
    team.refresh_from_db()
    assert team.name == "B"
    assert team.members.count() == 2
    update_team(team, by=ORGA, name="B")  # nothing changed: nothing logged
    same = Roster(members=ids(entries, 3, 2), captain=entries[1].pk)
    update_team(team, by=ORGA, roster=same)  # nor the same players in another order
    logged = OrganiserAction.objects.filter(tournament=tournament, action="team_changed")
    assert [a.details["fields"] for a in logged.order_by("pk")] == [["roster"], ["name"]]
    # its own players and name are no clash with itself
    update_team(team, by=ORGA, name="b", roster=Roster(members=ids(entries, 3, 2)))
    delete_team(team, by=ORGA)
    assert not TeamMember.objects.exists()
    assert OrganiserAction.objects.filter(action="team_deleted").exists()


def test_the_database_holds_a_player_to_one_team_per_tournament(played):
    tournament, entries = played
    first = create_team(tournament, by=ORGA, name="A", roster=Roster(members=ids(entries, 1)))
    second = Team.objects.create(tournament=tournament, name="B")
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=second, tournament=tournament, entry=entries[0])
    TeamMember.objects.create(team=first, tournament=tournament, entry=entries[1], captain=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=first, tournament=tournament, entry=entries[2], captain=True)


def test_side_rankings_sum_by_default(played):
    tournament, entries = played
    create_team(tournament, by=ORGA, name="Oben", roster=Roster(members=ids(entries, 1, 3, 5)))
    create_team(
        tournament,
        by=ORGA,
        name="Unten",
        roster=Roster(members=ids(entries, 2, 6), substitutes=ids(entries, 7)),
    )
    body = side_rankings(tournament)
    teams = [(t["name"], t["rank"], t["score"], t["played"]) for t in body["teams"]]
    assert teams == [("Unten", 1, 2, 3), ("Oben", 2, 1, 3)]
    assert [m["substitute"] for m in body["teams"][0]["members"]] == [False, False, True]
    clubs = [(c["name"], c["rank"], c["score"]) for c in body["clubs"]]
    # Herz As: 1, 4, 7 = 2 - 2 - 1; Pik Dame: 2, 5, 8 = 2 + 1 - 1; Karo Sieben: 3, 6 = -2 + 1
    # equal sums: Herz As has the better best player (2 against 1)
    assert clubs == [("Pik Dame", 1, 2), ("Herz As", 2, -1), ("Karo Sieben", 3, -1)]
    assert body["rules"]["teams"] == {"method": "sum", "best": None, "ties": "best_member"}


def test_best_k_and_average_rules(played):
    tournament, entries = played
    create_team(tournament, by=ORGA, name="Drei", roster=Roster(members=ids(entries, 1, 3, 5)))
    create_team(tournament, by=ORGA, name="Eins", roster=Roster(members=ids(entries, 2)))
    set_side_rankings(
        tournament,
        by=ORGA,
        team_rule={"method": "best", "best": 2},
        club_rule={"method": "average"},
    )
    body = side_rankings(tournament)
    drei, eins = body["teams"]
    assert (drei["rank"], drei["score"], eins["rank"], eins["ranked"]) == (1, 3, None, False)
    assert [m["counted"] for m in drei["members"]] == [True, False, True]
    clubs = {c["name"]: c["score"] for c in body["clubs"]}
    assert clubs == {"Pik Dame": 0.67, "Herz As": -0.33, "Karo Sieben": -0.5}


def test_rules_are_refused_naming_their_options(played):
    tournament, _entries = played
    call = lambda: set_side_rankings(  # noqa: E731
        tournament, by=ORGA, team_rule={"method": "best"}, club_rule={"ties": "dice"}
    )
    assert problems(call) == [
        ("team_rule.best", "side_rule_best"),
        ("club_rule.ties", "invalid_option"),
    ]
    set_side_rankings(tournament, by=ORGA, clubs_shown=False)
    assert OrganiserAction.objects.filter(action="side_rankings_changed").count() == 1


def test_spectators_see_public_side_rankings_cached_with_hidden_players_unnamed(
    played, django_capture_on_commit_callbacks
):
    tournament, entries = played
    assert public_side_rankings(tournament.pk) is None  # a draft
    with django_capture_on_commit_callbacks(execute=True):
        publish(tournament)
        create_team(tournament, by=ORGA, name="A", roster=Roster(members=ids(entries, 1, 2)))
        hide_publicly(entries[0], by=ORGA)
    body = public_side_rankings(tournament.pk)
    members = json.loads(body.content)["teams"][0]["members"]
    assert members[0] == {
        "entry": None,
        "start_number": None,
        "name": None,
        "hidden": True,
        "substitute": False,
        "captain": False,
        "points": 2,
        "played": True,
        "counted": True,
    }
    assert public_side_rankings(tournament.pk).etag == body.etag
    assert organiser_side_rankings(tournament).rows is not None
    roster = json.loads(teams_body(tournament, public=True).content)
    assert roster[0]["members"][0]["name"] is None
    assert json.loads(teams_body(tournament, public=False).content)[0]["members"][0]["name"]
    with django_capture_on_commit_callbacks(execute=True):
        create_team(tournament, by=ORGA, name="B", roster=Roster(members=ids(entries, 3)))
    assert public_side_rankings(tournament.pk).etag != body.etag  # the roster turned it over
    with django_capture_on_commit_callbacks(execute=True):
        set_side_rankings(tournament, by=ORGA, clubs_shown=False)
    assert json.loads(public_side_rankings(tournament.pk).content)["clubs"] == []
    assert json.loads(organiser_side_rankings(tournament).content)["clubs"] != []


def test_hidden_or_frozen_standings_withhold_the_side_rankings(played):
    tournament, _entries = played
    publish(tournament)
    tournament.standings_public = False
    tournament.save()
    with pytest.raises(Closed) as closed:
        public_side_rankings(tournament.pk)
    assert closed.value.problem.code == "standings_hidden"
    tournament.standings_public = True
    tournament.frozen_standings = {"overall": [], "series": {}}
    tournament.save()
    cache.clear()  # a plain save draws no new generation
    with pytest.raises(Closed) as closed:
        public_side_rankings(tournament.pk)
    assert closed.value.problem.code == "side_rankings_frozen"
