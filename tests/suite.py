"""How ``bin/test`` runs pytest after its checks (``python -m tests.suite [pytest arguments]``).

A choice of tests (any arguments, e.g. ``-k schafkopf``) is one pytest run. It reports the pure
engines' branch coverage but does not fail on it: a part of the suite cannot cover them whole.

Without arguments the whole suite runs in two processes at once, one per core: the tests of real
servers (``SERVERS``: browsers, Celery workers, nginx, redis-server, a live server under parallel
load; mostly waiting on those) beside the rest, each with its own database and Redis db, so
neither sees the other's data. The rest holds every engine's own tests (``tests/rules/``,
``tests/*/engine/``), so the 100 % branch-coverage gate is applied there. Both print their
slowest tests; both must pass; the servers' output follows the rest's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent
PYTEST = (sys.executable, "-m", "pytest")
ENGINE_GATE = 100  # per cent of the engines' branches their own tests must cover
SLOWEST = 25  # how many of the slowest tests (set-up, call, teardown) each whole run prints
WHOLE_RUN_DRAWS = "--hypothesis-profile=karlchen-whole-run"  # the same examples each run

SERVERS = (
    "tests/browser",
    "tests/printing/test_tasks.py",
    "tests/printing/test_job_failures.py",
    "tests/test_proxy.py",
    "tests/test_pgbouncer.py",
    "tests/test_replica.py",
    "tests/karlchen/test_redis_outage.py",
    "tests/bench",
    "tests/scoring/api/test_preview_rate_limit.py",
    # Not a server, but a minute of work beside the servers' waiting: it evens the runs out
    # (measured per test, wall and CPU: the rest is CPU-bound, the servers' run waits for a
    # third of its time). The demo's builds and the migrations back and forth run in the rest
    # since the servers' waits were cut.
    "tests/karlchen/api/test_schemathesis.py",
)
REDIS_DATABASES = 16  # Redis's default number of databases (0 to 15)


def part_command(arguments: Sequence[str]) -> list[str]:
    """A chosen part: the engines' coverage reported, never gated."""
    return [*PYTEST, "--cov", "--cov-report=term", "--cov-fail-under=0", *arguments]


def rest_command() -> list[str]:
    """Everything but the servers' tests, with the engines' coverage gate."""
    ignored = [f"--ignore={path}" for path in SERVERS]
    return [
        *PYTEST,
        "--cov",
        "--cov-report=term",
        f"--cov-fail-under={ENGINE_GATE}",
        f"--durations={SLOWEST}",
        WHOLE_RUN_DRAWS,
        *ignored,
    ]


def servers_command() -> list[str]:
    return [*PYTEST, "-p", "no:cacheprovider", f"--durations={SLOWEST}", WHOLE_RUN_DRAWS, *SERVERS]


def servers_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The servers' process's environment: ``SERVERS_DATABASE_URL`` and ``SERVERS_REDIS_URL``
    where given, else the database named like ``DATABASE_URL``'s with ``_servers`` appended and
    the Redis db next to ``REDIS_URL``'s (the one below for the last), so that two people who
    run the suite on different databases never share one in either process."""
    return {
        **environ,
        "DATABASE_URL": environ.get("SERVERS_DATABASE_URL")
        or _database_beside(environ["DATABASE_URL"]),
        "REDIS_URL": environ.get("SERVERS_REDIS_URL") or _redis_beside(environ["REDIS_URL"]),
    }


def _database_beside(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "_servers"))


def _redis_beside(url: str) -> str:
    parts = urlsplit(url)
    number = int(parts.path.strip("/") or 0)
    beside = number + 1 if number + 1 < REDIS_DATABASES else number - 1
    return urlunsplit(parts._replace(path=f"/{beside}"))


def run_whole(environ: Mapping[str, str]) -> int:
    """Both processes at once; the status is the first failure's (0 when both pass)."""
    with tempfile.TemporaryFile(mode="w+") as servers_log:
        servers = subprocess.Popen(
            servers_command(),
            cwd=REPO,
            env=servers_environment(environ),
            stdout=servers_log,
            stderr=subprocess.STDOUT,
        )
        try:
            rest = subprocess.run(rest_command(), cwd=REPO, env=dict(environ), check=False)
            servers_status = servers.wait()
        finally:
            if servers.poll() is None:  # interrupted: the servers' run must not outlive us
                servers.terminate()
                servers.wait()
        print(f"--- tests of real servers ({' '.join(SERVERS)}) ---", flush=True)
        servers_log.seek(0)
        sys.stdout.write(servers_log.read())
    return rest.returncode or servers_status


def main(arguments: Sequence[str]) -> int:
    if arguments:
        return subprocess.run(part_command(arguments), cwd=REPO, check=False).returncode
    return run_whole(os.environ)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
