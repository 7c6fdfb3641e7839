"""The migration that makes every league and team cup a competition copies each row as it is:
a cup's ids kept, a league's rows after the cups' with their divisions' and teams' old ids as
their ``shown_id``, every sequence after its table's highest id."""

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection

from seasons.domain.seasons import add_evening, create_season
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.migrations.executor import StateKeepingExecutor, forget_states

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("competitions", "0001_initial"),
    ("leagues", "0005_remove_matchday_final"),
    ("cups", "0006_remove_cupmatch_final"),
]
AFTER = [("competitions", "0002_leagues_and_cups")]


def migrate(targets):
    executor = StateKeepingExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    ContentType.objects.clear_cache()
    return executor.loader.project_state(targets).apps


def evening(model, season, number):
    """An evening of the season (made by today's code), as the migration's model."""
    tournament, _entries = tournament_with_players(
        4, name=f"{season.name} {number}", date=datetime.date(2026, 3, number)
    )
    made = add_evening(season, tournament, by=ORGA)
    return model["seasons.SeasonEvening"].objects.get(pk=made.pk)


def latest():
    executor = StateKeepingExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()


def test_every_league_and_cup_row_is_copied_with_the_ids_clubs_know():
    old = migrate(BEFORE)
    try:
        model = {name: old.get_model(*name.split(".")) for name in [
            "leagues.League", "leagues.Division", "leagues.LeagueTeam", "leagues.MatchDay",
            "leagues.MatchDayTeam", "cups.Cup", "cups.CupGroup", "cups.CupTeam",
            "cups.CupPlayer", "cups.CupMatch", "cups.CupMatchTeam", "people.Player",
            "teams.Team", "seasons.SeasonEvening",
        ]}  # fmt: skip
        Player, Team = model["people.Player"], model["teams.Team"]
        # A cup: two groups, a team each with a player, a group round and a pairing decided.
        cup_season = create_season(by=ORGA, name="Pokal")
        cup = model["cups.Cup"].objects.create(
            season_id=cup_season.pk,
            rule={"group_rounds": 1},
            placings={"1": [2, 1]},
            seeds=[{"team": 1, "group": 1, "place": 1}],
            drawn_at=datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC),
        )
        groups = [
            model["cups.CupGroup"].objects.create(cup=cup, name=name, position=position)
            for position, name in enumerate(["A", "B"], start=1)
        ]
        cup_teams = [
            model["cups.CupTeam"].objects.create(
                cup=cup, group=group, name=f"Team {group.name}", club_name="SC Eiche"
            )
            for group in groups
        ]
        player = Player.objects.create(name="Anna Acker")
        model["cups.CupPlayer"].objects.create(
            cup=cup, team=cup_teams[0], player=player, position=1
        )
        round_evening = evening(model, cup_season, 1)
        roster = Team.objects.create(tournament_id=round_evening.tournament_id, name="Team A")
        group_round = model["cups.CupMatch"].objects.create(
            cup=cup, evening=round_evening, group=groups[0], round=1
        )
        model["cups.CupMatchTeam"].objects.create(
            match=group_round, cup_team=cup_teams[0], position=1, team=roster
        )
        pairing_evening = evening(model, cup_season, 2)
        pairing = model["cups.CupMatch"].objects.create(
            cup=cup, evening=pairing_evening, round=1, position=1, winner=cup_teams[1]
        )
        for position, cup_team in enumerate(cup_teams, start=1):
            model["cups.CupMatchTeam"].objects.create(
                match=pairing, cup_team=cup_team, position=position
            )
        # A league: a division with its rule, two teams, a match day with a score as given.
        league_season = create_season(by=ORGA, name="Liga")
        league = model["leagues.League"].objects.create(season_id=league_season.pk)
        division = model["leagues.Division"].objects.create(
            league=league, name="Bezirksliga", position=1, rule={"promoted": 1}
        )
        league_teams = [
            model["leagues.LeagueTeam"].objects.create(
                league=league, division=division, name=name, club_name=club
            )
            for name, club in [("Asse", "SC Eiche"), ("Buben", "")]
        ]
        day_evening = evening(model, league_season, 3)
        day = model["leagues.MatchDay"].objects.create(league=league, evening=day_evening, number=1)
        lineups = [
            model["leagues.MatchDayTeam"].objects.create(
                match_day=day, league_team=league_team, group=1, score=score
            )
            for league_team, score in zip(league_teams, [12, None], strict=True)
        ]
        new = migrate(AFTER)
        Competition = new.get_model("competitions", "Competition")
        Group = new.get_model("competitions", "Group")
        Entrant = new.get_model("competitions", "Entrant")
        SquadMember = new.get_model("competitions", "SquadMember")
        Fixture = new.get_model("competitions", "Fixture")
        FixtureTeam = new.get_model("competitions", "FixtureTeam")

        copied_cup = Competition.objects.get(pk=cup.pk)
        assert (copied_cup.kind, copied_cup.season_id) == ("cup", cup_season.pk)
        assert copied_cup.rule == {"group_rounds": 1}
        assert copied_cup.placings == {"1": [2, 1]}
        assert copied_cup.seeds == [{"team": 1, "group": 1, "place": 1}]
        assert copied_cup.drawn_at == cup.drawn_at
        assert copied_cup.created_at == cup.created_at
        assert [
            (g.pk, g.name, g.position, g.rule, g.shown_id)
            for g in Group.objects.filter(competition=copied_cup).order_by("position")
        ] == [(g.pk, g.name, g.position, {}, None) for g in groups]
        assert [
            (t.pk, t.group_id, t.name, t.club_name, t.shown_id)
            for t in Entrant.objects.filter(competition=copied_cup).order_by("pk")
        ] == [(t.pk, t.group_id, t.name, "SC Eiche", None) for t in cup_teams]
        assert list(SquadMember.objects.values_list("competition_id", "team_id", "player_id")) == [
            (cup.pk, cup_teams[0].pk, player.pk)
        ]
        assert [
            (m.pk, m.evening_id, m.number, m.group_id, m.round, m.position, m.winner_id)
            for m in Fixture.objects.filter(competition=copied_cup).order_by("pk")
        ] == [
            (group_round.pk, round_evening.pk, None, groups[0].pk, 1, None, None),
            (pairing.pk, pairing_evening.pk, None, None, 1, 1, cup_teams[1].pk),
        ]
        assert sorted(
            FixtureTeam.objects.filter(fixture__competition=copied_cup).values_list(
                "fixture_id", "entrant_id", "group", "position", "team_id", "score"
            )
        ) == [
            (group_round.pk, cup_teams[0].pk, None, 1, roster.pk, None),
            (pairing.pk, cup_teams[0].pk, None, 1, None, None),
            (pairing.pk, cup_teams[1].pk, None, 2, None, None),
        ]

        copied_league = Competition.objects.get(season_id=league_season.pk)
        assert copied_league.kind == "league"
        assert copied_league.created_at == league.created_at
        (copied_division,) = Group.objects.filter(competition=copied_league)
        assert (copied_division.name, copied_division.rule, copied_division.shown_id) == (
            "Bezirksliga",
            {"promoted": 1},
            division.pk,
        )
        assert [
            (t.group_id, t.name, t.club_name, t.shown_id)
            for t in Entrant.objects.filter(competition=copied_league).order_by("pk")
        ] == [
            (copied_division.pk, "Asse", "SC Eiche", league_teams[0].pk),
            (copied_division.pk, "Buben", "", league_teams[1].pk),
        ]
        (copied_day,) = Fixture.objects.filter(competition=copied_league)
        assert (copied_day.evening_id, copied_day.number, copied_day.round) == (
            day_evening.pk,
            1,
            None,
        )
        assert [
            (side.entrant.shown_id, side.group, side.position, side.score)
            for side in FixtureTeam.objects.filter(fixture=copied_day).order_by("entrant_id")
        ] == [(lineup.league_team_id, 1, None, lineup.score) for lineup in lineups]

        # New rows come after every copied one: no id of a new row was ever shown.
        new_group = Group.objects.create(competition=copied_league, name="Kreisliga", position=2)
        assert new_group.pk > max([copied_division.pk, division.pk, *(g.pk for g in groups)])
        new_team = Entrant.objects.create(competition=copied_league, group=new_group, name="Damen")
        assert new_team.pk > max(
            Entrant.objects.exclude(pk=new_team.pk).values_list("pk", flat=True)
        )
        assert new_team.pk > max(t.pk for t in [*league_teams, *cup_teams])
    finally:
        latest()  # the old tables go, as in every database
        forget_states()
