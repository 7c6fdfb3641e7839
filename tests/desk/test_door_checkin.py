"""The door's scan at the desk: a JSON POST with the CSRF token, like the fee's tap. It says who
was checked in and what is still to pay, or why not, in the organiser's language."""

import hashlib
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from signups.domain.checkin_code import checkin_code
from signups.domain.signups import cancel, confirm
from signups.models import SignUp
from tests.signups.conftest import announced, signed_up

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _eager(eager_celery):
    return eager_celery


def entered(tournament, n, **fields):
    signup = signed_up(tournament, n, **fields)
    confirm(signup)
    return SignUp.objects.select_related("entry").get(pk=signup.pk)


def scan(client, tournament, code, **headers):
    return client.post(
        f"/desk/{tournament.pk}/money/check-in/",
        {"code": code},
        HTTP_ACCEPT="application/json",
        **headers,
    )


def test_a_scan_checks_in_and_says_what_is_still_to_pay(desk):
    tournament = announced(fee=1_000, category_fees={"Jugend": 500})
    signup = entered(tournament, 1, category="Jugend")
    answer = scan(desk, tournament, checkin_code(signup))
    assert answer.status_code == 200
    body = answer.json()
    assert (body["ok"], body["name"], body["category"], body["due"]) == (
        True,
        "Anna 1",
        "Jugend",
        500,
    )
    assert body["entry_id"] == signup.entry_id
    assert body["message"] == "1. Anna 1 (Jugend) ist eingecheckt: noch 5 € zu zahlen."
    signup.entry.refresh_from_db()
    assert signup.entry.checked_in


def test_a_free_tournament_leaves_nothing_to_pay(desk):
    tournament = announced()
    answer = scan(desk, tournament, checkin_code(entered(tournament, 1)), HTTP_ACCEPT_LANGUAGE="en")
    assert answer.json()["message"] == "1. Anna 1 is checked in: nothing left to pay."


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("used", "Anna 1 ist bereits eingecheckt: Dieser Code wurde schon benutzt."),
        ("foreign", "Dieser Check-in-Code gehört zu einem anderen Turnier."),
        (
            "wrong",
            "Dies ist kein Check-in-Code der Anmeldungen dieses Turniers, oder er wurde verändert.",
        ),
        ("cancelled", "Die Anmeldung von Anna 1 wurde storniert: kein Check-in."),
    ],
)
def test_a_refused_scan_says_why_and_changes_nothing(desk, case, message):
    tournament = announced(fee=1_000)
    signup = entered(tournament, 1)
    code = checkin_code(signup)
    if case == "used":
        scan(desk, tournament, code)
    elif case == "foreign":
        code = checkin_code(entered(announced(), 2))
    elif case == "wrong":
        code = code[:-2] + "xx"
    else:
        cancel(signup)
    answer = scan(desk, tournament, code)
    assert answer.status_code == 400
    assert answer.json()["message"] == message
    assert answer.json()["ok"] is False
    signup.refresh_from_db()
    assert signup.entry is None or signup.entry.checked_in == (case == "used")


def test_without_the_script_the_outcome_is_a_message_on_the_door_list(desk):
    tournament = announced(fee=1_000)
    signup = entered(tournament, 1)
    page = desk.post(
        f"/desk/{tournament.pk}/money/check-in/", {"code": checkin_code(signup)}, follow=True
    )
    assert "1. Anna 1 ist eingecheckt: noch 10 € zu zahlen." in page.content.decode()
    page = desk.post(f"/desk/{tournament.pk}/money/check-in/", {"code": "nonsense"}, follow=True)
    assert "kein Check-in-Code" in page.content.decode()


def test_the_door_list_offers_the_scan_and_the_code_field(desk):
    tournament = announced()
    page = desk.get(f"/desk/{tournament.pk}/money/").content.decode()
    assert "data-door-scan" in page
    assert 'aria-live="polite"' in page
    assert "desk/door-scan.js" in page
    assert 'name="code"' in page


def test_only_organisers_may_check_in_and_only_with_the_csrf_token(orga, stranger):
    tournament = announced()
    code = checkin_code(entered(tournament, 1))
    assert scan(stranger, tournament, code).status_code in (403, 404)
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(orga)
    assert scan(checked, tournament, code).status_code == 403
    assert not SignUp.objects.get().entry.checked_in


def test_the_served_decoder_is_the_pinned_package_file():
    served = Path(settings.BASE_DIR) / "desk/static/desk/vendor/jsQR.js"
    package = Path(settings.BASE_DIR) / "node_modules/jsqr/dist/jsQR.js"
    if not package.exists():  # bin/test installs node_modules; a bare checkout lacks it
        pytest.fail("node_modules/jsqr is missing: run npm ci")
    assert (
        hashlib.sha256(served.read_bytes()).digest()
        == hashlib.sha256(package.read_bytes()).digest()
    )
