"""Password logins cannot be guessed: after a few failures an account from one address (the pair)
and an address (for any account) are locked out at every door (the desk's sign-in, the admin's,
HTTP Basic on the API) until the cool-off ends or someone releases them; both are logged. An
account is never locked as a whole: a stranger's wrong guesses at an organiser's name lock the
stranger's address, not the organiser at the desk.

The failures are counted by django-axes in the database (its ``AccessAttempt`` rows), so each
test starts with none. "Time passes" by moving those rows' time back, as the cool-off reads it.
"""

import base64
import datetime
import io
import logging

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import F
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories.tournaments import tournament_with_players

pytestmark = pytest.mark.django_db

PASSWORD = "richtig-und-lang-genug"
WRONG = "falsch"
LIMIT = settings.AXES_FAILURE_LIMIT
IN, REFUSED, LOCKED = "signed in", "refused", "locked out"


class Door:
    """One way to sign in with a password; ``attempt`` tells how it went."""

    def __init__(self, name: str, tournament):
        self.name, self.tournament = name, tournament

    def attempt(self, username: str, password: str, address: str = "10.0.0.1") -> str:
        self.last = response = getattr(self, self.name)(username, password, address)
        if response.status_code == 429:
            return LOCKED
        return IN if response.status_code in (200, 302) and self.signed_in(response) else REFUSED

    def desk(self, username, password, address):
        form = {"username": username, "password": password}
        return Client().post("/desk/login/", form, REMOTE_ADDR=address)

    def admin(self, username, password, address):
        form = {"username": username, "password": password, "next": "/admin/"}
        return Client().post("/admin/login/?next=/admin/", form, REMOTE_ADDR=address)

    def api(self, username, password, address):
        secret = base64.b64encode(f"{username}:{password}".encode()).decode()
        return APIClient().get(
            f"/api/v1/tournaments/{self.tournament.pk}/",  # a draft: its organisers only
            HTTP_AUTHORIZATION=f"Basic {secret}",
            REMOTE_ADDR=address,
        )

    def signed_in(self, response) -> bool:
        if self.name == "api":
            return response.status_code == 200
        return response.status_code == 302  # the form again (200) when refused


@pytest.fixture
def tournament():
    tournament, _ = tournament_with_players(4)  # a draft
    for username in ("anna", "bert"):
        user = get_user_model().objects.create_user(username, password=PASSWORD, is_staff=True)
        tournament.organisers.add(user)
    return tournament


@pytest.fixture(params=["desk", "admin", "api"])
def door(request, tournament):
    return Door(request.param, tournament)


def fail(door, times: int, username: str = "anna", address: str = "10.0.0.1") -> list[str]:
    return [door.attempt(username, WRONG, address) for _ in range(times)]


def time_passes(minutes: float) -> None:
    """Every recorded failure happened ``minutes`` earlier."""
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - datetime.timedelta(minutes=minutes)
    )


def test_settings_lock_after_five_failures_for_fifteen_minutes():
    assert LIMIT == 5
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"], "ip_address"]
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"


def test_the_right_password_still_signs_in_below_the_limit(door):
    assert fail(door, LIMIT - 1) == [REFUSED] * (LIMIT - 1)
    assert door.attempt("anna", PASSWORD) == IN


def test_wrong_passwords_then_the_right_one_is_refused(door):
    assert fail(door, LIMIT) == [REFUSED] * (LIMIT - 1) + [LOCKED]
    assert door.attempt("anna", PASSWORD) == LOCKED  # from that address


def test_a_storm_from_one_address_does_not_lock_the_organiser_out(door):
    """Anyone may type an organiser's name wrong as often as they like: their address is
    locked, the organiser signs in from hers."""
    storm = fail(door, 3 * LIMIT, "anna", "10.1.0.66")
    assert storm == [REFUSED] * (LIMIT - 1) + [LOCKED] * (2 * LIMIT + 1)
    assert door.attempt("anna", PASSWORD, "10.1.0.66") == LOCKED
    assert door.attempt("anna", PASSWORD, "10.1.0.7") == IN


