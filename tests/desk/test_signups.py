"""The desk's sign-up and money pages: settings, the list's actions, adding a player, the
fee at the door in one tap, the cash report, the payout table, the prize list as CSV."""

import pytest

from signups.domain.settings import set_announcement
from signups.domain.signups import confirm
from signups.models import Announcement, Fee, SignUp
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.teams.conftest import played_tournament
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _eager(eager_celery):
    return eager_celery


@pytest.fixture
def played():
    tournament, entries = played_tournament()
    set_announcement(tournament, by=ORGA, published=True, cap=8, fee=1_000)
    return tournament, entries


def test_the_settings_are_saved_from_the_form(desk, played):
    tournament, _ = played
    page = desk.post(
        f"/desk/{tournament.pk}/signups/",
        {
            "action": "settings",
            "published": "on",
            "cap": "40",
            "deadline": "2026-12-01T18:00",
            "approval": "organiser",
            "venue": "Krone",
            "contact": "orga@example.org",
            "fee": "7,50",
            "category_fees": "Jugend = 5\nDamen = 7,5",
        },
    )
    assert page.status_code == 302
    announcement = Announcement.objects.get(tournament=tournament)
    assert (announcement.cap, announcement.fee, announcement.approval) == (40, 750, "organiser")
    assert announcement.category_fees == {"Jugend": 500, "Damen": 750}
    assert announcement.deadline.isoformat() == "2026-12-01T17:00:00+00:00"  # 18:00 in Berlin


