"""Open tournaments' test data: an announced tournament, sign-ups, mails sent after commits."""

import pytest

from signups.domain.settings import set_announcement
from signups.domain.signups import Applicant, sign_up
from tests.factories.tournaments import ORGA, tournament_with_players


@pytest.fixture(autouse=True)
def _eager(eager_celery):
    """Mails are sent by a task: at once, in the test's thread."""
    return eager_celery


def announced(cap=None, *, players=0, **settings):
    tournament, _ = tournament_with_players(players)
    set_announcement(tournament, by=ORGA, published=True, cap=cap, **settings)
    return tournament


def applicant(n, **fields):
    return Applicant(name=f"Anna {n}", email=f"anna{n}@example.org", **fields)


def signed_up(tournament, n, **fields):
    return sign_up(tournament, applicant(n, **fields), base_url="http://testserver")


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Run what waits for the commit (the mails) when the block ends."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
