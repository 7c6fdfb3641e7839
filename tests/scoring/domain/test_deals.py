"""Recording, correcting and voiding deals: whole series flows and every refusal."""

import pytest

from karlchen.refusals import Closed, Conflict, Refused
from scoring.domain.deals import correct_deal, record_deal, void_deal
from scoring.domain.series import call_time, close_series, incomplete_tables
from scoring.models import Deal, DealRevision, RevisionPoints
from tests.factories.tournaments import ORGA, seated_table
from tests.scoring.domain.conftest import CAPTAIN, ORGANISER, next_deal, normal, play, solo
from tournaments.enums import SeriesStatus

pytestmark = pytest.mark.django_db


def codes(refused):
    return {(problem.code, problem.field) for problem in refused.value.problems}


def kinds_and_dealers(table):
    return [(deal.kind, deal.dealer) for deal in table.deals.order_by("number")]


def test_four_table_series_of_24_with_compulsory_solos_in_varied_order():
    table = seated_table(4)
    solo_at = {3: 2, 9: 4, 10: 1, 17: 3}  # deal number → who plays a solo
    for number in range(1, 25):
        upcoming = next_deal(table)
        assert upcoming.number == number
        soloist = solo_at.get(number)
        play(table, lambda nd, s=soloist: solo(s) if s else normal(nd.players))
    assert next_deal(table) is None
    deals = kinds_and_dealers(table)
    assert [kind for kind, _ in deals].count("compulsory_solo") == 4
    assert deals[2] == ("compulsory_solo", 3)
    assert deals[3][1] == 3  # the same dealer deals again after a Pflichtsolo
    assert deals[4][1] == 4
    assert incomplete_tables(table.series) == []


def test_four_table_forced_solos_when_the_deals_left_equal_the_missing_solos():
    table = seated_table(4)
    for _ in range(20):
        play(table, lambda nd: normal(nd.players))
    forced = []
    for _ in range(4):
        upcoming = next_deal(table)
        forced.append((upcoming.forced_soloist, upcoming.dealer))
        play(table, lambda nd: solo(nd.forced_soloist))
    assert forced == [(2, 1), (3, 2), (4, 3), (1, 4)]
    assert [kind for kind, _ in kinds_and_dealers(table)][20:] == ["forced_solo"] * 4


def test_a_voluntary_solo_counts_as_a_normal_game_and_the_deal_passes_on():
    table = seated_table(4)
    play(table, lambda nd: solo(1))  # deal 1: player 1's Pflichtsolo, dealer 1 again
    play(table, lambda nd: solo(1))  # deal 2: a Lustsolo
    assert kinds_and_dealers(table) == [("compulsory_solo", 1), ("voluntary_solo", 1)]
    assert next_deal(table).dealer == 2


def test_a_wrong_deal_during_a_forced_solo_is_refused_and_changes_nothing():
    table = seated_table(4, normal_deals=1)
    play(table, lambda nd: normal(nd.players))
    with pytest.raises(Refused) as refused:
        play(table, lambda nd: normal(nd.players))
    assert codes(refused) == {("no_normal_deals_left", "deal")}
    with pytest.raises(Refused) as refused:
        play(table, lambda nd: solo(4))
    assert codes(refused) == {("forced_solo_due", "deal")}
    assert Deal.objects.filter(table=table).count() == 1


def test_time_up_strikes_normal_deals_and_keeps_the_forced_solos():
    table = seated_table(4)
    play(table, lambda nd: solo(3))
    for _ in range(5):
        play(table, lambda nd: normal(nd.players))
    call_time(table.series, by=ORGA)
    table.refresh_from_db()
    assert table.time_up_after == 6
    owed = []
    while (upcoming := next_deal(table)) is not None:
        owed.append(upcoming.forced_soloist)
        play(table, lambda nd: solo(nd.forced_soloist))
    assert sorted(owed) == [1, 2, 4]
    assert table.deals.count() == 9
    closed = close_series(table.series, by=ORGA)
    assert closed.status == SeriesStatus.CLOSED


def test_close_series_waits_for_every_table_unless_forced():
    table = seated_table(4)
    play(table, lambda nd: normal(nd.players))
    with pytest.raises(Refused) as refused:
        close_series(table.series, by=ORGA)
    assert codes(refused) == {("series_incomplete", "series")}
    assert close_series(table.series, force=True, by=ORGA).status == SeriesStatus.CLOSED


