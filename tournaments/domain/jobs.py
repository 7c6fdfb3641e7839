"""Background jobs: a row per job (pending → running → done | failed), run by a Celery task.

``start_*_job`` records a job and enqueues it once the transaction commits; ``run_*_job`` is
what the task calls. Both kinds share one way of running: the job is claimed under a row lock
(a job already done or failed, or gone, is left alone, so a retried task changes nothing), the
work runs in the language the organiser asked in, a refusal leaves the job failed with its
reason, and a crash leaves it failed too (and is raised, for the worker's log).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from scoring.engine import DealRejected
from scoring.messages import refusal_text
from tournaments.domain.documents import check_documents, generate_documents
from tournaments.domain.seating import draw_seating
from tournaments.enums import JobKind, JobStatus
from tournaments.models import Job, Tournament

log = logging.getLogger(__name__)
CRASHED = "Internal error while running the job; the server log has the details."


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
    return _run(job_id, lambda job: draw_seating(job.tournament, **job.params))


def start_documents_job(
    tournament: Tournament, *, by, request: dict, base_url: str, language: str
) -> Job:
    """Record a documents job (PDFs in ``language``, captain links under ``base_url``) and
    enqueue it after commit; an impossible request is refused here, before any job exists."""
    from tournaments.tasks import task_render_documents  # noqa: PLC0415 -- circular import

    params = {**check_documents(tournament, request), "base_url": base_url, "language": language}
    job = Job.objects.create(
        tournament=tournament, kind=JobKind.DOCUMENTS, params=params, created_by=by
    )
    transaction.on_commit(lambda: task_render_documents.delay(job_id=job.pk))
    return job


def run_documents_job(job_id: int) -> Job | None:
    """Render and store a documents job's PDFs once, reporting progress per chunk or table."""

    def work(job: Job) -> dict:
        base_url = job.params["base_url"]
        return generate_documents(
            job.tournament, job.params, base_url=base_url, progress=_progress(job)
        )

    return _run(job_id, work)


def _run(job_id: int, work: Callable[[Job], dict]) -> Job | None:
    job = _claim(job_id)
    if job is None:
        return None
    try:
        with translation.override(job.params.get("language", settings.LANGUAGE_CODE)):
            try:
                result = work(job)
            except DealRejected as refusal:
                return _finish(job, JobStatus.FAILED, error=refusal_text(refusal))
        return _finish(job, JobStatus.DONE, result=result)
    except Exception:
        # Whatever broke, the organiser sees a failed job, not one running for ever.
        log.exception("%s job %s crashed", job.kind, job_id)
        _finish(job, JobStatus.FAILED, error=CRASHED)
        raise


def _claim(job_id: int) -> Job | None:
    with transaction.atomic():
        job = Job.objects.select_for_update().select_related("tournament").filter(pk=job_id).first()
        if job is None:
            log.warning("job %s is gone", job_id)
            return None
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return None
        job.status, job.started_at, job.progress = JobStatus.RUNNING, timezone.now(), 0
        job.save(update_fields=["status", "started_at", "progress"])
    return job


def _progress(job: Job) -> Callable[[int, int], None]:
    """Report ``done`` of ``total`` items (tables, certificates) while the job runs; 100 %
    is left for the end, when the files are stored."""

    def report(done: int, total: int) -> None:
        percent = min(99, 100 * done // max(total, 1))
        Job.objects.filter(pk=job.pk).update(
            progress=percent, result={"done": done, "total": total}
        )

    return report


def _finish(job: Job, status: str, *, result: dict | None = None, error: str = "") -> Job:
    job.status, job.result, job.error = status, result or {}, error
    job.progress, job.finished_at = 100, timezone.now()
    job.save(update_fields=["status", "result", "error", "progress", "finished_at"])
    return job
