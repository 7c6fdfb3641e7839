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


def cup_of_eight(cup_places: int = 8, **fields):
    """A public cup with one evening of eight players at two tables: table 1 plays two deals,
    table 2 one (seats 1 and 3 win), so the season ranks them in four pairs of equal scores:
    table 1's winners, table 2's winners, table 2's losers, table 1's losers.

    Returns the season and its players in the order of the season ranking (ties by id)."""
    season = create_season(by=ORGA, name="Pokal 2026", cup_places=cup_places, **fields)
    season.organisers.add(organiser())
    tournament, entries = tournament_with_players(8, name="Pokalrunde 1", date=FIRST_EVENING)
    publish(tournament)
    add_evening(season, tournament, by=ORGA)
    first, second = seat_series(
        tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA
    )
    for table, deals in ((first, 2), (second, 1)):
        for _deal in range(deals):
            record_deal(table, deal=NORMAL, by=CAPTAIN)
    players = [entry.player for entry in entries]
    order = [0, 2, 4, 6, 5, 7, 1, 3]  # seats 1 and 3 (entries 0, 2 and 4, 6) win
    return season, [players[index] for index in order]
