"""Generated PDFs in an S3 bucket (``S3_BUCKET``: several web and worker machines see the same
files), against a real S3-compatible server on this machine (moto's server, over HTTP): the
settings' storage as the environment configures it, a documents job stored and downloaded, a
job run again replacing its file, a season's documents beside the tournaments'."""

import json
import socket
import uuid

import boto3
import pytest
from moto.server import ThreadedMotoServer

from printing.domain.jobs import run_documents_job, run_season_documents_job
from tests.factories.documents import pdf_lines, seated_series
from tests.factories.seasons import season_with_evenings
from tests.karlchen.test_settings import load_settings

pytestmark = pytest.mark.django_db

KEYS = {"S3_ACCESS_KEY_ID": "karlchen-test", "S3_SECRET_ACCESS_KEY": "not-a-secret"}
REGION = "eu-central-1"
STORAGE_PROBE = """
import json
from karlchen import settings as s
print(json.dumps(s.STORAGES["default"]))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def s3_server():
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=free_port(), verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def bucket(s3_server, settings):
    """A new bucket, and the default storage in it as the settings make it from S3_*."""
    name = f"karlchen-{uuid.uuid4().hex[:12]}"
    environment = {"S3_BUCKET": name, "S3_ENDPOINT_URL": s3_server, "S3_REGION": REGION, **KEYS}
    loaded = load_settings(STORAGE_PROBE, **environment)
    storage = json.loads(loaded.stdout)
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage", loaded.stderr
    client = boto3.client(
        "s3",
        endpoint_url=s3_server,
        region_name=REGION,
        aws_access_key_id=KEYS["S3_ACCESS_KEY_ID"],
        aws_secret_access_key=KEYS["S3_SECRET_ACCESS_KEY"],
    )
    client.create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION})
    settings.STORAGES = {**settings.STORAGES, "default": storage}
    return client, name


def stored_keys(bucket) -> list[str]:
    client, name = bucket
    return [item["Key"] for item in client.list_objects_v2(Bucket=name).get("Contents", [])]


def test_without_s3_bucket_files_stay_on_the_local_disk():
    storage = json.loads(load_settings(STORAGE_PROBE).stdout)
    assert storage == {"BACKEND": "django.core.files.storage.FileSystemStorage"}


def test_a_documents_job_stores_its_pdf_in_the_bucket_and_the_api_serves_it(
    bucket, orga, orga_client
):
    series, _ = seated_series((4, 4))
    series.tournament.organisers.add(orga)
    started = orga_client.post(
        f"/api/v1/tournaments/{series.tournament_id}/documents/",
        {"kind": "score_sheets", "series": 1},
        format="json",
    )
    run_documents_job(started.json()["job"])
    job = orga_client.get(started.json()["url"]).json()
    assert job["status"] == "done"
    name = "score-sheets-series-1.pdf"
    assert stored_keys(bucket) == [f"documents/tournament-{series.tournament_id}/{name}"]
    download = orga_client.get(job["links"][name])
    assert download["Content-Type"] == "application/pdf"
    pages = pdf_lines(b"".join(download.streaming_content))
    assert [lines[2] for lines in pages] == ["Serie 1 · Tisch 1", "Serie 1 · Tisch 2"]

    again = orga_client.post(
        f"/api/v1/tournaments/{series.tournament_id}/documents/",
        {"kind": "score_sheets", "series": 1},
        format="json",
    )
    run_documents_job(again.json()["job"])  # the same file again: replaced, not a second one
    assert stored_keys(bucket) == [f"documents/tournament-{series.tournament_id}/{name}"]


def test_a_seasons_documents_go_to_the_bucket_beside_the_tournaments(bucket, orga_client):
    season, _tables, _players = season_with_evenings(2)
    started = orga_client.post(
        f"/api/v1/seasons/{season.pk}/documents/", {"kind": "season_ranking"}, format="json"
    )
    run_season_documents_job(started.json()["job"])
    job = orga_client.get(started.json()["url"]).json()
    assert stored_keys(bucket) == [f"documents/season-{season.pk}/season-ranking.pdf"]
    (link,) = job["links"].values()
    (page,) = pdf_lines(b"".join(orga_client.get(link).streaming_content))
    assert page[0] == "Jahreswertung 2026"
