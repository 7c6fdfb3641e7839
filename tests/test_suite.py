"""bin/test's pytest runs (tests/suite.py): a chosen part passes when its tests pass, the whole
run gates the engines' coverage where their own tests run whole, both processes print their
slowest tests and run on databases of their own."""

import os
import subprocess
import sys

import pytest

from tests import suite

pytestmark = pytest.mark.unit

# a pure engine test file: the part runs without a database in a few seconds
PART = ("tests/rules/test_quick.py", "-p", "no:cacheprovider", "-q")


def _pytest_environment(tmp_path) -> dict[str, str]:
    """This run's environment for a pytest of its own: its coverage data in its own file."""
    environ = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("COV_CORE_", "COVERAGE_", "PYTEST_"))
    }
    return {**environ, "COVERAGE_FILE": str(tmp_path / ".coverage")}


def test_a_chosen_part_passes_when_its_tests_pass_and_reports_the_engines_coverage(tmp_path):
    """``bin/test tests/rules/test_quick.py`` exited 1 with its 14 tests passed: the gate."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.suite", *PART],
        cwd=suite.REPO,
        env=_pytest_environment(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "passed" in done.stdout
    assert "rules/doppelkopf.py" in done.stdout  # the engines' coverage, file by file
    assert "TOTAL" in done.stdout
    assert "Required test coverage" not in done.stdout


def test_the_gate_of_the_whole_run_fails_a_part_that_leaves_engines_uncovered(tmp_path):
    """The whole run's coverage options do fail where the engines are not covered whole."""
    gated = [
        option for option in suite.rest_command() if option.startswith(("--cov", "--durations"))
    ]
    done = subprocess.run(
        [*suite.PYTEST, *gated, *PART],
        cwd=suite.REPO,
        env=_pytest_environment(tmp_path),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"Required test coverage of {suite.ENGINE_GATE}% not reached" in done.stdout
    assert "slowest 25 durations" in done.stdout


def test_the_whole_run_gates_where_every_engine_test_runs():
    rest = suite.rest_command()
    assert f"--cov-fail-under={suite.ENGINE_GATE}" in rest
    assert suite.ENGINE_GATE == 100
    engine_tests = [
        path
        for path in suite.SERVERS
        if path.startswith("tests/rules") or "/engine" in path or path == "tests"
    ]
    assert engine_tests == []  # none of them runs in the servers' process


def test_a_part_is_never_gated():
    command = suite.part_command(["-k", "schafkopf"])
    assert "--cov-fail-under=0" in command
    assert command[-2:] == ["-k", "schafkopf"]


def test_both_processes_of_the_whole_run_print_their_slowest_tests():
    durations = f"--durations={suite.SLOWEST}"
    assert durations in suite.rest_command()
    assert durations in suite.servers_command()


def test_the_servers_tests_exist_and_the_rest_leaves_them_out():
    for path in suite.SERVERS:
        assert (suite.REPO / path).exists(), path
    rest = suite.rest_command()
    assert [f"--ignore={path}" for path in suite.SERVERS] == [
        option for option in rest if option.startswith("--ignore=")
    ]
    assert [path for path in suite.servers_command() if path.startswith("tests/")] == list(
        suite.SERVERS
    )


@pytest.mark.parametrize(
    ("database", "redis", "servers_database", "servers_redis"),
    [
        (  # bin/test's defaults
            "postgres://postgres:postgres@127.0.0.1:5432/karlchen",
            "redis://127.0.0.1:6379/15",
            "postgres://postgres:postgres@127.0.0.1:5432/karlchen_servers",
            "redis://127.0.0.1:6379/14",
        ),
        (
            "postgres://u:p@db:5432/karlchen_other?sslmode=disable",
            "redis://cache:6379/3",
            "postgres://u:p@db:5432/karlchen_other_servers?sslmode=disable",
            "redis://cache:6379/4",
        ),
    ],
)
def test_the_servers_process_has_a_database_and_redis_db_of_its_own(
    database, redis, servers_database, servers_redis
):
    environ = suite.servers_environment({"DATABASE_URL": database, "REDIS_URL": redis, "X": "1"})
    assert (environ["DATABASE_URL"], environ["REDIS_URL"]) == (servers_database, servers_redis)
    assert environ["X"] == "1"


def test_the_servers_databases_may_be_named():
    environ = suite.servers_environment(
        {
            "DATABASE_URL": "postgres://h/karlchen",
            "REDIS_URL": "redis://h:6379/15",
            "SERVERS_DATABASE_URL": "postgres://h/elsewhere",
            "SERVERS_REDIS_URL": "redis://h:6379/9",
        }
    )
    assert (environ["DATABASE_URL"], environ["REDIS_URL"]) == (
        "postgres://h/elsewhere",
        "redis://h:6379/9",
    )
