"""Redis is a cache, never a single point of failure for play.

A Redis server of the test's own (``own_redis``) is killed, frozen or never there (a closed
port) while captains record, correct and confirm deals and spectators and organisers read: every
request answers as with Redis, from the database, and once Redis answers again its cache is used
(and serves nothing from before the outage). The database commits as in production
(``transaction=True``), so a cache write after the commit runs inside the request.
"""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.throttling import ScopedRateThrottle

from karlchen import limits
from karlchen.cache import ResilientRedisCache, values
from karlchen.changes import _epoch_key
from results.domain import ranking_cache
from scoring.domain import deals
from scoring.domain.deals import record_deal
from scoring.models import Deal, DealRevision
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, client_for, codes, public_tournament, record
from tests.factories.redis_server import cache_settings, free_port
from tests.factories.tournaments import CAPTAIN, ORGA, organiser

pytestmark = pytest.mark.django_db(transaction=True)

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 110}


@pytest.fixture
def redis_down(settings):
    """The cache points at a port where nothing listens."""
    settings.CACHES = cache_settings(f"redis://127.0.0.1:{free_port()}/0")
    limits._LOCAL.clear()
    yield
    limits._LOCAL.clear()


@pytest.fixture
def on_own_redis(settings, own_redis):
    """The cache on a Redis of the test's own, configured as shipped."""
    settings.CACHES = cache_settings(own_redis.url)
    limits._LOCAL.clear()
    yield own_redis
    limits._LOCAL.clear()


@pytest.fixture
def tournament():
    """A public tournament of eight, series 1 seated at two tables."""
    tournament, entries = public_tournament(8, confirmation_required=True)
    first, second = seat_series(
        tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA
    )
    return tournament, first, second


def expected_totals(deals_at_first_table: int) -> list[tuple[int, int]]:
    """(start number, total) by rank after that many Re wins (seats 1 and 3) at table 1."""
    won, lost = deals_at_first_table, -deals_at_first_table
    rows = [(1, won), (3, won), (5, 0), (6, 0), (7, 0), (8, 0), (2, lost), (4, lost)]
    return rows if deals_at_first_table else sorted(rows)


def read_everything(tournament, first, second) -> dict:
    """Every derived read of the tournament, as spectators, the captain and organisers see it."""
    spectator, organiser_client = Client(), client_for(organiser())
    standings = f"/api/v1/tournaments/{tournament.pk}/standings/"
    public = spectator.get(standings)
    organisers = organiser_client.get(standings)
    sheet = spectator.get(f"/api/v1/tables/{first.pk}/sheet/")
    captain_sheet = client_for(table=first).get(f"/api/v1/tables/{first.pk}/sheet/")
    tables = spectator.get(f"/api/v1/tournaments/{tournament.pk}/series/1/tables/")
    series = spectator.get(f"/api/v1/tournaments/{tournament.pk}/series/")
    page = spectator.get(f"/t/{tournament.pk}/")
    ranked = [(row["start_number"], row["total"]) for row in organisers.json()]
    return {
        "statuses": [
            response.status_code
            for response in (public, organisers, sheet, captain_sheet, tables, series, page)
        ],
        # the public ranking counts confirmed deals only
        "public": [(row["start_number"], row["total"]) for row in public.json()],
        "organisers": ranked,
        "sheet": (len(sheet.json()["deals"]), sheet.json()["totals"]),
        "captain_sheet": captain_sheet.json()["totals"],
        "tables": [table["progress"]["deals_played"] for table in tables.json()["tables"]],
        "page": [(row["start_number"], row["total"]) for row in page.context["rows"]],
        "page_tables": [t["progress"]["deals_played"] for t in page.context["progress"]["tables"]],
    }


def reads_after(deals_at_first_table: int, confirmed: int = 0) -> dict:
    totals = {"1": deals_at_first_table, "2": -deals_at_first_table}
    totals |= {"3": deals_at_first_table, "4": -deals_at_first_table}
    # the public sheet lists every deal and adds up the confirmed ones, as the public ranking
    public_totals = {"1": confirmed, "2": -confirmed, "3": confirmed, "4": -confirmed}
    return {
        "statuses": [200] * 7,
        "public": expected_totals(confirmed),
        "organisers": expected_totals(deals_at_first_table),
        "sheet": (deals_at_first_table, public_totals),
        "captain_sheet": totals,
        "tables": [deals_at_first_table, 0],
        "page": expected_totals(confirmed),
        "page_tables": [deals_at_first_table, 0],
    }


def pause_after_error(settings) -> float:
    return settings.CACHES["default"]["OPTIONS"].get("PAUSE_AFTER_ERROR", 0)


