"""Check-in by the sign-up's code: one scan checks the player in and says what is still to
pay; an altered code, another tournament's, a second scan and a cancelled sign-up are refused
and change nothing."""

import pytest
from django.core import signing

from karlchen.refusals import Refused
from signups.domain.checkin import check_in_by_code
from signups.domain.checkin_code import SALT, checkin_code
from signups.domain.money import set_fee
from signups.domain.signups import cancel, confirm
from signups.enums import FeeMethod, FeeStatus
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tournaments.domain.entries import withdraw_entry
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def entered(tournament, n, **fields):
    signup = signed_up(tournament, n, **fields)
    confirm(signup)
    signup.refresh_from_db()
    return signup


def refusal_of(tournament, code):
    with pytest.raises(Refused) as refusal:
        check_in_by_code(tournament, code, by=ORGA)
    assert refusal.value.field == "code"
    return refusal.value


def test_a_scan_checks_the_player_in_says_what_is_due_and_is_logged():
    tournament = announced(fee=1_200, category_fees={"Jugend": 600})
    signup = entered(tournament, 1, category="Jugend")
    checked = check_in_by_code(tournament, checkin_code(signup), by=ORGA)
    assert (checked.name, checked.category, checked.due) == ("Anna 1", "Jugend", 600)
    assert checked.start_number == signup.entry.start_number
    signup.entry.refresh_from_db()
    assert signup.entry.checked_in
    actions = OrganiserAction.objects.filter(tournament=tournament)
    assert actions.filter(action="checked_in").count() == 1  # one scan, one entry


def test_a_fee_paid_ahead_by_transfer_leaves_nothing_to_pay():
    tournament = announced(fee=1_000)
    signup = entered(tournament, 1)
    set_fee(signup.entry, FeeStatus.PAID, by=ORGA, method=FeeMethod.TRANSFER)  # not checked in
    checked = check_in_by_code(tournament, checkin_code(signup), by=ORGA)
    assert checked.due == 0


def test_the_code_holds_nothing_personal():
    tournament = announced()
    signup = entered(tournament, 1)
    code = checkin_code(signup)
    assert code.split(":")[0] == f"{signup.pk}-{tournament.pk}"
    assert "Anna" not in code
    assert "example" not in code
    assert signup.token not in code


@pytest.mark.parametrize(
    "spoil",
    [
        lambda code: code[:-1] + ("A" if code[-1] != "A" else "B"),  # signature altered
        lambda code: "1" + code,  # another sign-up id under the same signature
        lambda code: "",
        lambda code: "hello",
        lambda code: code * 20,
        lambda code: signing.Signer(salt="another").sign(code.split(":")[0]),
        lambda code: signing.Signer(salt=SALT).sign("x-y"),
    ],
)
def test_a_wrong_code_is_refused_and_checks_nobody_in(spoil):
    tournament = announced()
    signup = entered(tournament, 1)
    assert refusal_of(tournament, spoil(checkin_code(signup))).code == "checkin_code_invalid"
    signup.entry.refresh_from_db()
    assert not signup.entry.checked_in


def test_a_code_of_another_tournament_is_refused():
    here, elsewhere = announced(), announced()
    signup = entered(elsewhere, 1)
    assert refusal_of(here, checkin_code(signup)).code == "checkin_code_foreign"
    signup.entry.refresh_from_db()
    assert not signup.entry.checked_in


def test_a_signed_code_of_a_sign_up_that_is_gone_is_refused():
    tournament = announced()
    code = signing.Signer(salt=SALT).sign(f"999999-{tournament.pk}")
    assert refusal_of(tournament, code).code == "checkin_code_invalid"


def test_a_second_scan_is_refused_as_used():
    tournament = announced()
    signup = entered(tournament, 1)
    check_in_by_code(tournament, checkin_code(signup), by=ORGA)
    refusal = refusal_of(tournament, checkin_code(signup))
    assert (refusal.code, refusal.params["name"]) == ("checkin_used", "Anna 1")
    assert OrganiserAction.objects.filter(action="checked_in").count() == 1


def test_a_cancelled_sign_up_is_refused():
    tournament = announced()
    signup = entered(tournament, 1)
    cancel(signup)
    assert refusal_of(tournament, checkin_code(signup)).code == "checkin_cancelled"


def test_a_sign_up_not_entered_is_refused_with_its_state():
    tournament = announced(cap=1)
    entered(tournament, 1)
    waiting = entered(tournament, 2)
    unconfirmed = signed_up(tournament, 3)
    for signup in (waiting, unconfirmed):
        refusal = refusal_of(tournament, checkin_code(signup))
        assert refusal.code == "checkin_not_entered"
        assert refusal.params["status"] == signup.get_status_display()


def test_a_withdrawn_player_is_refused():
    tournament = announced()
    signup = entered(tournament, 1)
    withdraw_entry(signup.entry, by=ORGA)
    assert refusal_of(tournament, checkin_code(signup)).code == "checkin_withdrawn"
