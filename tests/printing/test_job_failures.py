"""Jobs finish or say why, against real failures: a real Celery worker (prefork, its own
process) killed with SIGKILL in the middle of a documents job, and a broker that cannot be
reached when a job is started (the job waits in the outbox and runs once Redis is back).

The worker runs in a process group of its own with the test database, the tests' Redis db and
short heartbeat and sweep intervals, so a lost job is noticed within seconds, not a minute.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone, translation
from rest_framework.test import APIClient

from karlchen.celery import app
from karlchen.messages import problem_message
from karlchen.models import OutboxMessage
from karlchen.refusals import Problem
from tests.factories.documents import pdf_lines, seated_series
from tests.factories.redis_server import broker_at, free_port
from tests.factories.tournaments import organiser
from tournaments.domain.jobs import sweep_jobs
from tournaments.enums import JobStatus
from tournaments.job_texts import QUEUE_DOWN_PDF
from tournaments.models import Job, OrganiserAction

REPO = Path(__file__).resolve().parents[2]
TABLES = 60  # three chunks of 20 sheets: the job is killed after the first, mid-way
WORKER_ENV = {
    "JOB_HEARTBEAT_SECONDS": "0.5",
    "JOB_STALE_SECONDS": "3",
    "JOB_SWEEP_SECONDS": "1",
    "JOB_MAX_ATTEMPTS": "3",
}


class Worker:
    """``celery -A karlchen worker`` (prefork, one pool process), optionally with beat; or
    ``celery -A karlchen beat`` alone (``role="beat"``), as compose runs it."""

    def __init__(self, env: dict[str, str], directory: Path) -> None:
        self.env, self.directory, self.process, self.started = env, directory, None, 0
        self.role = "worker"

    def start(
        self,
        *,
        beat: bool = False,
        role: str = "worker",
        shipped: bool = False,
        wait: bool = True,
        **env: str,
    ) -> Worker:
        """``shipped``: the settings' own job timings, not the tests' short ones; ``wait``:
        until it is ready (else ``ready()`` waits, so that several start at once)."""
        self.started += 1
        self.role = role
        self.log = self.directory / f"{role}-{self.started}.log"
        argv = [sys.executable, "-m", "celery", "-A", "karlchen", role, "--loglevel=INFO"]
        if role == "worker":
            argv += ["--pool=prefork", "--concurrency=1", "--without-gossip", "--without-mingle"]
            argv += ["--hostname", f"jobs-test-{uuid.uuid4().hex[:8]}@%h"]
        if beat or role == "beat":
            argv += ["--schedule", str(self.directory / "beat-schedule")]
        if beat:
            argv += ["--beat"]
        timings = {name: value for name, value in self.env.items() if name not in WORKER_ENV}
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                argv,
                cwd=REPO,
                env={**(timings if shipped else self.env), **env},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killed whole below
            )
        return self.ready() if wait else self

    def ready(self) -> Worker:
        ready = " ready." if self.role == "worker" else "beat: Starting..."
        wait_until(lambda: ready in self.output(), f"the {self.role} to start", timeout=60)
        return self

    def output(self) -> str:
        if self.process.poll() is not None:
            raise AssertionError(f"it exited:\n{self.log.read_text()}")
        return self.log.read_text(errors="replace")

    def pool_process(self) -> int:
        """The prefork child that runs the tasks."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        (child,) = children
        return int(child)

    def kill(self) -> None:
        """SIGKILL to the worker and its pool: nothing of it runs on (no warm shutdown)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


def wait_until(condition, what: str, *, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout} s for {what}")


@pytest.fixture
def worker(transactional_db, media_root, tmp_path, monkeypatch):
    """A worker factory on the test database; every worker it started is killed at the end,
    and the message a worker killed whole still holds is removed from Redis."""
    db = connection.settings_dict
    database_url = (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    env = {
        **os.environ,
        **WORKER_ENV,
        "DATABASE_URL": database_url,
        "REDIS_URL": settings.REDIS_URL,
        "MEDIA_ROOT": str(media_root),
        "DJANGO_SETTINGS_MODULE": "karlchen.settings",
    }
    workers: list[Worker] = []

    def start(**kwargs) -> Worker:
        started = Worker(env, tmp_path).start(**kwargs)
        workers.append(started)
        return started

    yield start
    for started in workers:
        started.kill()
    _forget_unacknowledged()


def _forget_unacknowledged() -> None:
    """Drop the messages no worker will acknowledge: a worker killed whole leaves its message
    with Redis, which would hand it out again after the visibility timeout (to a later test;
    harmless, the job is done or gone, but noise). No other worker runs at this point."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.delete("unacked", "unacked_index")


