"""Marking the results final while a deal is being written: real transactions in threads, on
PostgreSQL and on a SQLite file (tests/test_embedded_races.py). A deal write reads the mark under
a lock that marking final holds, so a write that started while the mark was being set waits for
it and is refused, never stored after it."""

import threading
import time

import pytest
from django.db import connection, transaction
from django.utils import timezone

from karlchen.refusals import Refused
from scoring.domain.deals import record_deal
from scoring.models import Deal
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tests.scoring.domain.conftest import normal
from tournaments.domain.final import mark_final
from tournaments.domain.frozen import check_not_final
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.writers_at_once,
]


def in_thread(work):
    outcome = []

    def run():
        try:
            outcome.append(work())
        except Refused as refusal:
            outcome.append(refusal.code)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_a_deal_written_while_the_mark_is_set_waits_and_is_refused():
    table = seated_table(4)
    tournament_id = table.series.tournament_id
    locked = threading.Event()

    def mark():  # what marking final does, held open for a moment
        with transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
            tournament.results_final_at = timezone.now()
            tournament.save(update_fields=["results_final_at"])
            locked.set()
            time.sleep(0.5)
        return "marked"

    marker, marked = in_thread(mark)
    assert locked.wait(timeout=10)
    writer, written = in_thread(lambda: record_deal(table, deal=normal([1, 2]), by=CAPTAIN))
    for thread in (marker, writer):
        thread.join(timeout=30)
    assert (marked, written) == (["marked"], ["results_final"])
    assert not Deal.objects.filter(table=table).exists()


def test_marking_final_waits_for_a_write_in_flight():
    table = seated_table(4)
    tournament = table.series.tournament
    tournament.series.update(status="closed", closed_at=timezone.now())
    tournament.protest_minutes = 0
    tournament.save(update_fields=["protest_minutes"])
    reading = threading.Event()
    done = {}

    def write():  # a write that read the mark and has not committed yet
        with transaction.atomic():
            check_not_final(tournament.pk)
            reading.set()
            time.sleep(0.5)
            done["write"] = time.monotonic()
        return "written"

    writer, written = in_thread(write)
    assert reading.wait(timeout=10)

    def final():
        mark_final(tournament, by=ORGA)
        done["final"] = time.monotonic()
        return "final"

    marker, marked = in_thread(final)
    for thread in (writer, marker):
        thread.join(timeout=30)
    assert (written, marked) == (["written"], ["final"])
    assert done["final"] >= done["write"]
