"""A player picked, not typed, at the desk: the search behind the player fields' combobox, and
the entries form that enters a known person by their id and makes a new person only after
"Create a new person?" was answered."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from karlchen.refusals import Refused
from people.models import Player
from signups.domain.settings import set_announcement
from signups.models import SignUp
from teams.models import Team
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.domain.entries import add_entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def earlier_and_new():
    """An evening the organiser ran with Jürgen Müller, and a new one without anybody."""
    earlier, entries = tournament_with_players(3, date=datetime.date(2026, 11, 1))
    Player.objects.filter(pk=entries[0].player_id).update(
        name="Jürgen Müller", member_number="D-4711", birth_year=1961
    )
    Player.objects.filter(pk=entries[1].player_id).update(name="Jürgen Müller", birth_year=1990)
    new, _ = tournament_with_players(0, name="Neuer Abend")
    return earlier, new, [entry.player for entry in entries]


def search(client, text):
    return client.get("/desk/people/search/", {"q": text})


def test_the_search_offers_the_known_people_with_what_tells_them_apart(earlier_and_new, desk):
    _earlier, _new, (elder, younger, _third) = earlier_and_new
    answer = search(desk, "mue")
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-store"
    assert answer.json()["results"] == [
        {
            "id": elder.pk,
            "name": "Jürgen Müller",
            "club": elder.club_name,
            "member_number": "D-4711",
            "birth_year": 1961,
            "namesake": True,
        },
        {
            "id": younger.pk,
            "name": "Jürgen Müller",
            "club": younger.club_name,
            "member_number": "",
            "birth_year": 1990,
            "namesake": True,
        },
    ]
    assert search(desk, "d-4711").json()["results"][0]["namesake"] is False  # one offered
    assert search(desk, "a\x07").status_code == 400


def test_the_search_is_the_signed_in_users_only(earlier_and_new, stranger):
    assert "/desk/login/" in search(Client(), "mue")["Location"]
    assert search(stranger, "mue").json() == {"results": []}


def test_a_known_person_is_picked_and_entered_not_made_again(earlier_and_new, desk):
    _earlier, new, (elder, _younger, _third) = earlier_and_new
    url = f"/desk/{new.pk}/entries/"
    answer = desk.post(url, {"name": "Jürgen Müller", "player": elder.pk})
    assert answer.status_code == 302
    assert list(new.entries.values_list("player_id", flat=True)) == [elder.pk]
    assert Player.objects.filter(name="Jürgen Müller").count() == 2  # no third


def test_a_typed_name_asks_first_and_offers_the_near_matches(earlier_and_new, desk):
    _earlier, new, (elder, younger, _third) = earlier_and_new
    url = f"/desk/{new.pk}/entries/"
    asked = desk.post(url, {"name": "Jürgen Mueller"})
    assert asked.status_code == 400
    form = asked.context["form"]
    assert form.asks_new_person
    assert [player.pk for player in form.near_matches] == [elder.pk, younger.pk]
    page = asked.content.decode()
    assert "Neue Person anlegen?" in page
    assert f'name="near" value="{elder.pk}"' in page
    assert "geb. 1961" in page  # namesakes are told apart by their year of birth
    assert not new.entries.exists()
    picked = desk.post(url, {"name": "Jürgen Mueller", "near": younger.pk})
    assert picked.status_code == 302
    assert list(new.entries.values_list("player_id", flat=True)) == [younger.pk]


def test_a_newcomer_is_made_once_the_question_is_answered(earlier_and_new, desk):
    _earlier, new, _players = earlier_and_new
    url = f"/desk/{new.pk}/entries/"
    asked = desk.post(url, {"name": "Zoe Neumann"})
    assert asked.status_code == 400
    assert asked.context["form"].near_matches == []
    assert "Niemand dieses Namens ist bekannt. Neue Person anlegen?" in asked.content.decode()
    assert not Player.objects.filter(name="Zoe Neumann").exists()
    made = desk.post(url, {"name": "Zoe Neumann", "new_person": "on"})
    assert made.status_code == 302
    assert Player.objects.filter(name="Zoe Neumann").count() == 1
    assert new.entries.get().player.name == "Zoe Neumann"


def test_a_known_member_number_needs_no_question(earlier_and_new, desk):
    _earlier, new, (elder, _younger, _third) = earlier_and_new
    answer = desk.post(f"/desk/{new.pk}/entries/", {"name": "J. Müller", "member_number": "D-4711"})
    assert answer.status_code == 302
    assert new.entries.get().player == elder


def test_a_person_out_of_reach_or_erased_is_not_entered(earlier_and_new, desk):
    _earlier, new, (elder, _younger, third) = earlier_and_new
    elsewhere, (other,) = tournament_with_players(1, name="Fremd")
    elsewhere.organisers.clear()
    Player.objects.filter(pk=third.pk).update(erased_at=timezone.now())
    url = f"/desk/{new.pk}/entries/"
    for player in (other.player, third):
        answer = desk.post(url, {"name": player.name, "player": player.pk})
        assert answer.status_code == 400
        assert answer.context["form"].errors["name"] == [
            "Diese Person ist hier nicht bekannt: bitte neu wählen."
        ]
    assert not new.entries.exists()
    with pytest.raises(Refused) as refusal:
        add_entry(new, by=ORGA, player=third)
    assert [(p.field, p.code) for p in refusal.value.problems] == [("player", "person_unknown")]
    entered = add_entry(new, by=ORGA, player=elder)
    assert entered.player == elder
    answer = desk.post(url, {"name": elder.name, "player": elder.pk})
    assert answer.status_code == 400
    assert answer.context["form"].errors["name"] == ["Jürgen Müller ist schon gemeldet."]


def test_the_entries_page_has_the_combobox_field(earlier_and_new, desk):
    _earlier, new, _players = earlier_and_new
    page = desk.get(f"/desk/{new.pk}/entries/").content.decode()
    assert 'data-person-search="/desk/people/search/"' in page
    assert "data-person-pick" in page
    assert "desk/person-pick.js" in page
    assert organiser()  # the page's user is the organiser who ran the earlier evening


def test_the_door_of_an_open_tournament_picks_a_known_person(earlier_and_new, desk, eager_celery):
    _earlier, new, (elder, _younger, _third) = earlier_and_new
    set_announcement(new, by=ORGA, published=True, cap=8, fee=1_000)
    url = f"/desk/{new.pk}/signups/"
    page = desk.get(url).content.decode()
    assert 'data-person-search="/desk/people/search/"' in page
    asked = desk.post(url, {"action": "add", "name": "Jürgen Müller", "email": "j@example.org"})
    assert asked.status_code == 400
    assert asked.context["add_form"].near_matches[0].pk == elder.pk
    picked = desk.post(
        url, {"action": "add", "name": "Jürgen Müller", "email": "j@example.org", "near": elder.pk}
    )
    assert picked.status_code == 302
    signup = SignUp.objects.get(tournament=new)
    assert signup.entry.player == elder
    assert (signup.name, signup.member_number, signup.email) == (
        "Jürgen Müller",
        "D-4711",
        "j@example.org",
    )
    assert Player.objects.filter(name="Jürgen Müller").count() == 2  # no third


def test_a_team_takes_a_known_person_entered_on_the_way(earlier_and_new, desk):
    _earlier, new, (elder, younger, _third) = earlier_and_new
    add_entry(new, by=ORGA, player=younger)  # number 1
    url = f"/desk/{new.pk}/teams/"
    assert 'data-person-search="/desk/people/search/"' in desk.get(url).content.decode()
    team = {"action": "create", "name": "Die Buben", "members": "1", "captain": "1"}
    answer = desk.post(url, team | {"player_name": "Jürgen Müller", "player": elder.pk})
    assert answer.status_code == 302
    entered = new.entries.get(player=elder)
    assert entered.start_number == 2
    members = Team.objects.get(tournament=new).members.order_by("entry__start_number")
    assert [(m.entry.player_id, m.captain) for m in members] == [
        (younger.pk, True),
        (elder.pk, False),
    ]
    # one already entered is only listed, not entered again
    again = desk.post(
        url,
        {
            "action": "update",
            "team": Team.objects.get().pk,
            "name": "Die Buben",
            "members": "1",
            "player_name": "Jürgen Müller",
            "player": younger.pk,
        },
    )
    assert again.status_code == 302
    assert new.entries.count() == 2
    assert Team.objects.get().members.count() == 1


def test_a_team_asks_before_it_makes_a_new_person_and_enters_nobody_when_refused(
    earlier_and_new, desk
):
    _earlier, new, _players = earlier_and_new
    url = f"/desk/{new.pk}/teams/"
    team = {"action": "create", "name": "Die Damen", "player_name": "Zoe Neumann"}
    asked = desk.post(url, team)
    assert asked.status_code == 400
    assert asked.context["team_form"].errors["player_name"]
    refused = desk.post(url, team | {"new_person": "on", "members": "7"})  # no number 7
    assert refused.status_code == 400
    assert refused.context["team_form"].errors["members"]
    assert not new.entries.exists()
    assert not Player.objects.filter(name="Zoe Neumann").exists()
    made = desk.post(url, team | {"new_person": "on"})
    assert made.status_code == 302
    assert Team.objects.get().members.get().entry.player.name == "Zoe Neumann"
    assert Player.objects.filter(name="Zoe Neumann").count() == 1
