"""Two phones scan the same code at the same moment: the player is checked in once, the other
scan is refused as used (real transactions in threads, on PostgreSQL and on a SQLite file:
tests/test_embedded_races.py)."""

import pytest

from karlchen.refusals import Refused
from signups.domain.checkin import check_in_by_code
from signups.domain.checkin_code import checkin_code
from signups.domain.signups import confirm
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.signups.test_concurrency import at_once
from tournaments.models import OrganiserAction

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.writers_at_once,
]


def test_two_scans_at_once_check_in_once():
    tournament = announced(fee=1_000)
    signup = signed_up(tournament, 1)
    confirm(signup)
    code = checkin_code(signup)
    outcomes = []

    def scan():
        try:
            outcomes.append(check_in_by_code(tournament, code, by=ORGA).due)
        except Refused as refusal:
            outcomes.append(refusal.code)

    at_once([scan, scan, scan])
    assert sorted(outcomes, key=str) == [1_000, "checkin_used", "checkin_used"]
    assert OrganiserAction.objects.filter(action="checked_in").count() == 1
