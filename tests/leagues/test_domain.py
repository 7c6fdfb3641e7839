"""Leagues: set one up over a season, add match days with their groups, mark days final; the
refusals naming their fields, the logs, and the table the engine makes of the stored days."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from competitions.models import Entrant, Fixture, FixtureTeam, Group
from karlchen.log import entries_about
from karlchen.refusals import Refused
from leagues.domain.leagues import (
    add_match_day,
    change_division,
    create_league,
    set_day_final,
    set_lineup,
)
from leagues.domain.tables import division_table
from leagues.models import League
from seasons.domain.seasons import create_season
from seasons.models import SeasonAction, SeasonEvening
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db

EIGHT = ["Asse", "Buben", "Damen", "Füchse", "Herzen", "Könige", "Pikse", "Zehnen"]


def codes(refusal):
    return {(problem.code, problem.field) for problem in refusal.value.problems}


def bundesliga(**rule):
    season = create_season(by=ORGA, name="Bundesliga 2026")
    league = create_league(
        season,
        by=ORGA,
        divisions=[{"name": "1. Bundesliga", "rule": rule, "teams": EIGHT}],
    )
    return season, league


def match_day(league, number, groups=None):
    tournament, _entries = tournament_with_players(
        0,
        name=f"Spieltag {number}",
        date=datetime.date(2026, 1, 10) + datetime.timedelta(weeks=number),
    )
    ids = list(
        Entrant.objects.filter(competition=league).order_by("name").values_list("pk", flat=True)
    )
    groups = groups if groups is not None else [ids[:4], ids[4:]]
    return add_match_day(league, tournament, by=ORGA, number=number, groups=groups), tournament


def test_a_league_is_set_up_over_a_season_with_its_divisions_and_teams():
    season = create_season(by=ORGA, name="Liga 2026")
    league = create_league(
        season,
        by=ORGA,
        divisions=[
            {"name": "Oberliga", "rule": {"promoted": 1, "relegated": 2}, "teams": EIGHT[:4]},
            {"name": "Kreisliga", "teams": [" Neue ", *EIGHT[4:]]},
        ],
    )
    assert season.competition == league
    oberliga, kreisliga = league.groups.all()
    assert (oberliga.name, oberliga.position, kreisliga.position) == ("Oberliga", 1, 2)
    assert oberliga.table_rule.promoted == 1
    assert kreisliga.table_rule.points_table == (4, 3, 2, 1)
    assert [team.name for team in kreisliga.teams.order_by("name")][:1] == ["Herzen"]
    assert Entrant.objects.filter(competition=league, name="Neue").exists()
    action = SeasonAction.objects.get(season=season, action="league_created")
    assert action.details == {"divisions": 2, "teams": 9, "name": "Liga 2026"}


def test_a_bad_league_is_refused_naming_every_field_and_nothing_is_saved():
    season = create_season(by=ORGA, name="Liga 2026")
    with pytest.raises(Refused) as refusal:
        create_league(
            season,
            by=ORGA,
            divisions=[
                {"name": "Oberliga", "rule": {"day_ties": "coin"}, "teams": ["A", "a", ""]},
                {"name": "oberliga ", "teams": ["B"]},
                {"name": "", "teams": ["x" * 121]},
            ],
        )
    assert codes(refusal) == {
        ("invalid_option", "divisions.0.rule.day_ties"),
        ("league_team_name_taken", "divisions.0.teams.1"),
        ("league_team_name", "divisions.0.teams.2"),
        ("league_division_name_taken", "divisions.1.name"),
        ("league_division_name", "divisions.2.name"),
        ("league_team_name", "divisions.2.teams.0"),
    }
    assert not League.objects.exists()
    # the names' one check, as a cup's (karlchen.plaintext.typed_name): no control characters,
    # and only text is a name: a number or a list is refused, never turned into "5"
    with pytest.raises(Refused) as refusal:
        create_league(
            season,
            by=ORGA,
            divisions=[
                {"name": "Ober\nliga", "teams": ["A\tB", 5, ["C"], None, "D"]},
                {"name": 7, "teams": ["E"]},
            ],
        )
    assert codes(refusal) == {
        ("league_division_name", "divisions.0.name"),
        ("league_team_name", "divisions.0.teams.0"),
        ("league_team_name", "divisions.0.teams.1"),
        ("league_team_name", "divisions.0.teams.2"),
        ("league_team_name", "divisions.0.teams.3"),
        ("league_division_name", "divisions.1.name"),
    }
    assert not League.objects.exists()
    with pytest.raises(Refused) as refusal:
        create_league(season, by=ORGA, divisions=["Oberliga", {"name": "B", "teams": "A, B"}])
    assert codes(refusal) == {
        ("league_division_invalid", "divisions.0"),
        ("league_teams_invalid", "divisions.1.teams"),
    }
    with pytest.raises(Refused) as refusal:
        create_league(season, by=ORGA, divisions=[])
    assert codes(refusal) == {("league_no_division", "divisions")}
    with pytest.raises(Refused) as refusal:
        create_league(season, by=ORGA, divisions=[{"name": f"L{n}"} for n in range(21)])
    assert codes(refusal) == {("league_too_many_divisions", "divisions")}
    many = [{"name": f"L{n}", "teams": [f"T{n}-{t}" for t in range(11)]} for n in range(19)]
    with pytest.raises(Refused) as refusal:
        create_league(season, by=ORGA, divisions=many)
    assert codes(refusal) == {("league_too_many_teams", "divisions")}


def test_a_season_is_one_league_at_most():
    season, _league = bundesliga()
    with pytest.raises(Refused) as refusal:
        create_league(season, by=ORGA, divisions=[{"name": "Zweite", "teams": ["Neu"]}])
    assert codes(refusal) == {("league_exists", "season")}
    assert Group.objects.count() == 1


def test_a_match_day_is_an_evening_of_the_season_with_its_groups_and_logs_it_once():
    season, league = bundesliga()
    day, tournament = match_day(league, 1)
    assert day.number == 1
    assert not day.final
    assert SeasonEvening.objects.get(tournament=tournament).season == season
    groups = list(FixtureTeam.objects.filter(fixture=day).values_list("group", flat=True))
    assert sorted(groups) == [1, 1, 1, 1, 2, 2, 2, 2]
    logged = SeasonAction.objects.get(season=season, action="league_match_day_added")
    assert logged.tournament == tournament  # once, about the day's tournament as well
    assert logged.details == {
        "number": 1,
        "groups": 2,
        "teams": 8,
        "name": "Spieltag 1",
        "season": "Bundesliga 2026",
    }
    assert not OrganiserAction.objects.filter(action="league_match_day_added").exists()
    assert logged in entries_about(tournament, 50)  # the tournament's log shows it
    # add_evening's own entries: the tournament became an evening of the season
    assert tournament.season_actions.filter(action="season_evening_added").exists()


def test_bad_match_days_are_refused_naming_each_field():
    _season, league = bundesliga()
    _other_season, other = bundesliga()
    foreign = Entrant.objects.filter(competition=other).first().pk
    ids = list(Entrant.objects.filter(competition=league).values_list("pk", flat=True))
    _day, tournament = match_day(league, 1)
    fresh, _entries = tournament_with_players(0, name="Spieltag 2")
    with pytest.raises(Refused) as refusal:
        add_match_day(league, fresh, by=ORGA, number=1, groups=[[ids[0], ids[0], foreign], [], 7])
    assert codes(refusal) == {
        ("league_day_number_taken", "number"),
        ("league_team_twice", "groups.0.1"),
        ("league_team_unknown", "groups.0.2"),
        ("league_group_empty", "groups.1"),
        ("league_group_invalid", "groups.2"),
    }
    with pytest.raises(Refused) as refusal:
        add_match_day(league, tournament, by=ORGA, number=0, groups=[])
    assert codes(refusal) == {
        ("league_day_number", "number"),
        ("league_day_tournament_taken", "tournament"),
        ("league_day_no_group", "groups"),
    }
    assert Fixture.objects.filter(competition=league).count() == 1
    assert not SeasonEvening.objects.filter(tournament=fresh).exists()


def test_a_group_holds_teams_of_one_division():
    season = create_season(by=ORGA, name="Liga")
    league = create_league(
        season,
        by=ORGA,
        divisions=[{"name": "Ober", "teams": ["A", "B"]}, {"name": "Unter", "teams": ["C"]}],
    )
    ids = list(
        Entrant.objects.filter(competition=league).order_by("name").values_list("pk", flat=True)
    )
    tournament, _entries = tournament_with_players(0)
    with pytest.raises(Refused) as refusal:
        add_match_day(league, tournament, by=ORGA, number=1, groups=[ids])
    assert codes(refusal) == {("league_group_divisions", "groups.0")}


def test_a_day_of_another_game_is_refused_by_the_season():
    _season, league = bundesliga()
    tournament, _entries = tournament_with_players(0, game="schafkopf")
    ids = list(Entrant.objects.filter(competition=league).values_list("pk", flat=True))
    with pytest.raises(Refused) as refusal:
        add_match_day(league, tournament, by=ORGA, number=1, groups=[ids[:4]])
    assert codes(refusal) == {("season_game_differs", "tournament")}
    assert not Fixture.objects.exists()


def test_marking_a_day_final_and_taking_it_back_is_logged_once_each():
    season, league = bundesliga()
    day, tournament = match_day(league, 1)
    marked = set_day_final(day, by=ORGA)
    assert marked.final
    assert marked.final_at is not None
    again = set_day_final(day, by=ORGA)  # unchanged: nothing written
    assert again.final_at == marked.final_at
    with pytest.raises(Refused) as refusal:
        set_day_final(day, by=ORGA, final=False)  # reopening final results needs a reason
    assert codes(refusal) == {("final_reason_required", "reason")}
    reopened = set_day_final(day, by=ORGA, final=False, reason="Zettel nachgereicht")
    assert (reopened.final, reopened.final_at) == (False, None)
    assert not Tournament.objects.get(pk=tournament.pk).results_final
    logged = SeasonAction.objects.filter(season=season, action__startswith="league_day")
    assert sorted(logged.values_list("action", flat=True)) == [
        "league_day_final",
        "league_day_reopened",
    ]
    assert tournament.season_actions.filter(action="league_day_final").count() == 1
    assert not OrganiserAction.objects.filter(action__startswith="league_day").exists()
    # the tournament's own log: its results marked final and reopened with the reason
    logged = OrganiserAction.objects.filter(tournament=tournament, action__startswith="results_")
    assert [(entry.action, entry.details) for entry in logged.order_by("pk")] == [
        ("results_final", {}),
        ("results_reopened", {"reason": "Zettel nachgereicht"}),
    ]


def test_the_database_holds_a_day_number_and_a_team_once_per_day():
    _season, league = bundesliga()
    day, _tournament = match_day(league, 1)
    team = FixtureTeam.objects.filter(fixture=day).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        FixtureTeam.objects.create(fixture=day, entrant=team.entrant, group=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        Fixture.objects.create(competition=league, evening=day.evening, number=2)


def test_the_stored_days_make_the_engine_s_table_final_and_provisional():
    """Three match days of eight teams, the first corrected: the day scores as given."""
    _season, league = bundesliga()
    days = [match_day(league, number)[0] for number in (1, 2, 3)]
    scores = iter([60, 20, -30, -50, 40, 10, 0, -50] * 3)
    for lineup in FixtureTeam.objects.order_by("fixture__number", "group", "entrant__name"):
        set_lineup(lineup, by=ORGA, score=next(scores))
    first = FixtureTeam.objects.filter(fixture=days[0]).order_by("entrant__name")
    set_lineup(first[3], by=ORGA, score=80)  # Füchse: -50, corrected to 80 on day 1
    set_day_final(days[0], by=ORGA)
    set_day_final(days[1], by=ORGA)

    division = league.groups.get()
    provisional = division_table(division)
    final = division_table(division, final_only=True)
    assert provisional.provisional
    assert provisional.pending == (days[2].pk,)
    assert not final.provisional
    assert final.days == (days[0].pk, days[1].pk)
    assert final.pending == (days[2].pk,)
    names = dict(Entrant.objects.values_list("pk", "name"))
    # Füchse won day 1 after its correction (4 points) and was fourth of its group on 2 and 3
    fuechse = next(row for row in final.rows if names[row.team] == "Füchse")
    assert [line.ranking_points for line in fuechse.days] == [4, 1]
    assert [names[row.team] for row in final.rows][:2] == ["Herzen", "Asse"]  # 8 and 7 points


# --- changing a division after the league is set up ------------------------------------------


def teams_of(division):
    return sorted(Entrant.objects.filter(group=division).values_list("name", flat=True))


def listed(division, **renamed):
    """The division's teams as ``change_division`` takes them, ``renamed`` by their old name."""
    teams = Entrant.objects.filter(group=division).order_by("name")
    return [{"id": team.pk, "name": renamed.get(team.name, team.name)} for team in teams]


