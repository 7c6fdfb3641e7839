"""A Redis server of the test's own, to stop, kill, freeze and start again (never the machine's
shared one), and the cache settings and the Celery broker pointing at it (a pytest plugin, see
``tests/conftest.py``)."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from contextlib import contextmanager

import pytest
import redis
from django.conf import settings as django_settings


def free_port() -> int:
    """A port nothing listens on (the kernel's pick, closed again)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """``redis-server`` on a spare port, without persistence: a restart comes back empty."""

    def __init__(self, tmp_path):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = tmp_path
        self.process: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                *("--port", str(self.port), "--bind", "127.0.0.1", "--save", ""),
                *("--appendonly", "no", "--dir", str(self.directory)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.02)
        client.close()
        return self

    def kill(self) -> None:
        """Dies at once (SIGKILL): its connections drop, the port refuses."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def freeze(self) -> None:
        """Hangs (SIGSTOP): the kernel still accepts connections, nothing answers."""
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)


def cache_settings(location: str, **options) -> dict:
    """The shipped cache configuration (``REDIS_URL``'s), pointed at ``location``."""
    shipped = django_settings.CACHES["default"]
    assert "redis" in shipped["BACKEND"].lower(), "the suite runs with REDIS_URL set"
    return {
        "default": {
            **shipped,
            "LOCATION": location,
            "KEY_PREFIX": "outage",
            "OPTIONS": {**shipped.get("OPTIONS", {}), **options},
        }
    }


@contextmanager
def broker_at(url: str):
    """This process sends its Celery tasks to the broker at ``url`` meanwhile, not at once."""
    from karlchen.celery import app

    saved = {name: app.conf[name] for name in ("task_always_eager", "broker_url")}
    app.conf.update(task_always_eager=False, broker_url=url)
    _drop_broker_connections(app)
    try:
        yield
    finally:
        app.conf.update(saved)
        _drop_broker_connections(app)


def _drop_broker_connections(app) -> None:
    """Forget the app's broker connection pools, so the next send connects to the broker now
    configured (kombu keeps a pool per broker address; each stays open)."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def own_redis(tmp_path):
    server = RedisServer(tmp_path).start()
    yield server
    if server.process is not None:
        server.thaw()
        server.kill()