def test_an_account_counts_per_address(door):
    """One guess from each of many addresses locks none of them: each pair and each address
    has one failure (guessing spread over many addresses meets the password's strength)."""
    tries = [door.attempt("anna", WRONG, f"10.1.1.{n}") for n in range(1, LIMIT + 2)]
    assert tries == [REFUSED] * (LIMIT + 1)
    assert door.attempt("anna", PASSWORD, "10.1.1.1") == IN


def test_an_address_is_locked_across_accounts(door):
    """One guess at each of many accounts (real or not) from one address: the address counts."""
    tries = [door.attempt(f"user{n}", WRONG, "10.2.0.1") for n in range(LIMIT)]
    assert tries == [REFUSED] * (LIMIT - 1) + [LOCKED]
    assert door.attempt("anna", PASSWORD, "10.2.0.1") == LOCKED
    assert door.attempt("anna", PASSWORD, "10.2.0.2") == IN  # anna herself is not locked


def test_the_doors_share_one_count(tournament):
    desk, admin, api = (Door(name, tournament) for name in ("desk", "admin", "api"))
    assert [desk.attempt("anna", WRONG), admin.attempt("anna", WRONG)] == [REFUSED, REFUSED]
    assert [api.attempt("anna", WRONG), desk.attempt("anna", WRONG)] == [REFUSED, REFUSED]
    assert api.attempt("anna", WRONG) == LOCKED
    assert [desk.attempt("anna", PASSWORD), admin.attempt("anna", PASSWORD)] == [LOCKED] * 2


def test_the_lock_ends_with_the_cool_off(door):
    fail(door, LIMIT)
    time_passes(14)
    assert door.attempt("anna", PASSWORD) == LOCKED
    time_passes(1.5)
    assert door.attempt("anna", PASSWORD) == IN


def test_retrying_while_locked_does_not_prolong_the_lock(door):
    fail(door, LIMIT)
    time_passes(10)
    assert fail(door, 3) == [LOCKED] * 3
    time_passes(6)
    assert door.attempt("anna", PASSWORD) == IN


def test_a_success_resets_no_count(door):
    """A login of one's own account clears neither the address's count (an attacker's own
    account) nor, from another address, the account's count."""
    fail(door, LIMIT - 1, "anna", "10.3.0.1")
    assert door.attempt("bert", PASSWORD, "10.3.0.1") == IN
    assert door.attempt("anna", PASSWORD, "10.3.0.2") == IN
    assert door.attempt("carl", WRONG, "10.3.0.1") == LOCKED  # the address's fifth failure
    assert door.attempt("bert", PASSWORD, "10.3.0.1") == LOCKED


def test_the_lockout_is_logged(door, caplog):
    with caplog.at_level(logging.WARNING, logger="karlchen.logins"):
        fail(door, LIMIT, "anna", "10.4.0.1")
    [line] = [r.getMessage() for r in caplog.records if r.name == "karlchen.logins"]
    assert line == (
        f"Login locked out after 5 failed attempts: username='anna' address=10.4.0.1 "
        f"path={door.last.wsgi_request.path}"
    )
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="karlchen.logins"):
        assert door.attempt("anna", PASSWORD, "10.4.0.1") == LOCKED
    [line] = [r.getMessage() for r in caplog.records if r.name == "karlchen.logins"]
    assert line.startswith("Login refused, locked out: username='anna' address=10.4.0.1")
    failures = AccessFailureLog.objects.filter(username="anna").order_by("attempt_time")
    assert [f.locked_out for f in failures] == [False] * (LIMIT - 1) + [True]


