"""Phones and organisers writing at the same moment, through the API, on both databases.

Each request runs in a thread of its own with its own database connection, all released
together: a save repeated with its idempotency key stores one deal and answers it to both, two
confirmations, two corrections and two check-ins at once all answer, and nothing answers 5xx.
On PostgreSQL the table's row lock serialises the writes. On the embedded SQLite a
transaction takes the write lock at BEGIN and the second writer waits for it (the settings):
a transaction that began as a reader could not wait, and two saves of one deal answered 201
and 500 (database is locked).

The suite runs on PostgreSQL; ``tests/test_embedded_races.py`` runs these tests again on a
SQLite file, as ``bin/demo`` keeps its data.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from rest_framework.test import APIClient

from scoring.models import Deal, DealRevision, IdempotencyKey
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import organiser, seated_table
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.writers_at_once]

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 110}
ROUNDS = 5  # on SQLite before its write lock at BEGIN, 7 of 8 rounds had a 500


def at_once(*requests: Callable[[], object]) -> list[tuple[int, dict]]:
    """Send every request in a thread of its own, released together; (status, body) of each."""
    barrier = threading.Barrier(len(requests))
    answers: list[tuple[int, dict] | None] = [None] * len(requests)

    def send(index: int, request: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            response = request()
            answers[index] = (response.status_code, response.json())
        finally:
            connection.close()  # this thread's connection

    threads = [threading.Thread(target=send, args=pair) for pair in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert None not in answers, answers
    return answers  # type: ignore[return-value]


def captain_of(table) -> APIClient:
    client = client_for(table=table)
    client.raise_request_exception = False  # a crash is a 500 to count, as a phone gets it
    return client


def deals_url(table) -> str:
    return f"/api/v1/tables/{table.pk}/deals/"


def public_table(**fields):
    table = seated_table(4, **fields)
    publish(table.series.tournament)
    return table


def test_one_save_sent_three_times_at_once_is_stored_once_and_answered_to_each():
    for _ in range(ROUNDS):
        table = public_table()
        save = saving(table, {"deal": NORMAL, "number": 1, "idempotency_key": "phone-a-deal-1"})
        answers = at_once(save, save, save)
        assert [status for status, _ in answers] == [201] * 3, answers
        assert answers[0][1] == answers[1][1] == answers[2][1]
        assert Deal.objects.filter(table=table).count() == 1
        assert IdempotencyKey.objects.filter(table=table).count() == 1


def saving(table, body: dict) -> Callable[[], object]:
    return lambda: captain_of(table).post(deals_url(table), body, format="json")


def test_two_phones_saving_deal_one_store_one_and_the_other_hears_why():
    table = public_table()
    first = {"deal": NORMAL, "number": 1, "idempotency_key": "phone-a"}
    second = {"deal": KONTRA_WINS, "number": 1, "idempotency_key": "phone-b"}
    answers = at_once(saving(table, first), saving(table, second))
    assert sorted(status for status, _ in answers) == [201, 409], answers
    (refused,) = [body for status, body in answers if status == 409]
    assert [error["code"] for error in refused["errors"]] == ["deal_number_taken"]
    assert Deal.objects.filter(table=table).count() == 1


def test_one_correction_sent_twice_at_once_is_one_new_version():
    table = public_table()
    assert saving(table, {"deal": NORMAL})().status_code == 201
    body = {"deal": KONTRA_WINS, "version": 1, "reason": "Augen", "idempotency_key": "fix-1"}
    correct = lambda: captain_of(table).put(deals_url(table) + "1/", body, format="json")  # noqa: E731
    answers = at_once(correct, correct)
    assert [status for status, _ in answers] == [200, 200], answers
    assert answers[0][1]["version"] == answers[1][1]["version"] == 2
    assert DealRevision.objects.filter(deal__table=table).count() == 2


def test_two_players_confirming_one_deal_at_once_both_hear_it_is_confirmed():
    table = public_table(confirmation_required=True)
    assert saving(table, {"deal": NORMAL})().status_code == 201
    pins = {seat.position: seat.entry.pin for seat in table.seats.select_related("entry")}

    def confirm(player: int) -> Callable[[], object]:
        body = {"version": 1, "player": player, "pin": pins[player]}
        url = deals_url(table) + "1/confirmation/"
        return lambda: captain_of(table).post(url, body, format="json")

    answers = at_once(confirm(1), confirm(3))  # Re's players; the list keeper (4) is Kontra
    assert [status for status, _ in answers] == [200, 200], answers
    revision = Deal.objects.get(table=table).current
    re_players = table.seats.filter(position__in=(1, 3)).values_list("entry_id", flat=True)
    assert revision.confirmed_at is not None
    assert revision.confirmed_by_id in set(
        re_players
    )  # the first one's; the second changes nothing


def test_two_organisers_checking_players_in_at_once_check_both_in():
    table = public_table()
    tournament = table.series.tournament
    entries = list(tournament.entries.order_by("pk")[:2])
    user = organiser()

    def check_in(entry: Entry) -> Callable[[], object]:
        url = f"/api/v1/tournaments/{tournament.pk}/entries/{entry.pk}/"

        def send():
            client = client_for(user)
            client.raise_request_exception = False
            return client.patch(url, {"checked_in": True}, format="json")

        return send

    answers = at_once(check_in(entries[0]), check_in(entries[1]))
    assert [status for status, _ in answers] == [200, 200], answers
    checked = Entry.objects.filter(pk__in=[entry.pk for entry in entries])
    assert list(checked.values_list("checked_in", flat=True)) == [True, True]
