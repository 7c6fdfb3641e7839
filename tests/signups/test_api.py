"""The open tournament through the API: the public announcement, the organisers' sign-ups,
fees, cash report and prize list, refusals in the error format, only organisers writing."""

import pytest

from signups.domain.categories import set_category
from signups.domain.settings import set_announcement
from signups.domain.signups import confirm
from signups.models import SignUp
from tests.factories.tournaments import ORGA
from tests.signups.conftest import announced, signed_up
from tests.teams.conftest import played_tournament

pytestmark = pytest.mark.django_db


def url(tournament, rest):
    return f"/api/v1/tournaments/{tournament.pk}/{rest}"


def test_anyone_reads_an_announced_tournament(anonymous):
    tournament = announced(cap=2, fee=1_000, category_fees={"Jugend": 500})
    confirm(signed_up(tournament, 1))
    body = anonymous.get(url(tournament, "announcement/")).json()
    assert body["cap"] == 2
    assert body["places_left"] == 1
    assert body["category_fees"] == {"Jugend": 500}
    set_announcement(tournament, by=ORGA, published=False)
    assert anonymous.get(url(tournament, "announcement/")).status_code == 404


def test_organisers_change_the_announcement(orga_client):
    tournament = announced()
    answer = orga_client.patch(
        url(tournament, "announcement/"),
        {"cap": 30, "venue": "Krone", "fee": 750, "approval": "organiser"},
        format="json",
    )
    assert answer.status_code == 200
    assert (answer.json()["cap"], answer.json()["venue"], answer.json()["fee"]) == (
        30,
        "Krone",
        750,
    )


