"""Jobs finish or say why, against real failures: a real Celery worker (prefork, its own
process) killed with SIGKILL in the middle of a documents job, and a broker that cannot be
reached when a job is started.

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
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import translation
from rest_framework.test import APIClient

from karlchen.celery import app
from karlchen.messages import problem_message
from karlchen.refusals import Problem
from tests.factories.documents import pdf_lines, seated_series
from tests.factories.tournaments import organiser
from tournaments.enums import JobStatus
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

    def start(
        self, *, beat: bool = False, role: str = "worker", shipped: bool = False, **env: str
    ) -> Worker:
        """``shipped``: the settings' own job timings, not the tests' short ones."""
        self.started += 1
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
        ready = " ready." if role == "worker" else "beat: Starting..."
        wait_until(lambda: ready in self.output(), f"the {role} to start", timeout=60)
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
    worker(role="beat", shipped=True)
    first = worker(shipped=True)
    job = midway(start_score_sheets(series.tournament_id))
    first.kill()
    time.sleep(1)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.RUNNING, 1)  # nothing ends it by itself
    worker(shipped=True)
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
def dead_broker(transactional_db, monkeypatch):
    """Celery publishing to a port nothing listens on (the tests' own Redis stays up)."""
    import socket

    with socket.socket() as probe:  # a free port, closed again: connections are refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setitem(app.conf, "broker_url", f"redis://127.0.0.1:{port}/0")
    _drop_connections()
    yield
    monkeypatch.undo()
    _drop_connections()


def _drop_connections() -> None:
    """Forget the app's broker connection pools, so the next publish connects to the broker
    now configured (kombu keeps a pool per broker address; each stays open)."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.mark.usefixtures("dead_broker")
def test_a_job_that_cannot_be_queued_is_refused_with_503_and_left_failed():
    series, _ = seated_series((4,))
    client = APIClient()
    client.force_authenticate(organiser())
    begun = time.monotonic()
    response = client.post(
        f"/api/v1/tournaments/{series.tournament_id}/documents/",
        {"kind": "score_sheets", "series": 1},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    took = time.monotonic() - begun
    assert response.status_code == 503
    with translation.override("en"):
        reason = problem_message(Problem("queue_unavailable", "job"))
    assert response.json() == {
        "errors": [{"field": "body", "code": "queue_unavailable", "message": reason}]
    }
    assert took < 10  # refused within seconds (Celery's defaults hang for more than 25 s)
    job = Job.objects.get(tournament=series.tournament)
    assert (job.status, job.error, job.progress) == (JobStatus.FAILED, reason, 100)
    assert job.finished_at is not None


@pytest.mark.usefixtures("dead_broker")
def test_a_seating_job_that_cannot_be_queued_is_refused_the_same_way():
    from tests.factories.tournaments import tournament_with_players

    tournament, _ = tournament_with_players(8)
    client = APIClient()
    client.force_authenticate(organiser())
    response = client.post(f"/api/v1/tournaments/{tournament.pk}/seatings/", {}, format="json")
    assert response.status_code == 503
    assert [error["code"] for error in response.json()["errors"]] == ["queue_unavailable"]
    (job,) = Job.objects.filter(tournament=tournament)
    assert job.status == JobStatus.FAILED
    assert job.error == response.json()["errors"][0]["message"]


@pytest.mark.usefixtures("dead_broker")
def test_the_desk_says_why_a_print_job_cannot_start(client):
    series, _ = seated_series((4,))
    client.force_login(organiser())
    response = client.post(
        f"/desk/{series.tournament_id}/print/",
        {"kind": "score_sheets", "series": "1"},
        follow=True,
    )
    assert response.status_code == 200
    with translation.override("de"):
        reason = problem_message(Problem("queue_unavailable", "job"))
    assert reason in response.text
    job = Job.objects.get(tournament=series.tournament)
    assert (job.status, job.error) == (JobStatus.FAILED, reason)


@pytest.mark.usefixtures("dead_broker")
def test_the_admin_says_why_the_evening_cannot_be_printed(admin_client):
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
        reason = problem_message(Problem("queue_unavailable", "job"))
    assert reason in response.text
    # The first job is failed with the reason; the evening's other documents were not tried.
    (job,) = Job.objects.filter(tournament=series.tournament)
    assert (job.params["kind"], job.status, job.error) == ("score_sheets", "failed", reason)
