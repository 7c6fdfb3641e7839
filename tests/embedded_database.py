"""The embedded database for tests of writers at the same moment: a SQLite file, as ``bin/demo``
keeps its data.

As a pytest plugin (``-p tests.embedded_database``) it makes the test database the SQLite file
named by ``KARLCHEN_SQLITE_TEST_FILE``. Without it pytest-django makes SQLite's test database in
memory, shared between threads through one cache that locks whole tables: no test of concurrent
writers means anything there, so a test marked ``writers_at_once`` is skipped on it
(``skip_in_memory``, tests/conftest.py) and runs on PostgreSQL and on the file.
``tests/test_embedded_races.py`` runs every such test on the file.
"""

from __future__ import annotations

import os

FILE_VARIABLE = "KARLCHEN_SQLITE_TEST_FILE"


def pytest_sessionstart(session):
    from django.conf import settings  # configured by pytest-django by now

    database = settings.DATABASES["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3", database["ENGINE"]
    database.setdefault("TEST", {})["NAME"] = os.environ[FILE_VARIABLE]


def skip_in_memory(items) -> None:
    """Skip the tests of writers at the same moment where the test database is SQLite in
    memory (a developer's own run on SQLite without this plugin)."""
    import pytest
    from django.conf import settings

    database = settings.DATABASES["default"]
    in_memory = database["ENGINE"] == "django.db.backends.sqlite3" and not database.get(
        "TEST", {}
    ).get("NAME")
    if not in_memory:
        return
    reason = "writers at once need PostgreSQL or a SQLite file (tests/embedded_database.py)"
    for item in items:
        if item.get_closest_marker("writers_at_once"):
            item.add_marker(pytest.mark.skip(reason=reason))
