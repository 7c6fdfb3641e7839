"""The cache's threads share one connection pool per Redis server (``karlchen.cache``).

Django gives every thread a cache client of its own; with a pool of its own each, a server that
starts a thread per request (Django's development and test servers) opened a Redis connection
per thread and left it open when the thread ended, until the garbage collector closed it and
reported an unclosed socket (which failed a test run).
"""

import os
import threading

import pytest
from django.conf import settings
from django.core.cache import cache, caches

from karlchen.cache import ResilientRedisCache

pytestmark = pytest.mark.skipif(
    "ResilientRedisCache" not in settings.CACHES["default"]["BACKEND"],
    reason="the cache is Redis where REDIS_URL is set (bin/test sets it)",
)
THREADS = 5


def open_sockets() -> int:
    return sum(
        os.readlink(f"/proc/self/fd/{fd}").startswith("socket:")
        for fd in os.listdir("/proc/self/fd")
        if os.path.exists(f"/proc/self/fd/{fd}")
    )


def pool_of_this_thread():
    backend = caches["default"]
    assert isinstance(backend, ResilientRedisCache)
    return backend._cache._get_connection_pool(write=True)  # type: ignore[attr-defined]


def test_threads_one_after_another_use_the_same_pool_and_connection():
    cache.set("pools", 1)  # this thread's client and its connection
    pools, before = [pool_of_this_thread()], open_sockets()

    def use_the_cache() -> None:
        cache.set("pools", 2)
        assert cache.get("pools") == 2
        pools.append(pool_of_this_thread())

    for _ in range(THREADS):
        thread = threading.Thread(target=use_the_cache)
        thread.start()
        thread.join()
    assert len(pools) == THREADS + 1
    assert all(pool is pools[0] for pool in pools)
    assert open_sockets() == before  # each thread took the connection back to the pool


def test_a_different_server_gets_a_pool_of_its_own(settings):
    own = pool_of_this_thread()
    location = settings.CACHES["default"]["LOCATION"]
    settings.CACHES = {
        **settings.CACHES,
        "other": {**settings.CACHES["default"], "LOCATION": location.rsplit("/", 1)[0] + "/3"},
    }
    other = caches["other"]._cache._get_connection_pool(write=True)  # type: ignore[attr-defined]
    assert other is not own
