"""The job state machine's answers to lost workers: claiming a job delivered twice, the sweep
of jobs whose worker has gone, the bound on attempts. (The real worker killed with SIGKILL and
the broker that cannot be reached: tests/printing/test_job_failures.py.)"""

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone, translation

from karlchen.messages import problem_message
from karlchen.models import OutboxMessage
from karlchen.refusals import Problem
from seating.domain.jobs import run_seating_job, start_seating_job
from seating.models import Seat
from tests.factories.redis_server import broker_at, free_port
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.jobs import run_job, sweep_jobs
from tournaments.enums import JobStatus
from tournaments.models import Job, OrganiserAction

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(hours=2)


def seating_job(**fields) -> Job:
    """A seating job as ``fields`` say, its task handed to the queue already (and lost there,
    where a test says so): nothing of it waits in the outbox."""
    tournament, _ = tournament_with_players(8)
    job = start_seating_job(tournament, by=ORGA, params={"method": "random", "seed": 5})
    OutboxMessage.objects.filter(key=f"job:{job.pk}").delete()
    Job.objects.filter(pk=job.pk).update(**fields)
    job.refresh_from_db()
    return job


def reason(code: str, **params) -> str:
    with translation.override("de"):
        return problem_message(Problem(code, "job", params))


def test_a_job_run_by_a_live_worker_is_not_run_a_second_time():
    job = seating_job(status=JobStatus.RUNNING, runner="delivery-1", heartbeat_at=timezone.now())
    assert run_seating_job(job.pk, runner="delivery-2") is None
    job.refresh_from_db()
    assert (job.status, job.runner, job.attempts) == (JobStatus.RUNNING, "delivery-1", 0)
    assert not Seat.objects.exists()


def test_the_same_delivery_again_means_its_run_died_and_it_runs_again():
    job = seating_job(
        status=JobStatus.RUNNING, runner="delivery-1", heartbeat_at=timezone.now(), attempts=1
    )
    job = run_seating_job(job.pk, runner="delivery-1")
    assert (job.status, job.error, job.attempts) == (JobStatus.DONE, "", 2)
    assert Seat.objects.count() == 8 * len(job.result["series"])


def test_a_job_whose_worker_went_silent_is_taken_over():
    job = seating_job(
        status=JobStatus.RUNNING,
        runner="delivery-1",
        heartbeat_at=timezone.now() - LONG_AGO,
        attempts=1,
    )
    job = run_seating_job(job.pk, runner="delivery-2")
    assert (job.status, job.runner, job.attempts) == (JobStatus.DONE, "delivery-2", 2)


def test_a_job_started_too_often_is_failed_with_the_reason(settings):
    settings.JOB_MAX_ATTEMPTS = 2
    job = seating_job(status=JobStatus.RUNNING, runner="delivery-1", attempts=2)
    assert run_seating_job(job.pk, runner="delivery-1") is None
    job.refresh_from_db()
    assert (job.status, job.error) == (JobStatus.FAILED, reason("worker_lost", attempts=2))
    assert not Seat.objects.exists()


