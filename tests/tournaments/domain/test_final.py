"""Provisional, then final: the protest period after the last series, marking final (early only
with a reason), what final results refuse (deals, penalty rows, seatings), reopening with a
reason, protests; the log; the API, the desk and the spectators' mark."""

import datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from karlchen.refusals import Refused
from scoring.domain.adjustments import add_adjustment
from scoring.domain.deals import correct_deal, record_deal
from scoring.domain.series import close_series
from seating.domain.seating import seat_series
from tests.factories.api import client_for, publish
from tests.factories.tournaments import ORGA, organiser
from tests.scoring.domain.conftest import normal
from tests.teams.conftest import played_tournament
from tournaments.domain.entries import add_entry, withdraw_entry
from tournaments.domain.final import (
    decide_protest,
    finality,
    lodge_protest,
    mark_final,
    reopen_results,
)
from tournaments.models import OrganiserAction, Series, Tournament

pytestmark = pytest.mark.django_db


def code(call):
    with pytest.raises(Refused) as refusal:
        call()
    return refusal.value.field, refusal.value.code


def logged(tournament, action):
    return OrganiserAction.objects.filter(tournament=tournament, action=action).last()


@pytest.fixture
def played():
    """Eight players, series 1 played at two tables; series 2 and 3 not seated."""
    tournament, entries = played_tournament()
    return publish(tournament), entries


def close_all(tournament, minutes_ago=0):
    for series in tournament.series.exclude(status="planned"):
        close_series(series, by=ORGA, force=True)
    at = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    tournament.series.filter(status="closed").update(closed_at=at)
    tournament.refresh_from_db()
    return tournament


def test_results_are_provisional_while_a_series_is_open(played):
    tournament, _ = played
    state = finality(tournament)
    assert (state.status, state.series_closed, state.protest_until) == ("provisional", False, None)
    assert code(lambda: mark_final(tournament, by=ORGA, reason="now")) == (
        "tournament",
        "results_series_open",
    )


def test_the_protest_period_must_end_or_a_reason_be_given(played):
    tournament = close_all(played[0], minutes_ago=10)  # 30 minutes by default
    state = finality(tournament)
    assert not state.may_mark_final
    assert state.protest_until == tournament.series.get(number=1).closed_at + datetime.timedelta(
        minutes=30
    )
    assert code(lambda: mark_final(tournament, by=ORGA)) == ("reason", "protest_period_running")
    mark_final(tournament, by=ORGA, reason="  prize giving  now ")
    tournament.refresh_from_db()
    assert tournament.results_final
    assert tournament.results_final_by == "orga"
    assert logged(tournament, "results_final_early").details == {"reason": "prize giving now"}


def test_after_the_period_the_results_are_marked_final_and_signed_off(played):
    tournament = close_all(played[0], minutes_ago=31)
    assert finality(tournament).may_mark_final
    mark_final(tournament, by=ORGA)
    mark_final(tournament, by=ORGA)  # again: nothing changes
    assert (
        OrganiserAction.objects.filter(tournament=tournament, action="results_final").count() == 1
    )
    assert finality(Tournament.objects.get(pk=tournament.pk)).status == "final"


def test_final_results_refuse_deals_penalties_and_seatings(played):
    tournament, entries = played
    tournament = close_all(tournament, minutes_ago=60)
    table = tournament.series.get(number=1).tables.get(number=1)
    mark_final(tournament, by=ORGA)
    deal = table.deals.get(number=1)
    assert code(
        lambda: correct_deal(
            table, 1, deal=normal([1, 2], re_points=90), version=deal.version, reason="x", by=ORGA
        )
    ) == ("tournament", "results_final")
    assert code(lambda: record_deal(table, deal=normal([1, 2]), by=ORGA)) == (
        "tournament",
        "results_final",
    )
    series = Series.objects.get(tournament=tournament, number=1)
    lines = {entries[0]: -3, entries[1]: 3}
    assert code(
        lambda: add_adjustment(series, kind="minor", lines=lines, reason="late", by=ORGA)
    ) == ("tournament", "results_final")
    second = Series.objects.get(tournament=tournament, number=2)
    assert code(lambda: seat_series(second, [entries[:4], entries[4:]], by=ORGA)) == (
        "tournament",
        "results_final",
    )


def test_final_results_refuse_entries_added_or_withdrawn(played):
    tournament, entries = played
    tournament = close_all(tournament, minutes_ago=60)
    mark_final(tournament, by=ORGA)
    assert code(lambda: add_entry(tournament, by=ORGA, name="Spät Gekommen")) == (
        "tournament",
        "results_final",
    )
    assert code(lambda: withdraw_entry(entries[0], by=ORGA)) == ("tournament", "results_final")
    assert not tournament.entries.filter(player__name="Spät Gekommen").exists()
    entries[0].refresh_from_db()
    assert not entries[0].withdrawn
    reopen_results(tournament, by=ORGA, reason="late entry after all")
    add_entry(tournament, by=ORGA, name="Spät Gekommen")


def test_reopening_needs_a_reason_and_lets_corrections_in_again(played):
    tournament = close_all(played[0], minutes_ago=60)
    mark_final(tournament, by=ORGA)
    assert code(lambda: reopen_results(tournament, by=ORGA, reason=" ")) == (
        "reason",
        "final_reason_required",
    )
    reopen_results(tournament, by=ORGA, reason="a scoring error at table 2")
    assert logged(tournament, "results_reopened").details == {
        "reason": "a scoring error at table 2"
    }
    table = tournament.series.get(number=1).tables.get(number=1)
    deal = table.deals.get(number=1)
    correct_deal(
        table, 1, deal=normal([1, 2], re_points=90), version=deal.version, reason="x", by=ORGA
    )
    assert code(lambda: reopen_results(tournament, by=ORGA, reason="again")) == (
        "tournament",
        "results_not_final",
    )


