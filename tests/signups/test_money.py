"""Money at the domain: the fee at the door (one tap checks in), the cash report by category,
the prize list from the standings with shared places, and their refusals."""

import datetime

import pytest

from karlchen.refusals import Refused
from signups.domain.categories import set_category
from signups.domain.money import cash_report, pot, prize_list, set_fee
from signups.domain.settings import set_announcement, set_payout
from signups.domain.signups import add_signup, cancel
from signups.enums import FeeStatus, TieShare
from tests.factories.once import rolled_back
from tests.factories.tournaments import ORGA
from tests.signups.conftest import applicant
from tests.teams.conftest import played_tournament
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    return announced()


def announced():
    tournament, entries = played_tournament()
    set_announcement(tournament, by=ORGA, published=True, fee=1_000, category_fees={"Jugend": 500})
    return tournament, entries


@pytest.fixture(scope="module")
def played_once(django_db_setup, django_db_blocker):
    """``played`` built once for the module's refusals, which write nothing: its id (each test
    reads the tournament afresh), the rows rolled back at the module's end."""
    with rolled_back(django_db_blocker):
        tournament, _entries = announced()
        yield tournament.pk


@pytest.fixture
def refusing(played_once):
    return Tournament.objects.get(pk=played_once)


def test_paying_at_the_door_checks_the_player_in_and_is_logged(played):
    tournament, entries = played
    entries[0].checked_in = False
    entries[0].save()
    fee = set_fee(entries[0], "paid", by=ORGA)
    entries[0].refresh_from_db()
    assert (fee.status, fee.amount, entries[0].checked_in) == ("paid", 1_000, True)
    assert OrganiserAction.objects.filter(tournament=tournament, action="fee_paid").exists()
    fee = set_fee(entries[0], "open", by=ORGA)
    assert (fee.status, fee.amount) == ("open", 0)


def test_an_unknown_fee_state_is_refused_naming_it(played):
    _, entries = played
    with pytest.raises(Refused) as refusal:
        set_fee(entries[0], "later", by=ORGA)
    assert (refusal.value.field, refusal.value.code) == ("status", "fee_status_unknown")


def test_the_cash_report_adds_up_by_category(played):
    tournament, entries = played
    # the tournament has begun: the organisers enter the sign-up at the desk
    youth = add_signup(tournament, applicant(1, category="Jugend"), by=ORGA)
    set_fee(youth.entry, FeeStatus.PAID, by=ORGA)
    for entry in entries[:5]:
        set_fee(entry, FeeStatus.PAID, by=ORGA)
    set_fee(entries[5], FeeStatus.WAIVED, by=ORGA)
    entries[6].checked_in = True
    entries[6].save()
    report = cash_report(tournament)
    lines = {line.category: line for line in report.lines}
    assert (lines[""].paid, lines[""].waived, lines[""].unpaid, lines[""].cash) == (5, 1, 1, 5_000)
    assert (lines["Jugend"].fee, lines["Jugend"].cash) == (500, 500)
    assert report.cash == pot(tournament) == 5_500


def test_a_paid_sign_up_cancelled_stays_in_the_cash_report(played):
    tournament, _ = played
    signup = add_signup(tournament, applicant(1), by=ORGA)
    entry = signup.entry
    set_fee(entry, FeeStatus.PAID, by=ORGA)
    assert cancel(signup, by=ORGA).entry is None
    entry.refresh_from_db()
    assert entry.withdrawn  # not deleted: the cash report still counts its fee
    assert cash_report(tournament).cash == 1_000


def test_the_prize_list_shares_equal_totals(played):
    tournament, entries = played
    for entry in entries:
        set_fee(entry, FeeStatus.PAID, by=ORGA)
    set_payout(tournament, by=ORGA, mode="percent", shares=[50, 30, 20], costs=0)
    prizes = prize_list(tournament)
    # 80 €: 40/24/16; totals +2 +2 (places 1-2 share 64), +1 +1 (places 3-4 share 16)
    assert [(p.rank, p.euros, p.shared) for p in prizes.prizes] == [
        (1, 32, 2),
        (1, 32, 2),
        (3, 8, 2),
        (3, 8, 2),
    ]
    assert prizes.payout.paid == 80


