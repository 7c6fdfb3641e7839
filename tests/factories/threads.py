"""A test's own threads (writers racing each other) end as a request does."""

from django.core.cache import caches
from django.db import connection


def thread_done() -> None:
    """Close what the thread opened: its database connection and its Redis connections.

    Each thread has cache clients of its own, with connection pools of their own, that Django
    never closes (``close()`` of its Redis cache does nothing: a process keeps its pools for its
    next requests); a thread's pool left open was closed by the garbage collector, reported as
    an unclosed socket, and failed the run it happened in (seen at the end of a run of the race
    tests)."""
    connection.close()
    for cache in caches.all(initialized_only=True):
        client = getattr(cache, "_cache", None)  # Django's RedisCacheClient
        for pool in getattr(client, "_pools", {}).values():
            pool.disconnect()
