"""Background jobs: a row per job (pending → running → done | failed), run by a Celery task.

``start_job`` records a job and queues its task once the transaction commits; ``run_job`` is
what the task calls, with the work to do (``seating.domain.jobs``, ``printing.domain.jobs``).
Every kind shares one way of running: the job is claimed under a row lock (a job already done
or failed, or gone, or being run by a live worker, is left alone, so a task delivered twice
changes nothing), the work runs in the language the organiser asked in, a refusal leaves the
job failed with its reason, and a crash leaves it failed too (and is raised, for the worker's
log); a database connection dropped under the work queues the job again instead. The work
itself is idempotent: a job run again replaces what an earlier run left (the same seating,
the same file names), so a job may always be run again.

Jobs finish or say why:

- A job is queued through the outbox (``karlchen.outbox``): its task is written in the
  transaction that starts it and sent after the commit. While the broker (Redis) cannot be
  reached the job stays pending, its message waiting in the outbox, and celery beat's drain
  sends it once the broker is back (``waiting_for_queue`` says so meanwhile): the organiser's
  click is not lost. Its waiting time counts from when the message went out.
- While a worker runs a job it touches ``heartbeat_at`` (a thread, and every progress report).
  When the process dies, Celery puts the message back (``task_reject_on_worker_lost``) and
  another process claims the job again; when the whole worker dies the message stays with
  Redis until the visibility timeout, so ``sweep_jobs`` (run by celery beat) queues a running
  job whose heartbeat stopped again, and a job pending for long (its message lost) too.
- Every start counts (``attempts``): after ``JOB_MAX_ATTEMPTS`` the job is failed with a
  readable reason instead of being run again, so a job that kills its worker cannot loop.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Q
from django.utils import timezone, translation

from clubs import access
from clubs.access import Can
from karlchen import outbox
from karlchen.actors import Actor
from karlchen.connection_faults import connection_fault, drop_broken_connections
from karlchen.log import log
from karlchen.messages import problem_message, refusal_text
from karlchen.refusals import Problem, Refused
from tournaments.enums import JobStatus
from tournaments.log import TournamentCode
from tournaments.models import Job, Tournament
from tournaments.ports import JOB_OWNERS, JOB_TASKS

logger = logging.getLogger(__name__)
SWEEPER = Actor.system("Karlchen (job sweep)")
OUTBOX_PREFIX = "job"  # the outbox's key of a job's message: "job:<id>"


def start_job(
    tournament: Tournament | None, *, kind: str, params: dict[str, Any], by: Actor
) -> Job:
    """Record a job of ``kind`` for ``tournament`` (None: a kind of job its app links to what it
    serves, ``JobOwner``) and queue its task (``job_id=…``) after commit, through the outbox:
    should the broker be unreachable then, the job stays pending and is sent when it is back."""
    job = Job.objects.create(
        tournament=tournament,
        kind=kind,
        params=params,
        created_by=by.user,
        heartbeat_at=timezone.now(),
    )
    _enqueue(job)
    return job


def waiting_for_queue(job: Job) -> bool:
    """Whether the job's task waits in the outbox because the broker could not be reached."""
    return job.status == JobStatus.PENDING and outbox.held_back(_key(job.pk))


def _enqueue(job: Job) -> None:
    outbox.send_after_commit(JOB_TASKS.get(job.kind), key=_key(job.pk), job_id=job.pk)


def _key(job_id: int | str) -> str:
    return f"{OUTBOX_PREFIX}:{job_id}"


def message_sent(job_id: str) -> None:
    """The job's message went out (``karlchen.ports.OUTBOX_SENT``): its waiting time counts
    from now."""
    Job.objects.filter(pk=int(job_id), status=JobStatus.PENDING).update(heartbeat_at=timezone.now())


