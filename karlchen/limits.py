"""Counting attempts in a time window: the score preview's rate limit and the PIN lockout.

A window opens with its first hit and lasts ``window`` seconds. With Redis as the cache, every
process counts in Redis, atomically (``ResilientRedisCache.hit``: one MULTI/EXEC of
``SET NX EX`` and ``INCR``), so parallel requests never slip past the limit. Should Redis be
unreachable, the limits fail safe: each process counts in its own memory until Redis is back
(so a client gets at most the limit per web process, never everything). Without Redis (the
embedded setup) the local-memory cache counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache

from karlchen.cache import CacheUnavailable, ResilientRedisCache

# The counters while Redis is unreachable: this process's own; big enough that a flood of
# addresses does not cull the counters of the others.
_LOCAL = LocMemCache("karlchen-limits", {"TIMEOUT": None, "OPTIONS": {"MAX_ENTRIES": 100_000}})


@dataclass(frozen=True)
class Window:
    hits: int  # in the current window, this one included
    seconds_left: int


def hit(key: str, window: int) -> Window:
    """Count one attempt of ``key``."""
    cache = caches["default"]
    if isinstance(cache, ResilientRedisCache):
        try:
            return Window(*cache.hit(key, window))
        except CacheUnavailable:
            cache = _LOCAL
    return Window(_count(cache, key, window), window)


def hits(key: str) -> int:
    """The attempts of ``key`` counted in its current window."""
    cache = caches["default"]
    if isinstance(cache, ResilientRedisCache):
        try:
            return cache.hits(key)
        except CacheUnavailable:
            cache = _LOCAL
    return cache.get(key, 0)


def _count(cache, key: str, window: int) -> int:
    """In a process's memory: ``add`` opens the window, ``incr`` counts (each under its lock)."""
    cache.add(key, 0, window)
    try:
        return cache.incr(key)
    except ValueError:  # the window closed between the two: open the next one
        cache.add(key, 0, window)
        return cache.incr(key)
