"""The desk's seasons: set one up, add an evening, start the next one, take one out."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from seasons.models import Season, SeasonEvening
from tests.factories.seasons import cup_of_eight, season_with_evenings
from tests.factories.tournaments import organiser, tournament_with_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    client.force_login(organiser())
    return client


@pytest.fixture
def desk_en():
    """The desk in English: the tests read its words (German is the default)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    return client


def test_set_up_a_season(desk):
    assert desk.get("/desk/seasons/").status_code == 200
    answer = desk.post(
        "/desk/seasons/",
        {
            "name": "Vereinsmeisterschaft",
            "game": "doppelkopf",
            "preset": "average",
            "best": "20",
            "missed_zero": "on",
            "min_lists": "24",
            "is_public": "on",
            "series_count": "3",
            "normal_deals": "20",
        },
    )
    season = Season.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/desk/seasons/{season.pk}/"
    assert season.ranking_rule == {
        "preset": "average",
        "best": 20,
        "unit": "list",
        "missed": "zero",
        "min_lists": 24,
    }
    assert list(season.organisers.all()) == [organiser()]
    assert desk.post("/desk/seasons/", {"name": ""}).status_code == 400


def test_add_start_and_take_out_evenings(desk):
    season, _tables, _players = season_with_evenings(2)
    page = desk.get(f"/desk/seasons/{season.pk}/")
    assert page.status_code == 200
    assert "Clubabend 2" in page.content.decode()
    other, _entries = tournament_with_players(4, name="Pokalabend")
    answer = desk.post(
        f"/desk/seasons/{season.pk}/",
        {"action": "add", "tournament": other.pk, "ranking_tournament": "on"},
    )
    assert answer.status_code == 302
    assert SeasonEvening.objects.get(tournament=other).ranking_tournament
    answer = desk.post(f"/desk/seasons/{season.pk}/", {"action": "new", "date": "2026-03-04"})
    evening = SeasonEvening.objects.get(season=season, tournament__date="2026-03-04").tournament
    assert answer["Location"] == f"/desk/{evening.pk}/entries/"
    assert evening.entries.count() == 4
    # taking an evening out asks first (a page of its own, no script needed)
    answer = desk.post(f"/desk/seasons/{season.pk}/", {"action": "remove", "tournament": other.pk})
    assert answer.status_code == 200
    assert "„Pokalabend“ aus der Saison herausnehmen?" in answer.content.decode()
    assert SeasonEvening.objects.filter(tournament=other).exists()
    removal = {"action": "remove", "tournament": other.pk, "confirmed": "yes"}
    answer = desk.post(f"/desk/seasons/{season.pk}/", removal)
    assert answer.status_code == 302
    assert not SeasonEvening.objects.filter(tournament=other).exists()
    assert (
        desk.post(
            f"/desk/seasons/{season.pk}/", {"action": "remove", "tournament": other.pk}
        ).status_code
        == 400
    )
    assert (
        desk.post(
            f"/desk/seasons/{season.pk}/", {"action": "remove", "tournament": "x"}
        ).status_code
        == 400
    )
    assert (
        desk.post(f"/desk/seasons/{season.pk}/", {"action": "new", "date": "x"}).status_code == 400
    )
    assert desk.post(f"/desk/seasons/{season.pk}/", {"action": "add"}).status_code == 400
    assert desk.post(f"/desk/seasons/{season.pk}/", {"action": "dance"}).status_code == 400


def test_only_the_seasons_organisers(client):
    season, _tables, _players = season_with_evenings(1)
    client.force_login(get_user_model().objects.create_user("fremd"))
    assert client.get(f"/desk/seasons/{season.pk}/").status_code == 403
    client.logout()
    assert client.get(f"/desk/seasons/{season.pk}/").status_code == 302


def test_create_the_cup_final_at_the_desk(desk_en):
    season, ranked = cup_of_eight(cup_places=2)
    page = desk_en.get(f"/desk/seasons/{season.pk}/").content.decode()
    assert "Create the final" in page
    answer = desk_en.post(f"/desk/seasons/{season.pk}/", {"action": "final"})
    season.refresh_from_db()
    assert answer.status_code == 302
    assert answer["Location"] == f"/desk/{season.individual_cup.final.pk}/entries/"
    assert [
        e.player for e in season.individual_cup.final.entries.order_by("start_number")
    ] == ranked[:2]
    page = desk_en.get(f"/desk/seasons/{season.pk}/").content.decode()
    assert "Create the final" not in page
    assert "Pokal 2026: final" in page
    again = desk_en.post(f"/desk/seasons/{season.pk}/", {"action": "final"})
    assert again.status_code == 400
    assert "has its final already" in again.content.decode()


def test_a_season_that_is_no_cup_offers_no_final(desk_en):
    season, _tables, _players = season_with_evenings(1)
    assert "Create the final" not in desk_en.get(f"/desk/seasons/{season.pk}/").content.decode()
    answer = desk_en.post(f"/desk/seasons/{season.pk}/", {"action": "final"})
    assert answer.status_code == 400
    assert "This season is no cup" in answer.content.decode()