def test_five_table_series_of_30_with_the_dealer_sitting_out():
    table = seated_table(5)
    sat_out = []
    for number in range(1, 31):
        upcoming = next_deal(table)
        sat_out.append(upcoming.sitting_out)
        assert upcoming.sitting_out not in upcoming.players
        if upcoming.forced_soloist:
            play(table, lambda nd: solo(nd.forced_soloist))
        elif number in (4, 12):
            play(table, lambda nd: solo(nd.players[0]))
        else:
            play(table, lambda nd: normal(nd.players))
    assert next_deal(table) is None
    assert table.deals.count() == 30
    stored = RevisionPoints.objects.filter(revision__deal__table=table)
    assert {
        (p.revision.deal.number, p.position)
        for p in stored
        if p.position == p.revision.deal.sitting_out
    } == set()
    assert sat_out[:6] == [1, 2, 3, 4, 4, 5]  # deal 4: a Pflichtsolo, the dealer deals again


def test_a_solo_by_the_player_sitting_out_is_refused():
    table = seated_table(5)
    with pytest.raises(Refused) as refused:
        play(table, lambda nd: solo(nd.sitting_out))
    assert ("player_sitting_out", "deal.re") in codes(refused)


def test_schafkopf_series_of_32_rotating_the_dealer():
    table = seated_table(4, game="schafkopf")
    dealers = []
    for _ in range(32):
        dealers.append(next_deal(table).dealer)
        play(
            table,
            lambda nd: {
                "contract": "rufer",
                "declarer": nd.players[0],
                "partner": nd.players[1],
                "suit": "acorns",
                "declarer_points": 70,
            },
        )
    assert next_deal(table) is None
    assert dealers[:6] == [1, 2, 3, 4, 1, 2]
    assert set(table.deals.values_list("kind", flat=True)) == {"normal"}


def test_engine_and_series_problems_are_reported_together():
    table = seated_table(5)
    upcoming = next_deal(table)
    body = {"contract": "solo", "solo": "queens", "re": [upcoming.sitting_out], "re_points": 239}
    with pytest.raises(Refused) as refused:
        record_deal(table, deal=body, by=CAPTAIN)
    assert codes(refused) == {
        ("player_sitting_out", "deal.re"),
        ("re_not_seated", "deal.re.0"),
        ("points_impossible", "deal.re_points"),
    }


def test_seats_given_must_be_the_players_of_this_deal():
    table = seated_table(5)
    with pytest.raises(Refused) as refused:
        record_deal(table, deal=normal([2, 3], seats=[1, 2, 3, 4]), by=CAPTAIN)
    assert codes(refused) == {("seats_mismatch", "deal.seats")}


def test_a_stored_deal_keeps_input_result_and_points_per_player():
    table = seated_table(4)
    revision = play(table, lambda nd: normal([1, 3], re_points=131, announcements={"re": "re"}))
    assert revision.deal.version == 1
    assert revision.input["seats"] == [1, 2, 3, 4]
    assert revision.result["points"] == {"1": 3, "2": -3, "3": 3, "4": -3}
    points = {
        p.entry.player.name: p.points for p in revision.points.select_related("entry__player")
    }
    assert points == {"Spieler 1": 3, "Spieler 2": -3, "Spieler 3": 3, "Spieler 4": -3}


def test_an_idempotent_retry_stores_once_and_a_reused_key_is_refused():
    table = seated_table(4)
    first = record_deal(table, deal=normal([1, 2]), by=CAPTAIN, idempotency_key="phone-1")
    again = record_deal(table, deal=normal([1, 2]), by=CAPTAIN, idempotency_key="phone-1")
    assert (again.pk, Deal.objects.filter(table=table).count()) == (first.pk, 1)
    with pytest.raises(Conflict) as conflict:
        record_deal(table, deal=normal([3, 4]), by=CAPTAIN, idempotency_key="phone-1")
    assert conflict.value.problem.code == "idempotency_key_reused"


def test_a_deal_number_already_taken_is_a_conflict():
    table = seated_table(4)
    record_deal(table, deal=normal([1, 2]), by=CAPTAIN, number=1)
    with pytest.raises(Conflict) as conflict:
        record_deal(table, deal=normal([1, 3]), by=CAPTAIN, number=1)
    assert (conflict.value.problem.code, conflict.value.problem.field) == (
        "deal_number_taken",
        "number",
    )


def test_a_correction_is_a_new_revision_and_keeps_the_history():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2], re_points=130))
    corrected = correct_deal(
        table,
        1,
        deal=normal([1, 2], re_points=100),
        version=1,
        reason="Augen vertauscht",
        by=CAPTAIN,
    )
    deal = Deal.objects.get(table=table, number=1)
    assert (deal.version, deal.current_id, corrected.reason) == (
        2,
        corrected.pk,
        "Augen vertauscht",
    )
    assert list(deal.revisions.values_list("version", "result__winner")) == [
        (1, "re"),
        (2, "kontra"),
    ]