def start_score_sheets(tournament_id: int) -> Job:
    client = APIClient()
    client.force_authenticate(organiser())
    response = client.post(
        f"/api/v1/tournaments/{tournament_id}/documents/",
        {"kind": "score_sheets", "series": 1},
        format="json",
    )
    assert response.status_code == 202, response.content
    return Job.objects.get(pk=response.json()["job"])


def midway(job: Job) -> Job:
    """The job once it is running and has reported progress (a chunk of sheets is laid out)."""

    def running() -> Job | None:
        job.refresh_from_db()
        return job if job.status == JobStatus.RUNNING and 0 < job.progress < 100 else None

    return wait_until(running, "the job to report progress")


def finished(job: Job, *, timeout: float = 90.0) -> Job:
    def ended() -> Job | None:
        job.refresh_from_db()
        return job if job.status in (JobStatus.DONE, JobStatus.FAILED) else None

    return wait_until(ended, "the job to finish", timeout=timeout)


def stored_files(media_root: Path, tournament_id: int) -> list[str]:
    folder = media_root / "documents" / f"tournament-{tournament_id}"
    return sorted(path.name for path in folder.iterdir())


def sheet_titles(media_root: Path, tournament_id: int) -> list[str]:
    data = (media_root / "documents" / f"tournament-{tournament_id}" / NAME).read_bytes()
    return [lines[2] for lines in pdf_lines(data)]


NAME = "score-sheets-series-1.pdf"
TITLES = [f"Serie 1 · Tisch {n}" for n in range(1, TABLES + 1)]


def test_a_pool_process_killed_mid_job_hands_it_on_and_it_finishes_once(worker, media_root):
    series, _ = seated_series((4,) * TABLES)
    running = worker()
    job = midway(start_score_sheets(series.tournament_id))
    killed = running.pool_process()
    os.kill(killed, signal.SIGKILL)
    job = finished(job)
    assert (job.status, job.progress, job.error) == (JobStatus.DONE, 100, "")
    assert job.attempts == 2  # the message came back (reject_on_worker_lost) and ran again
    assert running.pool_process() != killed  # a new pool process ran it
    assert stored_files(media_root, series.tournament_id) == [NAME]
    assert sheet_titles(media_root, series.tournament_id) == TITLES
    (file,) = job.result["files"]
    size = (media_root / "documents" / f"tournament-{series.tournament_id}" / NAME).stat().st_size
    assert (file["name"], file["pages"], file["bytes"]) == (NAME, TABLES, size)


def test_a_job_that_keeps_losing_its_worker_fails_with_the_reason(worker, media_root):
    series, _ = seated_series((4,) * TABLES)
    running = worker(JOB_MAX_ATTEMPTS="1")
    job = midway(start_score_sheets(series.tournament_id))
    os.kill(running.pool_process(), signal.SIGKILL)
    job = finished(job)
    with translation.override("de"):  # the language the job was asked in
        reason = problem_message(Problem("worker_lost", "job", {"attempts": 1}))
    assert (job.status, job.error, job.attempts) == (JobStatus.FAILED, reason, 1)
    assert "%(" not in job.error
    given_up = OrganiserAction.objects.get(tournament=series.tournament, action="job_given_up")
    assert given_up.details == {"job": job.pk, "kind": "documents", "reason": "worker_lost"}


