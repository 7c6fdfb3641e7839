"""Background jobs: a row per job (pending → running → done | failed), run by a Celery task.

``start_seating_job`` records the job and enqueues it once the transaction commits;
``run_seating_job`` is what the task calls: idempotent (a finished job is not run again), and a
job that fails keeps a reason an organiser can read.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from scoring.engine import DealRejected
from scoring.messages import refusal_text
from tournaments.domain.seating import draw_seating
from tournaments.enums import JobKind, JobStatus
from tournaments.models import Job, Tournament

log = logging.getLogger(__name__)
CRASHED = "Internal error while seating; the server log has the details."


def start_seating_job(tournament: Tournament, *, by, params: dict) -> Job:
    """Record a seating job for ``tournament`` and enqueue it after commit."""
    from tournaments.tasks import task_seat_tournament  # noqa: PLC0415 -- circular import

    job = Job.objects.create(
        tournament=tournament, kind=JobKind.SEATING, params=params, created_by=by
    )
    transaction.on_commit(lambda: task_seat_tournament.delay(job_id=job.pk))
    return job


def run_seating_job(job_id: int) -> Job | None:
    """Run a seating job once; a job already done or failed, or gone, is left alone."""
    job = _claim(job_id)
    if job is None:
        return None
    try:
        try:
            result = draw_seating(job.tournament, **job.params)
        except DealRejected as refusal:
            return _finish(job, JobStatus.FAILED, error=refusal_text(refusal))
        return _finish(job, JobStatus.DONE, result=result)
    except Exception:
        # Whatever broke, the organiser sees a failed job, not one running for ever.
        log.exception("seating job %s crashed", job_id)
        _finish(job, JobStatus.FAILED, error=CRASHED)
        raise


def _claim(job_id: int) -> Job | None:
    with transaction.atomic():
        job = Job.objects.select_for_update().select_related("tournament").filter(pk=job_id).first()
        if job is None:
            log.warning("seating job %s is gone", job_id)
            return None
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return None
        job.status, job.started_at, job.progress = JobStatus.RUNNING, timezone.now(), 0
        job.save(update_fields=["status", "started_at", "progress"])
    return job


def _finish(job: Job, status: str, *, result: dict | None = None, error: str = "") -> Job:
    job.status, job.result, job.error = status, result or {}, error
    job.progress, job.finished_at = 100, timezone.now()
    job.save(update_fields=["status", "result", "error", "progress", "finished_at"])
    return job
