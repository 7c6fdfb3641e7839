"""Seating a series from a plan, and the captains' table links."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from karlchen.refusals import Refused
from scoring.domain.deals import record_deal
from seating.domain.seating import (
    reissue_captain_token,
    seat_series,
    table_for_token,
    table_with_tournament,
)
from seating.models import Seat, Table
from tests.factories.tournaments import ORGA, seated_table, tournament_with_players
from tests.scoring.domain.conftest import CAPTAIN, normal
from tournaments.domain.entries import withdraw
from tournaments.enums import SeriesStatus
from tournaments.models import Series, Tournament

pytestmark = pytest.mark.django_db


def codes(refused):
    return [(problem.code, problem.field) for problem in refused.value.problems]


def test_a_plan_becomes_tables_with_seats_in_position_order():
    tournament, entries = tournament_with_players(9)
    series = tournament.series.get(number=1)
    tables = seat_series(series, [entries[:4], entries[4:]], by=ORGA)
    seats = [
        (s.table.number, s.position, s.entry.start_number)
        for s in Seat.objects.order_by("table__number", "position")
    ]
    assert seats[:5] == [(1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 4, 4), (2, 1, 5)]
    assert [len(t.seats.all()) for t in tables] == [4, 5]
    series.refresh_from_db()
    assert series.status == SeriesStatus.SEATED


def test_seating_again_replaces_the_draft():
    tournament, entries = tournament_with_players(8)
    series = tournament.series.get(number=1)
    seat_series(series, [entries[:4], entries[4:]], by=ORGA)
    seat_series(series, [entries[4:], entries[:4]], by=ORGA)
    assert series.tables.count() == 2
    assert Seat.objects.get(table__number=1, position=1).entry == entries[4]


def test_a_started_series_keeps_its_seating():
    table = seated_table(4)
    record_deal(table, deal=normal([1, 2]), by=CAPTAIN)
    entries = [seat.entry for seat in table.seats.all()]
    with pytest.raises(Refused) as refused:
        seat_series(table.series, [entries], by=ORGA)
    assert codes(refused) == [("series_started", "series")]


@pytest.mark.parametrize(
    ("plan", "code"),
    [
        (lambda e: [], ("seating_empty", "tables")),
        (lambda e: [e[:3]], ("table_size", "tables.0")),
        (lambda e: [e[:4], e[3:7]], ("seated_twice", "tables")),
    ],
)
def test_impossible_plans_are_refused(plan, code):
    tournament, entries = tournament_with_players(8)
    with pytest.raises(Refused) as refused:
        seat_series(tournament.series.get(number=1), plan(entries), by=ORGA)
    assert codes(refused) == [code]


def test_players_of_another_tournament_cannot_be_seated():
    tournament, entries = tournament_with_players(4)
    _, strangers = tournament_with_players(4)
    with pytest.raises(Refused) as refused:
        seat_series(tournament.series.get(number=1), [entries[:2] + strangers[:2]], by=ORGA)
    assert codes(refused) == [("not_entered", "tables")]


def test_withdrawn_players_are_not_seated():
    tournament, entries = tournament_with_players(4)
    withdraw(entries[2], by=ORGA)
    with pytest.raises(Refused) as refused:
        seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    assert codes(refused) == [("entry_withdrawn", "tables")]


def test_the_callers_series_sees_its_new_status():
    tournament, entries = tournament_with_players(4)
    series = tournament.series.get(number=1)
    seat_series(series, [entries], by=ORGA)
    assert series.status == SeriesStatus.SEATED


def test_a_captain_token_opens_its_table_until_reissued():
    table = seated_table(4)
    token = table.captain_token()
    assert table_for_token(token) == table
    assert table.token_hash != token  # only the hash is stored
    new_token = reissue_captain_token(table, by=ORGA)
    assert (table_for_token(token), table_for_token(new_token)) == (None, table)


def _fields(instance) -> dict:
    return {
        field.attname: getattr(instance, field.attname) for field in type(instance)._meta.fields
    }


def test_a_table_loads_with_its_series_and_tournament_as_the_orm_loads_them():
    table = seated_table(4)
    Table.objects.filter(pk=table.pk).update(time_up_after=7)
    Series.objects.filter(pk=table.series_id).update(time_called_at=timezone.now())
    Tournament.objects.filter(pk=table.series.tournament_id).update(
        results_final_at=timezone.now(), frozen_standings=[{"entry": 1, "total": 3}]
    )
    expected = Table.objects.select_related("series__tournament").get(pk=table.pk)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        loaded = table_with_tournament("id", table.pk, lock=True)
        assert loaded is not None
        series, tournament = loaded.series, loaded.series.tournament  # no query: loaded with it
    assert len(queries) == 1
    assert ("FOR UPDATE" in queries[0]["sql"]) == connection.features.has_select_for_update
    assert _fields(loaded) == _fields(expected)
    assert _fields(series) == _fields(expected.series)
    assert _fields(tournament) == _fields(expected.series.tournament)
    assert tournament.frozen_standings == [{"entry": 1, "total": 3}]  # JSON, decoded
    assert loaded.time_up_after == 7
    assert tournament.results_final_at is not None
    assert not loaded._state.adding
    assert loaded._state.db == "default"
    assert table_with_tournament("token_hash", loaded.token_hash) == expected
    assert table_with_tournament("id", table.pk + 1000) is None