def test_a_worker_killed_whole_runs_its_job_again_within_a_minute_of_a_worker_being_back(
    worker, media_root
):
    """As deployed: beat in a process of its own, and the shipped timings (heartbeat,
    staleness, sweep). Redis keeps the killed worker's message unacknowledged until its
    visibility timeout (12 minutes); the sweep queues the silent job again, and the worker that
    comes back runs it. With the earlier timings (60 s of silence, a sweep every 30 s) the job
    stood at "running 16 %" for 74 s after a worker was back."""
    series, _ = seated_series((4,) * TABLES)
    beat = worker(role="beat", shipped=True, wait=False)  # both start at once
    first = worker(shipped=True)
    beat.ready()
    job = midway(start_score_sheets(series.tournament_id))
    first.kill()
    second = worker(shipped=True, wait=False)  # it starts while the job waits
    time.sleep(1)  # meanwhile nothing ends the job by itself (the new worker is not up yet)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.RUNNING, 1)
    second.ready()
    back = time.monotonic()

    def running_again() -> bool:
        job.refresh_from_db()
        return job.attempts == 2

    wait_until(running_again, "the job to run again", timeout=60)
    assert time.monotonic() - back < 60
    job = finished(job)
    assert (job.status, job.progress, job.error, job.attempts) == (JobStatus.DONE, 100, "", 2)
    assert stored_files(media_root, series.tournament_id) == [NAME]
    assert sheet_titles(media_root, series.tournament_id) == TITLES
    requeued = OrganiserAction.objects.get(tournament=series.tournament, action="job_requeued")
    assert requeued.details == {"job": job.pk, "kind": "documents", "was": "running"}


# A broker that cannot be reached


@pytest.fixture
def dead_broker(transactional_db):
    """Celery publishing to a port nothing listens on (the tests' own Redis stays up)."""
    with broker_at(f"redis://127.0.0.1:{free_port()}/0"):
        yield


def start_with_the_queue_down(path: str, body: dict):
    """Start a job through the API while the broker refuses connections: (response, job,
    seconds the answer took)."""
    client = APIClient()
    client.force_authenticate(organiser())
    begun = time.monotonic()
    response = client.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    took = time.monotonic() - begun
    assert response.status_code == 202, response.content
    return response, Job.objects.get(pk=response.json()["job"]), took


def waiting_message(job: Job) -> OutboxMessage:
    (message,) = OutboxMessage.objects.filter(key=f"job:{job.pk}")
    return message


@pytest.mark.usefixtures("dead_broker")
def test_a_print_started_while_the_queue_is_down_waits_pending_in_the_outbox():
    series, _ = seated_series((4,))
    path = f"/api/v1/tournaments/{series.tournament_id}/documents/"
    _, job, took = start_with_the_queue_down(path, {"kind": "score_sheets", "series": 1})
    assert took < 10  # within seconds (Celery's defaults hang for more than 25 s)
    assert (job.status, job.error, job.progress, job.finished_at) == (
        JobStatus.PENDING,
        "",
        0,
        None,
    )
    message = waiting_message(job)
    assert (message.task, message.kwargs, message.attempts) == (
        "karlchen.tournaments.documents",
        {"job_id": job.pk},
        1,
    )
    assert message.error  # what the broker's client said
    client = APIClient()
    client.force_authenticate(organiser())
    followed = client.get(f"/api/v1/jobs/{job.pk}/").json()
    assert (followed["status"], followed["waiting_for_queue"]) == ("pending", True)


@pytest.mark.usefixtures("dead_broker")
def test_a_seating_started_while_the_queue_is_down_waits_the_same_way():
    from tests.factories.tournaments import tournament_with_players

    tournament, _ = tournament_with_players(8)
    _, job, _ = start_with_the_queue_down(f"/api/v1/tournaments/{tournament.pk}/seatings/", {})
    assert job.status == JobStatus.PENDING
    assert waiting_message(job).task == "karlchen.tournaments.seat"