@pytest.mark.usefixtures("media_root", "eager_celery")
def test_print_and_export_the_season_at_the_desk(desk, client, django_capture_on_commit_callbacks):
    from seasons.models import SeasonAction
    from tests.factories.documents import pdf_lines

    season, _tables, players = season_with_evenings(2)
    url = f"/desk/seasons/{season.pk}/"
    page = desk.get(url).content.decode()
    assert 'name="kind" value="season_ranking"' in page
    assert f'<option value="{players[0].pk}">Spieler 1</option>' in page
    with django_capture_on_commit_callbacks(execute=True):  # the jobs run (eagerly) on commit
        started = desk.post(url, {"action": "print", "kind": "season_ranking"})
        desk.post(url, {"action": "print", "kind": "season_sheets", "player": players[1].pk})
    assert (started.status_code, started["Location"]) == (302, url + "#print")
    page = desk.get(url).content.decode()
    ranking = "/files/season-ranking.pdf"
    sheet = f"/files/season-sheet-player-{players[1].pk}.pdf"
    links = [line for line in page.splitlines() if "/api/v1/jobs/" in line and "href" in line]
    assert any(ranking in line for line in links)
    assert any(sheet in line for line in links)
    ranking_job, sheet_job = season.job_links.order_by("job_id")
    answer = desk.get(f"/api/v1/jobs/{ranking_job.job_id}/files/season-ranking.pdf")
    assert pdf_lines(b"".join(answer.streaming_content))[0][0] == "Jahreswertung 2026"
    answer = desk.get(f"/api/v1/jobs/{sheet_job.job_id}{sheet}")
    assert [page[0] for page in pdf_lines(b"".join(answer.streaming_content))] == ["Spieler 2"]
    assert desk.post(url, {"action": "print", "kind": "other"}).status_code == 400
    assert (
        desk.post(url, {"action": "print", "kind": "season_sheets", "player": "x"}).status_code
        == 400
    )
    refused = desk.post(url, {"action": "print", "kind": "season_sheets", "player": 99999})
    assert refused.status_code == 400
    assert season.job_links.count() == 2
    export = desk.get(f"/desk/seasons/{season.pk}/export/xlsx/")
    assert export.status_code == 200
    assert export["Content-Type"].startswith("application/vnd.openxmlformats")
    assert SeasonAction.objects.filter(season=season, action="exported").count() == 1
    assert desk.get(f"/desk/seasons/{season.pk}/export/pdf/").status_code == 404
    stranger = get_user_model().objects.create_user("fremd")
    client.force_login(stranger)
    assert client.post(url, {"action": "print", "kind": "season_ranking"}).status_code == 403
    assert client.get(f"/desk/seasons/{season.pk}/export/csv/").status_code == 403


def test_export_and_import_a_season_archive_at_the_desk(desk_en):
    from django.core.files.uploadedfile import SimpleUploadedFile

    season, _tables, _players = season_with_evenings(2)
    page = desk_en.get(f"/desk/seasons/{season.pk}/").content.decode()
    assert f"/desk/seasons/{season.pk}/archive/" in page
    archive = desk_en.get(f"/desk/seasons/{season.pk}/archive/")
    assert "jahreswertung-2026-archive.json" in archive["Content-Disposition"]
    assert "/desk/seasons/import/" in desk_en.get("/desk/seasons/").content.decode()
    upload = SimpleUploadedFile("season.json", archive.content, "application/json")
    answer = desk_en.post("/desk/seasons/import/", {"file": upload})
    copy = Season.objects.exclude(pk=season.pk).get()
    assert answer["Location"] == f"/desk/seasons/{copy.pk}/"
    assert copy.evenings.count() == 2
    broken = SimpleUploadedFile("season.json", b'{"format": "x"}', "application/json")
    answer = desk_en.post("/desk/seasons/import/", {"file": broken})
    assert answer.status_code == 400
    assert "not a Karlchen season archive" in answer.content.decode()


def test_the_desk_imports_a_season_into_one_of_the_users_clubs(desk_en):
    from django.core.files.uploadedfile import SimpleUploadedFile

    theirs = Club.objects.create(name="Pik Dame Köln")
    season, _tables, _players = season_with_evenings(1, club=theirs)
    content = desk_en.get(f"/desk/seasons/{season.pk}/archive/").content
    mine = Club.objects.create(name="Kreuz Bube")
    ClubRole.objects.create(club=mine, user=organiser(), role=ClubRoleKind.ORGANISER)
    form = desk_en.get("/desk/seasons/").content.decode()
    assert f'<option value="{mine.pk}" selected>Kreuz Bube</option>' in form  # the one club
    assert f'<option value="{theirs.pk}"' not in form
    upload = SimpleUploadedFile("season.json", content, "application/json")
    desk_en.post("/desk/seasons/import/", {"file": upload, "club": theirs.pk})  # not offered
    assert Season.objects.filter(club=theirs).count() == 1
    upload = SimpleUploadedFile("season.json", content, "application/json")
    answer = desk_en.post("/desk/seasons/import/", {"file": upload, "club": mine.pk})
    copy = Season.objects.get(club=mine)
    assert answer["Location"] == f"/desk/seasons/{copy.pk}/"
