"""Fixtures for the whole suite: the contract examples and compiled translations."""

import functools
import gettext
import io
import json
from contextlib import contextmanager
from pathlib import Path

import coverage
import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "contract" / "examples"

# Property tests check what the engines compute, not how fast: on two shared cores a case can
# take longer than hypothesis's 200 ms deadline now and then, which failed a run for nothing.
settings.register_profile("karlchen", deadline=None)
# The whole run (bin/test without arguments, CI) draws the same examples every time, as
# Hypothesis's own CI profile does: it fails for a change of the code, never for a draw, and the
# engines' coverage (traced on each property test's first examples) is the same in every run. A
# chosen part draws anew each time.
settings.register_profile(
    "karlchen-whole-run",
    parent=settings.get_profile("karlchen"),
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.load_profile("karlchen")

# The API tests' clients and tables (logged-in organisers, captains with their table's token).
pytest_plugins = ["tests.factories.api", "tests.factories.redis_server"]


def pytest_configure(config):
    """Compile locale/*.po so German and English messages are there even for a bare ``pytest``."""
    from asgiref.local import Local
    from babel.messages.frontend import CommandLineInterface
    from django.utils.translation import trans_real

    # Only when stale: bin/test compiles them before it starts two pytest processes, and a
    # catalog written by one while the other reads it is a torn file (a flaky collection error).
    catalogs = list((REPO / "locale").glob("*/LC_MESSAGES/django.po"))
    if any(_stale(catalog) for catalog in catalogs):
        CommandLineInterface().run(
            ["pybabel", "-q", "compile", "-d", str(REPO / "locale"), "-D", "django"]
        )
    # pytest-django set Django up before this hook: drop catalogs loaded already (Django's and
    # the standard library's caches), so that the fresh .mo files are read
    gettext._translations.clear()
    trans_real._translations, trans_real._default, trans_real._active = {}, None, Local()
    _fast_passwords()
    _quick_emptying()


def _fast_passwords() -> None:
    """New passwords are hashed with MD5 in tests: what they test is who may sign in, not the
    hash, and PBKDF2's million rounds cost a fifth of a CPU second per password set or checked
    (every ``admin_client``, every account a test signs in with). Passwords hashed the real way
    (a demo built by another process) are still checked: the usual hashers stay behind it."""
    from django.conf import settings

    fast = "django.contrib.auth.hashers.MD5PasswordHasher"
    usual = [hasher for hasher in settings.PASSWORD_HASHERS if hasher != fast]
    settings.PASSWORD_HASHERS = [fast, *usual]


# Rows the migrations make, the same before and after every test: kept when a test is emptied,
# unless the test changed them (a migration test loads old ones), and then made again.
MIGRATED_ROWS = ("django_content_type", "auth_permission")
MIGRATED_FINGERPRINT = """
    SELECT (SELECT md5(string_agg(concat_ws(':', id, app_label, model), ',' ORDER BY id))
              FROM django_content_type),
           (SELECT md5(string_agg(concat_ws(':', id, content_type_id, codename), ',' ORDER BY id))
              FROM auth_permission)
"""
_migrated: dict[str, tuple] = {}  # by database alias: the fingerprint of the rows as made


def _quick_emptying() -> None:
    """A test that commits (live servers, workers, races) is followed by Django's flush: a
    TRUNCATE of every table, then the content types and permissions made again. On PostgreSQL
    that took 0.9-2.2 s per test on the shared machine (TRUNCATE makes new files for each of 64
    tables); deleting the rows in one transaction, constraints deferred, takes 0.03-0.07 s and
    leaves the same empty tables. The content types and permissions, which every flush made
    again the same, are kept as the migrations made them; where a test changed them, Django's
    flush runs after all and makes them again."""
    from django.db import connections
    from django.test import TransactionTestCase

    flush = TransactionTestCase._fixture_teardown

    def empty_the_tables(self) -> None:
        aliases = self._databases_names(include_mirrors=False)
        special = self.available_apps is not None or self.serialized_rollback
        if special or any(connections[alias].vendor != "postgresql" for alias in aliases):
            flush(self)  # what these ask for is Django's to do
            return
        for alias in aliases:
            _delete_every_row(connections[alias])
        if any(_fingerprint(connections[alias]) != _migrated.get(alias) for alias in aliases):
            flush(self)
            for alias in aliases:
                _migrated[alias] = _fingerprint(connections[alias])

    TransactionTestCase._fixture_teardown = empty_the_tables


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database as pytest-django builds it, and the fingerprint of the rows its
    migrations made (``_quick_emptying`` keeps them while they are unchanged)."""
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all(initialized_only=False):
            if connection.vendor == "postgresql" and not connection.settings_dict["TEST"].get(
                "MIRROR"
            ):
                _migrated[connection.alias] = _fingerprint(connection)


def _fingerprint(connection) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(MIGRATED_FINGERPRINT)
        return cursor.fetchone()


def _delete_every_row(connection) -> None:
    from django.db import transaction

    names = connection.introspection.django_table_names(only_existing=True, include_views=False)
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # Django's foreign keys are deferrable
        for name in sorted(set(names) - set(MIGRATED_ROWS)):
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(name)}")


def _stale(catalog: Path) -> bool:
    compiled = catalog.with_suffix(".mo")
    return not compiled.exists() or compiled.stat().st_mtime < catalog.stat().st_mtime


def pytest_sessionstart(session):
    """Django's system checks before any test, as ``manage.py check`` runs them (among them
    ``karlchen.ports``: a port an installed app should provide and does not stops the run)."""
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    try:
        call_command("check", stdout=io.StringIO())
    except SystemCheckError as error:
        pytest.exit(str(error), returncode=pytest.ExitCode.USAGE_ERROR)


def contract_examples(prefix: str = "") -> list[dict]:
    """Every worked example of ``docs/contract/examples`` (the suite fails if there are none)."""
    files = sorted(EXAMPLES.glob(f"{prefix}*.json"))
    if not files:
        raise FileNotFoundError(f"no contract examples in {EXAMPLES}")
    return [json.loads(path.read_text(encoding="utf-8")) for path in files]


def _is_engine_test(item: pytest.Item) -> bool:
    """The pure engines' own tests: ``tests/rules/`` and ``tests/<app>/engine/``."""
    parts = item.path.relative_to(REPO).parts
    return parts[:2] == ("tests", "rules") or (len(parts) > 3 and parts[2] == "engine")


