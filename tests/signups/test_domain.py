"""Sign-up at the domain: the form's checks, confirmation, the cap and the waiting list moving
up, cancellation, the organisers' approving, moving and adding, the mails and the log."""

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from karlchen.refusals import Refused
from signups.domain.mails import MAX_ATTEMPTS, send_mail, send_unsent
from signups.domain.settings import set_announcement
from signups.domain.signups import (
    Applicant,
    add_signup,
    approve,
    cancel,
    confirm,
    move_to_list,
    move_to_waiting,
    places_left,
    sign_up,
)
from signups.enums import Approval, SignUpStatus
from signups.models import EntryCategory, Mail, SignUp
from signups.tasks import send_unsent_mails_task
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tournaments.domain.entries import add_entry
from tournaments.models import Entry, OrganiserAction

pytestmark = pytest.mark.django_db


def problems(call):
    with pytest.raises(Refused) as refusal:
        call()
    return [(p.field, p.code) for p in refusal.value.problems]


def statuses(tournament):
    return [s.status for s in SignUp.objects.filter(tournament=tournament).order_by("pk")]


def test_a_sign_up_waits_for_its_e_mail_and_holds_no_place(commits):
    tournament = announced(cap=2)
    with commits():
        signup = signed_up(tournament, 1, club=" Herz  As ")
    assert signup.status == SignUpStatus.UNCONFIRMED
    assert signup.club == "Herz As"
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert places_left(tournament) == 2
    (message,) = mail.outbox
    assert message.to == ["anna1@example.org"]
    assert f"http://testserver/signup/{signup.token}/confirm/" in message.body


def test_confirming_enters_the_player_once(commits):
    tournament = announced(cap=2)
    signup = signed_up(tournament, 1, member_number="D-123")
    with commits():
        confirm(signup)
    signup.refresh_from_db()
    assert signup.status == SignUpStatus.ACCEPTED
    assert signup.entry.player.member_number == "D-123"
    assert signup.entry.start_number == 1
    assert confirm(signup).status == SignUpStatus.ACCEPTED  # the link is used up
    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert places_left(tournament) == 1


def test_the_cap_fills_then_the_waiting_list_moves_up_on_a_cancellation(commits):
    tournament = announced(cap=2)
    signups = [signed_up(tournament, n) for n in range(1, 5)]
    for signup in signups:
        confirm(signup)
    assert statuses(tournament) == ["accepted", "accepted", "waiting", "waiting"]
    mail.outbox.clear()
    with commits():
        cancel(signups[0])
    assert statuses(tournament) == ["cancelled", "accepted", "accepted", "waiting"]
    assert not Entry.objects.filter(player__name="Anna 1").exists()  # played nothing: gone
    subjects = sorted((m.to[0], m.subject) for m in mail.outbox)
    assert [to for to, _ in subjects] == ["anna1@example.org", "anna3@example.org"]
    moved = OrganiserAction.objects.filter(tournament=tournament, action="signup_moved_up")
    assert [a.details["name"] for a in moved] == ["Anna 3"]


def test_entries_added_at_the_desk_hold_places_too():
    tournament = announced(cap=1)
    add_entry(tournament, by=ORGA, name="Vom Tresen")
    signup = signed_up(tournament, 1)
    confirm(signup)
    assert SignUp.objects.get(pk=signup.pk).status == SignUpStatus.WAITING


def test_raising_the_cap_moves_the_waiting_list_up():
    tournament = announced(cap=1)
    for n in (1, 2, 3):
        confirm(signed_up(tournament, n))
    set_announcement(tournament, by=ORGA, cap=2)
    assert statuses(tournament) == ["accepted", "accepted", "waiting"]
    set_announcement(tournament, by=ORGA, cap=None)
    assert statuses(tournament) == ["accepted", "accepted", "accepted"]


def test_a_cancelled_sign_up_cannot_be_confirmed_and_cancelling_twice_changes_nothing():
    tournament = announced()
    signup = signed_up(tournament, 1)
    cancel(signup)
    assert cancel(signup).status == SignUpStatus.CANCELLED
    assert problems(lambda: confirm(signup)) == [("signup", "signup_cancelled")]


def test_the_form_names_each_bad_field():
    tournament = announced(category_fees={"Jugend": 500})
    bad = Applicant(name=" ", email="nope", club="x" * 121, category="Damen")
    assert problems(lambda: sign_up(tournament, bad)) == [
        ("name", "name_required"),
        ("club", "text_too_long"),
        ("email", "signup_email_invalid"),
        ("category", "signup_category_unknown"),
    ]
    assert SignUp.objects.count() == 0


