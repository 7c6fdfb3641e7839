"""Celery tasks of seating: thin wrappers that take ids and call one domain function."""

from celery import shared_task


# The name is the one of earlier versions, so messages queued before an upgrade still run.
@shared_task(name="karlchen.tournaments.seat", acks_late=True, soft_time_limit=120, time_limit=150)
def task_seat_tournament(*, job_id: int) -> None:
    """Seat a tournament for the job ``job_id`` (safe to retry: a finished job is skipped)."""
    from seating.domain.jobs import run_seating_job  # noqa: PLC0415 -- leaf

    run_seating_job(job_id)