def confirm(captain, table, number, version, position):
    pin = table.seats.get(position=position).entry.pin
    return captain.post(
        f"/api/v1/tables/{table.pk}/deals/{number}/confirmation/",
        {"version": version, "player": position, "pin": pin},
        format="json",
    )


# --- Redis not there at all --------------------------------------------------------------------


def test_captains_record_correct_and_confirm_deals_without_redis(tournament, redis_down):
    _tournament, table, _second = tournament
    captain = client_for(table=table)

    first = record(captain, table, idempotency_key="phone-1-deal-1")
    assert first.status_code == 201, first.content
    again = record(captain, table, idempotency_key="phone-1-deal-1")  # the phone's retry
    assert (again.status_code, again.json()) == (201, first.json())
    assert (Deal.objects.count(), DealRevision.objects.count()) == (1, 1)

    corrected = captain.put(
        f"/api/v1/tables/{table.pk}/deals/1/",
        {"deal": KONTRA_WINS, "version": 1, "reason": "verzählt"},
        format="json",
    )
    assert (corrected.status_code, corrected.json()["version"]) == (200, 2)
    confirmed = confirm(captain, table, 1, version=2, position=1)  # Re lost: 1 and 3 confirm
    assert confirmed.status_code == 200, confirmed.content

    state = captain.get(f"/api/v1/tables/{table.pk}/").json()
    assert [(d["number"], d["version"], d["confirmed"]) for d in state["deals"]] == [(1, 2, True)]
    assert record(captain, table).status_code == 201  # and the next deal
    assert Deal.objects.count() == 2


def test_everyone_reads_from_the_database_without_redis(tournament, redis_down):
    _tournament, first, _second = tournament
    record_deal(first, deal=NORMAL, by=CAPTAIN)
    assert read_everything(*tournament) == reads_after(1)
    record_deal(first, deal=NORMAL, by=CAPTAIN)
    assert read_everything(*tournament) == reads_after(2)


# --- Redis dies, hangs, and comes back -------------------------------------------------------


def test_redis_killed_between_requests_then_restarted(on_own_redis, tournament, settings):
    _tournament, table, _second = tournament
    captain = client_for(table=table)
    assert record(captain, table).status_code == 201
    assert read_everything(*tournament) == reads_after(1)  # cached now, the pool's connections open

    on_own_redis.kill()  # every open connection drops
    assert record(captain, table).status_code == 201
    assert confirm(captain, table, 1, version=1, position=1).status_code == 200
    assert read_everything(*tournament) == reads_after(2, confirmed=1)

    on_own_redis.start()  # comes back empty
    time.sleep(pause_after_error(settings))  # then this process tries it again
    assert read_everything(*tournament) == reads_after(2, confirmed=1)
    assert on_own_redis.client().dbsize() > 0  # the bodies are cached again
    assert_served_from_the_cache(tournament)


def test_a_hanging_redis_costs_timeouts_and_serves_nothing_stale_when_it_answers_again(
    on_own_redis, tournament, settings
):
    pause = 1.0  # without a pause, every cache call would wait for its timeout
    settings.CACHES = cache_settings(on_own_redis.url, PAUSE_AFTER_ERROR=pause)
    _tournament, table, _second = tournament
    captain = client_for(table=table)
    assert record(captain, table).status_code == 201
    assert read_everything(*tournament) == reads_after(1)

    on_own_redis.freeze()  # keeps every cached body, answers nothing
    assert read_everything(*tournament) == reads_after(1)  # a timeout: Redis is left alone
    assert record(captain, table).status_code == 201  # so its new generation never gets there
    assert read_everything(*tournament) == reads_after(2)

    on_own_redis.thaw()  # the bodies of one deal ago are still in there
    time.sleep(pause)
    assert read_everything(*tournament) == reads_after(2)
    assert_served_from_the_cache(tournament)


def test_redis_dies_while_a_deal_is_being_recorded(on_own_redis, tournament, monkeypatch):
    _tournament, table, _second = tournament
    captain = client_for(table=table)
    assert read_everything(*tournament) == reads_after(0)
    changed = deals.tournament_changed

    def die_then_change(tournament_id):  # inside the deal's transaction, before its commit
        on_own_redis.kill()
        changed(tournament_id)

    monkeypatch.setattr(deals, "tournament_changed", die_then_change)
    response = record(captain, table, idempotency_key="k")
    assert response.status_code == 201, response.content
    assert Deal.objects.count() == 1
    assert read_everything(*tournament) == reads_after(1)