def run_job(
    job_id: int, work: Callable[[Job], dict[str, Any]], *, runner: str | None = None
) -> Job | None:
    """Run ``work`` for the job once; a job already done or failed, gone, or being run by a
    live worker, is left alone. ``work`` returns the job's result and may report progress
    through ``progress(job)``. ``runner`` names the task's delivery (its Celery id) on a
    worker, which then shows it is alive while the work runs; None runs it in this process."""
    job = _claim(job_id, runner or "")
    if job is None:
        return None
    try:
        alive = _heartbeat(job) if runner else nullcontext()
        with alive, translation.override(_language(job)):
            try:
                result = work(job)
            except Refused as refusal:
                return _finish(job, JobStatus.FAILED, error=refusal_text(refusal))
        return _finish(job, JobStatus.DONE, result=result)
    except Exception as error:
        if connection_fault(error):
            # The database dropped the connection under the work: nothing is wrong with the
            # job, which may run again. Queued anew (its starts still count).
            logger.warning("%s job %s lost its database connection; queued again", job.kind, job_id)
            drop_broken_connections()
            _hand_back(job)
            return None
        # Whatever broke, the organiser sees a failed job, not one running for ever.
        logger.exception("%s job %s crashed", job.kind, job_id)
        _finish(job, JobStatus.FAILED, error=_text(job, "job_crashed"))
        raise


def _hand_back(job: Job) -> None:
    """Pending again and queued anew, if this run still holds the job (should the database
    still be gone, the job stays running and falls silent: the sweep queues it again)."""
    with transaction.atomic():
        held = Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING, runner=job.runner)
        if held.update(status=JobStatus.PENDING, runner="", heartbeat_at=timezone.now()):
            _enqueue(job)


def _claim(job_id: int, runner: str) -> Job | None:
    with transaction.atomic():
        # of self: the tournament is on the nullable side of the join (a season's job has none)
        job = (
            Job.objects.select_for_update(of=("self",))
            .select_related("tournament")
            .filter(pk=job_id)
            .first()
        )
        if job is None:
            logger.warning("job %s is gone", job_id)
            return None
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return None
        if job.status == JobStatus.RUNNING and job.runner != runner and _alive(job):
            # Another delivery runs it now (a message queued again by the sweep, or handed out
            # again by Redis): one run at a time. The same delivery again means its first run
            # died (its process was killed), so that one goes on below.
            logger.warning("%s job %s is being run by %s already", job.kind, job_id, job.runner)
            return None
        if job.attempts >= settings.JOB_MAX_ATTEMPTS:
            _give_up(job, "worker_lost", attempts=job.attempts, by=Actor.system())
            return None
        now = timezone.now()
        job.status, job.runner, job.attempts = JobStatus.RUNNING, runner, job.attempts + 1
        job.started_at, job.heartbeat_at, job.progress, job.result = now, now, 0, {}
        claimed = ["status", "runner", "attempts", "started_at", "heartbeat_at", "progress"]
        job.save(update_fields=[*claimed, "result"])
    return job


def progress(job: Job) -> Callable[[int, int], None]:
    """Report ``done`` of ``total`` items (tables, certificates) while the job runs; 100 %
    is left for the end, when the files are stored."""

    def report(done: int, total: int) -> None:
        percent = min(99, 100 * done // max(total, 1))
        Job.objects.filter(pk=job.pk).update(
            progress=percent, result={"done": done, "total": total}, heartbeat_at=timezone.now()
        )

    return report


def _finish(job: Job, status: str, *, result: dict[str, Any] | None = None, error: str = "") -> Job:
    """Finish the job if this run still holds it (the sweep may have handed it to another)."""
    job.status, job.result, job.error = status, result or {}, error
    job.progress, job.finished_at = 100, timezone.now()
    held = Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING, runner=job.runner)
    if not held.update(
        status=job.status,
        result=job.result,
        error=job.error,
        progress=job.progress,
        finished_at=job.finished_at,
    ):
        logger.warning("%s job %s was taken over meanwhile; its result stays", job.kind, job.pk)
    return job


