"""A team's squad for the whole competition: regulars and substitutes, a player in one team of
a competition, refusals at ``player``, the season's log."""

import pytest

from competitions.domain.squads import (
    MAX_SQUAD,
    add_to_squad,
    remove_from_squad,
    set_squad_role,
    squad,
)
from competitions.models import Entrant, SquadMember
from karlchen.refusals import Refused
from leagues.domain.leagues import create_league
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db


def two_teams():
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": ["Asse", "Buben"]}]
    )
    return (
        season,
        Entrant.objects.get(competition=league, name="Asse"),
        Entrant.objects.get(competition=league, name="Buben"),
    )


def person(name):
    return Player.objects.create(name=name)


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def test_a_squad_of_regulars_and_substitutes_in_the_order_they_joined():
    season, asse, _buben = two_teams()
    anna, bert, carl = person("Anna Alt"), person("Bert Berg"), person("Carl Cord")
    add_to_squad(asse, by=ORGA, player=anna)
    add_to_squad(asse, by=ORGA, player=carl, substitute=True)
    add_to_squad(asse, by=ORGA, player=bert)
    assert [(m.player.name, m.substitute) for m in squad(asse)] == [
        ("Anna Alt", False),
        ("Bert Berg", False),
        ("Carl Cord", True),
    ]
    logged = SeasonAction.objects.filter(season=season, action="squad_member_added")
    assert logged.count() == 3
    assert logged.order_by("pk").last().details == {
        "player": "Bert Berg",
        "team": "Asse",
        "role": "regular",
    }


def test_a_player_plays_for_one_team_of_the_competition():
    _season, asse, buben = two_teams()
    anna = person("Anna Alt")
    add_to_squad(asse, by=ORGA, player=anna)
    for team in (asse, buben):
        with pytest.raises(Refused) as refusal:
            add_to_squad(team, by=ORGA, player=anna, substitute=True)
        assert codes(refusal) == {("squad_player_taken", "player")}
        assert refusal.value.problems[0].params == {"name": "Anna Alt", "team": "Asse"}
    assert SquadMember.objects.count() == 1


def test_an_erased_person_and_a_full_squad_are_refused_at_player():
    _season, asse, _buben = two_teams()
    gone = person("Gone Gast")
    Player.objects.filter(pk=gone.pk).update(erased_at="2026-01-01T00:00Z")
    with pytest.raises(Refused) as refusal:
        add_to_squad(asse, by=ORGA, player=gone)
    assert codes(refusal) == {("person_unknown", "player")}
    for number in range(MAX_SQUAD):
        add_to_squad(asse, by=ORGA, player=person(f"Spieler {number}"))
    with pytest.raises(Refused) as refusal:
        add_to_squad(asse, by=ORGA, player=person("One Toomany"))
    assert codes(refusal) == {("squad_full", "player")}
    assert SquadMember.objects.filter(team=asse).count() == MAX_SQUAD


def test_a_role_changed_and_a_player_removed_are_logged_once():
    season, asse, _buben = two_teams()
    member = add_to_squad(asse, by=ORGA, player=person("Anna Alt"))
    set_squad_role(member, by=ORGA, substitute=True)
    set_squad_role(member, by=ORGA, substitute=True)  # unchanged: nothing written
    assert SquadMember.objects.get().substitute
    remove_from_squad(member, by=ORGA)
    remove_from_squad(member, by=ORGA)  # pressed twice
    assert not SquadMember.objects.exists()
    actions = list(
        SeasonAction.objects.filter(season=season, action__startswith="squad_")
        .order_by("pk")
        .values_list("action", "details__role")
    )
    assert actions == [
        ("squad_member_added", "regular"),
        ("squad_member_changed", "substitute"),
        ("squad_member_removed", "substitute"),
    ]