def test_double_sign_ups_by_e_mail_or_member_number_are_recognised():
    tournament = announced()
    signed_up(tournament, 1, member_number="D-1")
    twin = Applicant(name="Anna", email="ANNA1@example.org")
    assert problems(lambda: sign_up(tournament, twin)) == [("email", "signup_double_email")]
    same_member = Applicant(name="Anna Zwei", email="zwei@example.org", member_number="D-1")
    assert problems(lambda: sign_up(tournament, same_member)) == [
        ("member_number", "signup_double_member")
    ]
    add_entry(tournament, by=ORGA, name="Bernd", member_number="D-9")
    entered = Applicant(name="Bernd", email="bernd@example.org", member_number="D-9")
    assert problems(lambda: sign_up(tournament, entered))[0][1] == "signup_double_member"


def test_after_a_cancellation_the_same_player_may_sign_up_again():
    tournament = announced()
    cancel(signed_up(tournament, 1))
    assert signed_up(tournament, 1).status == SignUpStatus.UNCONFIRMED


def test_closed_or_late_sign_up_is_refused():
    tournament = announced()
    set_announcement(tournament, by=ORGA, published=False)
    assert problems(lambda: signed_up(tournament, 1)) == [("signup", "signup_closed")]
    yesterday = timezone.now() - datetime.timedelta(days=1)
    set_announcement(tournament, by=ORGA, published=True, deadline=yesterday)
    assert problems(lambda: signed_up(tournament, 1)) == [("signup", "signup_deadline_passed")]


def test_with_approval_a_confirmed_sign_up_awaits_the_organisers():
    tournament = announced(cap=1, approval=Approval.ORGANISER)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2)
    confirm(first)
    confirm(second)
    assert statuses(tournament) == ["requested", "requested"]
    approve(first, by=ORGA)
    approve(second, by=ORGA)
    assert statuses(tournament) == ["accepted", "waiting"]
    assert problems(lambda: approve(first, by=ORGA)) == [("signup", "signup_wrong_status")]


def test_the_organisers_move_between_the_list_and_the_waiting_list():
    tournament = announced(cap=1)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2)
    confirm(first)
    confirm(second)
    move_to_list(second, by=ORGA)  # beyond the cap: their decision
    assert statuses(tournament) == ["accepted", "accepted"]
    move_to_waiting(first, by=ORGA)
    assert statuses(tournament) == ["waiting", "accepted"]
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_the_organisers_add_a_player_without_an_e_mail_address(commits):
    tournament = announced(cap=1, players=1)
    with commits():
        signup = add_signup(tournament, Applicant(name="Tresen", email=""), by=ORGA)
    assert signup.status == SignUpStatus.ACCEPTED
    assert Entry.objects.filter(tournament=tournament).count() == 2
    assert mail.outbox == []


def test_a_failing_mail_server_keeps_the_sign_up_and_the_mail_unsent(commits, settings):
    settings.EMAIL_BACKEND = "tests.signups.conftest_mail.FailingBackend"
    tournament = announced()
    with commits():
        signup = signed_up(tournament, 1)
    assert SignUp.objects.filter(pk=signup.pk).exists()
    (outbox,) = Mail.objects.filter(signup=signup)
    assert outbox.sent_at is None
    assert "refused" in outbox.error
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with commits():  # handed to the queue after the commit
        assert send_unsent(tournament.pk) == 1
    outbox.refresh_from_db()
    assert outbox.sent_at is not None
    assert send_mail(outbox.pk) is True  # sent already: not again
    assert len(mail.outbox) == 1


def test_the_sweep_sends_what_is_left_until_its_attempts_are_used_up(commits, settings):
    settings.EMAIL_BACKEND = "tests.signups.conftest_mail.FailingBackend"
    tournament = announced()
    with commits():
        signed_up(tournament, 1)
        signed_up(tournament, 2)
    Mail.objects.filter(signup__name="Anna 2").update(attempts=MAX_ATTEMPTS)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with commits():
        assert send_unsent_mails_task() == 1
    assert [m.to for m in mail.outbox] == [["anna1@example.org"]]


