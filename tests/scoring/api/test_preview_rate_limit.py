"""The score preview's rate limit counts atomically: parallel clients over many connections get
exactly the limit through, with Redis and (per process) with Redis unreachable."""

import http.client
import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache
from rest_framework.throttling import ScopedRateThrottle

from karlchen import limits
from tests.factories.api import NORMAL
from tests.factories.redis_server import cache_settings, free_port

LIMIT, CLIENTS, REQUESTS = 40, 16, 160
BODY = json.dumps({"game": "doppelkopf", "deal": NORMAL})


def preview(port: int) -> int:
    """One request on a connection of its own."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            "POST", "/api/v1/score-preview/", BODY, {"Content-Type": "application/json"}
        )
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize("redis", ["up", "unreachable"])
def test_parallel_clients_get_no_more_than_the_limit(
    live_server, transactional_db, settings, monkeypatch, redis
):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score_preview": f"{LIMIT}/minute"})
    if redis == "unreachable":
        settings.CACHES = cache_settings(f"redis://127.0.0.1:{free_port()}/0")
        limits._LOCAL.clear()
    cache.clear()
    port = live_server.thread.port
    with ThreadPoolExecutor(CLIENTS) as clients:
        statuses = Counter(clients.map(lambda _: preview(port), range(REQUESTS)))
    limits._LOCAL.clear()
    assert statuses == {200: LIMIT, 429: REQUESTS - LIMIT}
