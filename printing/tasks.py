"""Celery tasks of printing: thin wrappers that take ids and call one domain function."""

from celery import shared_task


# The name is the one of earlier versions, so messages queued before an upgrade still run.
# Acknowledged when done, put back if its process dies (the job is claimed again and re-run).
@shared_task(
    bind=True, name="karlchen.tournaments.documents", acks_late=True, reject_on_worker_lost=True
)
def task_render_documents(self, *, job_id: int) -> None:
    """Render the PDFs of the job ``job_id`` (safe to retry: a finished job is skipped, and a
    re-run writes the same files again). Time limits: the settings' defaults (300 s / 360 s)."""
    from printing.domain.jobs import run_documents_job  # noqa: PLC0415 -- leaf

    run_documents_job(job_id, runner=None if self.request.is_eager else self.request.id)


@shared_task(
    bind=True, name="karlchen.seasons.documents", acks_late=True, reject_on_worker_lost=True
)
def task_render_season_documents(self, *, job_id: int) -> None:
    """Render the PDF of the season documents job ``job_id`` (safe to retry, as above)."""
    from printing.domain.jobs import run_season_documents_job  # noqa: PLC0415 -- leaf

    run_season_documents_job(job_id, runner=None if self.request.is_eager else self.request.id)