def test_the_tie_breaks_can_decide_instead(played):
    tournament, entries = played
    for entry in entries:
        set_fee(entry, FeeStatus.PAID, by=ORGA)
    tournament.tie_breaks = ["deals_played"]
    tournament.save()
    set_payout(tournament, by=ORGA, mode="fixed", shares=[30, 20], tie_share=TieShare.RANKING)
    prizes = prize_list(tournament)
    assert sum(p.euros for p in prizes.prizes) == 50
    assert prizes.tie_share == TieShare.RANKING


@pytest.fixture
def with_categories(played):
    """Eight players paid 10 € each (80 €); totals: 1 and 2 +2, 5 and 6 +1, 7 and 8 -1, 3 and
    4 -2. Damen: 2, 5, 7, 8; Jugend: 3."""
    tournament, entries = played
    set_announcement(
        tournament,
        by=ORGA,
        published=True,
        fee=1_000,
        category_fees={"Damen": 1_000, "Jugend": 1_000},
    )
    for number in (2, 5, 7, 8):
        set_category(entries[number - 1], "Damen", by=ORGA)
    set_category(entries[2], "Jugend", by=ORGA)
    for entry in entries:
        set_fee(entry, FeeStatus.PAID, by=ORGA)
    return tournament, entries


def test_side_prizes_go_to_the_categorys_best_who_take_no_higher_prize_overall(with_categories):
    tournament, _ = with_categories
    set_payout(
        tournament,
        by=ORGA,
        mode="percent",
        shares=[50, 50],
        costs=1_000,
        category_prizes={"Damen": [10, 5], "Jugend": [5]},
    )
    prizes = prize_list(tournament)
    # Players 1 and 2 share places 1-2 overall (25 € each, more than Damen's 10): Damen's
    # prizes go to 5 (the second Dame), then 7 and 8 (tied third)
    side = {part.category: part for part in prizes.side}
    assert [(p.rank, p.start_number, p.euros, p.shared) for p in side["Damen"].prizes] == [
        (2, 5, 10, 1),
        (3, 7, 2, 2),
        (3, 8, 2, 2),
    ]
    assert [(p.start_number, p.euros) for p in side["Jugend"].prizes] == [(3, 5)]
    assert prizes.side_paid == 19
    # 80 € − 10 € costs − 20 € side prizes funded = 50 €: 25 and 25
    assert [(p.start_number, p.euros) for p in prizes.prizes] == [(1, 25), (2, 25)]
    assert prizes.pot == 8_000
    assert prizes.payout.paid * 100 + prizes.payout.kept + prizes.side_paid * 100 == 8_000


def test_a_dame_passed_over_for_a_prize_overall_is_not_left_with_nothing(with_categories):
    tournament, _ = with_categories
    set_payout(
        tournament, by=ORGA, mode="fixed", shares=[30, 30, 10], category_prizes={"Damen": [20]}
    )
    prizes = prize_list(tournament)
    # 80 €: Damen's 20 first, the table from 60 € (30, 30, nothing left for the third place).
    # Player 5 (a Dame) and 6 share the third place: 0 € overall, so 5 takes Damen's 20 € and
    # 6 the third place; the old way counted 5 as prized overall (5 € from the whole pot),
    # gave Damen's prize to 7 and 8 and paid 5 nothing.
    assert [(p.start_number, p.euros) for p in prizes.prizes] == [(1, 30), (2, 30), (6, 0)]
    (damen,) = prizes.side
    assert [(p.rank, p.start_number, p.euros) for p in damen.prizes] == [(2, 5, 20)]
    assert prizes.payout.shortfall == 10
    assert prizes.paid * 100 + prizes.payout.kept == 8_000


