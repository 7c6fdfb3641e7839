"""Which database errors are a connection's fault (``karlchen.connection_faults.connection_fault``):
those answer 503 or a read run again; anything else stays a crash (500)."""

import sqlite3

import psycopg
import pytest
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError

from karlchen.connection_faults import connection_fault

pytestmark = pytest.mark.unit


def wrapped(django_class, cause: BaseException) -> Exception:
    """As Django raises it: its own class, the driver's error as the cause."""
    error = django_class(str(cause))
    error.__cause__ = cause
    return error


@pytest.mark.parametrize(
    "cause",
    [
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
        psycopg.errors.CrashShutdown("the server crashed"),
        psycopg.errors.CannotConnectNow("the database system is starting up"),
        psycopg.errors.ProtocolViolation("server conn crashed?"),  # PgBouncer: 08P01
        psycopg.errors.SerializationFailure("could not serialize access"),
        psycopg.errors.DeadlockDetected("deadlock detected"),
        psycopg.OperationalError("consuming input failed: server closed the connection"),
        psycopg.OperationalError("connection failed: Connection refused"),
        sqlite3.OperationalError("database is locked"),
    ],
)
def test_a_dropped_connection_a_server_going_away_or_a_lock_not_granted_is_a_fault(cause):
    assert connection_fault(wrapped(OperationalError, cause))


def test_a_closed_connection_is_a_fault():
    assert connection_fault(wrapped(InterfaceError, psycopg.InterfaceError("connection closed")))


@pytest.mark.parametrize(
    "error",
    [
        wrapped(OperationalError, psycopg.errors.QueryCanceled("statement timeout")),
        wrapped(OperationalError, sqlite3.OperationalError("no such table: scoring_deal")),
        wrapped(IntegrityError, psycopg.errors.UniqueViolation("duplicate key")),
        wrapped(DatabaseError, psycopg.errors.UndefinedTable("relation does not exist")),
        ValueError("not a database error at all"),
    ],
)
def test_a_query_the_server_refused_is_no_fault_of_the_connection(error):
    assert not connection_fault(error)
