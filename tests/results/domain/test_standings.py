"""Standings: sums of current revisions and penalty rows, ranks and tie-breaks (RULES.md §1.9)."""

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karlchen.refusals import Refused
from results.domain.ranking_cache import organiser_ranking
from results.domain.standings import evenings_standings, standings
from scoring.domain.adjustments import add_adjustment, minor_breach_lines
from scoring.domain.deals import confirm_deal, correct_deal, record_deal, void_deal
from scoring.enums import AdjustmentKind
from scoring.models import Deal
from seating.domain.seating import seat_series
from tests.factories.tournaments import ORGA, tournament_with_players
from tests.scoring.domain.conftest import CAPTAIN, next_deal, normal, play, solo
from tournaments.domain.entries import withdraw

pytestmark = pytest.mark.django_db


def two_series_tournament(**fields):
    tournament, entries = tournament_with_players(8, series_count=2, **fields)
    first = seat_series(tournament.series.get(number=1), [entries[:4], entries[4:]], by=ORGA)
    second = seat_series(
        tournament.series.get(number=2),
        [[entries[i] for i in (0, 4, 1, 5)], entries[2:4] + entries[6:]],
        by=ORGA,
    )
    return tournament, entries, first, second


def by_name(rows):
    return {row.name: row for row in rows}


def test_totals_per_series_and_deals_played():
    tournament, _entries, first, second = two_series_tournament()
    play(first[0], lambda nd: normal([1, 2], re_points=131))  # players 1, 2 +1
    play(first[1], lambda nd: normal([1, 3], re_points=60))  # players 5, 7 −3 (Kontra 180)
    play(second[0], lambda nd: normal([1, 2], re_points=125))  # players 1, 5 +1
    rows = by_name(standings(tournament))
    assert (rows["Spieler 1"].total, rows["Spieler 1"].per_series) == (2, {1: 1, 2: 1})
    assert (rows["Spieler 5"].total, rows["Spieler 5"].per_series) == (-2, {1: -3, 2: 1})
    assert (rows["Spieler 1"].deals_played, rows["Spieler 3"].deals_played) == (2, 1)
    assert sum(row.total for row in rows.values()) == 0


def test_standings_use_only_the_current_revision():
    tournament, _entries, first, _ = two_series_tournament()
    play(first[0], lambda nd: normal([1, 2], re_points=131))
    correct_deal(first[0], 1, deal=normal([3, 4], re_points=131), version=1, reason="x", by=CAPTAIN)
    rows = by_name(standings(tournament))
    assert (rows["Spieler 1"].total, rows["Spieler 3"].total) == (-1, 1)
    void_deal(first[0], 1, version=2, reason="ungültig", by=CAPTAIN)
    rows = by_name(standings(tournament))
    assert (rows["Spieler 1"].total, rows["Spieler 1"].deals_played) == (0, 0)


def test_penalty_rows_count_and_unsporting_conduct_breaks_zero_sum():
    tournament, entries, first, _ = two_series_tournament()
    series = first[0].series
    add_adjustment(
        series,
        kind=AdjustmentKind.MINOR,
        lines=minor_breach_lines(first[0], entries[0]),
        reason="zu früh ausgespielt",
        table=first[0],
        by=ORGA,
    )
    add_adjustment(
        series, kind=AdjustmentKind.UNSPORTING, lines={entries[4]: -12}, reason="x", by=ORGA
    )
    rows = by_name(standings(tournament))
    assert [rows[f"Spieler {n}"].total for n in range(1, 6)] == [-3, 1, 1, 1, -12]
    assert sum(row.total for row in rows.values()) == -12


@pytest.mark.parametrize(
    ("kind", "lines", "code"),
    [
        (AdjustmentKind.MINOR, {0: -3, 1: 1}, "adjustment_not_zero_sum"),
        (AdjustmentKind.UNSPORTING, {0: -13}, "unsporting_penalty"),
        (AdjustmentKind.UNSPORTING, {0: 2}, "unsporting_penalty"),
        (AdjustmentKind.UNSPORTING, {0: -3, 1: -3}, "unsporting_penalty"),
        ("bribery", {0: 0}, "unknown_adjustment_kind"),
    ],
)
def test_invalid_penalty_rows_are_refused(kind, lines, code):
    _tournament, entries, first, _ = two_series_tournament()
    with pytest.raises(Refused) as refused:
        add_adjustment(
            first[0].series,
            kind=kind,
            lines={entries[i]: p for i, p in lines.items()},
            reason="r",
            by=ORGA,
        )
    assert [p.code for p in refused.value.problems] == [code]


