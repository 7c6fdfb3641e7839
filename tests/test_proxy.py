"""The proxy as shipped (deploy/nginx.conf.template, rendered as the nginx image does) in a real
nginx on loopback: which pool each request reaches, what the pools are told about the client,
compression, limits, its own healthcheck, and the app's rate limit behind it.

Two small HTTP servers stand in for the gunicorn pools and answer which one they are and what
they were sent. The tests that need nginx skip only where it is not installed (bin/services
installs Debian's package).
"""

import gzip
import http.client
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.cache import cache
from django.urls import URLResolver, get_resolver, reverse
from rest_framework.throttling import ScopedRateThrottle

from deploy import proxy
from seating.api.authentication import TableTokenAuthentication

needs_nginx = pytest.mark.skipif(
    proxy.nginx_binary() is None, reason="nginx is not installed (bin/services installs it)"
)

CAPTAINS_PREFIX = "/api/v1/tables/"  # the writes under it go to the captains' pool
ETAG = '"0123456789abcdef"'
PADDING = 20_000  # a ranking-sized answer, well over gzip_min_length


class Pool(BaseHTTPRequestHandler):
    """Answers any method with its pool's name (header X-Pool) and, as JSON, what it got."""

    def answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        seen = {
            "pool": self.server.pool,
            "method": self.command,
            "path": self.path,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body_length": length,
        }
        if self.path.startswith("/big/"):
            seen["padding"] = "standings " * (PADDING // 10)
        body = json.dumps(seen).encode()
        self.send_response(200)
        self.send_header("X-Pool", self.server.pool)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", ETAG)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = answer

    def log_message(self, format, *args) -> None:
        pass  # no line per request in the test output


@pytest.fixture(scope="module")
def pools():
    servers = {}
    for name in ("web", "captains"):
        server = ThreadingHTTPServer(("127.0.0.1", 0), Pool)
        server.pool, server.daemon_threads = name, True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers[name] = server
    yield {name: f"127.0.0.1:{server.server_address[1]}" for name, server in servers.items()}
    for server in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def nginx(pools):
    with proxy.running(pools["web"], pools["captains"]) as running:
        yield running


def send(port, method, path, *, headers=None, body=None, source="127.0.0.1"):
    """One request from the loopback address ``source``: (response, its body)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


def pool_of(nginx, method, path) -> str | None:
    response, _ = send(nginx.port, method, path, body=b"{}" if method != "GET" else None)
    assert response.status == 200, (method, path, response.status)
    return response.getheader("X-Pool")


def test_every_view_a_captains_token_opens_is_where_the_proxy_sends_writes_to_captains():
    """The proxy routes by path; the captain's API is every view that takes a table's token."""

    def routes(patterns, prefix="/"):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), getattr(pattern.callback, "cls", None)

    token_views = {
        route: view
        for route, view in routes(get_resolver().url_patterns)
        if TableTokenAuthentication in getattr(view, "authentication_classes", ())
    }
    assert {view.__name__ for view in token_views.values()} >= {"RecordDealApi", "DealApi"}
    assert [route for route in token_views if not route.startswith(CAPTAINS_PREFIX)] == []


@needs_nginx
def test_the_shipped_config_passes_nginx_t():
    checked = proxy.check()
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


CAPTAINS_ROUTES = [
    ("GET", "captain", {}),
    ("GET", "captain-sign-in", {"token": "k3y"}),
    ("GET", "captain-service-worker", {}),
    ("POST", "captain-sign-out", {}),
    ("POST", "deals", {"table_id": 7}),
    ("POST", "deal-preview", {"table_id": 7}),
    ("PUT", "deal", {"table_id": 7, "number": 3}),
    ("DELETE", "deal", {"table_id": 7, "number": 3}),
    ("POST", "deal-confirm", {"table_id": 7, "number": 3}),
    # An organiser's write under tables/ too: cheap, and the prefix keeps the rule simple.
    ("POST", "table-captain-token", {"table_id": 7}),
]
WEB_ROUTES = [
    ("GET", "table", {"table_id": 7}),
    ("GET", "table-sheet", {"table_id": 7}),
    ("HEAD", "table-sheet", {"table_id": 7}),
    ("GET", "standings", {"tournament_id": 1}),
    ("GET", "tournaments", {}),
    ("POST", "tournaments", {}),
    ("PATCH", "tournament", {"tournament_id": 1}),
    ("POST", "entries", {"tournament_id": 1}),
    ("POST", "score-preview", {}),
    ("GET", "home", {}),
    ("GET", "admin:index", {}),
]


@needs_nginx
@pytest.mark.parametrize(
    ("method", "name", "kwargs"), CAPTAINS_ROUTES, ids=[f"{m} {n}" for m, n, _ in CAPTAINS_ROUTES]
)
def test_the_captains_traffic_goes_to_their_pool(nginx, method, name, kwargs):
    assert pool_of(nginx, method, reverse(name, kwargs=kwargs)) == "captains"


@needs_nginx
@pytest.mark.parametrize(
    ("method", "name", "kwargs"), WEB_ROUTES, ids=[f"{m} {n}" for m, n, _ in WEB_ROUTES]
)
def test_everything_else_goes_to_web(nginx, method, name, kwargs):
    assert pool_of(nginx, method, reverse(name, kwargs=kwargs)) == "web"


@needs_nginx
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/t/1/"),
        ("GET", "/static/captain/captain.js"),  # static files: the same for everyone
        ("POST", "/captainx/"),
        ("POST", "/api/v1/tablesx/1/deals/"),
    ],
)
def test_only_the_captains_prefixes_go_to_their_pool(nginx, method, path):
    assert pool_of(nginx, method, path) == "web"


@needs_nginx
@pytest.mark.parametrize("path", ["/captain", "/api/v1/tables"])
def test_a_captains_prefix_without_its_slash_is_redirected_relatively(nginx, path):
    response, _ = send(nginx.port, "GET", path, headers={"Host": "karlchen.example.org"})
    assert (response.status, response.getheader("Location")) == (301, path + "/")


@needs_nginx
def test_the_pools_are_told_the_clients_host_address_and_scheme(nginx):
    response, body = send(
        nginx.port,
        "GET",
        "/t/1/",
        headers={"Host": "karlchen.example.org:8000", "X-Forwarded-For": "203.0.113.9"},
        source="127.0.0.2",
    )
    seen = json.loads(body)["headers"]
    assert seen["host"] == "karlchen.example.org:8000"  # with the port, as the client sent it
    # What the client wrote stays in front; the address nginx saw is appended last.
    assert [entry.strip() for entry in seen["x-forwarded-for"].split(",")] == [
        "203.0.113.9",
        "127.0.0.2",
    ]
    assert seen["x-forwarded-proto"] == "http"
    assert response.getheader("Server") == "nginx"  # no version


@needs_nginx
@pytest.mark.parametrize(
    ("sent", "passed"),
    [(None, "http"), ("https", "https"), ("http", "http"), ("gopher", "http"), ("", "http")],
)
def test_a_tls_terminators_scheme_reaches_the_app(nginx, sent, passed):
    headers = {} if sent is None else {"X-Forwarded-Proto": sent}
    _, body = send(nginx.port, "POST", "/api/v1/tables/7/deals/", headers=headers, body=b"{}")
    assert json.loads(body)["headers"]["x-forwarded-proto"] == passed


@needs_nginx
def test_while_the_captains_pool_is_down_web_saves_their_deals(pools):
    with proxy.running(pools["web"], f"127.0.0.1:{proxy.free_port()}") as nginx:
        response, body = send(nginx.port, "POST", "/api/v1/tables/7/deals/", body=b"{}")
        assert (response.status, response.getheader("X-Pool")) == (200, "web")
        assert json.loads(body)["body_length"] == 2  # sent once, in full
        assert "connect() failed" in nginx.log()


@needs_nginx
def test_json_is_compressed_for_clients_that_accept_it(nginx):
    gzip_headers = {"Accept-Encoding": "gzip"}
    response, body = send(nginx.port, "GET", "/big/standings/", headers=gzip_headers)
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert response.getheader("ETag") == f"W/{ETAG}"  # the app compares ETags weakly
    assert len(body) < PADDING // 5
    assert json.loads(gzip.decompress(body))["path"] == "/big/standings/"

    plain, plain_body = send(nginx.port, "GET", "/big/standings/")
    assert plain.getheader("Content-Encoding") is None
    assert plain.getheader("ETag") == ETAG
    assert len(plain_body) > PADDING

    small, _ = send(nginx.port, "GET", "/t/1/", headers=gzip_headers)
    assert small.getheader("Content-Encoding") is None  # under gzip_min_length: not worth it


@needs_nginx
def test_bodies_the_app_refuses_itself_reach_it_bigger_ones_do_not(nginx):
    # 300 KiB: over Django's DATA_UPLOAD_MAX_MEMORY_SIZE (256 KiB), which answers with its coded
    # 400, so nginx must let it through.
    response, body = send(nginx.port, "POST", "/api/v1/tournaments/1/entries/", body=b"x" * 300_000)
    assert (response.status, json.loads(body)["body_length"]) == (200, 300_000)
    refused, _ = send(nginx.port, "POST", "/api/v1/tables/7/deals/", body=b"x" * 2_000_000)
    assert (refused.status, refused.getheader("X-Pool")) == (413, None)


@needs_nginx
def test_the_healthcheck_is_answered_by_nginx_itself(nginx):
    response, body = send(nginx.port, "GET", "/proxy-health")
    assert (response.status, body, response.getheader("X-Pool")) == (200, b"ok\n", None)


PREVIEW = {"game": "doppelkopf", "deal": {"contract": "normal", "re": [1, 3], "re_points": 121}}


def previews_behind_the_proxy(live_server, attempts):
    """The app (both pools) behind the shipped proxy: the status of each ``(source, headers)``."""
    cache.clear()  # the rate limit counts in the cache
    app = f"127.0.0.1:{live_server.thread.port}"
    with proxy.running(app, app) as nginx:
        return [
            send(
                nginx.port,
                "POST",
                "/api/v1/score-preview/",
                headers={"Content-Type": "application/json", **headers},
                body=json.dumps(PREVIEW),
                source=source,
            )[0].status
            for source, headers in attempts
        ]


@needs_nginx
def test_the_rate_limit_counts_each_client_behind_the_proxy(live_server, settings, monkeypatch):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # as compose sets
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score_preview": "2/minute"})
    statuses = previews_behind_the_proxy(
        live_server,
        [
            ("127.0.0.2", {}),
            ("127.0.0.2", {}),
            ("127.0.0.2", {}),
            ("127.0.0.2", {"X-Forwarded-For": "198.51.100.7"}),  # a fresh address, it claims
            ("127.0.0.3", {}),
        ],
    )
    assert statuses == [200, 200, 429, 429, 200]


@needs_nginx
def test_without_num_proxies_every_client_behind_the_proxy_shares_one_budget(
    live_server, settings, monkeypatch
):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 0}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score_preview": "2/minute"})
    attempts = [("127.0.0.2", {}), ("127.0.0.2", {}), ("127.0.0.3", {})]
    assert previews_behind_the_proxy(live_server, attempts) == [200, 200, 429]


def basic_logins_behind_the_proxy(live_server, attempts):
    """HTTP Basic logins at the API behind the shipped proxy: the status of each
    ``(source, username, password, headers)``; organiser "anna" (password "richtig-genug")."""
    import base64

    from django.contrib.auth import get_user_model

    from tests.factories.tournaments import tournament_with_players

    tournament, _ = tournament_with_players(4)  # a draft: 200 only for its organisers
    for username in ("anna", "bert"):
        user = get_user_model().objects.create_user(username, password="richtig-genug")
        tournament.organisers.add(user)
    app = f"127.0.0.1:{live_server.thread.port}"
    statuses = []
    with proxy.running(app, app) as nginx:
        for source, username, password, headers in attempts:
            secret = base64.b64encode(f"{username}:{password}".encode()).decode()
            response, _ = send(
                nginx.port,
                "GET",
                f"/api/v1/tournaments/{tournament.pk}/",
                headers={"Authorization": f"Basic {secret}", **headers},
                source=source,
            )
            statuses.append(response.status)
    return statuses


@needs_nginx
def test_a_login_lockout_counts_each_client_behind_the_proxy(live_server, settings):
    """Wrong passwords from one client lock its address, whatever X-Forwarded-For it claims;
    another client behind the same proxy still signs in."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # as compose sets
    guesses = [
        ("127.0.0.2", f"user{n}", "falsch", {"X-Forwarded-For": f"198.51.100.{n}"})
        for n in range(settings.AXES_FAILURE_LIMIT)
    ]
    statuses = basic_logins_behind_the_proxy(
        live_server,
        [
            *guesses,
            ("127.0.0.2", "anna", "richtig-genug", {"X-Forwarded-For": "203.0.113.9"}),
            ("127.0.0.3", "bert", "richtig-genug", {}),
        ],
    )
    assert statuses == [401] * (settings.AXES_FAILURE_LIMIT - 1) + [429, 429, 200]


# --- the spectators' one-second cache ---------------------------------------------------------


@needs_nginx
def test_a_spectators_read_is_answered_from_the_cache_for_a_second_or_two(nginx):
    path = "/api/v1/tournaments/77/standings/"
    first, body = send(nginx.port, "GET", path)
    again, cached = send(nginx.port, "GET", path)
    assert (first.getheader("X-Cache-Status"), again.getheader("X-Cache-Status")) == ("MISS", "HIT")
    assert cached == body
    time.sleep(2.1)  # nginx counts whole seconds: "1s" lasts until the next second but one
    later, _ = send(nginx.port, "GET", path)
    assert later.getheader("X-Cache-Status") in ("EXPIRED", "UPDATING")


@needs_nginx
def test_the_cache_answers_a_poll_with_a_304_itself(nginx):
    path = "/api/v1/tables/77/sheet/"
    send(nginx.port, "GET", path)
    poll, body = send(nginx.port, "GET", path, headers={"If-None-Match": ETAG})
    assert (poll.status, poll.getheader("X-Cache-Status"), body) == (304, "HIT", b"")


@needs_nginx
@pytest.mark.parametrize(
    "headers",
    [{"Authorization": "Table 0123"}, {"Authorization": "Token abc"}, {"Cookie": "sessionid=abc"}],
)
def test_organisers_and_captains_always_read_live(nginx, headers):
    path = "/api/v1/tournaments/78/standings/"
    send(nginx.port, "GET", path)  # a spectator's read is in the cache now
    for _ in range(2):
        response, body = send(nginx.port, "GET", path, headers=headers)
        assert response.getheader("X-Cache-Status") == "BYPASS"
        assert json.loads(body)["headers"].get("authorization") == headers.get("Authorization")


@needs_nginx
@pytest.mark.parametrize("path", ["/t/79/", "/desk/79/", "/captain/", "/api/v1/score-preview/"])
def test_pages_and_everything_else_are_never_cached(nginx, path):
    for _ in range(2):
        response, _ = send(nginx.port, "GET", path)
        assert response.getheader("X-Cache-Status") in (None, "BYPASS")


@needs_nginx
def test_writes_are_never_cached(nginx):
    path = "/api/v1/tables/80/deals/"
    for _ in range(2):
        response, _ = send(nginx.port, "POST", path, body=b"{}")
        assert response.getheader("X-Pool") == "captains"
        assert response.getheader("X-Cache-Status") != "HIT"
