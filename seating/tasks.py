"""Celery tasks of seating: thin wrappers that take ids and call one domain function."""

from celery import shared_task


# The name is the one of earlier versions, so messages queued before an upgrade still run.
# Acknowledged when done, put back if its process dies (the job is claimed again and re-run).
@shared_task(
    bind=True,
    name="karlchen.tournaments.seat",
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=120,
    time_limit=150,
)
def task_seat_tournament(self, *, job_id: int) -> None:
    """Seat a tournament for the job ``job_id`` (safe to retry: a finished job is skipped, and a
    re-run draws the same seating again, from the stored seed)."""
    from seating.domain.jobs import run_seating_job  # noqa: PLC0415 -- leaf

    run_seating_job(job_id, runner=None if self.request.is_eager else self.request.id)
