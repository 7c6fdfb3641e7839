"""Documents API: organisers start PDF jobs, follow them and download the files."""

import pytest
from django.utils import translation

from printing.domain.jobs import run_documents_job
from tests.factories.api import codes
from tests.factories.documents import pdf_pages, play_series, seated_series
from tournaments.models import Job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


@pytest.fixture
def series(orga):
    series, _ = seated_series((4, 4))
    series.tournament.organisers.add(orga)
    return series


def start(client, tournament, **body):
    return client.post(f"/api/v1/tournaments/{tournament.pk}/documents/", body, format="json")


def run(client, response):
    """Run the job the POST answered with (eagerly here; the worker is tested elsewhere)."""
    run_documents_job(response.json()["job"])
    return client.get(response.json()["url"]).json()


def test_an_organiser_prints_score_sheets_and_downloads_them(orga_client, series):
    started = start(orga_client, series.tournament, kind="score_sheets", series=1)
    assert started.status_code == 202
    job = run(orga_client, started)
    assert (job["kind"], job["status"], job["progress"], job["error"]) == (
        "documents",
        "done",
        100,
        "",
    )
    name = "score-sheets-series-1.pdf"
    (file,) = job["result"]["files"]
    assert (file["name"], file["pages"], job["result"]["pages"]) == (name, 2, 2)
    assert job["links"] == {name: f"/api/v1/jobs/{job['id']}/files/{name}"}
    download = orga_client.get(job["links"][name])
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert f'filename="{name}"' in download["Content-Disposition"]
    data = b"".join(download.streaming_content)
    assert len(data) == file["bytes"]
    assert data.startswith(b"%PDF")
    assert len(pdf_pages(data)) == 2


def test_captain_links_use_the_request_address_or_site_url(orga_client, series, settings):
    started = start(orga_client, series.tournament, kind="score_sheets", series=1)
    assert Job.objects.get(pk=started.json()["job"]).params["base_url"] == "http://testserver/"
    settings.SITE_URL = "https://karlchen.example.org"
    started = start(orga_client, series.tournament, kind="score_sheets", series=1)
    assert Job.objects.get(pk=started.json()["job"]).params["base_url"] == settings.SITE_URL


def test_documents_come_in_the_language_of_the_request(orga_client, series):
    started = orga_client.post(
        f"/api/v1/tournaments/{series.tournament.pk}/documents/",
        {"kind": "seating_list", "series": 1},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    job = run(orga_client, started)
    data = b"".join(orga_client.get(*job["links"].values()).streaming_content)
    assert "seating by table" in pdf_pages(data)[0]


def test_one_file_per_table_each_with_its_link(orga_client, series):
    job = run(
        orga_client,
        start(
            orga_client,
            series.tournament,
            kind="score_sheets",
            series=1,
            split="per_table",
            filled=True,
        ),
    )
    assert sorted(job["links"]) == [
        "score-sheets-series-1-filled-table-1.pdf",
        "score-sheets-series-1-filled-table-2.pdf",
    ]
    assert job["result"]["pages"] == 2


def test_only_organisers_start_jobs_and_download(orga_client, stranger_client, anonymous, series):
    tournament = series.tournament
    assert start(anonymous, tournament, kind="standings").status_code == 401
    # a draft, and a job is never public: as unknown to a stranger (docs/CLUBS.md)
    assert start(stranger_client, tournament, kind="standings").status_code == 404
    job = run(orga_client, start(orga_client, tournament, kind="standings"))
    (link,) = job["links"].values()
    assert anonymous.get(link).status_code == 401
    assert stranger_client.get(link).status_code == 404
    assert stranger_client.get(f"/api/v1/jobs/{job['id']}/").status_code == 404
    assert orga_client.get(link.replace("standings", "other")).status_code == 404
    assert orga_client.get(f"/api/v1/jobs/{job['id']}/files/..%2Fsecret.pdf").status_code == 404
    missing = orga_client.post("/api/v1/tournaments/999999/documents/", {"kind": "standings"})
    assert missing.status_code == 404


def test_a_job_shows_its_progress_while_it_runs(orga_client, series, monkeypatch):
    from printing.domain import documents

    seen = []
    original = documents.pdf.render_pages

    def watched(*args, progress=None, **kwargs):
        def report(done, total):
            progress(done, total)
            job = orga_client.get(f"/api/v1/jobs/{job_id}/").json()
            seen.append((job["status"], job["progress"], job["result"]))

        return original(*args, progress=report, **kwargs)

    monkeypatch.setattr(documents.pdf, "render_pages", watched)
    started = start(orga_client, series.tournament, kind="score_sheets", series=1)
    job_id = started.json()["job"]
    run(orga_client, started)
    assert seen == [("running", 99, {"done": 2, "total": 2})]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, [("kind", "required")]),
        ({"kind": "menu"}, [("kind", "invalid_choice")]),
        ({"kind": "standings", "colour": "red"}, [("colour", "unknown_field")]),
        ({"kind": "score_sheets", "series": "1"}, [("series", "invalid")]),
        ({"kind": "score_sheets", "series": 1, "filled": "yes"}, [("filled", "invalid")]),
        ({"kind": "certificates", "top": 0}, [("top", "min_value")]),
        ({"kind": "score_sheets", "series": 1, "split": "per_seat"}, [("split", "invalid_choice")]),
        ({"kind": "score_sheets"}, [("series", "series_required")]),
        ({"kind": "seating_list", "series": 7}, [("series", "series_unknown")]),
        ({"kind": "score_sheets", "series": 2}, [("series", "series_not_seated")]),
        ({"kind": "standings", "filled": True}, [("filled", "option_not_for_kind")]),
        ({"kind": "certificates"}, [("kind", "no_results")]),
    ],
)
def test_bad_requests_are_refused_with_codes(orga_client, series, body, expected):
    response = start(orga_client, series.tournament, **body)
    assert response.status_code == 400
    assert codes(response) == expected
    assert not Job.objects.filter(kind="documents").exists()


def test_refusals_speak_the_request_language(orga_client, series):
    with translation.override("de"):
        response = orga_client.post(
            f"/api/v1/tournaments/{series.tournament.pk}/documents/",
            {"kind": "standings", "top": 2},
            format="json",
            HTTP_ACCEPT_LANGUAGE="de",
        )
    (error,) = response.json()["errors"]
    assert error["message"] == "Diese Angabe gilt nicht für: Rangliste."


def test_a_job_whose_series_went_away_fails_with_a_reason(orga_client, series):
    started = start(orga_client, series.tournament, kind="seating_list", series=1)
    series.tables.all().delete()
    job = run(orga_client, started)
    assert job["status"] == "failed"
    assert job["error"] == "Serie 1 ist noch nicht ausgelost: bitte zuerst auslosen."
    assert job["links"] == {}


def test_certificates_after_deals(orga_client, series):
    play_series(series.tables.get(number=1), deals=5)
    job = run(orga_client, start(orga_client, series.tournament, kind="certificates", top=1))
    assert job["status"] == "done"
    assert list(job["links"]) == ["certificates-top-1.pdf"]
