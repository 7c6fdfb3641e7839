"""The people search's normal form in SQL on SQLite, the embedded database: it has neither
``translate`` nor ``regexp_replace`` of its own, Karlchen gives it both on each connection, and
the SQL form then equals the engine's."""

import pytest
from django.db.models.sql import Query
from django.db.utils import ConnectionHandler
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from people.domain.search import normal_form_sql
from people.engine.search import normal_form
from people.models import Player

NAMES = st.text(alphabet=st.sampled_from("aAeEuUoOsßäÄöÖüÜéÈçøŁİ -.,'0123456789Zz"), max_size=20)


TABLE = Player._meta.db_table


@pytest.fixture(scope="module")
def embedded(django_db_blocker):
    """An in-memory SQLite database of its own (not the tests' database)."""
    sqlite = {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}
    database = ConnectionHandler({"default": sqlite})["default"]
    with django_db_blocker.unblock():
        database.ensure_connection()  # connection_created: the functions are registered
        yield database
        database.close()


def in_sql(database, names: list[str]) -> list[str]:
    query = Query(Player)
    compiler = query.get_compiler(connection=database)
    sql, params = compiler.compile(normal_form_sql("name").resolve_expression(query))
    with database.cursor() as cursor:
        cursor.execute(f'CREATE TABLE IF NOT EXISTS "{TABLE}" ("name" text)')
        cursor.execute(f'DELETE FROM "{TABLE}"')
        cursor.executemany(f'INSERT INTO "{TABLE}" VALUES (%s)', [(name,) for name in names])
        cursor.execute(f'SELECT {sql} FROM "{TABLE}" ORDER BY rowid', params)
        return [row[0].strip() for row in cursor.fetchall()]


def test_sqlite_finds_what_the_engine_finds(embedded):
    assert in_sql(embedded, ["Jürgen Schröder", "SCHROEDER, jürgen", "Strauß-Müller"]) == [
        "jurgen schroder",
        "schroder jurgen",
        "strauss muller",
    ]


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=st.lists(NAMES, min_size=1, max_size=10))
def test_the_sql_form_on_sqlite_is_the_engine_s(embedded, names):
    assert in_sql(embedded, names) == [normal_form(name) for name in names]