def test_withdrawn_players_keep_their_points():
    tournament, entries, first, _ = two_series_tournament()
    play(first[0], lambda nd: normal([1, 2], re_points=131))
    withdraw(entries[0], by=ORGA)
    row = by_name(standings(tournament))["Spieler 1"]
    assert (row.total, row.withdrawn) == (1, True)


def test_ties_are_broken_by_series_won_then_shared():
    tournament, _entries, first, second = two_series_tournament()
    # Series 1: at table 1 player 1 wins (+3), at table 2 nobody plays.
    play(first[0], lambda nd: solo(1, re_points=130))  # player 1 +3, 2/3/4 −1
    # Series 2: table 1 holds players 1, 5, 2, 6; player 5 wins a solo there (+3).
    play(second[0], lambda nd: solo(2, re_points=130))  # position 2 = player 5
    rows = standings(tournament)
    top = [(row.rank, row.name, row.total, row.series_won) for row in rows[:3]]
    assert top == [(1, "Spieler 5", 3, 1), (2, "Spieler 1", 2, 1), (3, "Spieler 7", 0, 0)]
    assert [row.rank for row in rows if row.total == 0] == [3, 3]  # 7 and 8: shared place


def test_tie_break_order_is_configurable():
    tournament, _entries, first, _second = two_series_tournament(tie_breaks=["deals_played"])
    play(first[0], lambda nd: normal([1, 2], re_points=131))
    play(first[0], lambda nd: normal([3, 4], re_points=131))
    rows = by_name(standings(tournament))
    # everybody at table 1 has 0 points after two deals; table 2 never played: fewer deals win
    assert rows["Spieler 5"].rank < rows["Spieler 1"].rank


def test_the_cached_ranking_is_read_anew_after_a_recorded_deal(django_capture_on_commit_callbacks):
    cache.clear()
    tournament, _entries, first, _ = two_series_tournament()

    def total_of_player_1() -> int:
        rows = organiser_ranking(tournament).rows
        return next(row["total"] for row in rows if row["player"]["name"] == "Spieler 1")

    assert total_of_player_1() == 0
    with django_capture_on_commit_callbacks(execute=True):
        play(first[0], lambda nd: normal([1, 2], re_points=131))
    assert total_of_player_1() == 1


actions = st.lists(
    st.tuples(
        st.sampled_from(["record", "record", "record", "correct", "void"]),
        st.integers(0, 30),  # which deal to correct or void
        st.integers(0, 240),  # Re's card points
        st.sampled_from([(1, 2), (1, 3), (2, 4), (3, 4)]),
    ),
    max_size=12,
)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=actions)
def test_property_standings_equal_the_sum_of_the_latest_revisions(steps):
    tournament, entries, first, _ = two_series_tournament()
    table = first[0]
    for action, which, re_points, re in steps:
        body = normal(re, re_points=re_points, re_tricks=0 if re_points == 0 else None)
        deals = list(Deal.objects.filter(table=table).order_by("number"))
        try:
            if action == "record" or not deals:
                record_deal(table, deal=body, by=CAPTAIN)
            else:
                target = deals[which % len(deals)]
                if action == "correct":
                    correct_deal(
                        table,
                        target.number,
                        deal=body,
                        version=target.version,
                        reason="r",
                        by=CAPTAIN,
                    )
                else:
                    void_deal(table, target.number, version=target.version, reason="r", by=CAPTAIN)
        except Refused:
            pass
    expected = {entry.pk: 0 for entry in entries}
    seat_entry = {seat.position: seat.entry_id for seat in table.seats.all()}
    for deal in Deal.objects.filter(table=table).select_related("current"):
        for position, points in deal.current.result["points"].items():
            expected[seat_entry[int(position)]] += points
    assert {row.entry_id: row.total for row in standings(tournament)} == expected
    assert figures(evenings_standings([tournament])[tournament.pk]) == figures(
        standings(tournament)
    )
    assert next_deal(table) is not None or table.deals.count() == 24


def figures(rows) -> list[tuple]:
    fields = ("entry_id", "rank", "total", "per_series", "deals_played", "series_won")
    return [tuple(getattr(row, name) for name in fields) for row in rows]


