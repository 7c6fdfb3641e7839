"""Celery tasks: thin wrappers that take ids and call one domain function."""

from celery import shared_task


@shared_task(name="karlchen.tournaments.seat", acks_late=True, soft_time_limit=120, time_limit=150)
def task_seat_tournament(*, job_id: int) -> None:
    """Seat a tournament for the job ``job_id`` (safe to retry: a finished job is skipped)."""
    from tournaments.domain.jobs import run_seating_job  # noqa: PLC0415 -- leaf

    run_seating_job(job_id)


@shared_task(name="karlchen.tournaments.documents", acks_late=True)
def task_render_documents(*, job_id: int) -> None:
    """Render the PDFs of the job ``job_id`` (safe to retry: a finished job is skipped, and a
    re-run writes the same files again). Time limits: the settings' defaults (300 s / 360 s)."""
    from tournaments.domain.jobs import run_documents_job  # noqa: PLC0415 -- leaf

    run_documents_job(job_id)
