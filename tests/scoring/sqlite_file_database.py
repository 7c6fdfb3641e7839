"""A pytest plugin (``-p tests.scoring.sqlite_file_database``): the test database is the SQLite
file named by ``KARLCHEN_SQLITE_TEST_FILE``, as the embedded set-up keeps its data.

Without it pytest-django makes SQLite's test database in memory, shared between threads through
one cache that locks whole tables: no test of concurrent writers means anything there.
"""

import os


def pytest_sessionstart(session):
    from django.conf import settings  # configured by pytest-django by now

    database = settings.DATABASES["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3", database["ENGINE"]
    database.setdefault("TEST", {})["NAME"] = os.environ["KARLCHEN_SQLITE_TEST_FILE"]
