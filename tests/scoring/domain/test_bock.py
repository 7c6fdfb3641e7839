"""Bock rounds at a table: recorded deals get the series' factor, and a correction or a void of
an earlier deal moves the Bock rounds over the later deals, whose stored points follow."""

import json

import pytest

from karlchen.actors import Actor
from results.domain.archive import export_archive, import_archive
from results.domain.standings import standings
from scoring.domain.deals import correct_deal, preview_deal, void_deal
from scoring.domain.queries import table_state
from scoring.models import RevisionPoints
from tests.factories.tournaments import ORGA, organiser, seated_table, standing_figures
from tests.scoring.domain.conftest import normal, play, solo

pytestmark = pytest.mark.django_db

BOCK = {"bock_triggers": ["tie_120", "solo_lost"]}


def stored(table):
    """Per deal: (factor in the result, points per position as stored for the standings)."""
    rows = []
    for deal in table.deals.select_related("current").order_by("number"):
        points = dict(
            RevisionPoints.objects.filter(revision=deal.current).values_list("position", "points")
        )
        rows.append((deal.current.result.get("bock_factor", 1), points))
    return rows


def test_a_tie_starts_a_bock_round_of_four_deals_that_doubles_them():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: normal(nd.players, 120))  # 120:120 → Bock round
    assert table_state(table).next_deal.bock.factor == 2
    for _ in range(5):
        play(table, lambda nd: normal(nd.players, 130))
    factors = [factor for factor, _points in stored(table)]
    assert factors == [1, 2, 2, 2, 2, 1]
    assert stored(table)[1][1] == {1: 2, 2: 2, 3: -2, 4: -2}
    revision = table.deals.get(number=2).current
    assert revision.result["lines"][-1] == {"code": "bock", "party": "re", "points": 1}
    assert table.deals.get(number=1).current.result["bock_triggers"] == ["tie_120"]


def test_overlapping_rounds_are_doppelbock_and_the_state_says_how_many_are_left():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: normal(nd.players, 120))
    play(table, lambda nd: normal(nd.players, 120))  # Bock deal that starts another round
    state = table_state(table)
    assert (state.next_deal.bock.level, state.next_deal.bock.factor) == (2, 4)
    assert state.next_deal.bock.deals_left == 4
    assert state.bock_rounds == (3, 4)
    assert [deal.bock_factor for deal in state.deals] == [1, 2]
    assert [deal.starts_bock for deal in state.deals] == [True, True]


def test_the_preview_shows_the_factor_recording_will_use():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: normal(nd.players, 120))
    preview = preview_deal(table, deal=normal([1, 2], 130))
    assert (preview.score.bock_factor, preview.score.value) == (2, 2)
    correction = preview_deal(table, deal=normal([1, 2], 130), number=1)
    assert correction.score.bock_factor == 1


def test_a_correction_that_removes_the_trigger_scores_the_later_deals_again():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: normal(nd.players, 130))
    play(table, lambda nd: normal(nd.players, 120))  # deal 2 triggers: deals 3-6 are Bock
    for _ in range(3):
        play(table, lambda nd: normal(nd.players, 130))
    assert [factor for factor, _ in stored(table)] == [1, 1, 2, 2, 2]
    deal_3 = table.deals.get(number=3)
    version_3 = deal_3.version
    correct_deal(table, 2, deal=normal([1, 2], 125), version=1, reason="Augen", by=ORGA)
    assert [factor for factor, _ in stored(table)] == [1, 1, 1, 1, 1]
    assert stored(table)[2][1] == {1: 1, 2: 1, 3: -1, 4: -1}
    deal_3.refresh_from_db()
    assert deal_3.version == version_3  # what was entered is unchanged: no new revision
    # the standings add up the stored points: the later deals count once now
    totals = {row.start_number: row.total for row in standings(table.series.tournament)}
    by_position = dict.fromkeys(range(1, 5), 0)
    for _factor, points in stored(table):
        for position, value in points.items():
            by_position[position] += value
    starts = dict(table.seats.values_list("position", "entry__start_number"))
    assert totals == {starts[position]: total for position, total in by_position.items()}
    assert by_position == {1: 1 + 1 + 3, 2: 5, 3: -5, 4: -5}


def test_a_correction_that_adds_a_trigger_makes_the_later_deals_bock():
    table = seated_table(4, rules=BOCK)
    for _ in range(3):
        play(table, lambda nd: normal(nd.players, 130))
    correct_deal(table, 1, deal=normal([1, 2], 120), version=1, reason="Augen", by=ORGA)
    assert [factor for factor, _ in stored(table)] == [1, 2, 2]
    assert table_state(table).next_deal.bock.deals_left == 2


def test_a_voided_trigger_starts_no_bock_round_and_a_correction_brings_it_back():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: solo(1, re_points=100))  # a lost solo: Bock
    play(table, lambda nd: normal(nd.players, 130))
    assert [factor for factor, _ in stored(table)] == [1, 2]
    void_deal(table, 1, version=1, reason="vergeben", by=ORGA)
    assert [factor for factor, _ in stored(table)] == [1, 1]
    correct_deal(table, 1, deal=solo(1, re_points=100), version=2, reason="doch", by=ORGA)
    assert [factor for factor, _ in stored(table)] == [1, 2]


def test_paused_bock_skips_a_compulsory_solo():
    table = seated_table(4, rules={**BOCK, "bock_pause_compulsory_solos": True})
    play(table, lambda nd: normal(nd.players, 120))
    play(table, lambda nd: solo(1, re_points=150))  # Pflichtsolo: not Bock, uses up none
    play(table, lambda nd: normal(nd.players, 130))
    assert [factor for factor, _ in stored(table)] == [1, 1, 2]
    assert table_state(table).next_deal.bock.deals_left == 3


