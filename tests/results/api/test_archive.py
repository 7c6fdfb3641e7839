"""POST /api/v1/tournaments/import/ and GET …/archive/: an archive in, a tournament out, or a
400 naming every problem's place in the file, with nothing created."""

import json

import pytest
from rest_framework.test import APIClient

from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from karlchen.actors import Actor, Role
from results.domain.archive import export_archive
from scoring.domain.deals import correct_deal
from tests.factories.documents import play_series, seated_series
from tests.factories.once import rolled_back
from tests.factories.tournaments import organiser, standing_figures
from tests.results.domain.test_archive import rows
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
URL = "/api/v1/tournaments/import/"
ORGA = Actor(user=None, label="orga", role=Role.ORGANISER)


@pytest.fixture(scope="module")
def evening(django_db_setup, django_db_blocker):
    """A four- and a five-table played through, one deal corrected: built once for the
    module's tests and rolled back at its end (what a test writes, its own savepoint takes
    back)."""
    with rolled_back(django_db_blocker):
        series, (four, five) = seated_series((4, 5))
        play_series(four, seed=7)
        play_series(five, seed=8)
        deal = four.deals.get(number=3)
        entered = dict(deal.current.input, re_points=deal.current.input["re_points"] // 2)
        correct_deal(four, 3, deal=entered, version=1, reason="verzählt", by=ORGA)
        yield series.tournament


@pytest.fixture
def client():
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(organiser("archivar"))
    return client


def post(client, body: bytes):
    return client.post(URL, data=body, content_type="application/json")


def exported(client, tournament) -> dict:
    tournament.organisers.add(organiser("archivar"))
    answer = client.get(f"/api/v1/tournaments/{tournament.pk}/archive/")
    assert answer.status_code == 200
    return answer.json()


def test_an_exported_archive_is_imported_and_its_tables_are_read(client, evening, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000  # the archive has its own, larger limit
    answer = post(client, json.dumps(exported(client, evening)).encode())
    assert answer.status_code == 201
    copy = Tournament.objects.get(pk=answer.json()["id"])
    assert standing_figures(copy) == standing_figures(evening)
    tables = client.get(f"/api/v1/tournaments/{copy.pk}/series/1/tables/")
    assert tables.status_code == 200
    assert [table["progress"]["complete"] for table in tables.json()["tables"]] == [True, True]
    copy.status = "running"
    copy.save(update_fields=["status"])
    public = APIClient().get(f"/api/v1/tournaments/{copy.pk}/series/1/tables/")
    assert public.status_code == 200


def hostile(archive: dict) -> list[bytes]:
    """Each of the files that main accepted or answered with a 500."""
    first = archive["series"][0]["tables"][0]["deals"][0]
    revision = first["revisions"][0]
    text = json.dumps(archive)
    files = {
        "deep": b'{"format": "karlchen-tournament", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "infinity": text.replace('"start_number": 1,', '"start_number": Infinity,', 1).encode(),
    }

    def changed(change) -> bytes:
        copy = json.loads(text)
        change(copy, copy["series"][0]["tables"][0]["deals"][0])
        return json.dumps(copy).encode()

    files["huge"] = changed(lambda a, d: a["entries"][0].update(start_number=10**30))
    files["series"] = changed(lambda a, d: a["series"][0].update(number=99))
    files["kind"] = changed(lambda a, d: d.update(kind="hacked"))
    zero = dict.fromkeys(revision["points"], 5)
    files["sum"] = changed(lambda a, d: d["revisions"][0].update(points=zero))
    flipped = {seat: -points for seat, points in revision["points"].items()}
    files["points"] = changed(lambda a, d: d["revisions"][0].update(points=flipped))
    files["deal"] = changed(lambda a, d: d["revisions"][0]["input"].update(re_points=300))
    files["standings"] = changed(lambda a, d: a.pop("standings"))
    assert first["kind"] != "hacked"
    return files


def test_every_hostile_file_is_a_400_with_its_place_and_creates_nothing(client, evening):
    files = hostile(exported(client, evening))
    expected = {
        "deep": ("archive", "archive_too_deep"),
        "infinity": ("archive", "archive_not_a_number"),
        "huge": ("entries.0.start_number", "archive_range"),
        "series": ("series.0.number", "archive_series_unknown"),
        "kind": ("series.0.tables.0.deals.0.kind", "archive_choice"),
        "sum": ("series.0.tables.0.deals.0.revisions.0.points", "archive_points_differ"),
        "points": ("series.0.tables.0.deals.0.revisions.0.points", "archive_points_differ"),
        "deal": ("series.0.tables.0.deals.0.revisions.0.input.re_points", "points_range"),
        "standings": ("standings", "archive_required"),
    }
    before = rows()
    for name, body in files.items():
        answer = post(client, body)
        assert answer.status_code == 400, name
        first = answer.json()["errors"][0]
        assert (first["field"], first["code"]) == expected[name], name
        assert first["message"] not in ("", first["code"])
    assert rows() == before


def test_the_errors_are_in_the_readers_language(client, evening):
    body = hostile(exported(client, evening))["kind"]
    answer = client.post(URL, data=body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
    assert (
        answer.json()["errors"][0]["message"] == "Der Wert ist keine der erlaubten Möglichkeiten."
    )


def test_an_archive_over_the_limit_is_refused_unparsed(client, settings):
    settings.ARCHIVE_MAX_BYTES = 100
    answer = post(client, b" " * 101)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "archive_too_large"


def test_only_logged_in_users_import_and_only_organisers_export(evening):
    anonymous = APIClient()
    assert anonymous.post(URL, data=b"{}", content_type="application/json").status_code == 401
    stranger = APIClient()
    stranger.force_authenticate(organiser("fremd"))
    # 403 for a public evening, 404 for a draft (as unknown to a stranger, docs/CLUBS.md)
    assert stranger.get(f"/api/v1/tournaments/{evening.pk}/archive/").status_code in (403, 404)
    assert export_archive(evening)["format"] == "karlchen-tournament"


def test_the_importer_chooses_the_club_of_the_copy(client, evening):
    """``?club=``: one of the importer's clubs, refused (and nothing created) otherwise."""
    body = json.dumps(exported(client, evening)).encode()
    theirs = Club.objects.create(name="Pik Dame Köln")
    mine = Club.objects.create(name="Kreuz Bube")
    ClubRole.objects.create(club=mine, user=organiser("archivar"), role=ClubRoleKind.ORGANISER)
    count = Tournament.objects.count()
    for club in (theirs.pk, "x", 10**20):
        refused = client.post(f"{URL}?club={club}", data=body, content_type="application/json")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["field"] == "club"
        assert refused.json()["errors"][0]["code"] == "club_not_allowed"
    assert Tournament.objects.count() == count
    placed = client.post(f"{URL}?club={mine.pk}", data=body, content_type="application/json")
    assert placed.status_code == 201
    assert Tournament.objects.get(pk=placed.json()["id"]).club == mine
    private = post(client, body)
    assert Tournament.objects.get(pk=private.json()["id"]).club is None