@contextmanager
def _heartbeat(job: Job) -> Iterator[None]:
    """Touch the job every ``JOB_HEARTBEAT_SECONDS`` while the block runs (a thread with its
    own database connection): a job whose heartbeat stops has lost its worker."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.JOB_HEARTBEAT_SECONDS):
                try:
                    Job.objects.filter(
                        pk=job.pk, status=JobStatus.RUNNING, runner=job.runner
                    ).update(heartbeat_at=timezone.now())
                except DatabaseError:
                    logger.warning("no heartbeat for job %s", job.pk, exc_info=True)
                    # A connection the server dropped stays broken: the next beat connects
                    # anew, or a job still running would fall silent and be run twice.
                    connections.close_all()
        finally:
            connections.close_all()  # this thread's connections only

    thread = threading.Thread(target=beat, name=f"job-{job.pk}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _alive(job: Job) -> bool:
    limit = timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS)
    return job.heartbeat_at is not None and job.heartbeat_at >= limit


def sweep_jobs(*, by: Actor = SWEEPER) -> dict[str, int]:
    """Find the jobs whose worker has gone and queue them again, or fail them with a reason.

    - running, but silent for ``JOB_STALE_SECONDS``: its worker died (killed whole, so Redis
      would hand the message out again only after its visibility timeout). Queued again, or
      failed (``worker_lost``) once it has been started ``JOB_MAX_ATTEMPTS`` times.
    - pending for ``JOB_PENDING_SECONDS`` since it was last queued: its message is lost (Redis
      lost its data) or no worker runs. Queued again, and failed (``job_not_taken``) once it
      has waited ``JOB_MAX_ATTEMPTS`` times that long. A job whose message still waits in the
      outbox (the broker was down) is not lost: it is left to the outbox's drain.

    A job queued twice runs once (``_claim``). Each change is logged for the organisers.
    """
    now = timezone.now()
    stale = now - timedelta(seconds=settings.JOB_STALE_SECONDS)
    waited = now - timedelta(seconds=settings.JOB_PENDING_SECONDS)
    silent = Q(heartbeat_at__lt=stale) | Q(heartbeat_at__isnull=True)
    lost = Q(status=JobStatus.RUNNING) & silent
    lost |= Q(status=JobStatus.PENDING) & (
        Q(heartbeat_at__lt=waited) | Q(heartbeat_at__isnull=True)
    )
    counts = {"requeued": 0, "failed": 0}
    candidates = Job.objects.filter(lost).exclude(pk__in=outbox.waiting_ids(OUTBOX_PREFIX))
    for job_id in candidates.order_by("pk").values_list("pk", flat=True):
        with transaction.atomic():
            # Locked rows are being claimed or finished right now: not lost, left alone.
            job = Job.objects.select_for_update(skip_locked=True).filter(lost, pk=job_id).first()
            if job is None:
                continue
            outcome = _sweep(job, now, by=by)
        counts[outcome] += 1
    if any(counts.values()):
        logger.warning("job sweep: %(requeued)s queued again, %(failed)s failed", counts)
    return counts


def _sweep(job: Job, now: datetime, *, by: Actor) -> str:
    if job.status == JobStatus.RUNNING and job.attempts >= settings.JOB_MAX_ATTEMPTS:
        _give_up(job, "worker_lost", attempts=job.attempts, by=by)
        return "failed"
    pending_for = settings.JOB_PENDING_SECONDS * settings.JOB_MAX_ATTEMPTS
    if job.status == JobStatus.PENDING and job.created_at < now - timedelta(seconds=pending_for):
        _give_up(job, "job_not_taken", minutes=round(pending_for / 60), by=by)
        return "failed"
    was = job.status
    job.status, job.runner, job.heartbeat_at, job.progress = JobStatus.PENDING, "", now, 0
    job.save(update_fields=["status", "runner", "heartbeat_at", "progress"])
    _log(job, by, TournamentCode.JOB_REQUEUED, job=job.pk, kind=job.kind, was=was)
    _enqueue(job)
    return "requeued"


def _give_up(job: Job, code: str, *, by: Actor, **params: object) -> None:
    """Fail the job with the translated reason ``code`` (its lock is held)."""
    logger.error("%s job %s given up: %s %s", job.kind, job.pk, code, params)
    job.status, job.error, job.progress = JobStatus.FAILED, _text(job, code, **params), 100
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "progress", "finished_at"])
    _log(job, by, TournamentCode.JOB_GIVEN_UP, job=job.pk, kind=job.kind, reason=code)


def _log(job: Job, by: Actor, action: TournamentCode, /, **details: Any) -> None:
    if job.tournament is not None:
        log(job.tournament, by, action, **details)
    else:
        JOB_OWNERS.get(job.kind).log(job, by, action, details)


def may_follow_job(user: Any, job: Job) -> bool:
    """Whether ``user`` may follow ``job`` and fetch its files: who may see its tournament
    privately (``clubs.access``), or whom the app that owns a job of no tournament says."""
    if job.tournament is None:
        return JOB_OWNERS.get(job.kind).may_follow(user, job)
    return access.may(user, job.tournament, Can.VIEW)


def _language(job: Job) -> str:
    return str(job.params.get("language", settings.LANGUAGE_CODE))


def _text(job: Job, code: str, **params: object) -> str:
    """The reason ``code`` in the language the job was asked in."""
    with translation.override(_language(job)):
        return problem_message(Problem(code, "job", params))
