"""Settings come from the environment: embedded defaults, real services, and a safe production."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[2]
CONFIG_VARIABLES = (
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CONN_MAX_AGE",
    "DB_PREPARED_STATEMENTS",
    "NUM_PROXIES",
    "LOGIN_FAILURE_LIMIT",
    "LOGIN_COOLOFF_MINUTES",
    "LOGIN_LOCKOUT_BY",
    "REDIS_CONNECT_TIMEOUT",
    "REDIS_TIMEOUT",
    "REDIS_PAUSE_AFTER_ERROR",
    "S3_BUCKET",
    "S3_ENDPOINT_URL",
    "S3_REGION",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_PREFIX",
)
PROBE = """
import json
from karlchen import settings as s
print(json.dumps({
    "engine": s.DATABASES["default"]["ENGINE"],
    "cache": s.CACHES["default"]["BACKEND"],
    "eager": s.CELERY_TASK_ALWAYS_EAGER,
    "broker": s.CELERY_BROKER_URL,
    "debug": s.DEBUG,
    "hosts": s.ALLOWED_HOSTS,
    "connection": [s.DATABASES["default"][k] for k in ("CONN_MAX_AGE", "CONN_HEALTH_CHECKS")],
    "prepared": [
        s.DATABASES["default"].get("OPTIONS", {}).get(k)
        for k in ("server_side_binding", "prepare_threshold")
    ],
    "proxies": s.REST_FRAMEWORK["NUM_PROXIES"],
    "cache_options": s.CACHES["default"].get("OPTIONS", {}),
    "proxy_ssl_header": getattr(s, "SECURE_PROXY_SSL_HEADER", None),
}))
"""


LOGINS_PROBE = """
import json
from karlchen import settings as s
print(json.dumps({
    "limit": s.AXES_FAILURE_LIMIT,
    "cool_off": s.AXES_COOLOFF_TIME.total_seconds(),
    "by": s.AXES_LOCKOUT_PARAMETERS,
}))
"""


def load_settings(probe=PROBE, **environment):
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True
    )


def test_without_environment_everything_is_embedded():
    loaded = json.loads(load_settings().stdout)
    assert loaded == {
        "engine": "django.db.backends.sqlite3",
        "cache": "django.core.cache.backends.locmem.LocMemCache",
        "eager": True,
        "broker": "memory://",
        "debug": True,
        "hosts": ["localhost", "127.0.0.1", "[::1]", "testserver"],
        "connection": [60, True],
        "prepared": [None, None],
        "proxies": 0,
        "proxy_ssl_header": None,
        "cache_options": {},
    }


def test_database_and_redis_urls_switch_to_the_real_services():
    loaded = json.loads(
        load_settings(
            DATABASE_URL="postgres://u:p@db.example:5432/karlchen", REDIS_URL="redis://r:6379/0"
        ).stdout
    )
    assert (loaded["engine"], loaded["cache"], loaded["eager"], loaded["broker"]) == (
        "django.db.backends.postgresql",
        "karlchen.cache.ResilientRedisCache",
        False,
        "redis://r:6379/0",
    )


def test_production_refuses_the_development_key():
    refused = load_settings(DEBUG="false")
    assert refused.returncode != 0
    assert "SECRET_KEY must be set" in refused.stderr


def test_production_starts_with_its_own_key_and_hosts():
    loaded = load_settings(
        DEBUG="false", SECRET_KEY="s3cret-for-this-test", ALLOWED_HOSTS="a.b,c.d"
    )
    assert json.loads(loaded.stdout)["hosts"] == ["a.b", "c.d"]


def test_the_connection_lifetime_comes_from_conn_max_age_or_the_database_url():
    url = "postgres://u:p@db.example:5432/karlchen"
    by_variable = load_settings(DATABASE_URL=url, CONN_MAX_AGE="0")
    by_url = load_settings(DATABASE_URL=url + "?conn_max_age=600", CONN_MAX_AGE="0")
    assert json.loads(by_variable.stdout)["connection"] == [0, True]
    assert json.loads(by_url.stdout)["connection"] == [600, True]


def test_postgresql_prepares_statements_unless_turned_off():
    url = "postgres://u:p@db.example:5432/karlchen"
    default = json.loads(load_settings(DATABASE_URL=url).stdout)
    off = json.loads(load_settings(DATABASE_URL=url, DB_PREPARED_STATEMENTS="false").stdout)
    assert (default["prepared"], off["prepared"]) == ([True, 5], [None, None])


def test_production_behind_the_proxy_takes_its_scheme_and_the_client_address():
    """docker-compose.yml sets NUM_PROXIES=1; the proxy sends X-Forwarded-Proto (test_proxy.py)."""
    loaded = json.loads(
        load_settings(DEBUG="false", SECRET_KEY="s3cret-for-this-test", NUM_PROXIES="1").stdout
    )
    assert loaded["proxies"] == 1
    assert loaded["proxy_ssl_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_english_pages_write_dates_the_european_way():
    import datetime

    from django.utils import formats, translation

    day = datetime.date(2026, 12, 5)
    moment = datetime.time(19, 30)
    with translation.override("en"):
        assert formats.date_format(day) == "5 December 2026"
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == "05/12/2026"
        assert formats.time_format(moment) == "19:30"
    with translation.override("de"):
        assert formats.date_format(day) == "5. Dezember 2026"


def test_login_lockouts_come_from_the_environment():
    default = json.loads(load_settings(LOGINS_PROBE).stdout)
    assert default == {
        "limit": 5,
        "cool_off": 900.0,
        "by": [["username", "ip_address"], "ip_address"],
    }
    strict = load_settings(
        LOGINS_PROBE,
        LOGIN_FAILURE_LIMIT="10",
        LOGIN_COOLOFF_MINUTES="2.5",
        LOGIN_LOCKOUT_BY="username,ip_address",
    )
    assert json.loads(strict.stdout) == {
        "limit": 10,
        "cool_off": 150.0,
        "by": ["username", "ip_address"],
    }


def test_redis_as_cache_has_timeouts_so_a_hanging_redis_cannot_hang_a_request():
    loaded = json.loads(load_settings(REDIS_URL="redis://r:6379/0").stdout)
    assert loaded["cache_options"] == {
        "socket_connect_timeout": 0.5,
        "socket_timeout": 0.5,
        "health_check_interval": 30,
        "PAUSE_AFTER_ERROR": 5.0,
    }
    tuned = load_settings(
        REDIS_URL="redis://r:6379/0", REDIS_TIMEOUT="2", REDIS_PAUSE_AFTER_ERROR="1"
    )
    options = json.loads(tuned.stdout)["cache_options"]
    assert (options["socket_timeout"], options["PAUSE_AFTER_ERROR"]) == (2.0, 1.0)
