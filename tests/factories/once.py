"""Test data built once for many tests.

Building a played tournament, a league or the demo takes a second or more; tests that only read
it, or change it and expect the change gone, need not each build their own. ``rolled_back``
opens a transaction outside any test and rolls it back at the end: rows made in it stay for the
tests of a wider fixture's scope (each test's own transaction is a savepoint inside it, rolled
back after the test), or are made only to be read once (a file exported from them).
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction


@contextmanager
def rolled_back(django_db_blocker) -> Iterator[None]:
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)
