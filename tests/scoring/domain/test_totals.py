"""The per-table totals (``SeriesTotal``) equal a full scan of the deals after any sequence of
writes: recorded, corrected (moving Bock rounds over later deals), voided, confirmed, refused."""

import random
from collections import Counter

import pytest
from django.db import connection

from karlchen.refusals import Conflict, Refused
from scoring.domain.deals import confirm_deal, confirming_positions, correct_deal, void_deal
from scoring.models import SeriesTotal
from tests.factories.tournaments import seated_table
from tests.scoring.domain.conftest import ORGANISER, normal, play, solo

pytestmark = pytest.mark.django_db

RULES = {"bock_triggers": ["tie_120", "solo_lost"]}
FIELDS = ("table_id", "entry_id", "points", "deals", "confirmed_points", "confirmed_deals")


def scanned() -> set[tuple[int, ...]]:
    """The totals as a scan of every current revision's points gives them."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT deal.table_id, points.entry_id, SUM(points.points), COUNT(*),"
            " SUM(CASE WHEN revision.confirmed_at IS NULL THEN 0 ELSE points.points END),"
            " COUNT(revision.confirmed_at)"
            " FROM scoring_deal deal"
            " JOIN scoring_dealrevision revision ON revision.id = deal.current_id"
            " JOIN scoring_revisionpoints points ON points.revision_id = revision.id"
            " GROUP BY deal.table_id, points.entry_id"
        )
        return {tuple(int(value) for value in row) for row in cursor.fetchall()}


def stored() -> set[tuple[int, ...]]:
    return set(SeriesTotal.objects.values_list(*FIELDS))


def a_deal(rng: random.Random, players):
    if rng.random() < 0.2:
        return solo(rng.choice(players), re_points=rng.choice([90, 150]))
    return normal(rng.sample(list(players), 4), rng.choice([90, 120, 120, 130, 151, 200]))


def a_write(rng: random.Random, table) -> str:
    """One write at ``table``, chosen at random; returns which."""
    deals = list(table.deals.select_related("current").order_by("number"))
    action = rng.choice(["record", "record", "record", "correct", "void", "confirm"])
    if action == "record" or not deals:
        play(table, lambda upcoming: a_deal(rng, upcoming.players))
        return "record"
    target = rng.choice(deals)
    players = target.current.input["seats"]
    if action == "correct":
        body = a_deal(rng, players)
        correct_deal(
            table, target.number, deal=body, version=target.version, reason="x", by=ORGANISER
        )
    elif action == "void":
        void_deal(table, target.number, version=target.version, reason="x", by=ORGANISER)
    else:
        keeper = max(seat.position for seat in table.seats.all())
        position = rng.choice(confirming_positions("doppelkopf", target.current.input, keeper))
        pin = table.seats.get(position=position).entry.pin
        confirm_deal(table, target.number, version=target.version, position=position, pin=pin)
    return action


@pytest.mark.parametrize("seed", range(6))
def test_after_any_sequence_of_writes_the_totals_equal_a_full_scan(seed):
    rng = random.Random(seed)
    tables = [
        seated_table(size, rules=RULES, confirmation_required=True, name=f"Abend {size}")
        for size in (4, 5)
    ]
    written = Counter()
    for _step in range(60):
        table = rng.choice(tables)
        before = stored()
        try:
            written[a_write(rng, table)] += 1
        except (Refused, Conflict):
            assert stored() == before  # a refused write changes no total
        assert stored() == scanned()
    assert set(written) == {"record", "correct", "void", "confirm"}  # each kind was written
