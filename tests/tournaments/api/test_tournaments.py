"""GET/POST /api/v1/tournaments/, GET/PATCH /api/v1/tournaments/{id}/."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole
from karlchen.actors import Actor
from tests.factories.api import client_for, codes, public_tournament
from tests.factories.tournaments import organiser, tournament_with_players
from tournaments.domain.tournaments import create_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/"
NEW = {"name": "Herbstturnier", "date": "2026-11-07", "venue": "Vereinsheim"}


def summary(tournament) -> dict:
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "start_time": None,
        "venue": tournament.venue,
        "club": tournament.club_id,
        "club_name": tournament.club.name if tournament.club else None,
        "region": tournament.region,
        "referee": tournament.referee,
        "game": tournament.game,
        "rules": tournament.rules,
        "series_count": tournament.series_count,
        "normal_deals": tournament.normal_deals,
        "compulsory_solos": tournament.compulsory_solos,
        "confirmation_required": tournament.confirmation_required,
        "entry_mode": tournament.entry_mode,
        "status": tournament.status,
        "ranking_tournament": tournament.ranking_tournament,
        "standings_public": tournament.standings_public,
        "standings_frozen_at": None,
        "protest_minutes": 30,
        "results_status": "provisional",
        "results_final_at": None,
    }


def test_the_public_sees_every_tournament_but_drafts(anonymous):
    public, _ = public_tournament(0, name="Offen")
    tournament_with_players(0, name="Entwurf")
    response = anonymous.get(URL)
    assert response.status_code == 200
    assert response.json() == [summary(public)]


def test_organisers_also_see_their_own_drafts_only(orga_client):
    public_tournament(0, name="Offen", date=datetime.date(2026, 12, 1))
    own, _ = tournament_with_players(0, name="Eigener Entwurf")
    create_tournament(
        by=Actor.of_user(organiser("andere")),
        name="Fremder Entwurf",
        date=datetime.date(2026, 1, 1),
    )
    body = orga_client.get(URL).json()
    assert [row["name"] for row in body] == ["Eigener Entwurf", "Offen"]
    assert body[0] == summary(own)


def test_a_logged_in_user_creates_a_tournament_and_organises_it():
    user = get_user_model().objects.create_user("neu")
    response = client_for(user).post(URL, {**NEW, "series_count": 2}, format="json")
    assert response.status_code == 201
    tournament = Tournament.objects.get()
    assert response.json() == {
        "id": tournament.pk,
        "name": "Herbstturnier",
        "date": "2026-11-07",
        "start_time": None,
        "venue": "Vereinsheim",
        "club": None,
        "club_name": None,
        "region": "",
        "referee": "",
        "game": "doppelkopf",
        "rules": {},
        "series_count": 2,
        "normal_deals": 20,
        "compulsory_solos": True,
        "confirmation_required": False,
        "entry_mode": "full",
        "status": "draft",
        "ranking_tournament": False,
        "standings_public": True,
        "standings_frozen_at": None,
        "protest_minutes": 30,
        "results_status": "provisional",
        "results_final_at": None,
    }
    assert list(tournament.organisers.all()) == [user]
    assert list(tournament.series.values_list("number", flat=True)) == [1, 2]


def test_a_schafkopf_tournament_gets_its_game_defaults(orga_client):
    body = orga_client.post(URL, {**NEW, "game": "schafkopf"}, format="json").json()
    assert (body["game"], body["normal_deals"], body["compulsory_solos"]) == (
        "schafkopf",
        32,
        False,
    )


def test_creating_needs_a_login(anonymous):
    response = anonymous.post(URL, NEW, format="json")
    assert response.status_code == 401
    assert codes(response) == [("body", "not_authenticated")]
    assert Tournament.objects.count() == 0


def test_a_rule_set_the_engine_refuses_names_the_option(orga_client):
    response = orga_client.post(URL, {**NEW, "rules": {"scoring": "skat"}}, format="json")
    assert response.status_code == 400
    assert codes(response) == [("rules.scoring", "invalid_option")]
    assert Tournament.objects.count() == 0


def test_bad_fields_are_refused_each_with_its_code(orga_client):
    body = {"name": "", "date": "7.11.2026", "series_count": 0, "colour": "blau"}
    response = orga_client.post(URL, body, format="json")
    assert response.status_code == 400
    assert sorted(codes(response)) == [
        ("colour", "unknown_field"),
        ("date", "invalid"),
        ("name", "blank"),
        ("series_count", "min_value"),
    ]


def test_a_public_tournament_reads_by_id(anonymous):
    tournament, _ = public_tournament(0)
    response = anonymous.get(f"{URL}{tournament.pk}/")
    assert (response.status_code, response.json()) == (200, summary(tournament))


def test_a_draft_is_not_found_by_the_public_but_by_its_organiser(anonymous, orga_client):
    tournament, _ = tournament_with_players(0)
    response = anonymous.get(f"{URL}{tournament.pk}/")
    assert response.status_code == 404
    assert codes(response) == [("body", "not_found")]
    assert orga_client.get(f"{URL}{tournament.pk}/").status_code == 200


@pytest.mark.parametrize("path", ["999999/", "99999999999999999999999/", "x/"])
def test_unknown_ids_are_404_in_the_error_format(anonymous, path):
    response = anonymous.get(URL + path)
    assert response.status_code == 404
    assert codes(response) == [("body", "not_found")]


def test_organisers_publish_a_draft(orga_client):
    tournament, _ = tournament_with_players(0)
    response = orga_client.patch(f"{URL}{tournament.pk}/", {"status": "open"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "open"
    tournament.refresh_from_db()
    assert tournament.status == "open"


def test_only_organisers_change_a_tournament(anonymous, stranger_client):
    tournament, _ = public_tournament(0)
    url = f"{URL}{tournament.pk}/"
    assert codes(anonymous.patch(url, {"status": "running"}, format="json")) == [
        ("body", "not_authenticated")
    ]
    refused = stranger_client.patch(url, {"status": "running"}, format="json")
    assert (refused.status_code, codes(refused)) == (403, [("body", "permission_denied")])
    tournament.refresh_from_db()
    assert tournament.status == "open"


def test_a_status_must_be_one_of_the_four(orga_client):
    tournament, _ = tournament_with_players(0)
    response = orga_client.patch(f"{URL}{tournament.pk}/", {"status": "done"}, format="json")
    assert (response.status_code, codes(response)) == (400, [("status", "invalid_choice")])


def test_a_token_login_works_for_scripts(anonymous):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=organiser())
    tournament, _ = tournament_with_players(0)
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert anonymous.get(f"{URL}{tournament.pk}/").status_code == 200


def test_an_unauthenticated_answer_names_the_scheme(anonymous):
    response = anonymous.post(URL, NEW, format="json")
    assert response.headers["WWW-Authenticate"] == "Token"


def test_the_host_club_region_and_referee_are_set_and_read(orga_client):
    club = Club.objects.create(name="Karo Dame Essen")
    ClubRole.objects.create(club=club, user=organiser(), role="organiser")
    response = orga_client.post(
        URL,
        {
            "name": "Ranglistenturnier",
            "date": "2026-03-07",
            "club": club.pk,
            "region": "Ruhrgebiet",
            "referee": "Erika Muster",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["club"], body["club_name"]) == (club.pk, "Karo Dame Essen")
    assert (body["region"], body["referee"]) == ("Ruhrgebiet", "Erika Muster")
    changed = orga_client.patch(f"{URL}{body['id']}/", {"region": "Westfalen"}, format="json")
    assert changed.status_code == 200
    assert (changed.json()["club"], changed.json()["region"]) == (club.pk, "Westfalen")
    # the club is its home (who runs it): moved only by someone who runs both clubs' tournaments
    other = Club.objects.create(name="Pik As Bochum")
    refused = orga_client.patch(f"{URL}{body['id']}/", {"club": other.pk}, format="json")
    assert codes(refused) == [("club", "club_not_allowed")]
    moved = orga_client.patch(f"{URL}{body['id']}/", {"club": None}, format="json")
    assert (moved.status_code, moved.json()["club"]) == (200, None)


def test_an_unknown_host_club_is_refused_by_its_field(orga_client):
    response = orga_client.post(
        URL, {"name": "X", "date": "2026-03-07", "club": 999999}, format="json"
    )
    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["club"]
    assert not Tournament.objects.filter(name="X").exists()


def test_a_start_time_is_set_read_changed_and_taken_away(orga_client):
    response = orga_client.post(URL, {**NEW, "start_time": "19:30"}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["start_time"] == "19:30"
    tournament = Tournament.objects.get(pk=body["id"])
    assert tournament.start_time == datetime.time(19, 30)
    changed = orga_client.patch(f"{URL}{body['id']}/", {"start_time": "18:00"}, format="json")
    assert (changed.status_code, changed.json()["start_time"]) == (200, "18:00")
    assert orga_client.get(f"{URL}{body['id']}/").json()["start_time"] == "18:00"
    cleared = orga_client.patch(f"{URL}{body['id']}/", {"start_time": None}, format="json")
    assert (cleared.status_code, cleared.json()["start_time"]) == (200, None)
    tournament.refresh_from_db()
    assert tournament.start_time is None


@pytest.mark.parametrize("wrong", ["7 pm", "25:00", "19:00:00", 1900, True, ""])
def test_a_start_time_not_written_hh_mm_is_refused_naming_the_field(orga_client, wrong):
    tournament, _ = tournament_with_players(0, start_time=datetime.time(19))
    response = orga_client.patch(f"{URL}{tournament.pk}/", {"start_time": wrong}, format="json")
    assert response.status_code == 400
    assert [field for field, _code in codes(response)] == ["start_time"]
    assert "hh:mm" in response.json()["errors"][0]["message"]
    tournament.refresh_from_db()
    assert tournament.start_time == datetime.time(19)  # nothing changed