def test_a_withdrawn_player_keeps_his_prize_and_one_who_never_sat_down_takes_none(
    with_categories,
):
    from tournaments.domain.entries import add_entry, withdraw_entry

    tournament, entries = with_categories
    withdraw_entry(entries[4], by=ORGA)  # player 5, a Dame, went home after the series
    absent = add_entry(tournament, by=ORGA, name="Nie Gesessen")
    set_category(absent, "Damen", by=ORGA)
    set_fee(absent, FeeStatus.PAID, by=ORGA)  # paid, never sat down: ranked nowhere
    set_payout(
        tournament, by=ORGA, mode="fixed", shares=[30, 30, 10], category_prizes={"Damen": [20]}
    )
    prizes = prize_list(tournament)
    assert prizes.pot == 9_000  # the table from 70 €: 30, 30, 10; 5 takes Damen's 20 €
    assert [(p.start_number, p.euros) for p in prizes.prizes] == [(1, 30), (2, 30), (6, 10)]
    (damen,) = prizes.side
    assert [(p.start_number, p.euros) for p in damen.prizes] == [(5, 20)]
    assert absent.start_number not in {p.start_number for p in prizes.prizes}


def test_side_prizes_only_for_offered_categories_and_whole_euros(with_categories):
    tournament, _ = with_categories
    for prizes, code in (
        ({"Herren": [10]}, "entry_category_unknown"),
        ({"Damen": [-1]}, "payout_share_negative"),
        ({"Damen": [10**7]}, "payout_share_too_high"),
        ({"Damen": [1.5]}, "payout_shares_invalid"),
    ):
        with pytest.raises(Refused) as refusal:
            set_payout(tournament, by=ORGA, mode="fixed", shares=[10], category_prizes=prizes)
        assert (refusal.value.field, refusal.value.code) == (
            f"payout.category_prizes.{next(iter(prizes))}",
            code,
        )
    with pytest.raises(Refused) as refusal:
        set_payout(
            tournament,
            by=ORGA,
            mode="fixed",
            shares=[10],
            category_prizes={f"K{number}": [1] for number in range(21)},
        )
    assert (refusal.value.field, refusal.value.code) == (
        "payout.category_prizes",
        "category_too_many",
    )
    assert prize_list(tournament).side == ()


@pytest.mark.parametrize(
    ("arguments", "field", "code"),
    [
        ({"mode": "bitcoin", "shares": [1]}, "payout.mode", "payout_mode_unknown"),
        ({"mode": "percent", "shares": [80, 30]}, "payout.shares", "payout_percent_sum"),
        (
            {"mode": "fixed", "shares": [1], "tie_share": "coin"},
            "payout.ties",
            "payout_ties_unknown",
        ),
    ],
)
def test_payout_tables_that_cannot_be_paid_are_refused(refusing, arguments, field, code):
    tournament = refusing
    with pytest.raises(Refused) as refusal:
        set_payout(tournament, by=ORGA, **arguments)
    assert (refusal.value.field, refusal.value.code) == (field, code)


@pytest.mark.parametrize(
    ("arguments", "field", "code"),
    [
        ({"cap": 0}, "cap", "signup_cap_invalid"),
        (
            {"deadline": datetime.datetime(1096, 5, 21, tzinfo=datetime.UTC)},
            "deadline",
            "signup_deadline_invalid",
        ),
        ({"approval": "lottery"}, "approval", "signup_approval_unknown"),
        ({"fee": -5}, "fee", "fee_invalid"),
        ({"texts": {"contact": "x" * 201}}, "contact", "text_too_long"),
        ({"category_fees": {" ": 100}}, "category_fees. ", "category_name_invalid"),
        ({"category_fees": {"Jugend": -1}}, "category_fees.Jugend", "fee_invalid"),
        ({"category_fees": {str(n): 1 for n in range(21)}}, "category_fees", "category_too_many"),
    ],
)
def test_announcement_settings_are_checked_naming_the_field(refusing, arguments, field, code):
    tournament = refusing
    with pytest.raises(Refused) as refusal:
        set_announcement(tournament, by=ORGA, **arguments)
    assert (refusal.value.field, refusal.value.code) == (field, code)