def test_a_bad_category_line_is_shown_at_its_field(desk, played):
    tournament, _ = played
    page = desk.post(
        f"/desk/{tournament.pk}/signups/",
        {"action": "settings", "approval": "automatic", "category_fees": "Jugend fünf"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 400
    assert "category_fees" in page.context["settings_form"].errors


def test_the_list_shows_each_section_and_its_actions_work(desk):
    tournament = announced(cap=1, players=1)  # signed up before the start
    waiting = signed_up(tournament, 1)
    confirm(waiting)  # the field (1 of 1) is full
    page = desk.get(f"/desk/{tournament.pk}/signups/")
    assert page.status_code == 200
    assert "Anna 1" in page.content.decode()
    desk.post(f"/desk/{tournament.pk}/signups/{waiting.pk}/", {"action": "to_list"})
    assert SignUp.objects.get(pk=waiting.pk).status == "accepted"
    desk.post(f"/desk/{tournament.pk}/signups/{waiting.pk}/", {"action": "cancel"})
    assert SignUp.objects.get(pk=waiting.pk).status == "cancelled"


def test_a_refused_action_is_told_not_crashed(desk):
    tournament = announced(cap=1, players=1)
    signup = signed_up(tournament, 1)
    confirm(signup)
    page = desk.post(
        f"/desk/{tournament.pk}/signups/{signup.pk}/", {"action": "approve"}, follow=True
    )
    assert page.status_code == 200
    assert SignUp.objects.get(pk=signup.pk).status == "waiting"


def test_a_player_added_at_the_desk_is_entered(desk, played):
    tournament, _ = played
    url = f"/desk/{tournament.pk}/signups/"
    newcomer = {"action": "add", "name": "Tresen", "club": "Gast"}
    asked = desk.post(url, newcomer)
    assert asked.status_code == 400
    assert "Neue Person anlegen?" in asked.content.decode()
    page = desk.post(url, newcomer | {"new_person": "on"})
    assert page.status_code == 302
    assert Entry.objects.filter(tournament=tournament, player__name="Tresen").exists()


def test_strangers_see_nothing(stranger, played):
    tournament, _ = played
    assert stranger.get(f"/desk/{tournament.pk}/signups/").status_code in (302, 403, 404)
    assert stranger.get(f"/desk/{tournament.pk}/money/").status_code in (302, 403, 404)


def test_one_tap_at_the_door_takes_the_fee_and_checks_in(desk, played):
    tournament, entries = played
    entry = entries[0]
    answer = desk.post(
        f"/desk/{tournament.pk}/money/{entry.pk}/",
        {"status": "paid"},
        HTTP_ACCEPT="application/json",
    )
    assert answer.json() == {
        "status": "paid",
        "method": "cash",
        "amount": 1_000,
        "checked_in": True,
    }
    assert Fee.objects.get(entry=entry).amount == 1_000
    page = desk.get(f"/desk/{tournament.pk}/money/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.context["report"].cash == 1_000
    assert "data-cash>10 €" in page.content.decode()


def test_the_payout_table_and_the_prize_list_as_csv(desk, played):
    tournament, entries = played
    for entry in entries:
        desk.post(f"/desk/{tournament.pk}/money/{entry.pk}/", {"status": "paid"})
    page = desk.post(
        f"/desk/{tournament.pk}/money/",
        {"mode": "percent", "shares": "50, 30, 20", "costs": "", "tie_share": "points"},
    )
    assert page.status_code == 302
    # as German Excel reads it, like the other exports: a BOM and semicolons
    csv = desk.get(f"/desk/{tournament.pk}/money/prizes.csv").content.decode("utf-8-sig")
    lines = csv.splitlines()
    assert lines[0] == (
        "place;start_number;name;club;total;prize_euros;shared_by;side_prize_category"
    )
    assert [line.split(";")[5] for line in lines[1:]] == ["32", "32", "8", "8"]


def test_side_prizes_per_category_from_the_desk(desk, played):
    tournament, entries = played
    set_announcement(tournament, by=ORGA, published=True, fee=1_000, category_fees={"Damen": 800})
    for number in (2, 5, 7):
        desk.post(
            f"/desk/{tournament.pk}/entries/{entries[number - 1].pk}/category/",
            {"category": "Damen"},
        )
    for entry in entries:
        desk.post(f"/desk/{tournament.pk}/money/{entry.pk}/", {"status": "paid"})
    form = {"mode": "fixed", "shares": "20", "costs": "", "tie_share": "ranking"}
    wrong = desk.post(
        f"/desk/{tournament.pk}/money/",
        {**form, "category_prizes": "Damen: zehn"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert wrong.status_code == 400
    assert "equals sign" in wrong.context["form"].errors["category_prizes"][0]
    unknown = desk.post(
        f"/desk/{tournament.pk}/money/",
        {**form, "category_prizes": "Herren = 10"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert unknown.context["form"].errors["category_prizes"] == [
        "The category “Herren” is not offered."
    ]
    saved = desk.post(f"/desk/{tournament.pk}/money/", {**form, "category_prizes": "Damen = 10, 5"})
    assert saved.status_code == 302
    assert Announcement.objects.get(tournament=tournament).category_prizes == {"Damen": [10, 5]}
    page = desk.get(f"/desk/{tournament.pk}/money/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "Side prizes: Damen" in text
    assert "Damen = 10, 5" in text  # the form shows what is saved
    side = page.context["prizes"].side[0]
    # Player 2 has the overall prize: Damen's go to 5 and 7
    assert [(p.start_number, p.euros) for p in side.prizes] == [(5, 10), (7, 5)]
    csv = desk.get(f"/desk/{tournament.pk}/money/prizes.csv").content.decode("utf-8-sig")
    assert csv.splitlines()[-2:] == [
        # each at the place in the category's ranking: Player 2 is its first
        f"2;5;{side.prizes[0].name};{side.prizes[0].club};1;10;1;Damen",
        f"3;7;{side.prizes[1].name};{side.prizes[1].club};-1;5;1;Damen",
    ]


def test_a_payout_over_100_percent_is_shown_at_its_field(desk, played):
    tournament, _ = played
    page = desk.post(
        f"/desk/{tournament.pk}/money/",
        {"mode": "percent", "shares": "80, 30", "tie_share": "points"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 400
    assert page.context["form"].errors["shares"] == [
        "The percentages add up to 110, more than 100."
    ]
