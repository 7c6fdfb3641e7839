"""Bock rounds in the series engine (RULES.md §2.3): which deals are Bock, by what factor,
how many Bock deals are left, stacking, pausing during Pflichtsoli, and corrections."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine.series import (
    NO_BOCK,
    Bock,
    BockMode,
    BockSettings,
    BockStacking,
    DealKind,
    PlayedDeal,
    SeriesSettings,
    bock_factor,
    bock_points,
    replay,
    timeline,
)

pytestmark = pytest.mark.unit

PLAIN = PlayedDeal(soloist=None)
TRIGGER = PlayedDeal(soloist=None, bock_trigger=True)


def with_bock(table_size: int = 4, **options: object) -> SeriesSettings:
    bock = BockSettings(length=options.pop("length", table_size), **options)  # type: ignore[arg-type]
    return SeriesSettings(table_size=table_size, normal_deals=20, bock=bock)


def factors(settings: SeriesSettings, deals: list[PlayedDeal]) -> list[int]:
    return [entry.bock_factor for entry in timeline(settings, deals)]


def test_a_trigger_makes_the_next_round_bock():
    assert factors(with_bock(), [TRIGGER] + [PLAIN] * 5) == [1, 2, 2, 2, 2, 1]
    assert factors(with_bock(5), [TRIGGER] + [PLAIN] * 6) == [1, 2, 2, 2, 2, 2, 1]
    assert factors(with_bock(length=2), [TRIGGER] + [PLAIN] * 3) == [1, 2, 2, 1]


def test_without_bock_settings_a_trigger_changes_nothing():
    plain = SeriesSettings(table_size=4, normal_deals=20)
    assert factors(plain, [TRIGGER, PLAIN]) == [1, 1]
    assert replay(plain, [TRIGGER]).next_deal.bock == NO_BOCK  # type: ignore[union-attr]
    assert replay(plain, [TRIGGER]).bock_rounds == ()


def test_overlapping_rounds_multiply_up_to_the_highest_level():
    deals = [TRIGGER, TRIGGER, TRIGGER, TRIGGER] + [PLAIN] * 5
    assert factors(with_bock(), deals) == [1, 2, 4, 8, 8, 8, 4, 2, 1]
    assert factors(with_bock(max_level=2), deals) == [1, 2, 4, 4, 4, 4, 4, 2, 1]
    assert factors(with_bock(multiplier=3), deals[:3]) == [1, 3, 9]


def test_overlapping_rounds_can_add_instead():
    deals = [TRIGGER, TRIGGER, TRIGGER, PLAIN]
    assert factors(with_bock(stacking=BockStacking.ADD), deals) == [1, 2, 3, 4]
    assert factors(with_bock(stacking=BockStacking.ADD, multiplier=3), deals) == [1, 3, 5, 7]


def test_queued_rounds_follow_one_another():
    deals = [TRIGGER, TRIGGER] + [PLAIN] * 8
    assert factors(with_bock(stacking=BockStacking.QUEUE), deals) == [1] + [2] * 8 + [1]
    state = replay(with_bock(stacking=BockStacking.QUEUE), deals[:3])
    assert state.bock_rounds == (2, 4)
    assert state.next_deal.bock == Bock(level=1, factor=2, deals_left=6)  # type: ignore[union-attr]


def test_the_next_deal_says_its_factor_and_the_bock_deals_left():
    state = replay(with_bock(), [TRIGGER, PLAIN, TRIGGER])
    assert state.bock_rounds == (2, 4)
    assert state.next_deal.bock == Bock(level=2, factor=4, deals_left=4)  # type: ignore[union-attr]
    assert replay(with_bock(), [TRIGGER] + [PLAIN] * 4).next_deal.bock == NO_BOCK  # type: ignore[union-attr]


def test_compulsory_solos_pause_bock_where_the_rules_say_so():
    deals = [TRIGGER, PlayedDeal(soloist=2, contract="solo"), PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]
    assert factors(with_bock(pause_compulsory_solos=True), deals) == [1, 1, 2, 2, 2, 2, 1]
    assert factors(with_bock(), deals) == [1, 2, 2, 2, 2, 1, 1]
    # a Lustsolo is not paused: the player's second solo
    lust = [PlayedDeal(soloist=2, contract="solo"), TRIGGER, PlayedDeal(soloist=2, contract="solo")]
    assert factors(with_bock(pause_compulsory_solos=True), lust) == [1, 1, 2]


def test_a_vorfuehrung_pauses_too():
    settings = SeriesSettings(
        table_size=4,
        normal_deals=1,
        bock=BockSettings(length=4, pause_compulsory_solos=True),
    )
    deals = [TRIGGER] + [PlayedDeal(soloist=seat, contract="solo") for seat in (3, 4, 1, 2)]
    entries = timeline(settings, deals)
    assert [entry.kind for entry in entries][1:] == [DealKind.FORCED_SOLO] * 4
    assert [entry.bock_factor for entry in entries] == [1, 1, 1, 1, 1]
    upcoming = replay(settings, deals[:1]).next_deal
    assert upcoming is not None
    assert upcoming.bock.factor == 2
    assert bock_factor(settings, upcoming, DealKind.FORCED_SOLO) == 1
    assert bock_factor(settings, upcoming, DealKind.NORMAL) == 2


def test_a_correction_moves_the_bock_rounds():
    deals = [PLAIN, TRIGGER, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]
    assert factors(with_bock(), deals) == [1, 1, 2, 2, 2, 2, 1]
    corrected = [TRIGGER, PLAIN, *deals[2:]]  # deal 2 was the tie, not deal 1... the other way
    assert factors(with_bock(), corrected) == [1, 2, 2, 2, 2, 1, 1]
    removed = [PLAIN, PLAIN, *deals[2:]]
    assert factors(with_bock(), removed) == [1] * 7


def added(settings: SeriesSettings, deals: list[PlayedDeal]) -> list[int]:
    return [entry.bock_points for entry in timeline(settings, deals)]


def test_bock_can_add_points_instead_of_multiplying():
    settings = with_bock(mode=BockMode.ADD, add_points=2)
    deals = [TRIGGER, TRIGGER, PLAIN, PLAIN, PLAIN, PLAIN]
    assert added(settings, deals) == [0, 2, 4, 4, 4, 2]
    assert factors(settings, deals) == [1] * 6  # nothing is multiplied
    state = replay(settings, deals[:2])
    assert state.next_deal.bock == Bock(level=2, factor=1, deals_left=4, points=4)  # type: ignore[union-attr]
    # every level adds the same points, however overlapping rounds stack
    for stacking in (BockStacking.MULTIPLY, BockStacking.ADD):
        assert added(with_bock(mode=BockMode.ADD, stacking=stacking), deals[:3]) == [0, 1, 2]
    queued = with_bock(mode=BockMode.ADD, stacking=BockStacking.QUEUE)
    assert added(queued, deals[:3]) == [0, 1, 1]
    assert added(with_bock(), deals) == [0] * 6  # multiplying Bock adds nothing


def test_added_bock_points_pause_in_compulsory_solos_too():
    settings = with_bock(mode=BockMode.ADD, pause_compulsory_solos=True)
    deals = [TRIGGER, PlayedDeal(soloist=2, contract="solo"), PLAIN]
    assert added(settings, deals) == [0, 0, 1]
    upcoming = replay(settings, deals[:1]).next_deal
    assert upcoming is not None
    assert bock_points(settings, upcoming, DealKind.COMPULSORY_SOLO) == 0
    assert bock_points(settings, upcoming, DealKind.NORMAL) == 1


def test_a_correction_moves_added_bock_points():
    settings = with_bock(mode=BockMode.ADD, length=2)
    assert added(settings, [PLAIN, TRIGGER, PLAIN, PLAIN]) == [0, 0, 1, 1]
    assert added(settings, [TRIGGER, PLAIN, PLAIN, PLAIN]) == [0, 1, 1, 0]


def test_bad_bock_settings_are_a_bug_of_the_caller():
    for bad in (
        {"length": 0},
        {"length": 4, "multiplier": 1},
        {"length": 4, "max_level": 0},
        {"length": 4, "add_points": 0},
    ):
        with pytest.raises(ValueError, match="Bock"):
            BockSettings(**bad)  # type: ignore[arg-type]


def test_a_schafkopf_deal_never_starts_bock():
    assert not PlayedDeal.of_result("schafkopf", {"contract": "rufer", "declarer": 1}).bock_trigger
    played = PlayedDeal.of_result(
        "doppelkopf", {"contract": "normal", "re": [1, 2]}, bock_trigger=True
    )
    assert played.bock_trigger


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.lists(st.booleans(), min_size=1, max_size=20),
    st.sampled_from(list(BockStacking)),
    st.integers(1, 6),
)
def test_property_bock_deals_come_only_from_triggers_and_each_round_has_its_length(
    triggers: list[bool], stacking: BockStacking, length: int
) -> None:
    settings = with_bock(length=length, stacking=stacking, max_level=4)
    deals = [PlayedDeal(soloist=None, bock_trigger=fired) for fired in triggers]
    found = factors(settings, deals)
    assert found[0] == 1
    bock_deals = sum(1 for factor in found if factor > 1)
    # every trigger's round fits into the deals after it or is still pending
    pending = replay(settings, deals).bock_rounds
    if stacking is BockStacking.QUEUE:
        assert bock_deals + sum(pending) == length * sum(triggers)
        assert set(found) <= {1, 2}
    for index, factor in enumerate(found):
        recent = triggers[max(0, index - length) : index]
        assert (factor > 1) == (any(recent) if stacking is not BockStacking.QUEUE else factor > 1)


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.lists(st.booleans(), min_size=1, max_size=20),
    st.sampled_from(list(BockStacking)),
    st.integers(1, 6),
    st.integers(1, 5),
)
def test_property_added_bock_points_are_the_level_times_the_points_where_multiplying_doubles(
    triggers: list[bool], stacking: BockStacking, length: int, points: int
) -> None:
    deals = [PlayedDeal(soloist=None, bock_trigger=fired) for fired in triggers]
    multiplying = timeline(with_bock(length=length, stacking=stacking, max_level=4), deals)
    adding = timeline(
        with_bock(
            length=length, stacking=stacking, max_level=4, mode=BockMode.ADD, add_points=points
        ),
        deals,
    )
    for times, plus in zip(multiplying, adding, strict=True):
        # the same Bock deals at the same levels; only what a level does differs
        assert times.deal.bock.level == plus.deal.bock.level
        assert plus.bock_factor == 1
        assert plus.bock_points == points * plus.deal.bock.level
        assert (times.bock_factor > 1) == (plus.bock_points > 0)
