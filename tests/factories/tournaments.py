"""Test data: tournaments with entries and seated series, built through the domain functions."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

from karlchen.actors import Actor, Role
from results.domain.standings import standings
from seating.domain.seating import seat_series
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import create_tournament

CAPTAIN = Actor.captain("captain")
# The organiser who sets the test data up (no user: the log tells its entries from those of the
# users the tests sign in as).
ORGA = Actor(user=None, label="orga", role=Role.ORGANISER)


def organiser(username: str = "orga"):
    return get_user_model().objects.get_or_create(username=username)[0]


def tournament_with_players(players: int = 4, *, game: str = "doppelkopf", **fields):
    tournament = create_tournament(
        by=ORGA,
        name=fields.pop("name", "Vereinsturnier"),
        date=fields.pop("date", datetime.date(2026, 12, 5)),
        game=game,
        **fields,
    )
    tournament.organisers.add(organiser())  # the user the tests sign in as
    clubs = ["Karo Sieben", "Herz As", "Pik Dame"]
    entries = [
        add_entry(tournament, name=f"Spieler {n}", club=clubs[n % len(clubs)], by=ORGA)
        for n in range(1, players + 1)
    ]
    return tournament, entries


def seated_table(players: int = 4, *, game: str = "doppelkopf", **fields):
    """A tournament whose first series is seated at one table of ``players`` (4 or 5)."""
    tournament, entries = tournament_with_players(players, game=game, **fields)
    series = tournament.series.get(number=1)
    (table,) = seat_series(series, [entries], by=ORGA)
    return table


def seat_first_series(tournament, entries):
    """Series 1 seated with ``entries`` in their order, four to a table (a last table of five
    where the count asks for one): they sat down, so the standings rank them."""
    count = len(entries)
    fives = count % 4
    sizes = [4] * (count // 4 - fives) + [5] * fives
    tables, start = [], 0
    for size in sizes:
        tables.append(entries[start : start + size])
        start += size
    return seat_series(tournament.series.get(number=1), tables, by=ORGA)


def standing_figures(tournament) -> list[tuple]:
    """Every figure of every row of the standings, to compare two tournaments exactly."""
    fields = ("start_number", "rank", "name", "club", "total", "per_series", "deals_played")
    fields += ("compulsory_solos", "series_won", "withdrawn", "hidden")
    return [tuple(getattr(row, name) for name in fields) for row in standings(tournament)]
