"""The start time at the desk: typed on the new tournament's form, changed or taken away in the
set-up, refused in another form than HH:MM naming the field."""

import datetime

import pytest

from tests.desk.test_views import DDV_FORM
from tests.factories.tournaments import organiser
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    client.force_login(organiser())
    return client


def test_the_start_time_is_typed_at_the_desk_changed_and_taken_away(desk):
    assert desk.post("/desk/new/", {**DDV_FORM, "start_time": "19:30"}).status_code == 302
    tournament = Tournament.objects.get(name="Herbstturnier")
    assert tournament.start_time == datetime.time(19, 30)
    page = desk.get(f"/desk/{tournament.pk}/setup/").content.decode()
    assert 'type="time" name="start_time" value="19:30"' in page
    setup = f"/desk/{tournament.pk}/setup/"
    assert desk.post(setup, {**DDV_FORM, "start_time": "18:00"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.start_time == datetime.time(18)
    assert desk.post(setup, {**DDV_FORM, "start_time": ""}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.start_time is None


def test_a_start_time_that_is_no_time_is_refused_at_its_field(desk):
    response = desk.post("/desk/new/", {**DDV_FORM, "start_time": "abends"})
    assert response.status_code == 400
    assert "start_time" in response.context["form"].errors
    assert not Tournament.objects.exists()
