"""A match day built from the squads in one step: the day's tournament with the regulars
entered team by team, each team's roster there, ready to seat against each other; pressed
twice, built once; a substitute swapped in; refusals at their fields."""

import datetime

import pytest

from competitions.domain.lineups import prepare_fixture, swap_player
from competitions.domain.squads import add_to_squad
from competitions.models import Entrant, Fixture, FixtureTeam
from karlchen.refusals import Refused
from leagues.domain.leagues import add_match_day, create_league, start_match_day
from people.models import Player
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction
from seating.domain.seating import usual_team_seating
from teams.domain.teams import team_roster
from teams.models import Team, TeamMember
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

FOUR = ["Asse", "Buben", "Damen", "Füchse"]


def league_with_squads(substitutes=1):
    """A league of four teams, each with four regulars and ``substitutes`` substitutes."""
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    teams = {team.name: team for team in Entrant.objects.filter(competition=league)}
    for name, team in teams.items():
        for number in range(1, 5 + substitutes):
            player = Player.objects.create(name=f"{name} {number}")
            add_to_squad(team, by=ORGA, player=player, substitute=number > 4)
    return league, teams


def one_group(teams):
    return [[teams[name].shown for name in FOUR]]


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def test_a_match_day_started_from_squads_is_ready_to_seat():
    league, teams = league_with_squads()
    day = start_match_day(
        league, by=ORGA, number=1, groups=one_group(teams), date=datetime.date(2026, 3, 4)
    )
    tournament = day.evening.tournament
    entries = Entry.objects.filter(tournament=tournament).order_by("start_number")
    # the regulars only, team by team in start numbers; no substitute, no season regular
    assert [entry.player.name for entry in entries] == [
        f"{name} {number}" for name in FOUR for number in range(1, 5)
    ]
    assert [entry.start_number for entry in entries] == list(range(1, 17))
    for side in FixtureTeam.objects.filter(fixture=day).select_related("entrant", "team"):
        assert side.team.name == side.entrant.name
        roster = team_roster(side.team)
        names = Entry.objects.filter(pk__in=roster.members).values_list("player__name", flat=True)
        assert sorted(names) == [f"{side.entrant.name} {number}" for number in range(1, 5)]
        assert roster.substitutes == ()
    assert usual_team_seating(tournament) == "against"
    prepared = SeasonAction.objects.get(action="league_day_prepared")
    assert prepared.details["teams"] == 4
    assert prepared.details["players"] == 16


def test_pressing_prepare_twice_builds_once():
    league, teams = league_with_squads()
    tournament, _entries = tournament_with_players(0, name="Spieltag 1")
    day = add_match_day(league, tournament, by=ORGA, number=1, groups=one_group(teams))
    assert prepare_fixture(day, by=ORGA) == 4
    assert prepare_fixture(day, by=ORGA) == 0
    assert Team.objects.filter(tournament=tournament).count() == 4
    assert Entry.objects.filter(tournament=tournament).count() == 16
    assert SeasonAction.objects.filter(action="league_day_prepared").count() == 1


def test_the_squads_carry_over_to_the_next_day():
    league, teams = league_with_squads()
    for number in (1, 2):
        start_match_day(league, by=ORGA, number=number, groups=one_group(teams))
    second = Fixture.objects.get(number=2).evening.tournament
    assert Entry.objects.filter(tournament=second).count() == 16
    assert Team.objects.filter(tournament=second).count() == 4


def test_a_league_without_squads_starts_its_day_as_before():
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(season, by=ORGA, divisions=[{"name": "Kreisliga", "teams": FOUR}])
    teams = {team.name: team for team in Entrant.objects.filter(competition=league)}
    day = start_match_day(league, by=ORGA, number=1, groups=one_group(teams))
    assert not Team.objects.filter(tournament=day.evening.tournament).exists()
    assert not SeasonAction.objects.filter(action="league_day_prepared").exists()


def test_a_substitute_swapped_in_for_a_regular():
    league, teams = league_with_squads()
    day = start_match_day(league, by=ORGA, number=1, groups=one_group(teams))
    lineup = FixtureTeam.objects.get(fixture=day, entrant=teams["Asse"])
    out = Player.objects.get(name="Asse 2")
    sub = Player.objects.get(name="Asse 5")
    swap_player(lineup, by=ORGA, out=out, replacement=sub)
    tournament = day.evening.tournament
    assert Entry.objects.get(tournament=tournament, player=out).withdrawn
    entered = Entry.objects.get(tournament=tournament, player=sub)
    assert entered.start_number == 17
    assert not entered.withdrawn
    roster = team_roster(lineup.team)
    assert roster.substitutes == (entered.pk,)
    assert len(roster.members) == 3  # the one who did not play is off the roster
    assert TeamMember.objects.filter(entry__player=out).count() == 0
    assert usual_team_seating(tournament) == "against"  # four of each team still
    swapped = SeasonAction.objects.get(action="league_player_swapped")
    assert swapped.details["out"] == "Asse 2"
    assert swapped.details["replacement"] == "Asse 5"
    # and back: the regular reinstated, the substitute withdrawn
    swap_player(lineup, by=ORGA, out=sub, replacement=out)
    assert not Entry.objects.get(tournament=tournament, player=out).withdrawn
    assert Entry.objects.get(tournament=tournament, player=sub).withdrawn


def test_a_swap_refused_at_its_fields_changes_nothing():
    league, teams = league_with_squads()
    day = start_match_day(league, by=ORGA, number=1, groups=one_group(teams))
    lineup = FixtureTeam.objects.get(fixture=day, entrant=teams["Asse"])
    stranger = Player.objects.create(name="Fremd Fritz")
    with pytest.raises(Refused) as refusal:
        swap_player(lineup, by=ORGA, out=Player.objects.get(name="Buben 1"), replacement=stranger)
    assert codes(refusal) == {
        ("swap_not_playing", "out"),
        ("swap_not_in_squad", "replacement"),
    }
    with pytest.raises(Refused) as refusal:
        swap_player(
            lineup,
            by=ORGA,
            out=Player.objects.get(name="Asse 1"),
            replacement=Player.objects.get(name="Asse 2"),
        )
    assert codes(refusal) == {("swap_playing", "replacement")}
    assert not Entry.objects.filter(withdrawn=True).exists()
    assert not SeasonAction.objects.filter(action="league_player_swapped").exists()


def test_a_day_without_rosters_cannot_swap():
    league, teams = league_with_squads()
    tournament, _entries = tournament_with_players(0, name="Spieltag 1")
    day = add_match_day(league, tournament, by=ORGA, number=1, groups=one_group(teams))
    lineup = FixtureTeam.objects.get(fixture=day, entrant=teams["Asse"])
    with pytest.raises(Refused) as refusal:
        swap_player(
            lineup,
            by=ORGA,
            out=Player.objects.get(name="Asse 1"),
            replacement=Player.objects.get(name="Asse 5"),
        )
    assert codes(refusal) == {("swap_no_roster", "out")}
