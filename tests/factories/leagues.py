"""Test data of leagues: match days of sixteen players at four tables, eight teams of two."""

import datetime
from types import SimpleNamespace

import pytest

from competitions.models import Entrant
from karlchen import changes
from leagues.domain.leagues import add_match_day, create_league, set_lineup
from scoring.domain.series import close_series
from seasons.domain.seasons import create_season
from seating.domain.seating import seat_series
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tests.scoring.domain.conftest import normal, play


@pytest.fixture
def committed(monkeypatch):
    """Each write's cached reads turn over as if its transaction had committed (the test's
    transaction never does): ``karlchen.changes`` runs its after-commit work at once."""
    commit_at_once(monkeypatch)


def commit_at_once(monkeypatch) -> None:
    monkeypatch.setattr(changes, "transaction", SimpleNamespace(on_commit=lambda work: work()))


EIGHT = ["Asse", "Buben", "Damen", "Füchse", "Herzen", "Könige", "Pikse", "Zehnen"]


def played_day(number, deals=(2, 1, 1, 2)):
    """A public tournament of sixteen players at four tables; at each table seats 1 and 2 win
    ``deals[t]`` normal deals (1 point each). Team k (``day_rosters``) is entries 2k and 2k+1,
    so the winners of table t are team 2t (+2 per deal) and its losers team 2t+1."""
    tournament, entries = tournament_with_players(
        16,
        name=f"Spieltag {number}",
        date=datetime.date(2026, 2, 1) + datetime.timedelta(weeks=number),
    )
    publish(tournament)
    tables = seat_series(
        tournament.series.get(number=1),
        [entries[start : start + 4] for start in range(0, 16, 4)],
        by=ORGA,
    )
    for table, count in zip(tables, deals, strict=True):
        for _deal in range(count):
            play(table, lambda upcoming: normal([1, 2], re_points=131))
    return tournament, tables, entries


def day_rosters(tournament, entries, names=EIGHT, *, substitute_in=None):
    """The day's teams (rosters) of two entries each, named after the league teams; in team
    ``substitute_in`` (an index) the second player is a substitute."""
    return [
        create_team(
            tournament,
            by=ORGA,
            name=name,
            roster=Roster(members=(entries[2 * k].pk,), substitutes=(entries[2 * k + 1].pk,))
            if k == substitute_in
            else Roster(members=(entries[2 * k].pk, entries[2 * k + 1].pk)),
        )
        for k, name in enumerate(names)
    ]


def league_of_eight(days=1, *, public=True, set_lineups=True, **rule):
    """A season made a league of eight teams (one division, ``rule``) whose organiser is the
    test user, with ``days`` match days played (``played_day``), each day's rosters set up
    (Buben's second player a substitute) and, with ``set_lineups``, set as the teams' line-ups.
    Returns the season and the days' tables."""
    season = create_season(by=ORGA, name="Liga 2026", is_public=public)
    season.organisers.add(organiser())
    league = create_league(
        season, by=ORGA, divisions=[{"name": "Bezirksliga", "rule": rule, "teams": EIGHT}]
    )
    teams = {team.name: team for team in Entrant.objects.filter(competition=league)}
    all_tables = []
    for number in range(1, days + 1):
        tournament, tables, entries = played_day(number)
        all_tables.append(tables)
        rosters = day_rosters(tournament, entries, substitute_in=1)
        groups = [[teams[name].pk for name in EIGHT[:4]], [teams[name].pk for name in EIGHT[4:]]]
        day = add_match_day(league, tournament, by=ORGA, number=number, groups=groups)
        lineups = {lineup.entrant.name: lineup for lineup in day.sides.all()}
        for name, roster in zip(EIGHT, rosters, strict=True):
            if set_lineups:
                set_lineup(lineups[name], by=ORGA, team=roster)
    return season, all_tables


def close_day(tournament):
    """Close the day's open series (their deals played as far as the test needs): only then
    can the day be marked final (teams.domain.match_final)."""
    for series in tournament.series.filter(status__in=("seated", "running")):
        close_series(series, by=ORGA, force=True)
