"""Test data of leagues: match days of sixteen players at four tables, eight teams of two."""

import datetime
from types import SimpleNamespace

import pytest

from karlchen import changes
from seating.domain.seating import seat_series
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import normal, play


@pytest.fixture
def committed(monkeypatch):
    """Each write's cached reads turn over as if its transaction had committed (the test's
    transaction never does): ``karlchen.changes`` runs its after-commit work at once."""
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


def day_rosters(tournament, entries, names=EIGHT):
    """The day's teams (rosters) of two entries each, named after the league teams."""
    return [
        create_team(
            tournament,
            by=ORGA,
            name=name,
            roster=Roster(members=(entries[2 * k].pk, entries[2 * k + 1].pk)),
        )
        for k, name in enumerate(names)
    ]
