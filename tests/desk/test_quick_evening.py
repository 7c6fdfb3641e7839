"""A club evening in two minutes: quick entry chosen at the desk, inherited from the
season, and the overview's one taps to check everyone in and seat the next series."""

import pytest

from seasons.models import Season
from tests.desk.test_views import DDV_FORM
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import organiser, tournament_with_players
from tournaments.enums import SeriesStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    client.force_login(organiser())
    return client


def test_the_set_up_form_chooses_the_entry_mode(desk):
    desk.post("/desk/new/", {**DDV_FORM, "entry_mode": "points"})
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.entry_mode == "points"
    page = desk.get(f"/desk/{tournament.pk}/setup/").content.decode()
    assert 'name="entry_mode" value="points"' in page
    desk.post("/desk/new/", {**DDV_FORM, "name": "Ohne Wahl"})
    assert Tournament.objects.get(name="Ohne Wahl").entry_mode == "full"


def test_a_season_set_up_for_quick_entry_starts_its_evenings_so(desk):
    fields = {"name": "Jahreswertung", "game": "doppelkopf", "preset": "total"}
    fields |= {"series_count": "2", "normal_deals": "8", "entry_mode": "value"}
    assert desk.post("/desk/seasons/", fields).status_code == 302
    season = Season.objects.get()
    assert season.entry_mode == "value"
    desk.post(f"/desk/seasons/{season.pk}/", {"action": "new", "date": "2026-12-10"})
    evening = season.evenings.get().tournament
    assert (evening.entry_mode, evening.series_count, evening.normal_deals) == ("value", 2, 8)


def test_the_season_api_takes_the_entry_mode(client):
    client.force_login(organiser())
    body = {"name": "Pokal", "entry_mode": "points"}
    answer = client.post("/api/v1/seasons/", body, content_type="application/json")
    assert (answer.status_code, answer.json()["entry_mode"]) == (201, "points")
    wrong = client.post(
        "/api/v1/seasons/", {**body, "entry_mode": "x"}, content_type="application/json"
    )
    assert wrong.status_code == 400


def test_the_overview_checks_everyone_in_and_seats_series_one_with_one_tap(
    desk, eager_celery, django_capture_on_commit_callbacks
):
    tournament, _entries = tournament_with_players(8, name="Clubabend")
    overview = f"/desk/{tournament.pk}/"
    page = desk.get(overview).content.decode()
    assert "check-in-all" in page
    assert f"/desk/{tournament.pk}/series/1/seat/" not in page  # nobody is checked in yet
    answer = desk.post(f"/desk/{tournament.pk}/entries/check-in-all/", {"from": "evening"})
    assert answer["Location"] == overview
    assert not tournament.entries.filter(checked_in=False).exists()
    page = desk.get(overview).content.decode()
    assert "check-in-all" not in page
    assert f"/desk/{tournament.pk}/series/1/seat/" in page
    form = {"method": "plan", "separate_clubs": "first", "all_series": "on"}
    with django_capture_on_commit_callbacks(execute=True):
        desk.post(f"/desk/{tournament.pk}/series/1/seat/", form)
    statuses = set(tournament.series.values_list("status", flat=True))
    assert statuses == {SeriesStatus.SEATED}
    assert tournament.series.get(number=1).tables.count() == 2
    assert "/series/1/seat/" not in desk.get(overview).content.decode()  # series 1 is seated


def test_the_one_tap_seats_an_imported_plans_evening_by_the_fewest_repeats(desk):
    tournament, _entries = tournament_with_players(4, name="Plan", seating_method="fixed")
    tournament.entries.update(checked_in=True)
    page = desk.get(f"/desk/{tournament.pk}/").content.decode()
    assert 'name="method" value="plan"' in page


def test_a_season_evening_walks_from_start_to_seated(
    desk, eager_celery, django_capture_on_commit_callbacks
):
    season, _tables, _players = season_with_evenings(2)
    desk.post(f"/desk/seasons/{season.pk}/", {"action": "new", "date": "2026-03-04"})
    evening = season.evenings.get(tournament__date="2026-03-04").tournament
    desk.post(f"/desk/{evening.pk}/entries/check-in-all/", {"from": "evening"})
    with django_capture_on_commit_callbacks(execute=True):
        form = {"method": "plan", "separate_clubs": "first"}
        desk.post(f"/desk/{evening.pk}/series/1/seat/", form)
    assert evening.series.get(number=1).tables.count() == 1