def test_without_bock_rules_nothing_changes():
    table = seated_table(4)
    play(table, lambda nd: normal(nd.players, 120))
    play(table, lambda nd: normal(nd.players, 130))
    assert [factor for factor, _ in stored(table)] == [1, 1]
    assert "bock_triggers" not in table.deals.get(number=1).current.result


def test_bock_rounds_and_their_corrections_survive_the_archive():
    table = seated_table(4, rules=BOCK)
    play(table, lambda nd: normal(nd.players, 120))
    for _ in range(3):
        play(table, lambda nd: normal(nd.players, 130))
    # deal 2 was scored ×2 in version 1; correcting deal 1 leaves it ×1 in the same version
    correct_deal(table, 2, deal=normal([1, 2], 140), version=1, reason="Augen", by=ORGA)
    correct_deal(table, 1, deal=normal([1, 2], 125), version=1, reason="Augen", by=ORGA)
    correct_deal(table, 1, deal=normal([1, 2], 120), version=2, reason="doch", by=ORGA)
    tournament = table.series.tournament
    archive = json.loads(json.dumps(export_archive(tournament)))
    copy = import_archive(archive, by=Actor.of_user(organiser("zweite")))
    assert copy.rules == BOCK
    assert standing_figures(copy) == standing_figures(tournament)
    again = export_archive(copy)
    assert {**again, "exported_at": None} == {**archive, "exported_at": None}


def test_an_archive_of_an_older_version_with_fox_last_trick_still_imports():
    """Before the two fox codes a fox caught in the last trick was ``fox_last_trick``: an
    archive written then (rules, input and result lines with that code) imports unchanged."""
    rules = {"extras": ["fox", "doppelkopf", "karlchen", "fox_caught_in_last_trick"]}
    table = seated_table(4, rules=rules)
    extras = [{"type": "fox", "party": "re"}, {"type": "fox_caught_in_last_trick", "party": "re"}]
    play(table, lambda nd: normal(nd.players, 150, extras=extras))
    archive = json.loads(json.dumps(export_archive(table.series.tournament)))
    old = json.loads(json.dumps(archive).replace("fox_caught_in_last_trick", "fox_last_trick"))
    assert "fox_last_trick" in json.dumps(old["series"][0]["tables"][0]["deals"][0])
    copy = import_archive(old, by=Actor.of_user(organiser("zweite")))
    assert standing_figures(copy) == standing_figures(table.series.tournament)
    revision = copy.series.get(number=1).tables.get().deals.get().current
    assert revision.result["value"] == 3


ADDING = {**BOCK, "bock_mode": "add", "bock_add_points": 2}


def stored_points(table):
    """Per deal: the Bock points in its result and the points per position as stored."""
    return [
        (row[1], table.deals.get(number=number).current.result.get("bock_points", 0))
        for number, row in enumerate(stored(table), start=1)
    ]


def test_bock_that_adds_points_adds_them_to_the_winners_and_corrections_move_them():
    table = seated_table(4, rules=ADDING)
    play(table, lambda nd: normal(nd.players, 120))  # 120:120 → a Bock round of 4 deals
    state = table_state(table)
    assert (state.next_deal.bock.points, state.next_deal.bock.factor) == (2, 1)
    preview = preview_deal(table, deal=normal([1, 2], 130))
    assert (preview.score.bock_points, preview.score.value) == (2, 3)
    play(table, lambda nd: normal(nd.players, 130))  # Re wins 1, Bock +2
    play(table, lambda nd: normal(nd.players, 120))  # Kontra wins 2 (+1 elders), Bock +2; a trigger
    assert stored_points(table) == [
        ({1: -2, 2: -2, 3: 2, 4: 2}, 0),
        ({1: 3, 2: 3, 3: -3, 4: -3}, 2),
        ({1: -4, 2: -4, 3: 4, 4: 4}, 2),
    ]
    assert table_state(table).next_deal.bock.points == 4  # two rounds overlap: +2 each
    assert [deal.bock_points for deal in table_state(table).deals] == [0, 2, 2]
    revision = table.deals.get(number=2).current
    assert revision.result["lines"][-1] == {"code": "bock_points", "party": "re", "points": 2}
    assert "bock_factor" not in revision.result
    # deal 1 was no tie after all: deal 2 is plain, deal 3 still starts its round
    correct_deal(table, 1, deal=normal([1, 2], 125), version=1, reason="Augen", by=ORGA)
    assert [added for _points, added in stored_points(table)] == [0, 0, 0]
    assert stored_points(table)[1][0] == {1: 1, 2: 1, 3: -1, 4: -1}
    assert table_state(table).next_deal.bock.points == 2


def test_bock_points_and_their_corrections_survive_the_archive():
    table = seated_table(4, rules=ADDING)
    play(table, lambda nd: normal(nd.players, 120))
    for _ in range(2):
        play(table, lambda nd: normal(nd.players, 130))
    # deal 2 had +2 in version 1; correcting deal 1 leaves the version without them
    correct_deal(table, 2, deal=normal([1, 2], 140), version=1, reason="Augen", by=ORGA)
    correct_deal(table, 1, deal=normal([1, 2], 125), version=1, reason="Augen", by=ORGA)
    tournament = table.series.tournament
    archive = json.loads(json.dumps(export_archive(tournament)))
    copy = import_archive(archive, by=Actor.of_user(organiser("zweite")))
    assert copy.rules == ADDING
    assert standing_figures(copy) == standing_figures(tournament)
    again = export_archive(copy)
    assert {**again, "exported_at": None} == {**archive, "exported_at": None}