def test_a_division_is_renamed_its_rule_changed_and_its_teams_renamed_added_and_removed():
    season, league = bundesliga()
    division = league.groups.get()
    teams = [t for t in listed(division, Asse="Die Asse") if t["name"] != "Zehnen"]
    teams.append({"name": "Neunen"})
    change_division(
        division, by=ORGA, name="Bezirksliga Nord", rule={"points_table": [3, 2, 1, 0]}, teams=teams
    )
    division.refresh_from_db()
    assert division.name == "Bezirksliga Nord"
    assert division.table_rule.points_table == (3, 2, 1, 0)
    assert teams_of(division) == sorted(["Die Asse", *EIGHT[1:7], "Neunen"])
    action = SeasonAction.objects.filter(season=season).latest("pk")
    assert action.action == "league_division_changed"
    assert action.details.items() >= {"added": 1, "removed": 1, "renamed": 1}.items()
    assert action.details["division"] == "Bezirksliga Nord"


def test_only_what_is_given_changes_and_two_teams_may_swap_their_names():
    _season, league = bundesliga(points_table=[4, 3, 2, 1])
    division = league.groups.get()
    asse = Entrant.objects.get(name="Asse")
    change_division(division, by=ORGA, teams=listed(division, Asse="Buben", Buben="Asse"))
    division.refresh_from_db()
    assert (division.name, division.table_rule.points_table) == ("1. Bundesliga", (4, 3, 2, 1))
    asse.refresh_from_db()
    assert asse.name == "Buben"
    assert teams_of(division) == sorted(EIGHT)


