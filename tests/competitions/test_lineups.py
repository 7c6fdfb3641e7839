"""A fixture's line-ups from the squads, one home for both kinds: a league's match day and a
cup's round enter their regulars the same way; a team without a regular is refused for both,
naming it, and nothing is written; a substitute swapped in at a cup's match as on a match
day, logged in the cup's own words."""

import datetime

import pytest
from django.utils import translation

from competitions.domain.lineups import prepare_fixture, swap_player
from competitions.domain.squads import add_to_squad, remove_from_squad
from competitions.models import Entrant, Fixture, FixtureTeam, SquadMember
from cups.domain.cups import create_cup, set_match_final, start_group_round, start_pairings
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from leagues.domain.leagues import add_match_day, create_league, start_match_day
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction, SeasonEvening
from teams.domain.teams import delete_team, team_roster
from teams.models import Team
from tests.cups.conftest import play_match
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.models import Entry, OrganiserAction, Tournament

pytestmark = pytest.mark.django_db

FOUR = ["Asse", "Buben", "Damen", "Füchse"]


def codes(refusal):
    return [
        (problem.code, problem.field, dict(problem.params)) for problem in refusal.value.problems
    ]


def league(squads):
    """A league of four teams; ``squads``: per team name, how many regulars and substitutes."""
    season = create_season(by=ORGA, name="Liga 2026")
    made = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    teams = {team.name: team for team in Entrant.objects.filter(competition=made)}
    for name, (regulars, substitutes) in squads.items():
        for number in range(1, regulars + substitutes + 1):
            player = Player.objects.create(name=f"{name} {number}")
            add_to_squad(teams[name], by=ORGA, player=player, substitute=number > regulars)
    return made, teams


def one_group(teams):
    return [[teams[name].shown for name in FOUR]]


def nothing_written():
    assert not Tournament.objects.exists()
    assert not Fixture.objects.exists()
    assert not Entry.objects.exists()
    assert not SeasonEvening.objects.exists()
    assert not SeasonAction.objects.exclude(
        action__in=["season_created", "league_created", "squad_member_added", "cup_created"]
    ).exists()


def test_a_match_day_is_refused_while_a_playing_team_has_no_regular_naming_each():
    # Damen has no squad at all, Füchse substitutes only: neither has a regular
    made, teams = league({"Asse": (4, 0), "Buben": (4, 1), "Füchse": (0, 2)})
    with pytest.raises(Refused) as refusal:
        start_match_day(made, by=ORGA, number=1, groups=one_group(teams))
    assert codes(refusal) == [
        ("squad_no_regulars", "groups", {"team": "Damen"}),
        ("squad_no_regulars", "groups", {"team": "Füchse"}),
    ]
    with translation.override("de"):
        worded = [problem_message(problem) for problem in refusal.value.problems]
    assert worded == [
        f"„{name}“ hat noch keinen Stammspieler im Kader: Wählen Sie die Spieler auf der "
        "Kaderseite der Mannschaft aus."
        for name in ("Damen", "Füchse")
    ]
    nothing_written()


def test_a_league_without_any_squad_still_starts_its_day_with_the_season_s_regulars():
    made, teams = league({})
    day = start_match_day(made, by=ORGA, number=1, groups=one_group(teams))
    assert not Team.objects.filter(tournament=day.evening.tournament).exists()


def test_the_prepare_button_is_refused_for_a_team_without_a_regular_and_changes_nothing():
    made, teams = league({"Asse": (4, 0), "Buben": (4, 0), "Damen": (4, 0)})
    tournament, _entries = tournament_with_players(0, name="Spieltag 1")
    day = add_match_day(made, tournament, by=ORGA, number=1, groups=one_group(teams))
    with pytest.raises(Refused) as refusal:
        prepare_fixture(day, by=ORGA)
    assert codes(refusal) == [("squad_no_regulars", "squad", {"team": "Füchse"})]
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert not Team.objects.filter(tournament=tournament).exists()
    assert not SeasonAction.objects.filter(action="league_day_prepared").exists()
    # Füchse's roster set up by hand: the others are prepared from their squads
    add_to_squad(teams["Füchse"], by=ORGA, player=Player.objects.create(name="Füchse 1"))
    assert prepare_fixture(day, by=ORGA) == 4


def cup_of_empty_teams():
    """A cup of two groups whose teams were set up without players; Asse and Zehnen get two
    regulars and a substitute each."""
    cup = create_cup(
        by=ORGA,
        season={"name": "Pokal 2026"},
        rule={"group_rounds": 1, "qualify": 1},
        groups=[
            {"name": "A", "teams": [{"name": "Asse"}, {"name": "Buben"}]},
            {"name": "B", "teams": [{"name": "Zehnen"}, {"name": "Neunen"}]},
        ],
    )
    for name in ("Asse", "Zehnen"):
        team = Entrant.objects.get(competition=cup, name=name)
        for number in (1, 2, 3):
            player = Player.objects.create(name=f"{name} {number}")
            add_to_squad(team, by=ORGA, player=player, substitute=number == 3)
    return cup


def test_a_cup_round_is_refused_naming_every_team_without_a_regular_in_every_group():
    cup = cup_of_empty_teams()
    with pytest.raises(Refused) as refusal:
        start_group_round(cup, by=ORGA, number=1, date=datetime.date(2026, 3, 4))
    assert codes(refusal) == [
        ("squad_no_regulars", "number", {"team": "Buben"}),
        ("squad_no_regulars", "number", {"team": "Neunen"}),
    ]
    nothing_written()