def test_redis_dies_while_the_standings_are_computed(on_own_redis, tournament, monkeypatch):
    _tournament, first, _second = tournament
    record_deal(first, deal=NORMAL, by=CAPTAIN)
    computed = ranking_cache.standings

    def die_then_compute(*args, **kwargs):  # after the cache was read, before it is written
        on_own_redis.kill()
        return computed(*args, **kwargs)

    monkeypatch.setattr(ranking_cache, "standings", die_then_compute)
    assert read_everything(*tournament) == reads_after(1)


def assert_served_from_the_cache(tournament):
    tournament_id = tournament[0].pk
    body = ranking_cache.public_ranking(tournament_id)
    assert cache.get(_epoch_key()) is not None
    with CaptureQueriesContext(connection) as queries:
        assert ranking_cache.public_ranking(tournament_id) == body
        assert ranking_cache.organiser_ranking(tournament[0]).rows
    assert len(queries) == 0


def test_a_hanging_redis_costs_one_timeout_per_pause(settings, own_redis, monkeypatch):
    settings.CACHES = cache_settings(own_redis.url, socket_timeout=0.3, PAUSE_AFTER_ERROR=60)
    cache.set("key", "value")
    own_redis.freeze()
    timeouts = []
    failed = ResilientRedisCache._failed
    monkeypatch.setattr(
        ResilientRedisCache,
        "_failed",
        lambda self, error: (timeouts.append(error), failed(self, error)),
    )
    answers = [cache.get("key", "missed") for _ in range(20)]
    assert answers == ["missed"] * 20
    assert len(timeouts) == 1  # one timeout (0.3 s), then misses without asking: not twenty


# --- limits fail safe -------------------------------------------------------------------------


def test_the_pin_lockout_holds_without_redis(tournament, redis_down):
    _tournament, table, _second = tournament
    captain = client_for(table=table)
    assert record(captain, table).status_code == 201
    url = f"/api/v1/tables/{table.pk}/deals/1/confirmation/"
    wrong = [
        captain.post(url, {"version": 1, "player": 1, "pin": "0000"}, format="json")
        for _ in range(5)
    ]
    assert {codes(response)[0] for response in wrong} == {("pin", "pin_wrong")}
    locked = confirm(captain, table, 1, version=1, position=1)  # even with the right PIN
    assert (locked.status_code, codes(locked)) == (400, [("pin", "pin_attempts_exceeded")])


def test_the_preview_rate_limit_holds_without_redis(redis_down, client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score_preview": "3/minute"})
    body = {"game": "doppelkopf", "deal": NORMAL}
    statuses = [
        client.post("/api/v1/score-preview/", body, content_type="application/json").status_code
        for _ in range(5)
    ]
    assert statuses == [200, 200, 200, 429, 429]


def test_the_cached_reads_one_round_trip_reads_what_djangos_cache_stored(on_own_redis):
    """``values`` (every cached read's one MGET) answers what Django's own ``get_many`` does for
    the same keys: integers, pickled values and misses, in the keys' order."""
    backend = caches["default"]
    assert isinstance(backend, ResilientRedisCache)
    stored = {"a-number": 7, "a-token": "7", "a-pair": (("e", "g"), b"{}"), "nothing": None}
    backend.set_many(stored, None)
    keys = ["a-pair", "missing", "a-number", "a-token", "nothing"]
    assert values(backend, keys) == [(("e", "g"), b"{}"), None, 7, "7", None]
    found = backend.get_many(keys)  # Django's own, an independent reading of the same keys
    assert values(backend, keys) == [found.get(key) for key in keys]


def test_the_cached_reads_one_round_trip_is_all_misses_without_redis(redis_down):
    assert values(caches["default"], ["a", "b"]) == [None, None]


def test_many_keys_stored_at_once_read_back_as_djangos_own_reads_see_them(on_own_redis):
    """``set_many`` (a tournament's change: one token under the keys of its seasons and of
    every person entered) stores what Django's ``get_many`` reads back; with a timeout each key
    expires, without one none does."""
    backend = caches["default"]
    assert isinstance(backend, ResilientRedisCache)
    token, pair = "a-token", (("e", "g"), b"{}")
    forever = {f"player-generation:{n}": token for n in range(50)} | {"a-pair": pair, "n": 7}
    assert backend.set_many(forever, None) == []
    assert backend.get_many(list(forever)) == forever
    client = backend._cache.get_client(None, write=True)
    assert {client.ttl(backend.make_key(key)) for key in forever} == {-1}  # no expiry
    for_a_while = {"a": token, "b": token, "c": 3}
    assert backend.set_many(for_a_while, 60) == []
    assert backend.get_many(["a", "b", "c", "missing"]) == for_a_while
    assert all(0 < client.ttl(backend.make_key(key)) <= 60 for key in for_a_while)
    assert backend.set_many({}, None) == []
