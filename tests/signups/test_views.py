"""The public pages: the announcement and its form (honeypot, rate limit, refusals at their
fields), the pages of the e-mailed links (confirm and cancel by POST only)."""

import re

import pytest
from django.conf import settings
from django.core import mail
from django.utils import translation

from signups.domain.settings import set_announcement
from signups.domain.signups import confirm
from signups.enums import SignUpStatus
from signups.models import SignUp
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up

pytestmark = pytest.mark.django_db


def form(n=1, **fields):
    return {"name": f"Anna {n}", "email": f"anna{n}@example.org", **fields}


def test_the_announcement_shows_what_a_player_needs(client):
    tournament = announced(
        cap=24,
        texts={"venue": "Gasthaus Krone, Hauptstr. 1", "contact": "turnier@example.org"},
        fee=1_050,
        category_fees={"Jugend": 500},
    )
    page = client.get(f"/t/{tournament.pk}/signup/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200
    for expected in (
        "Gasthaus Krone",
        "turnier@example.org",
        "10.50 €",
        "Jugend: 5 €",
        "24 places, 24 free",
    ):
        assert expected in text
    assert 'name="website"' in text  # the honeypot


def test_an_unannounced_tournament_has_no_sign_up_page(client):
    tournament = announced()
    set_announcement(tournament, by=ORGA, published=False)
    assert client.get(f"/t/{tournament.pk}/signup/").status_code == 404


def test_signing_up_mails_the_link_and_says_so(client, django_capture_on_commit_callbacks):
    tournament = announced()
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(f"/t/{tournament.pk}/signup/", form(), HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 302
    assert client.get(page["Location"]).status_code == 200
    signup = SignUp.objects.get()
    assert signup.language == "de"
    (message,) = mail.outbox
    assert message.subject == "Bitte bestätigen Sie Ihre Anmeldung: Vereinsturnier"
    assert message.body.startswith("Hallo Anna 1,")


def test_the_mails_speak_the_language_signed_up_in(client, django_capture_on_commit_callbacks):
    tournament = announced()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/t/{tournament.pk}/signup/", form(), HTTP_ACCEPT_LANGUAGE="en")
    with django_capture_on_commit_callbacks(execute=True):
        confirm(SignUp.objects.get())
    assert [m.subject for m in mail.outbox] == [
        "Please confirm your sign-up: Vereinsturnier",
        "You are entered: Vereinsturnier",
    ]
    assert "/cancel/" in mail.outbox[1].body


def test_refusals_are_shown_at_their_field(client):
    tournament = announced()
    signed_up(tournament, 1)
    page = client.post(
        f"/t/{tournament.pk}/signup/", form(email="ANNA1@example.org"), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 400
    assert page.context["form"].errors["email"] == [
        "Someone has signed up with this e-mail address already."
    ]


def test_the_honeypot_pretends_success_and_stores_nothing(client):
    tournament = announced()
    page = client.post(f"/t/{tournament.pk}/signup/", form(website="http://spam.example"))
    assert page.status_code == 302
    assert not SignUp.objects.exists()


def test_sign_ups_are_limited_per_address(client, settings):
    settings.SIGNUP_RATE_LIMIT = 2
    tournament = announced()
    address = {"REMOTE_ADDR": "203.0.113.77"}
    answers = [
        client.post(f"/t/{tournament.pk}/signup/", form(n), **address).status_code
        for n in range(1, 4)
    ]
    assert answers == [302, 302, 429]
    assert SignUp.objects.count() == 2


def test_the_confirm_link_acts_on_post_only(client):
    tournament = announced()
    signup = signed_up(tournament, 1)
    url = f"/signup/{signup.token}/confirm/"
    assert client.get(url).status_code == 200
    assert SignUp.objects.get().status == SignUpStatus.UNCONFIRMED  # a mail scanner's visit
    page = client.post(url, HTTP_ACCEPT_LANGUAGE="en")
    assert SignUp.objects.get().status == SignUpStatus.ACCEPTED
    assert "You are entered" in page.content.decode()


def test_cancelling_by_the_link_moves_the_waiting_list_up(client):
    tournament = announced(cap=1)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2)
    confirm(first)
    confirm(second)
    page = client.post(f"/signup/{first.token}/cancel/")
    assert page.status_code == 200
    statuses = dict(SignUp.objects.values_list("name", "status"))
    assert statuses == {"Anna 1": "cancelled", "Anna 2": "accepted"}


def test_a_cancelled_sign_up_cannot_be_confirmed_by_its_link(client):
    tournament = announced()
    signup = signed_up(tournament, 1)
    client.post(f"/signup/{signup.token}/cancel/")
    page = client.post(f"/signup/{signup.token}/confirm/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    assert "This sign-up was cancelled." in page.content.decode()


def test_an_unknown_link_is_not_found(client):
    assert client.get("/signup/nothing-here/confirm/").status_code == 404
    assert re.fullmatch(r"[\w-]{43}", SignUp().token)


def test_the_sent_page_takes_no_sign_up(client):
    tournament = announced()
    assert client.post(f"/t/{tournament.pk}/signup/sent/", form()).status_code == 405
    assert not SignUp.objects.exists()


def test_reading_an_unannounced_tournament_stores_nothing(client):
    from signups.models import Announcement
    from tests.factories.tournaments import tournament_with_players

    tournament, _ = tournament_with_players(0)
    assert client.get(f"/t/{tournament.pk}/signup/").status_code == 404
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/announcement/").status_code == 404
    assert not Announcement.objects.exists()


def test_a_player_who_cancelled_after_paying_signs_up_again_on_the_form(client):
    from signups.domain.money import set_fee

    tournament = announced()
    signup = signed_up(tournament, 1, member_number="D-77")
    confirm(signup)
    signup.refresh_from_db()
    set_fee(signup.entry, "paid", by=ORGA)
    client.post(f"/signup/{signup.token}/cancel/")
    page = client.post(
        f"/t/{tournament.pk}/signup/", form(1, member_number="D-77"), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 302, page.context["form"].errors
    again = SignUp.objects.exclude(pk=signup.pk).get()
    page = client.post(f"/signup/{again.token}/confirm/", HTTP_ACCEPT_LANGUAGE="en")
    assert "You are entered" in page.content.decode()
    again.refresh_from_db()
    assert again.entry.fee.status == "paid"


def started(players=4):
    """An announced tournament whose first series is seated: it has begun."""
    from seating.domain.seating import seat_series

    tournament = announced(players=players)
    entries = list(tournament.entries.all())
    seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    return tournament


def test_the_form_takes_no_sign_up_once_the_first_series_is_seated(client):
    tournament = started()
    page = client.post(f"/t/{tournament.pk}/signup/", form(), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    assert not SignUp.objects.exists()
    text = page.content.decode()
    assert "The tournament has begun: sign-up is closed." in text
    assert 'name="email"' not in text  # no form to fill in
    page = client.get(f"/t/{tournament.pk}/signup/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Das Turnier hat begonnen: Die Anmeldung ist geschlossen." in page.content.decode()


def test_the_form_takes_no_sign_up_once_the_results_are_final(client):
    from django.utils import timezone

    from tournaments.models import Tournament

    tournament = started()
    Tournament.objects.filter(pk=tournament.pk).update(results_final_at=timezone.now())
    page = client.post(f"/t/{tournament.pk}/signup/", form(), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    assert "The results are final: sign-up is closed." in page.content.decode()
    assert not SignUp.objects.exists()


def test_the_waiting_list_page_says_the_position_and_it_moves_up(client):
    tournament = announced(cap=1)
    first, second, third = (signed_up(tournament, n) for n in (1, 2, 3))
    for signup in (first, second, third):
        confirm(signup)
    page = client.get(f"/signup/{third.token}/confirm/").content.decode()
    assert "Sie stehen auf Platz 2 der Warteliste" in page
    english = client.get(f"/signup/{second.token}/confirm/", HTTP_ACCEPT_LANGUAGE="en")
    translation.activate(settings.LANGUAGE_CODE)  # the request left English on in this thread
    assert "You are number 1 on the waiting list" in english.content.decode()
    client.post(f"/signup/{second.token}/cancel/")
    page = client.get(f"/signup/{third.token}/confirm/").content.decode()
    assert "Sie stehen auf Platz 1 der Warteliste" in page
