"""Background jobs: a row per job (pending → running → done | failed), run by a Celery task.

``start_job`` records a job and enqueues its task once the transaction commits; ``run_job`` is
what the task calls, with the work to do (``seating.domain.jobs``, ``printing.domain.jobs``).
Every kind shares one way of running: the job is claimed under a row lock
(a job already done or failed, or gone, is left alone, so a retried task changes nothing), the
work runs in the language the organiser asked in, a refusal leaves the job failed with its
reason, and a crash leaves it failed too (and is raised, for the worker's log).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from celery import Task
from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from karlchen.actors import Actor
from karlchen.messages import refusal_text
from karlchen.refusals import Refused
from tournaments.enums import JobStatus
from tournaments.models import Job, Tournament

log = logging.getLogger(__name__)
CRASHED = "Internal error while running the job; the server log has the details."


def start_job(
    tournament: Tournament,
    *,
    kind: str,
    params: dict[str, Any],
    by: Actor,
    task: Task[..., Any],
) -> Job:
    """Record a job of ``kind`` for ``tournament`` and enqueue ``task(job_id=…)`` after commit."""
    job = Job.objects.create(tournament=tournament, kind=kind, params=params, created_by=by.user)
    transaction.on_commit(lambda: task.delay(job_id=job.pk))
    return job


def run_job(job_id: int, work: Callable[[Job], dict[str, Any]]) -> Job | None:
    """Run ``work`` for the job once; a job already done or failed, or gone, is left alone.
    ``work`` returns the job's result and may report progress through ``progress(job)``."""
    job = _claim(job_id)
    if job is None:
        return None
    try:
        with translation.override(job.params.get("language", settings.LANGUAGE_CODE)):
            try:
                result = work(job)
            except Refused as refusal:
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


def progress(job: Job) -> Callable[[int, int], None]:
    """Report ``done`` of ``total`` items (tables, certificates) while the job runs; 100 %
    is left for the end, when the files are stored."""

    def report(done: int, total: int) -> None:
        percent = min(99, 100 * done // max(total, 1))
        Job.objects.filter(pk=job.pk).update(
            progress=percent, result={"done": done, "total": total}
        )

    return report


def _finish(job: Job, status: str, *, result: dict[str, Any] | None = None, error: str = "") -> Job:
    job.status, job.result, job.error = status, result or {}, error
    job.progress, job.finished_at = 100, timezone.now()
    job.save(update_fields=["status", "result", "error", "progress", "finished_at"])
    return job