def full_cup():
    """Every team with two regulars and one substitute; group round 1 started."""
    cup = cup_of_empty_teams()
    for name in ("Buben", "Neunen"):
        team = Entrant.objects.get(competition=cup, name=name)
        for number in (1, 2, 3):
            player = Player.objects.create(name=f"{name} {number}")
            add_to_squad(team, by=ORGA, player=player, substitute=number == 3)
    matches = start_group_round(cup, by=ORGA, number=1)
    return cup, matches


def test_a_cup_round_enters_the_regulars_side_by_side_as_a_match_day_does():
    _cup, matches = full_cup()
    for match in matches:
        tournament = match.evening.tournament
        sides = list(match.sides.select_related("entrant", "team").order_by("position"))
        # the second computation: each side's regulars in the order they joined, side by side
        expected = [f"{side.entrant.name} {number}" for side in sides for number in (1, 2)]
        entries = Entry.objects.filter(tournament=tournament).order_by("start_number")
        assert [entry.player.name for entry in entries] == expected
        assert [entry.start_number for entry in entries] == [1, 2, 3, 4]
        for side in sides:
            assert side.team.name == side.entrant.name
            roster = team_roster(side.team)
            assert len(roster.members) == 2
            assert roster.substitutes == ()
    # the round's own entry, once; nothing logged as "prepared" beside it
    assert SeasonAction.objects.filter(action="cup_match_started").count() == 2
    assert not SeasonAction.objects.filter(action="cup_match_prepared").exists()


def test_a_substitute_swapped_in_at_a_cup_s_match_and_back():
    _cup, matches = full_cup()
    match = matches[0]
    side = FixtureTeam.objects.get(fixture=match, entrant__name="Asse")
    out, sub = Player.objects.get(name="Asse 1"), Player.objects.get(name="Asse 3")
    swap_player(side, by=ORGA, out=out, replacement=sub)
    tournament = match.evening.tournament
    assert Entry.objects.get(tournament=tournament, player=out).withdrawn
    entered = Entry.objects.get(tournament=tournament, player=sub)
    assert entered.start_number == 5  # after the four regulars of the match
    roster = team_roster(side.team)
    assert roster.substitutes == (entered.pk,)
    assert len(roster.members) == 1  # Asse 1 had not played: off the roster
    swapped = SeasonAction.objects.get(action="cup_player_swapped")
    assert swapped.tournament == tournament
    assert swapped.details == {
        "name": tournament.name,
        "season": "Pokal 2026",
        "team": "Asse",
        "out": "Asse 1",
        "replacement": "Asse 3",
    }
    with translation.override("en"):
        assert swapped.text() == (f"swapped Asse 3 in for Asse 1 in “Asse” at “{tournament.name}”")
    assert not SeasonAction.objects.filter(action="league_player_swapped").exists()
    swap_player(side, by=ORGA, out=sub, replacement=out)  # and back
    assert not Entry.objects.get(tournament=tournament, player=out).withdrawn
    assert Entry.objects.get(tournament=tournament, player=sub).withdrawn


def test_a_cup_swap_refused_at_its_fields_changes_nothing():
    _cup, matches = full_cup()
    side = FixtureTeam.objects.get(fixture=matches[0], entrant__name="Asse")
    with pytest.raises(Refused) as refusal:
        swap_player(
            side,
            by=ORGA,
            out=Player.objects.get(name="Buben 1"),
            replacement=Player.objects.get(name="Buben 3"),
        )
    assert {(code, field) for code, field, _params in codes(refusal)} == {
        ("swap_not_playing", "out"),
        ("swap_not_in_squad", "replacement"),
    }
    with pytest.raises(Refused) as refusal:
        swap_player(
            side,
            by=ORGA,
            out=Player.objects.get(name="Asse 1"),
            replacement=Player.objects.get(name="Asse 2"),
        )
    assert [(code, field) for code, field, _params in codes(refusal)] == [
        ("swap_playing", "replacement")
    ]
    assert not Entry.objects.filter(withdrawn=True).exists()
    assert not SeasonAction.objects.filter(action="cup_player_swapped").exists()


def test_a_cup_match_whose_roster_was_deleted_is_prepared_again_from_its_squad():
    _cup, matches = full_cup()
    match = matches[0]
    side = FixtureTeam.objects.get(fixture=match, entrant__name="Buben")
    delete_team(side.team, by=ORGA)
    assert prepare_fixture(match, by=ORGA) == 1
    assert prepare_fixture(match, by=ORGA) == 0  # pressed twice: built once
    side.refresh_from_db()
    names = Entry.objects.filter(pk__in=team_roster(side.team).members).values_list(
        "player__name", flat=True
    )
    assert sorted(names) == ["Buben 1", "Buben 2"]
    prepared = SeasonAction.objects.get(action="cup_match_prepared")
    assert prepared.details["teams"] == 1
    assert prepared.details["players"] == 2
    assert not OrganiserAction.objects.filter(action="cup_match_prepared").exists()


def test_the_knock_out_is_refused_while_a_paired_team_lost_its_regulars():
    cup, matches = full_cup()
    play_match(matches[0], {"Asse": 2, "Buben": 0})
    play_match(matches[1], {"Zehnen": 2, "Neunen": 0})
    for match in matches:
        set_match_final(match, by=ORGA)
    for member in SquadMember.objects.filter(team__name="Asse", substitute=False):
        remove_from_squad(member, by=ORGA)
    with pytest.raises(Refused) as refusal:
        start_pairings(cup, by=ORGA)
    assert codes(refusal) == [("squad_no_regulars", "number", {"team": "Asse"})]
    assert not Fixture.objects.filter(competition=cup, group__isnull=True).exists()