def test_refusals_name_the_field(orga_client):
    tournament = announced()
    answer = orga_client.patch(
        url(tournament, "announcement/"), {"category_fees": {"Jugend": "fünf"}}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "category_fees.Jugend"
    assert answer.json()["errors"][0]["code"] == "fee_invalid"


def test_organisers_list_add_and_act_on_sign_ups(orga_client):
    tournament = announced(cap=1)
    first, second = signed_up(tournament, 1), signed_up(tournament, 2)
    confirm(first)
    confirm(second)
    rows = orga_client.get(url(tournament, "signups/")).json()
    assert [(row["name"], row["status"]) for row in rows] == [
        ("Anna 1", "accepted"),
        ("Anna 2", "waiting"),
    ]
    answer = orga_client.post(
        url(tournament, f"signups/{first.pk}/actions/"), {"action": "cancel"}, format="json"
    )
    assert answer.json()["status"] == "cancelled"
    assert SignUp.objects.get(pk=second.pk).status == "accepted"
    added = orga_client.post(url(tournament, "signups/"), {"name": "Tresen"}, format="json")
    assert added.status_code == 201
    assert added.json()["entry"] is not None
    again = orga_client.post(
        url(tournament, f"signups/{first.pk}/actions/"), {"action": "approve"}, format="json"
    )
    assert again.status_code == 400
    assert again.json()["errors"][0]["code"] == "signup_wrong_status"


def test_only_organisers_see_and_write_sign_ups_and_money(anonymous, stranger_client):
    tournament = announced()
    for client in (anonymous, stranger_client):
        # 404: the announced tournament is a draft, unknown to a stranger (docs/CLUBS.md)
        assert client.get(url(tournament, "signups/")).status_code in (401, 404)
        assert client.get(url(tournament, "fees/")).status_code in (401, 404)
        assert client.get(url(tournament, "prizes/")).status_code in (401, 404)
        patch = client.patch(url(tournament, "announcement/"), {"cap": 3}, format="json")
        assert patch.status_code in (401, 404)


def test_fees_cash_and_prizes(orga_client, orga):
    tournament, entries = played_tournament()
    tournament.organisers.add(orga)
    set_announcement(tournament, by=ORGA, fee=1_000)
    for entry in entries:
        answer = orga_client.put(
            url(tournament, f"entries/{entry.pk}/fee/"), {"status": "paid"}, format="json"
        )
        assert answer.json()["amount"] == 1_000
    cash = orga_client.get(url(tournament, "fees/")).json()
    assert (cash["cash"], cash["paid"]) == (8_000, 8)
    assert {fee["status"] for fee in cash["fees"]} == {"paid"}
    prizes = orga_client.put(
        url(tournament, "prizes/"),
        {"mode": "fixed", "shares": [40, 20], "costs": 1_000, "tie_share": "points"},
        format="json",
    ).json()
    assert (prizes["pot"], prizes["paid"], prizes["kept"]) == (8_000, 60, 2_000)
    assert [prize["euros"] for prize in prizes["prizes"]] == [30, 30]
    assert prizes["side_prizes"] == []
    set_announcement(tournament, by=ORGA, fee=1_000, category_fees={"Damen": 1_000})
    set_category(entries[4], "Damen", by=ORGA)
    side = orga_client.put(
        url(tournament, "prizes/"),
        {"mode": "fixed", "shares": [40], "category_prizes": {"Damen": [15]}},
        format="json",
    ).json()
    assert side["category_prizes"] == {"Damen": [15]}
    assert side["side_prizes"][0]["category"] == "Damen"
    assert [(p["start_number"], p["euros"]) for p in side["side_prizes"][0]["prizes"]] == [(5, 15)]
    assert side["paid"] == 40
    unknown = orga_client.put(
        url(tournament, "prizes/"),
        {"mode": "fixed", "shares": [40], "category_prizes": {"Herren": [15]}},
        format="json",
    )
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["field"] == "payout.category_prizes.Herren"
    bad = orga_client.put(
        url(tournament, "prizes/"), {"mode": "percent", "shares": [90, 20]}, format="json"
    )
    assert bad.json()["errors"][0] == {
        "field": "payout.shares",
        "code": "payout_percent_sum",
        "message": bad.json()["errors"][0]["message"],
    }


def test_the_announcement_says_whether_sign_up_is_open_and_why_not(anonymous):
    from django.utils import timezone

    from seating.domain.seating import seat_series
    from tournaments.models import Tournament

    tournament = announced(players=4)
    body = anonymous.get(url(tournament, "announcement/")).json()
    assert (body["signup_open"], body["signup_refusal"]) == (True, None)
    seat_series(tournament.series.get(number=1), [list(tournament.entries.all())], by=ORGA)
    body = anonymous.get(url(tournament, "announcement/")).json()
    assert (body["signup_open"], body["signup_refusal"]) == (False, "signup_started")
    Tournament.objects.filter(pk=tournament.pk).update(results_final_at=timezone.now())
    body = anonymous.get(url(tournament, "announcement/")).json()
    assert body["signup_refusal"] == "signup_results_final"


def test_a_fee_paid_ahead_by_transfer_through_the_api(orga_client, anonymous):
    tournament = announced(fee=1_000)
    entry = confirm(signed_up(tournament, 1)).entry
    fee_url = url(tournament, f"entries/{entry.pk}/fee/")
    answer = orga_client.put(fee_url, {"status": "paid", "method": "transfer"}, format="json")
    assert answer.status_code == 200, answer.content
    assert (answer.json()["status"], answer.json()["method"]) == ("paid", "transfer")
    body = orga_client.get(url(tournament, "fees/")).json()
    assert (body["cash"], body["transferred"], body["transfers"]) == (0, 1_000, 1)
    assert body["fees"][0]["method"] == "transfer"
    refused = orga_client.put(fee_url, {"status": "paid", "method": "cheque"}, format="json")
    assert refused.json()["errors"][0]["field"] == "method"
    assert anonymous.get(url(tournament, "fees/")).status_code in (401, 403, 404)
    assert "iban" not in anonymous.get(url(tournament, "announcement/")).json()
