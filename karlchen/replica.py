"""Cached reads computed on a read replica (``DATABASE_REPLICA_URL``), never staler than the
cache generation they are cached for.

Spectators cost the database nothing while their cached reads are current
(``karlchen.changes``); what they cost is computing a read again after each change (the
standings, a season's ranking over its evenings). With a streaming replica configured, those
computations run there, so that a Friday night's thousands of spectators do not slow the
captains' writes on the primary.

A replica lags: computed there right after a deal, the standings could miss the deal, and then
be cached for the generation that deal drew, until the next change. So every generation token
drawn while a replica is configured carries the primary's WAL position after the commit that
drew it (``primary_position``, ``karlchen.changes._token``), and a body is computed on the
replica only once the replica has replayed past every position its generation names
(``build_as_of``); until then, and whenever the replica cannot be asked, on the primary. A
token without a position (drawn before the replica was configured, or while the primary could
not tell) sends its reads to the primary.

The replica is never needed: a replica that is down, refuses or cancels a query (a conflict
with recovery) is left alone for ``REPLICA_PAUSE_AFTER_ERROR`` seconds by this process and the
read is computed on the primary. Nothing is ever written there (``ReplicaRouter``), and nothing
read inside a transaction goes there (it would miss the transaction's own writes).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, OperationalError, connections

T = TypeVar("T")

REPLICA = "replica"
POSITION_MARK = "@"  # a generation token is "<random>" or "<random>@<WAL position>"

logger = logging.getLogger(__name__)

_computing_on_replica: ContextVar[bool] = ContextVar("karlchen_on_replica", default=False)
_paused_until = 0.0
_pause_lock = threading.Lock()


class ReplicaRouter:
    """Reads go to the replica only while ``build_as_of`` allows it; writes always to the
    primary (also for objects read from the replica); the replica is never migrated."""

    def db_for_read(self, model: type, **hints: Any) -> str | None:
        return REPLICA if _computing_on_replica.get() else None

    def db_for_write(self, model: type, **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # one database, two copies

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if db == REPLICA else None


def configured() -> bool:
    return REPLICA in settings.DATABASES


def primary_position() -> str:
    """The primary's WAL position now, as PostgreSQL writes it (``"0/1A2B3C"``); empty without
    a replica, or where the primary cannot tell (the reads of that generation then stay on the
    primary)."""
    if not configured():
        return ""
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT pg_current_wal_lsn()")
            return str(cursor.fetchone()[0])
    except DatabaseError:
        logger.warning("The primary's WAL position could not be read", exc_info=True)
        return ""


def lsn(position: str) -> int:
    """A WAL position as a number (``"1/A"`` is 2³² + 10), to compare two of them."""
    high, low = position.split("/")
    return (int(high, 16) << 32) + int(low, 16)


def needed_position(tokens: Iterable[str]) -> int | None:
    """The WAL position a replica must have replayed to compute reads of this generation, or
    None where a token names none (then only the primary will do)."""
    positions = []
    for token in tokens:
        _random, mark, position = token.partition(POSITION_MARK)
        if not mark or not position:
            return None
        positions.append(lsn(position))
    return max(positions, default=None)


def build_as_of(tokens: Iterable[str], build: Callable[[], T]) -> T:
    """``build()`` with its reads on the replica where it has replayed what the generation's
    ``tokens`` name, else (or should the replica fail meanwhile) on the primary."""
    if not _replica_caught_up(needed_position(tokens)):
        return build()
    reset = _computing_on_replica.set(True)
    try:
        return build()
    except OperationalError:  # unreachable, or a query cancelled by a conflict with recovery
        logger.warning("A read on the replica failed; computed on the primary", exc_info=True)
        _pause()
    finally:
        _computing_on_replica.reset(reset)
    return build()


def _replica_caught_up(needed: int | None) -> bool:
    if needed is None or not configured() or time.monotonic() < _paused_until:
        return False
    if connections[DEFAULT_DB_ALIAS].in_atomic_block:
        return False  # the transaction's own writes are on the primary only
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute("SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()")
            recovering, replayed = cursor.fetchone()
    except DatabaseError:
        logger.warning("The replica could not be asked how far it is", exc_info=True)
        _pause()
        return False
    # A server not in recovery (a promoted replica, or the primary itself) is current.
    return not recovering or (replayed is not None and lsn(str(replayed)) >= needed)


def _pause() -> None:
    """Leave the replica alone for a while: a replica that is down would otherwise cost every
    read a connection attempt."""
    global _paused_until  # one replica per process, as the settings have one
    with _pause_lock:
        _paused_until = time.monotonic() + settings.REPLICA_PAUSE_AFTER_ERROR
    with contextlib.suppress(DatabaseError):  # a broken connection is dropped all the same
        connections[REPLICA].close()