def test_a_team_that_played_a_match_day_stays_and_nothing_changes():
    _season, league = bundesliga()
    division = league.groups.get()
    match_day(league, 1)
    keep = [t for t in listed(division) if t["name"] != "Asse"]
    with pytest.raises(Refused) as refusal:
        change_division(division, by=ORGA, name="Neu", teams=keep)
    assert codes(refusal) == {("league_team_played", "teams")}
    division.refresh_from_db()
    assert division.name == "1. Bundesliga"
    assert teams_of(division) == sorted(EIGHT)


def test_bad_changes_are_refused_naming_each_field():
    _season, league = bundesliga()
    second = create_league_division(league, "2. Bundesliga", ["Neunen"])
    division = league.groups.get(position=1)
    other_team = Entrant.objects.get(name="Neunen")
    teams = listed(division)
    teams[0]["name"] = " "
    teams[1]["name"] = "neunen"  # a team of the other division has it
    teams.append({"id": other_team.pk, "name": "Fremd"})
    teams.append({"id": teams[2]["id"], "name": "Doppelt"})
    teams.append("Zwölfen")
    with pytest.raises(Refused) as refusal:
        change_division(division, by=ORGA, name="2. bundesliga", rule={"order": ["x"]}, teams=teams)
    found = codes(refusal)
    assert {
        ("league_division_name_taken", "name"),
        ("league_team_name", "teams.0.name"),
        ("league_team_name_taken", "teams.1.name"),
        ("league_team_unknown", "teams.8.id"),
        ("league_team_listed_twice", "teams.9.id"),
        ("league_team_invalid", "teams.10"),
    } <= found
    assert any(field.startswith("rule") for _code, field in found)
    assert teams_of(division) == sorted(EIGHT)
    # a control character or a value that is no text, in the division's or a team's name
    teams = listed(division)
    teams[0]["name"] = "Asse\x00"
    teams[1]["name"] = 12
    with pytest.raises(Refused) as refusal:
        change_division(division, by=ORGA, name=["Liga"], teams=teams)
    assert codes(refusal) == {
        ("league_division_name", "name"),
        ("league_team_name", "teams.0.name"),
        ("league_team_name", "teams.1.name"),
    }
    assert teams_of(division) == sorted(EIGHT)
    assert teams_of(second) == ["Neunen"]
    with pytest.raises(Refused) as refusal:
        change_division(division, by=ORGA, teams="Asse")
    assert codes(refusal) == {("league_teams_invalid", "teams")}


def create_league_division(league, name, teams):
    division = Group.objects.create(competition=league, name=name, position=2, rule={})
    Entrant.objects.bulk_create(
        Entrant(competition=league, group=division, name=team) for team in teams
    )
    return division
