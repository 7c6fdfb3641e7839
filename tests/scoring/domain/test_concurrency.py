"""Two captains (two phones, two transactions) saving the same deal at the same moment.

Real transactions on PostgreSQL in threads, each with its own connection: the table row lock
and the unique (table, number) constraint must let exactly one deal through.
"""

import threading

import pytest
from django.db import connection

from scoring.domain.deals import record_deal
from scoring.domain.errors import Conflict
from scoring.models import Deal, DealRevision
from tests.factories.tournaments import seated_table
from tests.scoring.domain.conftest import CAPTAIN, normal

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (bin/test uses it)"
    ),
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