def test_a_correction_needs_the_current_version_and_a_reason():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2]))
    correct_deal(table, 1, deal=normal([1, 3]), version=1, reason="Partner", by=CAPTAIN)
    with pytest.raises(Conflict) as stale:
        correct_deal(table, 1, deal=normal([1, 4]), version=1, reason="again", by=CAPTAIN)
    assert stale.value.problem.code == "stale_version"
    with pytest.raises(Refused) as refused:
        correct_deal(table, 1, deal=normal([1, 4]), version=2, reason=" ", by=CAPTAIN)
    assert codes(refused) == {("reason_required", "reason")}
    with pytest.raises(Refused) as refused:
        correct_deal(table, 7, deal=normal([1, 4]), version=1, reason="x", by=CAPTAIN)
    assert codes(refused) == {("deal_not_found", "number")}


def test_a_refused_correction_changes_nothing():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2]))
    with pytest.raises(Refused):
        correct_deal(
            table, 1, deal=normal([1, 2], re_points=239), version=1, reason="x", by=CAPTAIN
        )
    assert DealRevision.objects.filter(deal__table=table).count() == 1


def test_a_correction_reclassifies_the_later_deals():
    table = seated_table(4)
    play(table, lambda nd: normal(nd.players))  # deal 1, dealer 1
    play(table, lambda nd: solo(2))  # deal 2, dealer 2: player 2's Pflichtsolo
    play(table, lambda nd: normal(nd.players))  # deal 3, dealer 2 again
    correct_deal(table, 1, deal=solo(2), version=1, reason="war ein Solo", by=CAPTAIN)
    assert kinds_and_dealers(table) == [
        ("compulsory_solo", 1),
        ("voluntary_solo", 1),
        ("normal", 2),
    ]


def test_a_correction_that_would_reseat_a_later_five_table_deal_is_refused():
    table = seated_table(5)
    play(table, lambda nd: normal(nd.players))  # dealer 1 sits out
    play(table, lambda nd: normal(nd.players))  # dealer 2 sits out
    with pytest.raises(Refused) as refused:
        correct_deal(table, 1, deal=solo(2), version=1, reason="Solo", by=CAPTAIN)
    assert codes(refused) == {("correction_reseats_later_deal", "deal")}


def test_a_void_scores_zero_keeps_its_place_and_can_be_corrected_back():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2]))
    void_deal(table, 1, version=1, reason="Kartengeben falsch", by=CAPTAIN)
    deal = Deal.objects.get(table=table, number=1)
    assert (deal.voided, deal.version, deal.current.points.count()) == (True, 2, 0)
    assert next_deal(table).number == 2
    correct_deal(table, 1, deal=normal([1, 2]), version=2, reason="doch gültig", by=CAPTAIN)
    deal.refresh_from_db()
    assert (deal.voided, deal.current.points.count()) == (False, 4)


def test_a_retried_void_returns_the_first_one():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2]))
    first = void_deal(table, 1, version=1, reason="x", by=CAPTAIN, idempotency_key="v")
    again = void_deal(table, 1, version=1, reason="x", by=CAPTAIN, idempotency_key="v")
    assert (again.pk, DealRevision.objects.filter(deal__table=table).count()) == (first.pk, 2)


def test_a_closed_series_is_closed_for_captains_but_not_for_organisers():
    table = seated_table(4)
    play(table, lambda nd: normal([1, 2]))
    close_series(table.series, force=True, by=ORGA)
    with pytest.raises(Closed):
        record_deal(table, deal=normal([1, 2]), by=CAPTAIN)
    with pytest.raises(Closed):
        correct_deal(table, 1, deal=normal([1, 3]), version=1, reason="x", by=CAPTAIN)
    corrected = correct_deal(table, 1, deal=normal([1, 3]), version=1, reason="x", by=ORGANISER)
    assert corrected.version == 2


def test_an_unseated_table_takes_no_deals():
    table = seated_table(4)
    table.seats.all().delete()
    with pytest.raises(Refused) as refused:
        record_deal(table, deal=normal([1, 2]), by=CAPTAIN)
    assert codes(refused) == {("table_not_seated", "table")}


def test_a_complete_series_takes_no_more_deals():
    table = seated_table(4, normal_deals=1, compulsory_solos=False)
    play(table, lambda nd: normal(nd.players))
    with pytest.raises(Refused) as refused:
        play(table, lambda nd: normal([1, 2]))
    assert codes(refused) == {("series_complete", "deal")}
