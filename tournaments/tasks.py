"""Celery tasks: thin wrappers that take ids and call one domain function."""

from celery import shared_task


@shared_task(name="karlchen.tournaments.seat", acks_late=True, soft_time_limit=120, time_limit=150)
def task_seat_tournament(*, job_id: int) -> None:
    """Seat a tournament for the job ``job_id`` (safe to retry: a finished job is skipped)."""
    from tournaments.domain.jobs import run_seating_job  # noqa: PLC0415 -- leaf

    run_seating_job(job_id)
