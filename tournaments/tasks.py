"""Celery tasks of the set-up: the sweep of jobs whose worker has gone (run by celery beat,
``CELERY_BEAT_SCHEDULE``)."""

from celery import shared_task


@shared_task(name="karlchen.tournaments.sweep_jobs", ignore_result=True)
def task_sweep_jobs() -> dict[str, int]:
    """Queue again, or fail with a reason, the jobs whose worker has gone (idempotent)."""
    from tournaments.domain.jobs import sweep_jobs  # noqa: PLC0415 -- leaf

    return sweep_jobs()