def test_many_tournaments_standings_at_once_equal_each_ones():
    """A season reads its evenings' standings in one go: the same as each tournament's own."""
    from tests.factories.api import NORMAL
    from tests.factories.tournaments import seated_table

    plain, _entries, first, _ = two_series_tournament()
    play(first[0], lambda nd: normal([1, 2], re_points=131))
    play(first[1], lambda nd: normal([1, 3], re_points=100))
    series = first[0].series
    offender = first[0].seats.get(position=2).entry
    add_adjustment(
        series,
        kind=AdjustmentKind.MINOR,
        lines=minor_breach_lines(first[0], offender),
        reason="vorzeitig",
        table=first[0],
        by=ORGA,
    )
    table = seated_table(4, confirmation_required=True)
    confirming = table.series.tournament
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal={**NORMAL, "re": [2, 4]}, by=CAPTAIN)
    other_party = table.seats.get(position=1).entry  # the list keeper (4) played Kontra
    confirm_deal(table, 1, version=1, position=1, pin=other_party.pin)
    for confirmed_only in (False, True):
        together = evenings_standings([plain, confirming], confirmed_only=confirmed_only)
        assert figures(together[plain.pk]) == figures(standings(plain))
        assert figures(together[confirming.pk]) == figures(
            standings(confirming, confirmed_only=confirmed_only)
        )
    assert {
        row.total for row in evenings_standings([confirming], confirmed_only=True)[confirming.pk]
    } == {1, -1}


def test_a_minor_breach_at_a_five_table_credits_only_that_deals_players():
    from tests.factories.tournaments import seated_table

    table = seated_table(5)
    revision = play(table, lambda nd: normal(nd.players))  # the dealer (position 1) sits out
    seats = {seat.position: seat.entry for seat in table.seats.all()}
    with pytest.raises(Refused) as refused:
        minor_breach_lines(table, seats[2])
    assert [p.code for p in refused.value.problems] == ["deal_required"]
    lines = minor_breach_lines(table, seats[2], deal=revision.deal)
    assert {entry.start_number: points for entry, points in lines.items()} == {
        2: -3,
        3: 1,
        4: 1,
        5: 1,
    }


def test_a_minor_breach_against_a_soloist_credits_the_soloist():
    _, entries, first, _ = two_series_tournament()
    lines = minor_breach_lines(first[0], entries[1], soloist=entries[0])
    assert lines == {entries[1]: -3, entries[0]: 3}


def test_a_penalty_row_for_a_table_of_another_series_is_refused():
    _, entries, first, second = two_series_tournament()
    with pytest.raises(Refused) as refused:
        add_adjustment(
            first[0].series,
            kind=AdjustmentKind.MINOR,
            lines={entries[0]: -3, entries[1]: 3},
            reason="r",
            table=second[0],
            by=ORGA,
        )
    assert [p.code for p in refused.value.problems] == ["table_not_in_series"]


def test_removing_a_penalty_row_takes_it_out_of_the_standings():
    from scoring.domain.adjustments import remove_adjustments
    from scoring.models import Adjustment

    tournament, entries, first, _ = two_series_tournament()
    add_adjustment(
        first[0].series, kind=AdjustmentKind.UNSPORTING, lines={entries[0]: -5}, reason="r", by=ORGA
    )
    remove_adjustments(Adjustment.objects.all(), by=ORGA)
    assert by_name(standings(tournament))["Spieler 1"].total == 0


def test_removing_several_penalty_rows_logs_each_and_turns_the_cache_over_once(monkeypatch):
    from scoring.domain import adjustments
    from scoring.models import Adjustment

    tournament, entries, first, _ = two_series_tournament()
    for entry in entries[:3]:
        add_adjustment(
            first[0].series, kind=AdjustmentKind.UNSPORTING, lines={entry: -5}, reason="r", by=ORGA
        )
    changed = []
    monkeypatch.setattr(adjustments, "tournament_changed", changed.append)
    adjustments.remove_adjustments(Adjustment.objects.all(), by=ORGA)
    assert changed == [tournament.pk]
    assert tournament.actions.filter(action="penalty_removed").count() == 3
    assert not Adjustment.objects.exists()


def test_raising_the_series_count_adds_the_missing_series():
    from tournaments.domain.tournaments import add_missing_series

    tournament, *_ = two_series_tournament()
    tournament.series_count = 4
    add_missing_series(tournament)
    assert list(tournament.series.values_list("number", flat=True)) == [1, 2, 3, 4]