def test_old_failures_are_pruned_and_the_lock_stays(door, settings):
    """celery beat's daily task forgets failures older than LOGIN_FAILURE_LOG_DAYS; a lock
    still running is axes' AccessAttempt, which the pruning leaves alone."""
    from karlchen.tasks import task_prune_login_failures

    fail(door, LIMIT, "anna", "10.6.0.1")
    fail(door, 2, "bert", "10.6.0.2")
    old = timezone.now() - datetime.timedelta(days=settings.LOGIN_FAILURE_LOG_DAYS + 1)
    AccessFailureLog.objects.filter(username="anna").update(attempt_time=old)
    assert task_prune_login_failures() == LIMIT
    assert task_prune_login_failures() == 0  # idempotent
    assert list(AccessFailureLog.objects.values_list("username", flat=True)) == ["bert"] * 2
    assert door.attempt("anna", PASSWORD, "10.6.0.1") == LOCKED


def test_axes_reset_releases_the_lock_and_is_logged(door, caplog):
    fail(door, LIMIT, "anna", "10.5.0.1")
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="karlchen.logins"):
        call_command("axes_reset", stdout=io.StringIO())
    [line] = [r.getMessage() for r in caplog.records if r.name == "karlchen.logins"]
    assert line == "Login failures released: username='anna' address=10.5.0.1 (5 failed attempts)"
    assert door.attempt("anna", PASSWORD, "10.5.0.1") == IN


def test_axes_reset_username_releases_an_organiser(door):
    """What README.md tells an organiser locked out at their own desk: the site's administrator
    releases their name (from every address) with one command."""
    fail(door, LIMIT, "anna", "10.5.1.1")
    fail(door, LIMIT, "bert", "10.5.1.2")
    call_command("axes_reset_username", "anna", stdout=io.StringIO())
    assert door.attempt("anna", PASSWORD, "10.5.1.1") == IN
    assert door.attempt("bert", PASSWORD, "10.5.1.2") == LOCKED


def test_the_admin_shows_the_lockouts_and_releases_one(tournament, caplog):
    desk = Door("desk", tournament)
    fail(desk, LIMIT, "anna", "10.6.0.1")
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("chef"))
    listing = admin.get("/admin/axes/accessattempt/").content.decode()
    assert "anna" in listing
    assert "10.6.0.1" in listing
    assert admin.get("/admin/axes/accessfailurelog/").status_code == 200
    attempt = AccessAttempt.objects.get(username="anna")
    assert admin.get(f"/admin/axes/accessattempt/{attempt.pk}/change/").status_code == 200
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="karlchen.logins"):
        deleted = admin.post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302
    assert any("released: username='anna'" in r.getMessage() for r in caplog.records)
    assert desk.attempt("anna", PASSWORD, "10.6.0.1") == IN


def test_a_locked_out_api_client_gets_the_error_format(tournament):
    api = Door("api", tournament)
    fail(api, LIMIT)
    assert api.attempt("anna", PASSWORD) == LOCKED
    response = api.last
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "900"
    [error] = response.json()["errors"]
    assert (error["field"], error["code"]) == ("body", "locked_out")
    assert error["message"] == (  # German by default
        "Zu viele fehlgeschlagene Anmeldungen: Die Anmeldung ist für bis zu 15 Min. gesperrt. "
        "Der Administrator der Seite kann die Sperre früher aufheben."
    )


def test_captain_tokens_are_not_counted(tournament):
    """Table tokens are no passwords: wrong ones stay 401s, and a locked address keeps its
    captains."""
    from tests.factories.api import client_for
    from tests.factories.tournaments import seated_table

    fail(Door("desk", tournament), LIMIT, "anna", "10.7.0.1")
    table = seated_table(4)
    for _ in range(LIMIT + 2):
        wrong = APIClient().get(
            f"/api/v1/tables/{table.pk}/", HTTP_AUTHORIZATION="Table nope", REMOTE_ADDR="10.8.0.1"
        )
        assert wrong.status_code == 401
    captain = client_for(table=table)
    assert captain.get(f"/api/v1/tables/{table.pk}/", REMOTE_ADDR="10.7.0.1").status_code == 200
    assert not AccessAttempt.objects.filter(ip_address="10.8.0.1").exists()
