"""A team cup of eight teams of two players in two groups of four, and playing its
tournaments through the domain: each table seats two teams, a deal is won by one of them."""

import datetime

import pytest

from competitions.models import Entrant, Fixture
from cups.domain.cups import create_cup
from scoring.domain.series import close_series
from seating.domain.seating import seat_series
from teams.models import TeamMember
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, organiser
from tests.scoring.domain.conftest import normal, play

GROUPS = {
    "A": ["Asse", "Buben", "Damen", "Könige"],
    "B": ["Zehnen", "Neunen", "Füchse", "Karlchen"],
}
DATE = datetime.date(2026, 12, 5)


def cup_groups(groups=GROUPS, players=2):
    return [
        {
            "name": name,
            "teams": [
                {
                    "name": team,
                    "club": f"Club {team}",
                    "players": [f"{team} {n}" for n in range(1, players + 1)],
                }
                for team in teams
            ],
        }
        for name, teams in groups.items()
    ]


def make_cup(*, by=ORGA, rule=None, groups=GROUPS, **season):
    cup = create_cup(
        by=by,
        season={"name": season.pop("name", "Pokal 2026"), **season},
        rule={"group_rounds": 2} if rule is None else rule,
        groups=cup_groups(groups),
    )
    cup.season.organisers.add(organiser())  # the user the tests sign in as
    return cup


def team(cup, name):
    return Entrant.objects.get(competition=cup, name=name)


def entries_of(match, cup_team):
    side = match.sides.get(entrant=cup_team)
    members = TeamMember.objects.filter(team=side.team).select_related("entry")
    return [member.entry for member in members.order_by("entry__start_number")]


def play_match(match, wins):
    """Seat the match's teams two to a table (in the order of ``wins``' keys) and play: each
    team wins as many deals as ``wins`` says (a deal won: its two players +1 each, the other
    team's two -1 each; so a team's score moves by 2 per deal)."""
    names = list(wins)
    cup = match.competition
    publish(match.evening.tournament)  # the organiser opens the round: spectators follow it
    teams = [team(cup, name) for name in names]
    tables = [
        entries_of(match, teams[i]) + entries_of(match, teams[i + 1])
        for i in range(0, len(teams), 2)
    ]
    seated = seat_series(match.evening.tournament.series.get(number=1), tables, by=ORGA)
    for index, table in enumerate(seated):
        first, second = names[2 * index], names[2 * index + 1]
        for _ in range(wins[first]):
            play(table, lambda upcoming: normal([1, 2], re_points=131))
        for _ in range(wins[second]):
            play(table, lambda upcoming: normal([3, 4], re_points=131))
    # the series is over (its deals played as far as the test needs): the match may be final
    close_series(match.evening.tournament.series.get(number=1), by=ORGA, force=True)
    return seated


def group_match(cup, group, number):
    return Fixture.objects.get(competition=cup, group__name=group, round=number)


@pytest.fixture
def cup():
    return make_cup()


@pytest.fixture(autouse=True)
def _writes_commit_at_once(monkeypatch):
    """Each domain write turns the cached reads over at once, as its commit would (the test's
    transaction never commits, so ``on_commit`` would never run)."""
    from django.core.cache import cache

    cache.clear()  # Redis under REDIS_URL outlives the test databases
    monkeypatch.setattr(
        "karlchen.changes.transaction.on_commit", lambda run, *args, **kwargs: run()
    )
