"""The printed door list: every player entered A–Z by surname, what is still to pay, a box to
tick, and each sign-up's check-in code as a QR code that reads back as the code."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from printing.domain.door_list import door_list
from signups.domain.checkin_code import checkin_code
from signups.domain.money import set_fee
from signups.domain.signups import Applicant, confirm, sign_up
from signups.models import SignUp
from tests.factories.documents import pdf_lines, qr_codes
from tests.factories.tournaments import ORGA
from tests.printing.domain.test_documents import generate
from tests.signups.conftest import announced
from tournaments.domain.entries import add_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


@pytest.fixture(autouse=True)
def _eager(eager_celery):
    return eager_celery


def entered(tournament, name, email, **fields):
    signup = sign_up(tournament, Applicant(name=name, email=email, **fields))
    confirm(signup)
    return SignUp.objects.select_related("entry").get(pk=signup.pk)


@pytest.fixture
def door():
    tournament = announced(fee=1_000, category_fees={"Jugend": 500})
    zoe = entered(tournament, "Zoë Müller", "zoe@example.org", category="Jugend")
    anna = entered(tournament, "Anna Schmidt", "anna@example.org")
    bernd = entered(tournament, "Bernd Albers", "bernd@example.org")
    set_fee(bernd.entry, "paid", by=ORGA)  # paid, and so checked in
    add_entry(tournament, name="Carl Otto", by=ORGA)  # entered at the desk: no sign-up, no code
    return tournament, {"zoe": zoe, "anna": anna, "bernd": bernd}


def test_the_lines_are_by_surname_with_what_is_still_to_pay(door):
    tournament, _ = door
    document = door_list(tournament)
    lines = [(line.name, line.category, line.due, line.checked_in) for line in document.lines]
    assert lines == [
        ("Albers, Bernd", "", 0, True),
        ("Müller, Zoë", "Jugend", 500, False),
        ("Otto, Carl", "", 1_000, False),
        ("Schmidt, Anna", "", 1_000, False),
    ]
    assert [bool(line.qr_code) for line in document.lines] == [True, True, False, True]
    assert document.categories


def test_the_list_is_read_in_a_fixed_number_of_queries(door):
    tournament, _ = door
    with CaptureQueriesContext(connection) as few:
        door_list(tournament)
    for n in range(5):
        entered(tournament, f"Neu {n}", f"neu{n}@example.org")
    with CaptureQueriesContext(connection) as more:
        door_list(tournament)
    assert len(more) == len(few)


def test_the_printed_codes_read_back_as_the_sign_ups_codes(door):
    tournament, signups = door
    files, result, _ = generate(tournament, kind="door_list")
    data = files["door-list.pdf"]
    assert result["pages"] == 1
    assert sorted(qr_codes(data)) == sorted(checkin_code(signup) for signup in signups.values())
    text = [" ".join(line.split()) for line in pdf_lines(data)[0]]
    assert any("Einlassliste" in line for line in text)
    assert "☐ 1 Müller, Zoë Jugend 5 €" in text
    assert "✔ 3 Albers, Bernd –" in text