# Of a property test's examples, the first ones are traced for the engines' coverage; every
# example still runs and is checked. Tracing costs every line that runs while it is on, the
# property framework's own included: the engines' tests took 2.6 times their CPU traced whole.
# What the first examples cover is part of what all of them cover, so the gate can only be
# harder to pass this way, never easier: a branch only a later example reaches needs a test or
# an ``@example`` of its own.
TRACED_EXAMPLES = 10


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """The coverage gate is the engines' own tests' (they must cover them whole): every other
    test runs untraced. Tracing made a domain test that seats an evening by the engine's search
    about seven times slower, and those tests were half the suite's time."""
    measuring = coverage.Coverage.current()
    if measuring is None:
        return (yield)
    if _is_engine_test(item):
        with _traced_first_examples(item, measuring):
            return (yield)
    measuring.stop()
    try:
        return (yield)
    finally:
        measuring.start()


@contextmanager
def _traced_first_examples(item: pytest.Item, measuring: coverage.Coverage):
    """Trace a property test's first ``TRACED_EXAMPLES`` examples (through Hypothesis's
    reassignable ``inner_test``); any other test is traced whole."""
    handle = getattr(getattr(item, "obj", None), "hypothesis", None)
    if handle is None:
        yield
        return
    inner, calls, stopped = handle.inner_test, [0], [False]

    @functools.wraps(inner)
    def first_ones_traced(*args, **kwargs):
        calls[0] += 1
        if calls[0] > TRACED_EXAMPLES and not stopped[0]:
            measuring.stop()
            stopped[0] = True
        return inner(*args, **kwargs)

    handle.inner_test = first_ones_traced
    try:
        yield
    finally:
        handle.inner_test = inner
        if stopped[0]:
            measuring.start()


def pytest_collection_modifyitems(config, items):
    from tests.embedded_database import skip_in_memory

    skip_in_memory(items)


def pytest_runtest_setup(item):
    """Every test starts in the site's language, as a request or a task does: Django's
    ``LocaleMiddleware`` leaves the language of a test client's last request active in the
    thread, and a log entry worded by a later test came out in English after a test that asked
    in English last."""
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def media_root(settings, tmp_path):
    """Stored files (generated PDFs) in a directory of the test's own."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def eager_celery(monkeypatch):
    """Tasks run at once in the calling thread (where a test is about a page, not a worker)."""
    from karlchen.celery import app

    monkeypatch.setitem(app.conf, "task_always_eager", True)
    return app