def test_an_open_protest_keeps_the_results_provisional(played):
    tournament = close_all(played[0], minutes_ago=60)
    protest = lodge_protest(tournament, by=ORGA, text="Wrong solo", series=1, table=2, deal=3)
    assert logged(tournament, "protest_lodged").details == {
        "number": protest.pk,
        "series": 1,
        "table": 2,
        "deal": 3,
    }
    assert code(lambda: mark_final(tournament, by=ORGA, reason="anyway")) == (
        "tournament",
        "protests_open",
    )
    assert code(lambda: decide_protest(protest, by=ORGA, status="later", decision="")) == (
        "status",
        "protest_status_unknown",
    )
    decide_protest(protest, by=ORGA, status="rejected", decision="The solo stands.")
    protest.refresh_from_db()
    assert (protest.status, protest.decided_by) == ("rejected", "orga")
    mark_final(tournament, by=ORGA)
    assert code(lambda: lodge_protest(tournament, by=ORGA, text="too late")) == (
        "tournament",
        "results_final",
    )


def test_a_protest_needs_its_text_and_sane_numbers(played):
    tournament, _ = played
    with pytest.raises(Refused) as refusal:
        lodge_protest(tournament, by=ORGA, text=" ", table=0)
    assert [(p.field, p.code) for p in refusal.value.problems] == [
        ("text", "protest_text_required"),
        ("table", "protest_number_invalid"),
    ]


# --- the API -------------------------------------------------------------------------------


def test_the_api_marks_final_and_reopens(played):
    tournament = close_all(played[0], minutes_ago=5)
    client = client_for(organiser())
    base = f"/api/v1/tournaments/{tournament.pk}/results/"
    status = client_for().get(base).json()
    assert (status["status"], status["series_closed"], status["may_mark_final"]) == (
        "provisional",
        True,
        False,
    )
    refused = client.post(base + "final/", {}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "protest_period_running"
    done = client.post(base + "final/", {"reason": "prizes now"}, format="json")
    assert done.status_code == 200
    assert done.json()["status"] == "final"
    detail = client_for().get(f"/api/v1/tournaments/{tournament.pk}/").json()
    assert detail["results_status"] == "final"
    assert detail["results_final_at"]
    assert client_for().post(base + "final/", {}, format="json").status_code in (401, 403)
    reopened = client.post(base + "reopen/", {"reason": "late correction"}, format="json")
    assert reopened.json()["status"] == "provisional"


def test_the_api_notes_and_decides_protests(played):
    tournament, _ = played
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/protests/"
    made = client.post(url, {"text": "Revoke", "table": 1, "deal": 4}, format="json")
    assert made.status_code == 201
    protest = made.json()
    assert (protest["status"], protest["table"], protest["series"]) == ("open", 1, None)
    decided = client.patch(
        f"{url}{protest['id']}/", {"status": "upheld", "decision": "-3 for N"}, format="json"
    )
    assert decided.json()["status"] == "upheld"
    assert [one["id"] for one in client.get(url).json()] == [protest["id"]]
    assert client_for().get(url).status_code in (401, 403)


def test_the_standings_say_provisional_or_final(played, django_capture_on_commit_callbacks):
    tournament = close_all(played[0], minutes_ago=60)
    cache.clear()
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    assert client_for().get(url)["Results-Status"] == "provisional"
    with django_capture_on_commit_callbacks(execute=True):  # the cached reads turn over
        mark_final(tournament, by=ORGA)
    assert Client().get(url)["Results-Status"] == "final"


def test_the_api_sets_the_protest_period(played):
    tournament, _ = played
    client = client_for(organiser())
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert client.patch(url, {"protest_minutes": 60}, format="json").json()["protest_minutes"] == 60
    assert client.patch(url, {"protest_minutes": -1}, format="json").status_code == 400


# --- pages ---------------------------------------------------------------------------------


def test_the_spectators_page_shows_the_mark(played, django_capture_on_commit_callbacks):
    tournament = close_all(played[0], minutes_ago=60)
    cache.clear()
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert "Provisional results" in english.get(f"/t/{tournament.pk}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        mark_final(tournament, by=ORGA)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.pk}/").content.decode()
    assert 'data-status="final"' in page
    assert "Final results" in page


def test_the_desk_marks_final_notes_protests_and_reopens(played):
    tournament = close_all(played[0], minutes_ago=5)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organiser())
    page = client.get(f"/desk/{tournament.pk}/results/").content.decode()
    assert 'id="final"' in page
    assert "Protests until" in page
    url = f"/desk/{tournament.pk}/results/final/"
    client.post(url, {"action": "protest", "text": "Wrong card", "table": "2"})
    protest = tournament.protests.get()
    refused = client.post(url, {"action": "final", "reason": "now"}, follow=True)
    assert "await a decision" in refused.content.decode() or "awaits a decision" in (
        refused.content.decode()
    )
    client.post(
        url,
        {"action": "decide", "protest": str(protest.pk), "status": "upheld", "decision": "ok"},
    )
    answer = client.post(url, {"action": "final", "reason": "prize giving"}, follow=True)
    assert "The results are final." in answer.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).results_final
    client.post(url, {"action": "reopen", "reason": "correction"})
    assert not Tournament.objects.get(pk=tournament.pk).results_final
    client.post(url, {"action": "period", "minutes": "45"})
    assert Tournament.objects.get(pk=tournament.pk).protest_minutes == 45
