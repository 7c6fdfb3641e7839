"""Players confirming and cancelling at the same moment: the cap is never exceeded.

Real transactions in threads, each with its own connection: the tournament's row lock on
PostgreSQL, the write lock taken at BEGIN on a SQLite file (tests/test_embedded_races.py), makes
the places one queue.
"""

import threading

import pytest
from django.db import connection

from signups.domain.signups import cancel, confirm
from signups.enums import SignUpStatus
from signups.models import SignUp
from tests.signups.conftest import announced, signed_up
from tournaments.models import Entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.writers_at_once,
]


def at_once(calls):
    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []


def counts(tournament):
    statuses = list(SignUp.objects.filter(tournament=tournament).values_list("status", flat=True))
    return {status: statuses.count(status) for status in set(statuses)}


def test_eight_confirming_at_once_fill_three_places_and_wait_in_line():
    tournament = announced(cap=3)
    signups = [signed_up(tournament, n) for n in range(8)]
    at_once([lambda s=signup: confirm(s) for signup in signups])
    assert counts(tournament) == {"accepted": 3, "waiting": 5}
    assert Entry.objects.filter(tournament=tournament, withdrawn=False).count() == 3
    numbers = Entry.objects.filter(tournament=tournament).values_list("start_number", flat=True)
    assert sorted(numbers) == [1, 2, 3]


def test_cancellations_and_confirmations_racing_never_exceed_the_cap():
    tournament = announced(cap=3)
    entered = [signed_up(tournament, n) for n in range(3)]
    for signup in entered:
        confirm(signup)
    newcomers = [signed_up(tournament, n) for n in range(3, 8)]
    calls = [lambda s=signup: cancel(s) for signup in entered[:2]]
    calls += [lambda s=signup: confirm(s) for signup in newcomers]
    at_once(calls)
    assert counts(tournament) == {"cancelled": 2, "accepted": 3, "waiting": 3}
    assert Entry.objects.filter(tournament=tournament, withdrawn=False).count() == 3
    waiting = SignUp.objects.filter(tournament=tournament, status=SignUpStatus.WAITING)
    assert all(signup.entry_id is None for signup in waiting)
