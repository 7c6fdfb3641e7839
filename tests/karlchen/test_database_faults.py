"""PostgreSQL drops connections under requests in flight: no request answers 500 for it.

Real connections are terminated by the server (``pg_terminate_backend``): in the middle of a
read, inside a deal's transaction, right after its commit, while a desk page renders, and
over and over while phones and organisers keep sending. A read is read again on a new
connection and answers as if nothing happened; a write answers 503 with ``Retry-After`` in the
API's error format, and the captain's phone sends it again with its idempotency key, which
stores the deal once. Before, each of these answered 500 (27 of 407 requests in flight).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client

from karlchen.database import RETRY_AFTER_SECONDS
from scoring.models import Deal, IdempotencyKey
from seating.domain.seating import seat_series
from tests.factories.api import NORMAL, client_for, public_tournament
from tests.factories.tournaments import ORGA, organiser

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends"),
]

DEALS = 4  # per table, in the test of many requests: each sent again some 9 times on average
TERMINATE_SELF = "SELECT pg_terminate_backend(pg_backend_pid())"


@pytest.fixture(autouse=True)
def _connection_anew_afterwards():
    yield
    connection.close()  # one a test left dropped is not the one the teardown empties tables on


@contextmanager
def dropped_at(matches):
    """The server terminates this thread's connection at the first query ``matches(sql)``
    names (the query fails as it would: 'terminating connection due to administrator
    command'); yields the list of what was dropped."""
    dropped: list[str] = []

    def wrapper(execute, sql, params, many, context):
        if not dropped and matches(sql):
            dropped.append(sql)
            return execute(TERMINATE_SELF, (), False, context)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield dropped


@contextmanager
def dropped_after_commit():
    """The commit reaches the server, then the connection is terminated before its answer:
    the write is stored, the request sees the connection fail."""
    commit = connection._commit
    dropped: list[bool] = []

    def committed_then_dropped():
        commit()
        if not dropped:
            dropped.append(True)
            with connection.connection.cursor() as cursor:
                cursor.execute(TERMINATE_SELF)

    connection._commit = committed_then_dropped
    try:
        yield dropped
    finally:
        del connection._commit


@pytest.fixture
def evening():
    """A public tournament of eight, seated at two tables."""
    tournament, entries = public_tournament(8)
    tables = seat_series(tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA)
    return tournament, tables


def api(client_or_none=None):
    client = client_or_none or client_for(organiser())
    client.raise_request_exception = False  # a crash is a 500 to count, as a phone gets it
    return client


def record(client, table, key: str, number: int | None = None):
    body = {"deal": NORMAL, "idempotency_key": key} | ({"number": number} if number else {})
    return client.post(f"/api/v1/tables/{table.pk}/deals/", body, format="json")


def unavailable(response) -> bool:
    return (
        response.status_code == 503
        and response["Retry-After"] == str(RETRY_AFTER_SECONDS)
        and [error["code"] for error in response.json()["errors"]] == ["database_unavailable"]
    )


def test_a_read_whose_connection_is_dropped_is_read_again(evening):
    tournament, _ = evening
    organisers = api()
    url = f"/api/v1/tournaments/{tournament.pk}/entries/"
    expected = organisers.get(url)
    with dropped_at(lambda sql: "tournaments_entry" in sql) as dropped:
        response = organisers.get(url)
    assert dropped
    assert response.status_code == 200, response.content
    assert response.json() == expected.json()


def test_a_deal_whose_connection_is_dropped_in_its_transaction_is_sent_again_and_stored_once(
    evening,
):
    _, (table, _) = evening
    captain = api(client_for(table=table))
    with dropped_at(lambda sql: sql.startswith('INSERT INTO "scoring_deal"')) as dropped:
        response = record(captain, table, "phone-deal-1")
    assert dropped
    assert unavailable(response), (response.status_code, response.content)
    assert not Deal.objects.filter(table=table).exists()  # rolled back with the connection
    again = record(captain, table, "phone-deal-1")  # the phone sends it again, same key
    assert again.status_code == 201
    assert Deal.objects.filter(table=table).count() == 1


def test_a_deal_whose_answer_is_lost_after_its_commit_is_stored_once_when_sent_again(evening):
    _, (table, _) = evening
    captain = api(client_for(table=table))
    with dropped_after_commit() as dropped:
        response = record(captain, table, "phone-deal-1", number=1)
    assert dropped
    assert unavailable(response), (response.status_code, response.content)
    assert Deal.objects.filter(table=table).count() == 1  # stored before the connection went
    again = record(captain, table, "phone-deal-1", number=1)
    assert again.status_code == 201
    assert again.json()["number"] == 1  # the stored deal, not a second one
    assert Deal.objects.filter(table=table).count() == 1
    assert IdempotencyKey.objects.filter(table=table).count() == 1


def test_a_desk_page_whose_connection_is_dropped_while_it_renders_is_shown(evening):
    tournament, _ = evening
    desk = Client(raise_request_exception=False)
    desk.force_login(organiser())
    url = f"/desk/{tournament.pk}/"
    assert desk.get(url).status_code == 200
    with dropped_at(lambda sql: "tournaments_entry" in sql) as dropped:
        response = desk.get(url)
    assert dropped
    assert response.status_code == 200


def test_a_desk_write_whose_connection_is_dropped_says_so_and_may_be_sent_again(evening):
    tournament, _ = evening
    desk = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    entry = tournament.entries.order_by("pk").first()
    url = f"/desk/{tournament.pk}/entries/{entry.pk}/"
    with dropped_at(lambda sql: sql.startswith('UPDATE "tournaments_entry"')) as dropped:
        response = desk.post(url, {"action": "check_in"})
    assert dropped
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "The database could not be reached just now." in response.text
    entry.refresh_from_db()
    assert entry.checked_in is False  # rolled back: sending it again checks the player in


def test_no_request_answers_500_while_the_server_keeps_dropping_connections(evening):
    """Two phones record their deals and two organisers read meanwhile, while every other
    backend of the database is terminated every 100 ms. Phones send each deal again after a
    503, as the captain's page does, until it is stored."""
    tournament, tables = evening
    statuses: Counter[str] = Counter()
    missing_retry_after: list[int] = []
    stop = threading.Event()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        spared = cursor.fetchone()[0]  # the test's own connection, idle meanwhile

    def answered(kind: str, response) -> None:
        statuses[f"{kind} {response.status_code}"] += 1
        if response.status_code == 503 and not response.has_header("Retry-After"):
            missing_retry_after.append(response.status_code)

    def phone(captain, table) -> None:
        try:
            for number in range(1, DEALS + 1):
                while True:
                    response = record(captain, table, f"deal-{number}", number)
                    answered("write", response)
                    if response.status_code != 503:
                        break
                    time.sleep(0.05)  # the page waits its Retry-After; here a little
        finally:
            connection.close()

    def organiser_reading(reader) -> None:
        urls = [
            f"/api/v1/tournaments/{tournament.pk}/entries/",
            f"/api/v1/tournaments/{tournament.pk}/standings/",
            f"/api/v1/tables/{tables[0].pk}/sheet/",
        ]
        try:
            while not stop.is_set():
                for url in urls:
                    answered("read", reader.get(url))
                stop.wait(
                    0.05
                )  # an organiser's page polls; reading without a pause starves the phones
        finally:
            connection.close()

    def terminator() -> None:
        try:
            while not stop.is_set():
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE"
                        " datname = current_database() AND pid NOT IN (pg_backend_pid(), %s)",
                        [spared],
                    )
                    statuses["terminated"] += cursor.fetchone()[0]
                time.sleep(0.1)
        finally:
            connection.close()

    # The clients sign in before the connections start to drop.
    captains = [(api(client_for(table=table)), table) for table in tables]
    phones = [threading.Thread(target=phone, args=pair) for pair in captains]
    others = [threading.Thread(target=organiser_reading, args=(api(),)) for _ in range(2)]
    others.append(threading.Thread(target=terminator))
    for thread in phones + others:
        thread.start()
    for thread in phones:
        thread.join(timeout=120)
    stop.set()
    for thread in others:
        thread.join(timeout=30)

    assert statuses["terminated"] > 0
    assert not [status for status in statuses if status.endswith(" 500")], statuses
    assert set(statuses) <= {"write 201", "write 503", "read 200", "read 503", "terminated"}
    assert missing_retry_after == []
    for table in tables:  # every deal stored exactly once
        assert list(Deal.objects.filter(table=table).values_list("number", flat=True)) == list(
            range(1, DEALS + 1)
        )
