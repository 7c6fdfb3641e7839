"""Celery tasks of the house itself, sent by celery beat (``CELERY_BEAT_SCHEDULE``): sending
what waits in the outbox, pruning the failed-login log."""

from axes.handlers.proxy import AxesProxyHandler
from celery import shared_task
from django.conf import settings


@shared_task(name="karlchen.prune_login_failures", ignore_result=True)
def task_prune_login_failures() -> int:
    """Forget failed logins older than ``LOGIN_FAILURE_LOG_DAYS`` (idempotent): axes keeps
    every failure, and guesses at ever new usernames would grow the table without end. The
    lockouts themselves (``AccessAttempt``) are not touched: they end by their cool-off."""
    return AxesProxyHandler.reset_failure_logs(age_days=settings.LOGIN_FAILURE_LOG_DAYS)


@shared_task(name="karlchen.drain_outbox", ignore_result=True)
def task_drain_outbox() -> int:
    """Send the tasks that wait in the outbox because the broker was down (idempotent: a sent
    message is gone from it)."""
    from karlchen.outbox import drain  # noqa: PLC0415 -- leaf: the models load after the app

    return drain()