@pytest.mark.usefixtures("dead_broker")
def test_the_sweep_leaves_a_job_whose_message_waits_to_the_outbox(settings):
    """Its message waits for the broker: not lost, however long ago it was started."""
    series, _ = seated_series((4,))
    path = f"/api/v1/tournaments/{series.tournament_id}/documents/"
    _, job, _ = start_with_the_queue_down(path, {"kind": "score_sheets", "series": 1})
    long_ago = timezone.now() - timedelta(hours=2)
    Job.objects.filter(pk=job.pk).update(created_at=long_ago, heartbeat_at=long_ago)
    assert sweep_jobs() == {"requeued": 0, "failed": 0}
    job.refresh_from_db()
    assert job.status == JobStatus.PENDING
    assert OutboxMessage.objects.filter(key=f"job:{job.pk}").count() == 1


@pytest.mark.usefixtures("dead_broker")
def test_the_desk_says_a_print_waits_for_the_queue(client):
    series, _ = seated_series((4,))
    client.force_login(organiser())
    response = client.post(
        f"/desk/{series.tournament_id}/print/",
        {"kind": "score_sheets", "series": "1"},
        follow=True,
    )
    assert response.status_code == 200
    with translation.override("de"):
        assert str(QUEUE_DOWN_PDF) in response.text
    job = Job.objects.get(tournament=series.tournament)
    assert (job.status, job.error) == (JobStatus.PENDING, "")


@pytest.mark.usefixtures("dead_broker")
def test_the_admin_prints_the_whole_evening_while_the_queue_is_down(admin_client):
    from tests.factories.documents import play_series

    series, tables = seated_series((4,))
    play_series(tables[0], deals=2)
    response = admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "print_documents_action", "_selected_action": [series.tournament_id]},
        follow=True,
    )
    assert response.status_code == 200
    with translation.override("de"):
        assert str(QUEUE_DOWN_PDF) in response.text
    # Every document of the evening waits: none was given up because the queue was down.
    jobs = Job.objects.filter(tournament=series.tournament)
    assert {job.status for job in jobs} == {JobStatus.PENDING}
    assert len(jobs) == OutboxMessage.objects.count() >= 2


def test_jobs_started_while_redis_is_down_run_once_it_is_back(worker, own_redis, media_root):
    """As deployed: a worker and beat (the shipped timings) on a Redis of the test's own.
    Redis dies; an organiser starts a print and a seating: both answer at once and wait,
    pending. Redis comes back (empty, as after a restart without persistence): beat's drain
    sends both from the outbox, and the worker runs them. Before the outbox both were failed at
    once with a 503, and the organiser had to start them again."""
    from tests.factories.tournaments import tournament_with_players

    series, _ = seated_series((4,) * 4)
    tournament, _ = tournament_with_players(8)
    beat = worker(role="beat", shipped=True, wait=False, REDIS_URL=own_redis.url)
    running = worker(shipped=True, REDIS_URL=own_redis.url)  # both start at once
    beat.ready()
    own_redis.kill()
    with broker_at(own_redis.url):
        print_path = f"/api/v1/tournaments/{series.tournament_id}/documents/"
        _, printing, _ = start_with_the_queue_down(
            print_path, {"kind": "seating_list", "series": 1}
        )
        seating_path = f"/api/v1/tournaments/{tournament.pk}/seatings/"
        _, seating, _ = start_with_the_queue_down(seating_path, {"method": "random", "seed": 4})
    assert OutboxMessage.objects.count() == 2
    # the worker finds Redis gone (and keeps trying); beat at its next send
    wait_until(lambda: "Connection to broker lost" in running.output(), "the worker to notice")
    own_redis.start()
    back = time.monotonic()
    for job in (printing, seating):
        job = finished(job, timeout=90)
        assert (job.status, job.error, job.attempts) == (JobStatus.DONE, "", 1)
    assert time.monotonic() - back < 60
    assert not OutboxMessage.objects.exists()
    assert stored_files(media_root, series.tournament_id) == ["seating-list-series-1.pdf"]
