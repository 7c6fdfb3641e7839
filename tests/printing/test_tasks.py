"""Seating and documents as background jobs, run by a real Celery worker (Redis under bin/test)."""

import time

import pytest
from celery.contrib.testing.worker import start_worker
from rest_framework.test import APIClient

from karlchen.celery import app
from scoring.domain.deals import record_deal
from seating.domain.jobs import run_seating_job, start_seating_job
from seating.models import Seat
from tests.factories.documents import pdf_lines, play_series, seated_series
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tests.scoring.domain.conftest import CAPTAIN, normal
from tournaments.enums import JobStatus, SeriesStatus
from tournaments.models import Job


@pytest.fixture
def celery_worker(transactional_db):
    """A worker thread on the configured broker: the task really travels through it."""
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        yield
    app.conf.task_always_eager = eager


def wait_for(client, url, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(url).json()
        if body["status"] in (JobStatus.DONE, JobStatus.FAILED):
            return body
        time.sleep(0.1)
    raise AssertionError(f"job not finished in {timeout} s: {body}")


def organiser_client():
    client = APIClient()
    client.force_authenticate(organiser())
    return client


def test_a_seating_job_runs_on_a_worker_and_seats_every_series(celery_worker):
    tournament, entries = tournament_with_players(16, series_count=3)
    client = organiser_client()
    started = client.post(
        f"/api/v1/tournaments/{tournament.pk}/seatings/",
        {"method": "plan", "seed": 7},
        format="json",
    )
    assert started.status_code == 202
    job = wait_for(client, started.json()["url"])
    assert (job["status"], job["progress"], job["error"]) == ("done", 100, "")
    assert job["result"]["series"] == [1, 2, 3]
    assert job["result"]["report"]["repeated_pairs"] == 0
    assert job["links"]["series 1"] == f"/api/v1/tournaments/{tournament.pk}/series/1/tables/"
    for series in tournament.series.all():
        assert (series.status, series.seating_method, series.seating_seed) == (
            SeriesStatus.SEATED,
            "plan",
            7,
        )
        assert sorted(
            Seat.objects.filter(series=series).values_list("entry_id", flat=True)
        ) == sorted(entry.pk for entry in entries)


def test_a_seating_that_cannot_be_done_leaves_the_job_failed_with_a_reason(celery_worker):
    tournament, _ = tournament_with_players(6)
    client = organiser_client()
    started = client.post(f"/api/v1/tournaments/{tournament.pk}/seatings/", {}, format="json")
    job = wait_for(client, started.json()["url"])
    assert job["status"] == "failed"
    assert job["error"]
    assert "%(" not in job["error"]


@pytest.mark.usefixtures("media_root")
def test_a_documents_job_runs_on_a_worker_and_stores_its_pdf(celery_worker):
    series, _ = seated_series((4, 4, 5))
    client = organiser_client()
    started = client.post(
        f"/api/v1/tournaments/{series.tournament_id}/documents/",
        {"kind": "score_sheets", "series": 1},
        format="json",
    )
    assert started.status_code == 202
    job = wait_for(client, started.json()["url"])
    assert (job["status"], job["progress"], job["error"]) == ("done", 100, "")
    (link,) = job["links"].values()
    pages = pdf_lines(b"".join(client.get(link).streaming_content))
    assert [lines[2] for lines in pages] == [f"Serie 1 · Tisch {n}" for n in (1, 2, 3)]


@pytest.mark.usefixtures("media_root")
def test_a_season_documents_job_runs_on_a_worker_and_stores_its_pdf(celery_worker):
    from tests.factories.seasons import season_with_evenings

    season, _tables, players = season_with_evenings(2)
    client = organiser_client()
    started = client.post(
        f"/api/v1/seasons/{season.pk}/documents/", {"kind": "season_sheets"}, format="json"
    )
    assert started.status_code == 202
    job = wait_for(client, started.json()["url"])
    assert (job["kind"], job["status"], job["error"]) == ("season_documents", "done", "")
    (link,) = job["links"].values()
    pages = pdf_lines(b"".join(client.get(link).streaming_content))
    assert sorted(lines[0] for lines in pages) == sorted(player.name for player in players)


@pytest.mark.django_db
def test_a_crash_leaves_the_job_failed_and_is_raised(monkeypatch):
    from seating.domain import jobs as seating_jobs

    def broken(*args, **kwargs):
        raise ZeroDivisionError

    monkeypatch.setattr(seating_jobs, "draw_seating", broken)
    tournament, _ = tournament_with_players(8)
    job = start_seating_job(tournament, by=ORGA, params={"method": "random", "seed": 1})
    job.params["language"] = "de"  # the job's language words its reason
    job.save(update_fields=["params"])
    with pytest.raises(ZeroDivisionError):
        run_seating_job(job.pk)
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.error.startswith("Der Auftrag ist mit einem internen Fehler abgebrochen")


@pytest.mark.django_db
def test_running_a_job_again_changes_nothing(django_capture_on_commit_callbacks):
    tournament, _ = tournament_with_players(8, series_count=2)
    job = start_seating_job(tournament, by=ORGA, params={"method": "random", "seed": 3})
    run_seating_job(job.pk)
    seats = list(Seat.objects.order_by("pk").values_list("pk", flat=True))
    assert run_seating_job(job.pk) is None
    assert list(Seat.objects.order_by("pk").values_list("pk", flat=True)) == seats
    assert run_seating_job(10**9) is None  # a job that is gone: logged, not raised


def seating_map():
    return {(s.series.number, s.table.number, s.position): s.entry_id for s in Seat.objects.all()}


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_seating_and_played_series_stay():
    tournament, _ = tournament_with_players(12, series_count=3)
    params = {"method": "plan", "seed": 11}
    run_seating_job(start_seating_job(tournament, by=ORGA, params=params).pk)
    first = seating_map()
    run_seating_job(start_seating_job(tournament, by=ORGA, params=params).pk)
    assert seating_map() == first  # a re-run replaces the draft with the same plan
    table = tournament.series.get(number=1).tables.first()
    record_deal(table, deal=normal([1, 2]), by=CAPTAIN)
    again = run_seating_job(start_seating_job(tournament, by=ORGA, params=params).pk)
    assert again.result["series"] == [2, 3]
    played = {key: entry for key, entry in seating_map().items() if key[0] == 1}
    assert played == {key: entry for key, entry in first.items() if key[0] == 1}


@pytest.mark.django_db
def test_only_organisers_start_and_read_jobs():
    tournament, _ = tournament_with_players(8)
    stranger = APIClient()
    assert stranger.post(f"/api/v1/tournaments/{tournament.pk}/seatings/", {}).status_code == 401
    job = Job.objects.create(tournament=tournament, kind="seating")
    assert stranger.get(f"/api/v1/jobs/{job.pk}/").status_code == 401
    assert APIClient().get("/api/v1/jobs/999999/").status_code == 404


@pytest.mark.django_db
def test_bad_seating_parameters_are_refused():
    tournament, _ = tournament_with_players(8)
    response = organiser_client().post(
        f"/api/v1/tournaments/{tournament.pk}/seatings/",
        {"method": "swiss", "seed": -1, "colour": "red"},
        format="json",
    )
    assert response.status_code == 400
    assert {(e["field"], e["code"]) for e in response.json()["errors"]} == {
        ("method", "invalid_choice"),
        ("seed", "min_value"),
        ("colour", "unknown_field"),
    }


@pytest.mark.django_db
def test_a_refused_seating_names_start_numbers_not_ids():
    from karlchen.refusals import Refused
    from seating.domain.seating import draw_seating

    tournament, entries = tournament_with_players(8, series_count=1)
    ids = [entry.pk for entry in entries]
    twice = [ids[:4], [ids[0], *ids[5:8]]]  # start number 1 twice, 5 left out
    with pytest.raises(Refused) as refused:
        draw_seating(tournament, method="fixed", seed=1, fixed=[twice])
    (problem,) = refused.value.problems
    assert (problem.code, problem.params) == ("fixed_twice", {"ids": "1"})


@pytest.fixture
def eager_celery():
    """Tasks run in the test's own thread (the worker itself is tested above)."""
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_celery", "media_root")
def test_organisers_print_the_evening_from_the_admin(
    admin_client, django_capture_on_commit_callbacks
):
    series, tables = seated_series((4,))
    play_series(tables[0], deals=4)
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/tournaments/tournament/",
            {"action": "print_documents_action", "_selected_action": [series.tournament_id]},
            follow=True,
        )
    assert response.status_code == 200
    jobs = Job.objects.filter(tournament=series.tournament).order_by("pk")
    assert [(job.params["kind"], job.status) for job in jobs] == [
        ("score_sheets", "done"),
        ("seating_list", "done"),
        ("standings", "done"),
        ("certificates", "done"),
    ]
    job_page = admin_client.get(f"/admin/tournaments/job/{jobs[0].pk}/change/")
    assert f"/api/v1/jobs/{jobs[0].pk}/files/score-sheets-series-1.pdf" in job_page.text


@pytest.mark.django_db
def test_the_admin_says_when_there_is_nothing_to_print(admin_client):
    tournament, _ = tournament_with_players(8)
    response = admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "print_documents_action", "_selected_action": [tournament.pk]},
        follow=True,
    )
    assert "keine Serie ist ausgelost" in response.text
    assert not Job.objects.exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("eager_celery")
def test_organisers_draw_a_seating_from_the_admin(admin_client, django_capture_on_commit_callbacks):
    tournament, _ = tournament_with_players(16, series_count=2)
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/tournaments/tournament/",
            {"action": "draw_seating_action", "_selected_action": [tournament.pk]},
            follow=True,
        )
    assert response.status_code == 200
    job = Job.objects.get(tournament=tournament)
    assert (job.status, job.result["series"]) == ("done", [1, 2])
    series = tournament.series.get(number=1)
    assert (series.seating_method, series.seating_report["repeated_pairs"]) == ("plan", 0)
