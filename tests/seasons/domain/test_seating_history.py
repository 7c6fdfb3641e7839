"""Seating an evening of a season: the meetings of its earlier evenings count, older ones less."""

import datetime
from itertools import combinations

import pytest

from scoring.domain.deals import record_deal
from seasons.domain.history import earlier_meetings
from seasons.domain.seasons import add_evening, create_season
from seating.domain.seating import draw_seating, seat_series
from seating.engine import history_weights
from tests.factories.api import NORMAL
from tests.factories.tournaments import CAPTAIN, ORGA, tournament_with_players
from tournaments.domain.entries import enter_players

pytestmark = pytest.mark.django_db

FIRST = datetime.date(2026, 1, 7)


def evening(season, number, players=None, *, count=8, series_count=1):
    """The season's evening ``number`` (weekly) of ``players`` (new ones when None)."""
    date = FIRST + datetime.timedelta(weeks=number)
    tournament, entries = tournament_with_players(
        0 if players else count, name=f"Abend {number}", date=date, series_count=series_count
    )
    if players:
        entries = enter_players(tournament, players, by=ORGA)
    add_evening(season, tournament, by=ORGA)
    return tournament, entries


def play(tournament, tables):
    """Series 1 seated as ``tables`` (lists of entries), one deal at each table."""
    for table in seat_series(tournament.series.get(number=1), tables, by=ORGA):
        record_deal(table, deal=NORMAL, by=CAPTAIN)


def pairs(tables):
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def test_the_next_evening_seats_new_opponents_and_reports_those_who_met_again():
    season = create_season(by=ORGA, name="Jahreswertung")
    first, entries = evening(season, 0)
    play(first, [entries[:4], entries[4:]])
    players = [entry.player for entry in entries]
    second, again = evening(season, 1, players)
    # Two tables of four from two tables of four: at best two pairs of each table met before (a
    # seating blind to the first evening gets there about every other time).
    for seed in range(4):
        result = draw_seating(second, method="plan", seed=seed)
        assert result["report"]["met_before"] == 4
        assert result["report"]["repeated_pairs"] == 0
    person = {entry.pk: entry.player_id for entry in again}
    seated = [
        [person[seat.entry_id] for seat in table.seats.all()]
        for table in second.series.get(number=1).tables.all()
    ]
    first_pairs = pairs([[e.player_id for e in entries[:4]], [e.player_id for e in entries[4:]]])
    assert len(pairs(seated) & first_pairs) == 4


def test_a_tournament_of_no_season_has_no_history_and_its_report_says_none():
    tournament, _entries = tournament_with_players(8, series_count=1)
    assert earlier_meetings(tournament) == {}
    assert draw_seating(tournament, method="plan", seed=1)["report"]["met_before"] is None


def test_older_evenings_weigh_half_as_much_and_unplayed_tables_do_not_count():
    season = create_season(by=ORGA, name="Jahreswertung")
    first, entries = evening(season, 0)
    players = [entry.player for entry in entries]
    play(first, [entries[:4], entries[4:]])
    second, entries_2 = evening(season, 1, players)
    play(second, [entries_2[::2], entries_2[1::2]])  # 1 3 5 7 | 2 4 6 8
    drafted, entries_3 = evening(season, 2, players)
    seat_series(drafted.series.get(number=1), [entries_3[4:], entries_3[:4]], by=ORGA)  # no deal
    fourth, entries_4 = evening(season, 3, players)
    weights = earlier_meetings(fourth)
    entry = {e.player_id: e.pk for e in entries_4}

    def weight(a, b):
        return weights.get(frozenset((entry[players[a].pk], entry[players[b].pk])), 0)

    # The third evening was never played: the second is the last one.
    assert weight(0, 2) == 1 + 0.5  # met at the second and the first evening
    assert weight(0, 1) == 0.5  # the first evening only
    assert weight(0, 4) == 1  # the second evening only
    assert weight(0, 5) == 0
    assert earlier_meetings(first) == {}


def test_history_weights_halve_per_evening_back():
    older = [((1, 2, 3, 4),)]
    last = [((1, 2, 5, 6),), ((1, 5, 7, 8),)]
    weights = history_weights([older, last])
    assert weights[frozenset((1, 2))] == 1.5
    assert weights[frozenset((1, 5))] == 2
    assert weights[frozenset((3, 4))] == 0.5