def test_the_log_tells_the_story():
    tournament = announced(cap=1)
    signup = signed_up(tournament, 1)
    confirm(signup)
    cancel(signup, by=ORGA)
    actions = OrganiserAction.objects.filter(tournament=tournament).order_by("pk")
    codes = [a.action for a in actions if a.action.startswith("signup")]
    assert codes == ["signup_received", "signup_confirmed", "signup_accepted", "signup_cancelled"]
    assert actions.get(action="signup_received").user_label == "Anna 1"


def test_a_player_who_cancelled_after_paying_signs_up_again_and_keeps_his_fee():
    from signups.domain.money import cash_report, set_fee

    tournament = announced(cap=2, fee=1_000, category_fees={"Damen": 800})
    first = signed_up(tournament, 1, member_number="D-77", category="Damen")
    confirm(first)
    first.refresh_from_db()
    entry = first.entry
    set_fee(entry, "paid", by=ORGA)
    cancel(first)
    entry.refresh_from_db()
    assert entry.withdrawn  # paid: kept for the cash report

    again = signed_up(tournament, 1, member_number="D-77")  # no category this time
    confirm(again)
    again.refresh_from_db()
    assert again.status == SignUpStatus.ACCEPTED
    assert again.entry == entry  # his entry back, with its start number and its fee
    entry.refresh_from_db()
    assert not entry.withdrawn
    assert (entry.fee.status, entry.fee.amount) == ("paid", 800)  # paid once, counted once
    assert not EntryCategory.objects.filter(entry=entry).exists()  # signed up without one
    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert cash_report(tournament).cash == 800
    assert places_left(tournament) == 1
    actions = OrganiserAction.objects.filter(tournament=tournament).values_list("action", flat=True)
    assert "reinstated" in actions


def test_a_player_withdrawn_at_the_desk_is_still_no_double_of_an_entry():
    tournament = announced()
    entry = add_entry(tournament, by=ORGA, name="Bernd", member_number="D-9")
    entered = Applicant(name="Bernd", email="bernd@example.org", member_number="D-9")
    assert problems(lambda: sign_up(tournament, entered))[0][1] == "signup_double_member"
    from tournaments.domain.entries import withdraw_entry

    withdraw_entry(entry, by=ORGA)
    confirm(sign_up(tournament, entered))
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_sign_up_closes_at_the_first_seated_series_and_when_the_results_are_final():
    from seating.domain.seating import seat_series
    from tournaments.models import Tournament

    tournament = announced(players=4)
    waiting = signed_up(tournament, 1)  # before the start
    series = tournament.series.get(number=1)
    seat_series(series, [list(tournament.entries.all())], by=ORGA)
    assert problems(lambda: signed_up(tournament, 2)) == [("signup", "signup_started")]
    Tournament.objects.filter(pk=tournament.pk).update(results_final_at=timezone.now())
    assert problems(lambda: signed_up(tournament, 2)) == [("signup", "signup_results_final")]
    assert list(SignUp.objects.filter(tournament=tournament)) == [waiting]


def test_once_under_way_no_link_and_no_waiting_list_enters_anyone(commits):
    """A sign-up made in time but confirmed after the start, or a place freed during the
    evening, waits for the organisers at the venue: nobody is entered by themselves."""
    from seating.domain.seating import seat_series
    from tournaments.domain.entries import withdraw_entry

    tournament = announced(players=4, cap=6)
    late = signed_up(tournament, 1)  # the link not followed before the start
    entered = [signed_up(tournament, n) for n in (2, 3)]
    for signup in entered:
        confirm(signup)
    waiting = signed_up(tournament, 4)
    confirm(waiting)
    assert statuses(tournament) == ["unconfirmed", "accepted", "accepted", "waiting"]
    series = tournament.series.get(number=1)
    seat_series(series, [list(tournament.entries.filter(signup__isnull=True))], by=ORGA)
    before = Entry.objects.filter(tournament=tournament).count()
    mail.outbox.clear()
    assert problems(lambda: confirm(late)) == [("signup", "signup_started")]
    with commits():
        cancel(entered[0])  # a place is freed: nobody moves up by themselves
    withdraw_entry(SignUp.objects.get(pk=entered[1].pk).entry, by=ORGA)
    assert statuses(tournament) == ["unconfirmed", "cancelled", "accepted", "waiting"]
    assert Entry.objects.filter(tournament=tournament, withdrawn=False).count() == before - 2
    assert [message for message in mail.outbox if message.to == ["anna4@example.org"]] == []
    assert move_to_list(waiting, by=ORGA).status == SignUpStatus.ACCEPTED  # the organisers may
