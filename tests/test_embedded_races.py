"""Writers at the same moment on the embedded database: every test marked ``writers_at_once``
run again, in a process of its own, on a SQLite file without Redis, as ``bin/demo`` keeps its
data (``tests/embedded_database.py``).

On PostgreSQL the domain's row locks serialise racing writers. On SQLite ``select_for_update``
does nothing; a transaction takes the write lock at BEGIN (``transaction_mode`` IMMEDIATE in the
settings) and the next writer waits for it: the same answers are owed there. The races' modules
are named in ``RACES`` (collecting the whole suite to find them would cost more than running
them); a test checks that no marked module is missing.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.embedded_database import FILE_VARIABLE

REPO = Path(__file__).resolve().parent.parent
MARK = "writers_at_once"
RACES = (
    "tests/scoring/api/test_concurrent_saves.py",
    "tests/scoring/domain/test_concurrency.py",
    "tests/signups/test_checkin_race.py",
    "tests/signups/test_concurrency.py",
    "tests/signups/test_transfers.py",
    "tests/teams/test_concurrency.py",
    "tests/tournaments/domain/test_final_concurrency.py",
)


def test_every_module_with_racing_writers_is_run_on_the_embedded_database():
    marked = {
        path.relative_to(REPO).as_posix()
        for path in (REPO / "tests").rglob("test_*.py")
        if f"mark.{MARK}" in path.read_text(encoding="utf-8")
    }
    assert marked == set(RACES)


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="this is the run on the embedded database"
)
def test_writers_at_once_get_the_same_answers_on_the_embedded_database(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'karlchen.sqlite3'}"
    env[FILE_VARIABLE] = str(tmp_path / "test-karlchen.sqlite3")
    argv = [sys.executable, "-m", "pytest", *RACES, "-q", "-p", "no:cacheprovider"]
    argv += ["-p", "tests.embedded_database", "-m", MARK]
    # the tables made from the models: migrating SQLite (each table rebuilt for each change) is
    # the demo's to test, these tests are about concurrent writers
    argv += ["--no-migrations"]
    run = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.strip().splitlines()[-1]
    # every marked test passed: none skipped, failed or in error (the others deselected)
    assert re.fullmatch(r"\d+ passed(, \d+ deselected)? in .*", summary), summary
    assert int(summary.split()[0]) >= len(RACES), summary
