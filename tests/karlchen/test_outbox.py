"""The outbox every task goes through (``karlchen.outbox``): sent after the commit, kept while
the broker cannot be reached, drained by beat's task once it is back. Real broker errors: the
app publishes to a port where nothing listens (the tests' own Redis stays up); "back" is the
embedded set-up's eager mode, where a sent task runs at once in this thread. The whole way with
a real worker, beat and a Redis that dies: tests/printing/test_job_failures.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery import shared_task
from django.core import mail
from django.db import transaction
from django.utils import timezone

from karlchen import outbox, ports
from karlchen.celery import app
from karlchen.models import OutboxMessage
from karlchen.tasks import task_drain_outbox
from signups.domain.mails import send_unsent
from signups.models import Mail
from tests.factories.redis_server import broker_at, free_port

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs as in production

CALLS: list[dict] = []


@shared_task(name="tests.karlchen.outbox.note")
def note(**kwargs) -> None:
    """Idempotent, as every task sent through the outbox must be: it notes its arguments."""
    if kwargs.get("fail"):
        raise RuntimeError("the task itself failed")
    CALLS.append(kwargs)


@pytest.fixture(autouse=True)
def _fresh():
    CALLS.clear()


@pytest.fixture
def queue_down():
    with broker_at(f"redis://127.0.0.1:{free_port()}/0"):
        yield


@pytest.fixture
def queue_back(monkeypatch):
    """The embedded set-up's queue: a sent task runs at once, here."""
    monkeypatch.setitem(app.conf, "task_always_eager", True)


def settle(*messages: OutboxMessage) -> None:
    """As if written a while ago: beyond the grace left to their own send after commit."""
    ids = [message.pk for message in messages]
    OutboxMessage.objects.filter(pk__in=ids).update(created_at=timezone.now() - timedelta(1))


@pytest.mark.usefixtures("queue_back")
def test_a_task_is_sent_when_its_transaction_commits_and_leaves_the_outbox():
    with transaction.atomic():
        outbox.send_after_commit(note, key="note:1", seen=1)
        assert CALLS == []  # not before the commit
        assert outbox.waiting_ids("note") == {"1"}
        assert not outbox.held_back("note:1")  # not refused by the broker: about to be sent
    assert CALLS == [{"seen": 1}]
    assert not OutboxMessage.objects.exists()


@pytest.mark.usefixtures("queue_back")
def test_a_rolled_back_transaction_sends_nothing():
    def started_then_refused():
        with transaction.atomic():
            outbox.send_after_commit(note, key="note:1", seen=1)
            raise RuntimeError("refused later in the same transaction")

    with pytest.raises(RuntimeError):
        started_then_refused()
    assert CALLS == []
    assert not OutboxMessage.objects.exists()


@pytest.fixture
def told_of_sends():
    """The ids of the "note:<id>" messages sent, as the port tells an app that provides it."""
    sent_ids: list[str] = []
    with ports.using(ports.registry().copy()) as registry:
        registry.provide(ports.OUTBOX_SENT, sent_ids.append, by="tests", key="note")
        yield sent_ids


def test_while_the_queue_is_down_the_task_waits_and_the_drain_sends_it_once_it_is_back(
    queue_down, told_of_sends
):
    with transaction.atomic():
        message = outbox.send_after_commit(note, key="note:7", seen=7)
    message.refresh_from_db()
    assert (message.attempts, bool(message.error)) == (1, True)
    assert outbox.waiting_ids("note") == {"7"}
    assert outbox.held_back("note:7")
    assert outbox.drain() == 0  # still down: it waits
    message.refresh_from_db()
    assert message.attempts == 2
    assert told_of_sends == []
    app.conf.task_always_eager = True  # back (the fixture restores it afterwards)
    assert task_drain_outbox() == 1
    assert CALLS == [{"seen": 7}]
    assert told_of_sends == ["7"]
    assert not outbox.held_back("note:7")
    assert outbox.waiting_ids("note") == set()


@pytest.mark.usefixtures("queue_back")
def test_the_drain_leaves_a_message_just_written_to_its_own_send_after_commit():
    young = OutboxMessage.objects.create(task=note.name, kwargs={"seen": 1}, key="note:1")
    assert outbox.drain() == 0
    settle(young)
    assert outbox.drain() == 1
    assert CALLS == [{"seen": 1}]


@pytest.mark.usefixtures("queue_back")
def test_the_drain_sends_the_oldest_first_and_a_task_that_fails_where_it_runs_is_sent():
    first = OutboxMessage.objects.create(task=note.name, kwargs={"seen": 1})
    failing = OutboxMessage.objects.create(task=note.name, kwargs={"fail": True})
    last = OutboxMessage.objects.create(task=note.name, kwargs={"seen": 3})
    settle(first, failing, last)
    assert outbox.drain() == 3
    assert CALLS == [{"seen": 1}, {"seen": 3}]
    assert not OutboxMessage.objects.exists()  # the failure is the task's to record


def test_a_sign_up_mail_written_while_the_queue_is_down_is_sent_once_it_is_back(queue_down):
    """The sign-ups' mails go through the same outbox: the mail waits, the sweep of unsent
    mails does not send it a second time, and the drain sends it."""
    from tests.signups.conftest import announced, signed_up

    tournament = announced()
    signed_up(tournament, 1)
    (written,) = Mail.objects.all()
    assert outbox.held_back(f"mail:{written.pk}")
    assert send_unsent() == 0  # its task waits in the outbox already
    assert OutboxMessage.objects.count() == 1
    app.conf.task_always_eager = True  # back (broker_at restores it afterwards)
    assert outbox.drain() == 1
    written.refresh_from_db()
    assert written.sent_at is not None
    assert [message.to for message in mail.outbox] == [["anna1@example.org"]]
