"""Redis as a cache, never as a single point of failure for play.

``ResilientRedisCache`` is Django's ``RedisCache`` with one difference: when Redis cannot be
reached (down, refusing, hanging past the socket timeouts, dropping a connection mid-request) an
operation is logged and answered as a miss (``get`` returns the default, ``set`` stores nothing,
``add`` returns False), so every read is computed from the database and every write is stored.
After an error the process leaves Redis alone for ``PAUSE_AFTER_ERROR`` seconds (an OPTIONS
entry; the other OPTIONS go to redis-py's connection pool as in Django), so a Redis that hangs
costs one timeout per pause, not one per cache call. Then a ``PING`` probes it; once it answers,
``reconnected`` is sent and the cache is used again, without a restart.

Its threads share one connection pool per server (``SharedPoolsClient``): Django gives every
thread a cache client of its own, with pools of its own, so a server that starts a thread per
request opened a connection per request and left it to the garbage collector.

Counters are different: a miss would let everything through. ``hit``/``hits`` count atomically
in Redis and raise ``CacheUnavailable`` instead of pretending; ``karlchen.limits`` then counts
in the process's own memory.
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.dispatch import Signal
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# Sent (by the process that noticed) when Redis answers again after an error: writes of this
# process may have been lost meanwhile, so what was cached before may be stale.
reconnected = Signal()


class CacheUnavailable(Exception):
    """Redis did not answer (or is paused after an error)."""


@dataclass
class _Health:
    """How one Redis server is doing, as this process saw it (shared by all its threads)."""

    failed: bool = False
    retry_at: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)


_HEALTH: dict[tuple[str, ...], _Health] = {}
_HEALTH_LOCK = threading.Lock()

_POOLS: dict[tuple[str, str], Any] = {}  # by server and pool options: redis-py ConnectionPools
_POOLS_LOCK = threading.Lock()


class SharedPoolsClient(RedisCacheClient):
    """Django's Redis cache client with one connection pool per server and options in the
    process, shared by all its threads and cache instances. redis-py's pools are thread-safe
    and start afresh in a forked child (a Celery worker's pool process)."""

    # RedisCacheClient's own, which django-stubs does not declare
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: Any
    _get_connection_pool_index: Callable[[bool], int]

    def _get_connection_pool(self, write: bool) -> Any:
        index = self._get_connection_pool_index(write)
        server = self._servers[index]
        key = (server, repr(sorted(self._pool_options.items())))
        with _POOLS_LOCK:
            pool = _POOLS.get(key)
            if pool is None:
                pool = _POOLS[key] = self._pool_class.from_url(server, **self._pool_options)
        return pool


class ResilientRedisCache(RedisCache):
    """Django's Redis cache where an unreachable Redis is a miss, not an error."""

    # RedisCache's own attributes, which django-stubs does not declare
    _servers: list[str]
    _cache: RedisCacheClient

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS", {}))
        self.pause_after_error = float(options.pop("PAUSE_AFTER_ERROR", 5))
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = SharedPoolsClient
        with _HEALTH_LOCK:
            self._health = _HEALTH.setdefault(tuple(self._servers), _Health())
        address = urlsplit(self._servers[0])  # for the log: without a password
        self._where = (
            f"{address.hostname}:{address.port or 6379}{address.path}"
            if address.hostname
            else address.path  # a unix socket
        )

    # --- the strict core: Redis or CacheUnavailable ------------------------------------------

    def _run(self, operation, *args):
        health = self._health
        if health.failed:
            self._probe()
        try:
            return operation(*args)
        except RedisError as error:
            self._failed(error)
            raise CacheUnavailable(str(error)) from error

    def _probe(self) -> None:
        """After the pause one thread PINGs Redis; the others meanwhile take it as unavailable."""
        health = self._health
        if time.monotonic() < health.retry_at or not health.lock.acquire(blocking=False):
            raise CacheUnavailable("paused after an error")
        try:
            if not health.failed:
                return  # another thread found it back meanwhile
            health.retry_at = time.monotonic() + self.pause_after_error
            try:
                self._cache.get_client(write=True).ping()
            except RedisError as error:
                logger.debug("Redis cache %s still unreachable: %s", self._where, error)
                raise CacheUnavailable(str(error)) from error
            health.failed = False
        finally:
            health.lock.release()
        logger.warning("Redis cache %s reachable again", self._where)
        reconnected.send(sender=type(self), cache=self)

    def _failed(self, error: RedisError) -> None:
        health = self._health
        first = not health.failed
        health.retry_at = time.monotonic() + self.pause_after_error
        health.failed = True
        if first:
            logger.error(
                "Redis cache %s unreachable (%s: %s); reading from the database, "
                "counting limits per process, retrying in %s s",
                self._where,
                type(error).__name__,
                error,
                self.pause_after_error,
            )

    def _or(self, fallback, operation, *args):
        try:
            return self._run(operation, *args)
        except CacheUnavailable:
            return fallback

    # --- Django's cache API: an unreachable Redis is a miss ----------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._or(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._or(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._or(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._or({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._or(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        try:
            return self._run(super().incr, key, delta, version)
        except CacheUnavailable as error:  # as Django says of a key it does not have
            raise ValueError(f"Key '{key}' not found (cache unavailable).") from error

    def values(self, keys: Sequence[str]) -> list[Any]:
        """The values of ``keys`` in one ``MGET``, in their order, None where a key is missing;
        an unreachable Redis is all misses. For the project's own keys, made of known parts
        (``karlchen.changes``): they skip what ``get_many`` adds around the round trip (Django
        checks each key character by character and answers a dict, and its serializer tries
        every value as an integer first), which a cached read of three keys pays each time."""
        made = [self.make_key(key) for key in keys]

        def read() -> list[Any]:
            found = cast(list[bytes | None], self._cache.get_client(None).mget(made))
            return [None if value is None else _loaded(value) for value in found]

        return self._or([None] * len(made), read)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        if not data:
            return []
        return self._or(list(data), self._set_many, data, timeout, version)

    def _set_many(self, data, timeout, version) -> list:
        """Django's ``set_many`` for a writer that stores one value under many keys (a new
        generation token for a tournament, its seasons and every person entered there): each
        value pickled once, the keys made without the memcached checks (warnings only, and
        about keys this project makes itself), one MSET without a transaction around it when
        the keys never expire (MSET alone is atomic)."""
        dumps, pickled = cast(Any, self._cache)._serializer.dumps, {}
        stored = {}
        for key, value in data.items():
            if id(value) not in pickled:  # the values live in ``data``: their ids are stable
                pickled[id(value)] = dumps(value)
            stored[self.make_key(key, version=version)] = pickled[id(value)]
        client = self._cache.get_client(None, write=True)
        backend_timeout = self.get_backend_timeout(timeout)
        if backend_timeout is None:
            client.mset(stored)
            return []
        pipeline = client.pipeline()
        pipeline.mset(stored)
        for key in stored:
            pipeline.expire(key, int(backend_timeout))
        pipeline.execute()
        return []

    def delete_many(self, keys, version=None):
        self._or(None, super().delete_many, keys, version)

    def clear(self):
        return self._or(False, super().clear)

    # --- counters: atomic in Redis, or CacheUnavailable --------------------------------------

    def hit(self, key: str, window: int) -> tuple[int, int]:
        """Count one hit of ``key`` in a window of ``window`` seconds opened by its first hit:
        the hits so far (this one included) and the seconds the window has left.

        One MULTI/EXEC: the window's key is created with its expiry (``SET NX EX``) and counted
        (``INCR``) atomically, so parallel hits are all counted and the key never outlives it.
        """
        key = self.make_and_validate_key(key)

        def count():
            pipeline = self._cache.get_client(key, write=True).pipeline(transaction=True)
            pipeline.set(key, 0, ex=window, nx=True)
            pipeline.incr(key)
            pipeline.ttl(key)
            _created, hits, seconds_left = pipeline.execute()
            return hits, seconds_left if seconds_left > 0 else window

        return self._run(count)

    def hits(self, key: str) -> int:
        """The hits counted for ``key`` in its current window."""
        key = self.make_and_validate_key(key)
        return self._run(lambda: self._cache.get(key, 0))


def _loaded(stored: bytes) -> Any:
    """A value as Django's Redis serializer stored it: an integer as its digits, anything
    else pickled (every pickle of protocol 2 and later opens with the PROTO opcode)."""
    return pickle.loads(stored) if stored[:1] == b"\x80" else int(stored)


def values(cache: Any, keys: Sequence[str]) -> list[Any]:
    """The values of ``keys`` from ``cache`` in their order, None where missing: one round trip
    on Redis (``ResilientRedisCache.values``), ``get_many`` on any other cache."""
    if isinstance(cache, ResilientRedisCache):
        return cache.values(keys)
    found = cache.get_many(keys)
    return [found.get(key) for key in keys]