@pytest.mark.usefixtures("eager_celery")
def test_the_sweep_queues_a_silent_running_job_again_and_it_finishes(
    django_capture_on_commit_callbacks,
):
    job = seating_job(
        status=JobStatus.RUNNING, heartbeat_at=timezone.now() - LONG_AGO, attempts=1, progress=42
    )
    fresh = seating_job(status=JobStatus.RUNNING, heartbeat_at=timezone.now(), attempts=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_jobs() == {"requeued": 1, "failed": 0}
    job.refresh_from_db()
    assert (job.status, job.progress, job.attempts) == (JobStatus.DONE, 100, 2)
    fresh.refresh_from_db()
    assert fresh.status == JobStatus.RUNNING  # alive: left alone
    logged = OrganiserAction.objects.get(action="job_requeued")
    assert (logged.tournament_id, logged.user_label) == (job.tournament_id, "Karlchen (job sweep)")


def test_the_sweep_fails_a_lost_job_out_of_attempts(settings, django_capture_on_commit_callbacks):
    settings.JOB_MAX_ATTEMPTS = 3
    job = seating_job(status=JobStatus.RUNNING, heartbeat_at=timezone.now() - LONG_AGO, attempts=3)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        assert sweep_jobs() == {"requeued": 0, "failed": 1}
    assert queued == []
    job.refresh_from_db()
    assert (job.status, job.error) == (JobStatus.FAILED, reason("worker_lost", attempts=3))
    assert job.finished_at is not None
    assert sweep_jobs() == {"requeued": 0, "failed": 0}  # a failed job stays failed


@pytest.mark.usefixtures("eager_celery")
def test_the_sweep_queues_a_job_pending_for_long_again(
    settings, django_capture_on_commit_callbacks
):
    settings.JOB_PENDING_SECONDS = 600
    job = seating_job(heartbeat_at=timezone.now() - timedelta(minutes=11))
    waiting = seating_job(heartbeat_at=timezone.now() - timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_jobs() == {"requeued": 1, "failed": 0}
    job.refresh_from_db()
    waiting.refresh_from_db()
    assert (job.status, waiting.status) == (JobStatus.DONE, JobStatus.PENDING)


def test_the_sweep_gives_up_a_job_no_worker_took(settings):
    settings.JOB_PENDING_SECONDS, settings.JOB_MAX_ATTEMPTS = 600, 3
    job = seating_job(heartbeat_at=timezone.now() - timedelta(minutes=11))
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=31))
    assert sweep_jobs() == {"requeued": 0, "failed": 1}
    job.refresh_from_db()
    assert (job.status, job.error) == (JobStatus.FAILED, reason("job_not_taken", minutes=30))
    assert "%(" not in job.error


@pytest.fixture
def queue_down():
    """Committed jobs' tasks wait in the outbox: none reaches the tests' Redis, where no worker
    would ever take it."""
    with broker_at(f"redis://127.0.0.1:{free_port()}/0"):
        yield


@pytest.mark.django_db(transaction=True)  # the heartbeat's thread sees what is committed
@pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends")
@pytest.mark.usefixtures("queue_down")
def test_a_heartbeat_whose_connection_the_server_dropped_beats_on(settings):
    """The server drops the heartbeat thread's connection (pg_terminate_backend, a restart, a
    pooler's server gone): the next beat connects anew. A heartbeat left on the dead connection
    fell silent, and the sweep ran a job that was still running a second time."""
    settings.JOB_HEARTBEAT_SECONDS = 0.1
    job = seating_job()

    def last_beat():
        return Job.objects.values_list("heartbeat_at", flat=True).get(pk=job.pk)

    def work(running: Job) -> dict:
        claimed = last_beat()
        wait_for(lambda: last_beat() > claimed, "a first heartbeat")
        with connection.cursor() as cursor:  # every backend of this database but the test's
            cursor.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            assert cursor.fetchone()[0] >= 1  # the heartbeat's
        dropped = timezone.now()
        wait_for(lambda: last_beat() > dropped, "a heartbeat after the connection was dropped")
        return {}

    run_job(job.pk, work, runner="delivery-1")
    job.refresh_from_db()
    assert (job.status, job.runner) == (JobStatus.DONE, "delivery-1")  # its one run finished it


def wait_for(condition, what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="terminates PostgreSQL backends")
@pytest.mark.usefixtures("queue_down")
def test_a_job_whose_database_connection_is_dropped_is_queued_again_and_finishes():
    """The server drops the connection in the middle of the work (a restart, a failover): the
    job is queued again and done, not failed as a crash the organiser must start again."""
    job = seating_job()
    runs = []

    def work(running: Job) -> dict:
        runs.append(running.attempts)
        if len(runs) == 1:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(pg_backend_pid())")
        return {"series": []}

    assert run_job(job.pk, work, runner="delivery-1") is None
    job.refresh_from_db()
    assert (job.status, job.error, job.attempts) == (JobStatus.PENDING, "", 1)
    assert OutboxMessage.objects.filter(key=f"job:{job.pk}").count() == 1  # queued again
    assert run_job(job.pk, work, runner="delivery-2") is not None  # the queued task runs
    job.refresh_from_db()
    assert (job.status, job.attempts, runs) == (JobStatus.DONE, 2, [1, 2])
