"""A league table at its edges, as spectators and organisers meet it: teams sharing a rank, a
match day added but not played yet, a division before anything is played (docs/TEAMS.md)."""

import pytest

from leagues.domain.leagues import add_match_day, create_league, set_lineup
from leagues.models import LeagueTeam, MatchDayTeam
from seasons.domain.seasons import create_season
from tests.factories.api import publish
from tests.factories.leagues import committed  # noqa: F401 -- a fixture
from tests.factories.tournaments import ORGA, organiser, tournament_with_players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("committed")]

TEAMS = ["Zebras", "Asse", "Mitte", "Letzte"]  # set up in this order: Zebras has the lowest id


def division_of_four(**rule):
    """A public league of one division of four teams (``rule``), nothing played."""
    season = create_season(by=ORGA, name="Liga 2026", is_public=True)
    season.organisers.add(organiser())
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Bezirksliga", "rule": rule, "teams": TEAMS}]
    )
    return season, league, {team.name: team for team in LeagueTeam.objects.filter(league=league)}


def add_day(league, teams, number=1):
    """Match day ``number``: a public tournament of eight players, the four teams in one group,
    nothing played and no score given yet."""
    tournament, _entries = tournament_with_players(8, name=f"Spieltag {number}")
    publish(tournament)
    groups = [[teams[name].pk for name in TEAMS]]
    day = add_match_day(league, tournament, by=ORGA, number=number, groups=groups)
    return day, {
        lineup.league_team.name: lineup for lineup in MatchDayTeam.objects.filter(match_day=day)
    }


def tables(client, season):
    answer = client.get(f"/api/v1/seasons/{season.pk}/league/tables/")
    assert answer.status_code == 200
    return answer.json()


def test_teams_sharing_a_rank_are_listed_by_name_not_by_id(anonymous):
    season, league, teams = division_of_four()
    _day, lineups = add_day(league, teams)
    for name, score in (("Zebras", 5), ("Asse", 5), ("Mitte", 0), ("Letzte", -1)):
        set_lineup(lineups[name], by=ORGA, score=score)
    (table,) = tables(anonymous, season)
    ranked = [(row["team"]["name"], row["rank"]) for row in table["rows"]]
    assert ranked == [("Asse", 1), ("Zebras", 1), ("Mitte", 3), ("Letzte", 4)]
