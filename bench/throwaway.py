"""Benchmarks run on a throwaway test database (``test_<NAME>``; SQLite: a temporary file),
created by Django's test-runner utilities and dropped afterwards, so no real data is touched."""

import tempfile
import uuid
from pathlib import Path

from django.conf import settings
from django.test.utils import (
    setup_databases,
    setup_test_environment,
    teardown_databases,
    teardown_test_environment,
)


def on_throwaway_database(run, *args) -> None:
    """Call ``run(*args)`` with the default database replaced by a fresh, empty one."""
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):  # a file, as the embedded setup has
        database.setdefault("TEST", {})["NAME"] = str(
            Path(tempfile.gettempdir()) / f"karlchen-bench-{uuid.uuid4().hex[:8]}.sqlite3"
        )
    setup_test_environment(debug=False)
    old_config = setup_databases(
        verbosity=0, interactive=False, aliases={"default"}, serialized_aliases=set()
    )
    try:
        run(*args)
    finally:
        teardown_databases(old_config, verbosity=0)
        teardown_test_environment()
