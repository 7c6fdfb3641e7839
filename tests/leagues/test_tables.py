"""A division's table from its stored days: rosters' results from the standings
(``competitions.domain.results``), scores as given, final and provisional; a line-up's refusals
and its log."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from competitions.domain.results import fixture_results, shown
from competitions.models import Entrant, FixtureTeam
from karlchen.refusals import Refused
from leagues.domain.leagues import add_match_day, create_league, set_day_final, set_lineup
from leagues.domain.reads import league_read
from leagues.domain.tables import division_table
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.leagues import close_day, committed  # noqa: F401 -- a fixture
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.teams.conftest import played_tournament
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


def day_results(day, *, public=False):
    """Each league team of the day (by id) with its result as the table ranks it."""
    return {side.entrant: side.day_result for side in fixture_results([day], public=public)[day.pk]}


def lineup_players(day):
    """Each league team of the day (by id) with who played for it, substitutes among them."""
    return {side.entrant: side for side in fixture_results([day])[day.pk]}


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


@pytest.fixture
def day_one():
    """A division of four teams; match day 1 is a played tournament of eight players (totals
    by start number: 1 and 2 +2, 3 and 4 -2, 5 and 6 +1, 7 and 8 -1)."""
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Staffel", "teams": ["A", "B", "C", "D"]}]
    )
    tournament, entries = played_tournament()
    teams = {team.name: team.pk for team in Entrant.objects.filter(competition=league)}
    day = add_match_day(
        league, tournament, by=ORGA, number=1, groups=[[teams[name] for name in "ABCD"]]
    )

    def roster(name, *numbers, substitutes=()):
        members = tuple(entries[number - 1].pk for number in numbers)
        return create_team(
            tournament, by=ORGA, name=name, roster=Roster(members=members, substitutes=substitutes)
        )

    bench = add_entry(tournament, name="Ersatz", by=ORGA)  # entered late: no deal played

    lineups = {lineup.entrant.name: lineup for lineup in FixtureTeam.objects.filter(fixture=day)}
    set_lineup(lineups["A"], by=ORGA, team=roster("A", 1, 3))  # +2 -2
    substitute = entries[5].pk
    set_lineup(lineups["B"], by=ORGA, team=roster("B", 2, 5, substitutes=(substitute,)))  # +2 +1 +1
    set_lineup(lineups["C"], by=ORGA, team=roster("C", 4, substitutes=(bench.pk,)))  # -2
    set_lineup(lineups["D"], by=ORGA, score=5)  # a paper result
    return league, day, tournament, teams, lineups


def test_a_day_s_results_are_the_rosters_totals_or_the_score_given(day_one):
    _league, day, _tournament, teams, _lineups = day_one
    results = day_results(day)
    assert {name: results[pk].points for name, pk in teams.items()} == {
        "A": 0,
        "B": 4,
        "C": -2,
        "D": 5,
    }
    assert results[teams["B"]].players == (2, 1, 1)
    assert results[teams["C"]].players == (-2,)  # the substitute on the bench counts nowhere
    assert results[teams["D"]].players == ()


def test_the_substitutes_who_played_are_tracked_per_match_day(day_one):
    _league, day, tournament, teams, _lineups = day_one
    numbers = dict(tournament.entries.values_list("pk", "start_number"))
    players = lineup_players(day)
    played_by = {
        name: (
            [numbers[e] for e in players[pk].played],
            [numbers[e] for e in players[pk].substitutes],
        )
        for name, pk in teams.items()
    }
    assert played_by == {
        "A": ([1, 3], []),
        "B": ([2, 5, 6], [6]),
        "C": ([4], []),
        "D": ([], []),
    }


def test_the_division_table_is_provisional_until_the_day_is_final(day_one):
    league, day, tournament, teams, _lineups = day_one
    names = {pk: name for name, pk in teams.items()}
    division = league.groups.get()
    table = division_table(division)
    assert table.provisional
    assert [(names[row.team], row.ranking_points) for row in table.rows] == [
        ("D", 4),
        ("B", 3),
        ("A", 2),
        ("C", 1),
    ]
    final = division_table(division, final_only=True)
    assert final.days == ()
    assert {row.ranking_points for row in final.rows} == {0}
    close_day(tournament)
    set_day_final(day, by=ORGA)
    final = division_table(division, final_only=True)
    assert not final.provisional
    assert [names[row.team] for row in final.rows] == ["D", "B", "A", "C"]


def test_a_correction_of_a_given_score_changes_the_table(day_one):
    league, _day, _tournament, teams, lineups = day_one
    names = {pk: name for name, pk in teams.items()}
    set_lineup(lineups["D"], by=ORGA, score=-9)
    table = division_table(league.groups.get())
    assert [names[row.team] for row in table.rows] == ["B", "A", "C", "D"]


def test_a_line_up_s_roster_is_a_team_of_the_day_s_tournament_once(day_one):
    _league, _day, tournament, _teams, lineups = day_one
    other, _entries = tournament_with_players(4, name="Anderswo")
    foreign = create_team(other, by=ORGA, name="Fremd")
    with pytest.raises(Refused) as refusal:
        set_lineup(lineups["D"], by=ORGA, team=foreign, score="5")
    assert codes(refusal) == {
        ("league_roster_other_tournament", "team"),
        ("league_day_score", "score"),
    }
    taken = FixtureTeam.objects.get(pk=lineups["A"].pk).team
    with pytest.raises(Refused) as refusal:
        set_lineup(lineups["D"], by=ORGA, team=taken)
    assert codes(refusal) == {("league_roster_taken", "team")}
    logged = SeasonAction.objects.filter(action="league_lineup_set")
    assert logged.count() == 4
    assert logged.filter(details__team="D", details__score=5).exists()
    assert tournament.season_actions.filter(action="league_lineup_set").count() == 4
    assert not tournament.actions.filter(action="league_lineup_set").exists()


@pytest.mark.usefixtures("committed")
def test_spectators_read_a_day_as_its_tournament_shows_it(day_one):
    league, day, tournament, teams, _lineups = day_one
    publish(tournament)
    scores = {name: day_results(day, public=True)[pk].points for name, pk in teams.items()}
    assert scores == {"A": 0, "B": 4, "C": -2, "D": 5}  # as the organisers see it

    tournament.confirmation_required = True  # no deal confirmed yet: spectators see none
    tournament.save(update_fields=["confirmation_required"])
    public = day_results(day, public=True)
    assert {name: public[pk].points for name, pk in teams.items()} == {
        "A": 0,
        "B": 0,
        "C": 0,
        "D": 5,  # a paper result stands as given
    }
    assert day_results(day)[teams["B"]].points == 4  # the organisers still see every deal

    update_tournament(tournament, by=ORGA, standings_frozen=True)
    season = league.season
    assert not shown(day, public=True)
    assert shown(day, public=False)
    assert division_table(league.groups.get(), public=True).days == ()
    assert division_table(league.groups.get()).days == (day.pk,)
    read = json.loads(league_read(season, "day:1", public=True).content)
    assert (read["withheld"], read["groups"]) == (True, [])
    assert json.loads(league_read(season, "day:1", public=False).content)["withheld"] is False

    update_tournament(tournament, by=ORGA, standings_frozen=False, standings_public=False)
    assert json.loads(league_read(season, "day:1", public=True).content)["withheld"] is True
    page = Client().get(reverse("league-page", args=[season.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "The results of this match day are not shown yet." in page.content.decode()
