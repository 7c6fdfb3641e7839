"""Test data: a season of club evenings, the same players each evening, deals recorded."""

from __future__ import annotations

import datetime

from scoring.domain.deals import record_deal
from seasons.domain.seasons import add_evening, create_season
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, organiser, tournament_with_players
from tournaments.domain.entries import enter_players

FIRST_EVENING = datetime.date(2026, 1, 7)


def season_with_evenings(evenings: int = 3, *, deals: int = 1, **fields):
    """A public season whose organiser is the test user, with ``evenings`` public evenings of
    the same four players, each with ``deals`` normal deals (seats 1 and 3 win) in series 1.

    Returns the season, the evenings' first tables and the players (seat order)."""
    season = create_season(by=ORGA, name=fields.pop("name", "Jahreswertung 2026"), **fields)
    season.organisers.add(organiser())
    tables, players = [], None
    for number in range(evenings):
        tournament, entries = tournament_with_players(
            0 if players else 4,
            name=f"Clubabend {number + 1}",
            date=FIRST_EVENING + datetime.timedelta(weeks=number),
        )
        if players is None:
            players = [entry.player for entry in entries]
        else:
            entries = enter_players(tournament, players, by=ORGA)
        publish(tournament)
        add_evening(season, tournament, by=ORGA)
        (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
        for _deal in range(deals):
            record_deal(table, deal=NORMAL, by=CAPTAIN)
        tables.append(table)
    return season, tables, players
