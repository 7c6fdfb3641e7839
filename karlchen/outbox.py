"""Every task Karlchen hands to the job queue goes through an outbox.

``send_after_commit(task, key=…, **kwargs)`` writes an ``OutboxMessage`` in the caller's
transaction and hands the task to Celery once that transaction commits; the row goes as soon
as the broker has taken it. Should the broker (Redis) be unreachable then, the row stays, and
``drain`` (the task ``karlchen.drain_outbox``, sent by celery beat every
``OUTBOX_DRAIN_SECONDS``) sends it when the broker is back: a job started, a seating drawn or
a mail written while Redis is down is not lost, it waits. A message may be sent twice (the
drain racing a slow commit, a process dying between the send and the row's removal): every
task sent this way is idempotent.

An app that must know when its message went out (a job's waiting time counts from then)
provides the port ``karlchen.ports.OUTBOX_SENT`` for its key's prefix; ``held_back(key)`` says
whether a message waits for the broker.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import Task
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnreachable

from karlchen.celery import app
from karlchen.models import OutboxMessage
from karlchen.ports import OUTBOX_SENT

log = logging.getLogger(__name__)

# A message younger than this is left to the send after its commit (a transaction may commit a
# moment after it wrote the row), unless that send failed already.
COMMIT_GRACE = timedelta(seconds=5)
DRAIN_BATCH = 200  # messages one drain sends at most; the next drain takes the rest


def send_after_commit(task: Task, *, key: str = "", **kwargs: Any) -> OutboxMessage:
    """Send ``task`` with ``kwargs`` once the current transaction commits (at once outside
    one); kept in the outbox until the broker takes it. ``key`` names what it is about,
    ``"<prefix>:<id>"``."""
    message = OutboxMessage.objects.create(task=task.name, kwargs=kwargs, key=key)
    transaction.on_commit(lambda: _send(message, task))
    return message


def held_back(key: str) -> bool:
    """Whether a message about ``key`` waits because the broker could not take it."""
    return OutboxMessage.objects.filter(key=key, attempts__gt=0).exists()


def waiting_ids(prefix: str) -> set[str]:
    """The ids of the keys ``"<prefix>:<id>"`` whose messages wait (to be sent after their
    commit, or held back by the broker)."""
    keys = OutboxMessage.objects.filter(key__startswith=f"{prefix}:").values_list("key", flat=True)
    return {key.partition(":")[2] for key in keys}


def drain() -> int:
    """Send what waits in the outbox, oldest first, until the broker refuses one (it is still
    down: the rest waits for the next drain); how many were sent."""
    settled = Q(attempts__gt=0) | Q(created_at__lt=timezone.now() - COMMIT_GRACE)
    sent = 0
    for message_id in OutboxMessage.objects.filter(settled).values_list("pk", flat=True)[
        :DRAIN_BATCH
    ]:
        with transaction.atomic():
            # Locked while it is sent: two drains at once send it once.
            message = (
                OutboxMessage.objects.select_for_update(skip_locked=True)
                .filter(pk=message_id)
                .first()
            )
            if message is None:
                continue
            if not _send(message, app.tasks.get(message.task)):
                break
        sent += 1
    return sent


def _send(message: OutboxMessage, task: Task | None) -> bool:
    """Hand ``message`` to the broker and drop its row; False (the row kept, its error noted)
    while the broker cannot be reached. A task run at once (eager, without a broker) that
    fails has run: its own code recorded why, and the commit that sent it stands."""
    try:
        if task is None:  # a task this process does not know: sent by name
            app.send_task(message.task, kwargs=message.kwargs)
        else:
            task.apply_async(kwargs=message.kwargs)
    except BrokerUnreachable as error:  # kombu's wrapper of every connection error
        log.warning("%s (%s) waits in the outbox: %s", message.task, message.key, error)
        OutboxMessage.objects.filter(pk=message.pk).update(
            attempts=F("attempts") + 1, error=str(error)[:1000]
        )
        return False
    except Exception:
        log.exception("%s (%s) failed where it ran at once", message.task, message.key)
    OutboxMessage.objects.filter(pk=message.pk).delete()
    prefix, _, ident = message.key.partition(":")
    if sent := OUTBOX_SENT.find(prefix):
        sent(ident)
    return True
