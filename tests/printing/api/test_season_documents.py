"""A season's documents as jobs: organisers start them through the API (or the desk), follow
them at ``GET jobs/{id}/`` and download the PDF; the season's log notes them, strangers get
nothing, and the job sweep treats them like a tournament's."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from karlchen.models import OutboxMessage
from printing.domain.jobs import run_season_documents_job, start_season_documents_job
from seasons.domain.seasons import update_season
from seasons.models import SeasonAction
from tests.factories.api import codes
from tests.factories.documents import pdf_lines
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import ORGA
from tournaments.domain.jobs import sweep_jobs
from tournaments.enums import JobKind, JobStatus
from tournaments.models import Job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


@pytest.fixture
def season():
    season, _tables, _players = season_with_evenings(2)
    return season


def start(client, season, **body):
    return client.post(f"/api/v1/seasons/{season.pk}/documents/", body, format="json")


def run(client, response) -> dict:
    """Run the job the POST answered with (eagerly; the worker is tested in test_tasks.py)."""
    run_season_documents_job(response.json()["job"])
    return client.get(response.json()["url"]).json()


def download(client, job) -> list[list[str]]:
    (link,) = job["links"].values()
    answer = client.get(link)
    assert answer["Content-Type"] == "application/pdf"
    return pdf_lines(b"".join(answer.streaming_content))


def test_an_organiser_prints_the_season_ranking(orga_client, season):
    started = start(orga_client, season, kind="season_ranking")
    assert started.status_code == 202
    job = run(orga_client, started)
    assert (job["kind"], job["status"], job["progress"], job["error"]) == (
        "season_documents",
        "done",
        100,
        "",
    )
    (file,) = job["result"]["files"]
    assert (file["name"], file["pages"]) == ("season-ranking.pdf", 1)
    (page,) = download(orga_client, job)
    assert page[0] == "Jahreswertung 2026"
    (logged,) = SeasonAction.objects.filter(season=season, action="documents_started")
    assert logged.details == {"kind": "season_ranking"}


def test_season_sheets_of_one_player_or_of_everyone(orga_client, season):
    players = [
        row["player"] for row in orga_client.get(f"/api/v1/seasons/{season.pk}/ranking/").json()
    ]
    one = run(
        orga_client, start(orga_client, season, kind="season_sheets", player=players[1]["id"])
    )
    assert one["result"]["files"][0]["name"] == f"season-sheet-player-{players[1]['id']}.pdf"
    assert [page[0] for page in download(orga_client, one)] == [players[1]["name"]]
    every = run(orga_client, start(orga_client, season, kind="season_sheets"))
    assert every["result"]["pages"] == 4
    assert [page[0] for page in download(orga_client, every)] == [p["name"] for p in players]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, [("kind", "required")]),
        ({"kind": "standings"}, [("kind", "invalid_choice")]),
        ({"kind": "season_sheets", "player": "x"}, [("player", "invalid")]),
        ({"kind": "season_sheets", "player": 999999}, [("player", "no_season_result")]),
        ({"kind": "season_ranking", "player": 1}, [("player", "option_not_for_kind")]),
        ({"kind": "season_ranking", "colour": "red"}, [("colour", "unknown_field")]),
    ],
)
def test_bad_requests_are_refused_with_codes_and_start_nothing(orga_client, season, body, expected):
    answer = start(orga_client, season, **body)
    assert (answer.status_code, codes(answer)) == (400, expected)
    assert not Job.objects.exists()


def test_only_the_seasons_organisers_print_and_download(
    orga_client, stranger_client, anonymous, season
):
    assert start(anonymous, season, kind="season_ranking").status_code == 401
    assert start(stranger_client, season, kind="season_ranking").status_code == 403
    job = run(orga_client, start(orga_client, season, kind="season_ranking"))
    (link,) = job["links"].values()
    assert anonymous.get(link).status_code == 401
    # a job is never public: as unknown to a stranger (docs/CLUBS.md)
    assert stranger_client.get(link).status_code == 404
    assert stranger_client.get(f"/api/v1/jobs/{job['id']}/").status_code == 404
    assert orga_client.get(link.replace("ranking", "other")).status_code == 404
    update_season(season, by=ORGA, is_public=False)
    assert start(stranger_client, season, kind="season_ranking").status_code == 404
    assert (
        orga_client.post(
            "/api/v1/seasons/999999/documents/", {"kind": "season_ranking"}
        ).status_code
        == 404
    )


def test_a_job_of_a_deleted_season_is_followed_by_nobody(orga_client, season):
    job = run(orga_client, start(orga_client, season, kind="season_ranking"))
    season.delete()
    assert orga_client.get(f"/api/v1/jobs/{job['id']}/").status_code == 404


def test_the_sweep_queues_a_silent_season_job_again_and_notes_it_in_the_seasons_log(
    django_capture_on_commit_callbacks, monkeypatch
):
    from tournaments.domain import jobs

    season, _tables, _players = season_with_evenings(1)
    job = start_season_documents_job(
        season, by=ORGA, request={"kind": "season_ranking"}, language="de"
    )
    OutboxMessage.objects.filter(key=f"job:{job.pk}").delete()  # handed to the queue, then lost
    queued = []
    monkeypatch.setattr(jobs, "_enqueue", queued.append)  # what the sweep queues again
    long_ago = timezone.now() - timedelta(hours=2)
    Job.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, runner="gone", heartbeat_at=long_ago, attempts=1
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_jobs()["requeued"] == 1
    assert [queued_job.pk for queued_job in queued] == [job.pk]
    assert SeasonAction.objects.filter(season=season, action="job_requeued").count() == 1
    job = run_season_documents_job(job.pk, runner="delivery-2")
    assert job.status == JobStatus.DONE


def test_a_documents_job_needs_a_tournament_the_database_says():
    with pytest.raises(IntegrityError), transaction.atomic():
        Job.objects.create(kind=JobKind.DOCUMENTS, params={})
    Job.objects.create(kind=JobKind.SEASON_DOCUMENTS, params={})  # a season's: linked by seasons


def test_the_season_pdf_comes_in_the_language_of_the_request(orga_client, season):
    url = f"/api/v1/seasons/{season.pk}/documents/"
    for language, heading in (("en", "Season ranking"), ("de", "Jahreswertung")):
        started = orga_client.post(
            url, {"kind": "season_ranking"}, format="json", HTTP_ACCEPT_LANGUAGE=language
        )
        job = run(orga_client, started)
        assert Job.objects.get(pk=job["id"]).params["language"] == language
        with translation.override(language):
            (page,) = download(orga_client, job)
        assert any(heading in line for line in page)
