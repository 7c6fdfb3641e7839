"""Two captains (two phones, two transactions) saving the same deal at the same moment.

Real transactions in threads, each with its own connection: the table row lock (on a SQLite
file the write lock taken at BEGIN: tests/test_embedded_races.py) and the unique (table, number)
constraint must let exactly one deal through.
"""

import threading
import time

import pytest
from django.db import connection, transaction

from karlchen.refusals import Closed, Conflict
from scoring.domain.deals import record_deal
from scoring.models import Deal, DealRevision
from seating.models import Table
from tests.factories.tournaments import seated_table
from tests.scoring.domain.conftest import CAPTAIN, normal
from tournaments.enums import SeriesStatus
from tournaments.models import Series

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.writers_at_once,
]


def save_at_once(table, bodies_and_keys):
    """Run one record_deal per (body, key) in its own thread, released together."""
    barrier = threading.Barrier(len(bodies_and_keys))
    outcomes = []

    def save(body, key):
        try:
            barrier.wait(timeout=10)
            revision = record_deal(table, deal=body, by=CAPTAIN, number=1, idempotency_key=key)
            outcomes.append(("stored", revision.pk))
        except Conflict as conflict:
            outcomes.append((conflict.problem.code, None))
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=pair) for pair in bodies_and_keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_two_captains_recording_the_same_deal_store_exactly_one():
    table = seated_table(4)
    outcomes = save_at_once(table, [(normal([1, 2]), "phone-a"), (normal([1, 3]), "phone-b")])
    assert sorted(code for code, _ in outcomes) == ["deal_number_taken", "stored"]
    assert Deal.objects.filter(table=table).count() == 1
    assert DealRevision.objects.filter(deal__table=table).count() == 1


def test_a_retried_request_racing_its_original_stores_once():
    table = seated_table(4)
    outcomes = save_at_once(table, [(normal([1, 2]), "same-key")] * 3)
    assert [code for code, _ in outcomes] == ["stored"] * 3
    assert len({pk for _, pk in outcomes}) == 1
    assert Deal.objects.filter(table=table).count() == 1


def waiting_for_a_lock() -> bool:
    """Whether a transaction waits for a lock. PostgreSQL lists it in ``pg_locks``; SQLite's
    second writer waits in its busy handler at BEGIN, where nothing shows it: there the save is
    given a moment to get there (if it were later, it would find the series closed all the
    same)."""
    if connection.vendor != "postgresql":
        time.sleep(0.3)
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return cursor.fetchone()[0] > 0


def test_a_deal_that_waited_while_its_series_was_closed_is_refused():
    """The captain's save waits for the table lock that closing the series holds; once the
    close commits, the waiting save sees the series closed (not the state its statement began
    with), is refused, and leaves the series closed."""
    table = seated_table(4)
    locked, outcome = threading.Event(), []

    def close_while_locked():
        with transaction.atomic():
            Table.objects.select_for_update().get(pk=table.pk)
            locked.set()
            for _ in range(100):  # until the captain's save waits for the lock
                if waiting_for_a_lock():
                    break
                time.sleep(0.05)
            Series.objects.filter(pk=table.series_id).update(status=SeriesStatus.CLOSED)
        connection.close()

    def save():
        locked.wait(timeout=10)
        try:
            record_deal(table, deal=normal([1, 2]), by=CAPTAIN, number=1)
            outcome.append("stored")
        except Closed as gone:
            outcome.append(gone.problem.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=close_while_locked), threading.Thread(target=save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert outcome == ["series_closed"]
    assert Series.objects.get(pk=table.series_id).status == SeriesStatus.CLOSED
    assert not Deal.objects.filter(table=table).exists()
