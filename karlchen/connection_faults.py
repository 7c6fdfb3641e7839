"""Which database errors are the connection's fault, not the work's, and closing the broken
connections: asked by the requests' answers (``karlchen.database``) and by the jobs
(``tournaments.domain.jobs``), which are below the API and so cannot ask the former."""

from __future__ import annotations

import sqlite3

from django.db import InterfaceError, OperationalError, connections

# SQLSTATEs of a broken connection or a server going away, and of a transaction the server
# rolled back to break a deadlock or a serialisation conflict: the same request may succeed now.
CONNECTION_STATES = ("08",)  # connection exceptions: 08000, 08003, 08006, 08P01 (PgBouncer)
SERVER_GONE_STATES = frozenset({"57P01", "57P02", "57P03", "40001", "40P01"})
SQLITE_BUSY = ("database is locked", "database table is locked")


def connection_fault(exception: BaseException) -> bool:
    """Whether ``exception`` is the database connection failing, not the request: a
    connection the server dropped or refused, a server shutting down, a transaction rolled back
    for a deadlock, SQLite's write lock not granted in time."""
    if not isinstance(exception, OperationalError | InterfaceError):
        return False
    cause = exception.__cause__
    if isinstance(cause, sqlite3.OperationalError):
        return str(cause).startswith(SQLITE_BUSY)
    state = getattr(getattr(cause, "diag", None), "sqlstate", None) or getattr(
        cause, "sqlstate", None
    )
    if state is None:  # psycopg's own: the connection closed, lost, or never made
        return True
    return state.startswith(CONNECTION_STATES) or state in SERVER_GONE_STATES


def drop_broken_connections() -> None:
    """Close this thread's connections that failed and no longer answer, so that the next
    query connects anew (Django would only do so at the end of the request)."""
    for connection in connections.all(initialized_only=True):
        if connection.in_atomic_block:  # a transaction still open above: its own to end
            continue
        connection.close_if_unusable_or_obsolete()
