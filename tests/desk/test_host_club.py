"""The host club at the desk and through the API: the new-tournament form has one club field
(among the clubs where the user runs tournaments), Set-up shows it and moves the tournament for
someone who runs tournaments of both clubs, refused at the field otherwise; the tournament's
PATCH does the same."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.domain.clubs import create_club, set_role
from clubs.enums import ClubRoleKind
from tests.desk.test_views import DDV_FORM
from tests.factories.api import client_for, codes
from tests.factories.tournaments import ORGA
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna():
    return get_user_model().objects.create_user("anna")


@pytest.fixture
def clubs(anna):
    kreuz = create_club(by=ORGA, name="Kreuz As", admin=anna)
    pik = create_club(by=ORGA, name="Pik Dame")
    set_role(pik, anna, ClubRoleKind.ORGANISER, by=ORGA)
    herz = create_club(by=ORGA, name="Herz Zehn")  # not hers
    return kreuz, pik, herz


def desk_for(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_new_tournament_form_has_one_club_field_and_keeps_the_choice(anna, clubs):
    _kreuz, pik, herz = clubs
    desk = desk_for(anna)
    page = desk.get("/desk/new/").content.decode()
    assert page.count('name="club"') == 1
    assert "Pik Dame" in page
    assert "Herz Zehn" not in page
    desk.post("/desk/new/", {**DDV_FORM, "club": str(pik.pk)})
    assert Tournament.objects.get(name="Herbstturnier").club == pik
    refused = desk.post("/desk/new/", {**DDV_FORM, "name": "Fremd", "club": str(herz.pk)})
    assert refused.status_code == 400
    assert not Tournament.objects.filter(name="Fremd").exists()


def test_set_up_shows_the_host_club_and_moves_it_for_who_runs_both(anna, clubs):
    kreuz, pik, herz = clubs
    desk = desk_for(anna)
    desk.post("/desk/new/", {**DDV_FORM, "club": str(kreuz.pk)})
    tournament = Tournament.objects.get(name="Herbstturnier")
    settings = f"/desk/{tournament.pk}/setup/"
    page = desk.get(settings).content.decode()
    assert page.count('name="club"') == 1
    assert f'<option value="{kreuz.pk}" selected>Kreuz As</option>' in page
    moved = desk.post(settings, {**DDV_FORM, "club": str(pik.pk)})
    assert moved.status_code == 302
    tournament.refresh_from_db()
    assert tournament.club == pik
    refused = desk.post(settings, {**DDV_FORM, "name": "Anders", "club": str(herz.pk)})
    assert refused.status_code == 400  # not offered: not hers
    tournament.refresh_from_db()
    assert (tournament.club, tournament.name) == (pik, "Herbstturnier")


def test_set_up_shows_the_host_club_fixed_to_who_does_not_run_it(anna, clubs):
    kreuz, pik, _herz = clubs
    bert = get_user_model().objects.create_user("bert")
    tournament = Tournament.objects.create(name="Abend", date="2026-12-05", club=kreuz)
    tournament.organisers.add(bert)  # runs this one tournament, not the club
    desk = desk_for(bert)
    page = desk.get(f"/desk/{tournament.pk}/setup/").content.decode()
    assert 'name="club"' in page
    assert "disabled" in page.split('name="club"')[1].split(">")[0]
    desk.post(f"/desk/{tournament.pk}/setup/", {**DDV_FORM, "club": str(pik.pk)})
    tournament.refresh_from_db()
    assert tournament.club == kreuz


def test_the_api_moves_the_host_club_with_the_same_rule(anna, clubs):
    kreuz, pik, herz = clubs
    tournament = Tournament.objects.create(name="Abend", date="2026-12-05", club=kreuz)
    api = client_for(anna)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    answer = api.patch(url, {"club": herz.pk, "name": "Neu"}, format="json")
    assert answer.status_code == 400
    assert codes(answer) == [("club", "club_not_allowed")]
    tournament.refresh_from_db()
    assert (tournament.club, tournament.name) == (kreuz, "Abend")
    answer = api.patch(url, {"club": pik.pk, "name": "Neu"}, format="json")
    assert answer.status_code == 200
    assert (answer.json()["club"], answer.json()["name"]) == (pik.pk, "Neu")
    assert codes(api.patch(url, {"club": 424242}, format="json")) == [("club", "club_not_allowed")]
    answer = api.patch(url, {"club": None}, format="json")
    assert answer.json()["club"] is None
    tournament.refresh_from_db()
    assert tournament.organisers.filter(pk=anna.pk).exists()
