"""The one fingerprint idea (``stats.domain.fingerprint``): its prints against the rows they
stand for, summed here in Python, and both of its callers, the stored figures and the rating,
changed by the same events (a deal recorded, corrected, voided; an entry moved to another
person) and by nothing else."""

from __future__ import annotations

import pytest

from scoring.domain.deals import correct_deal, record_deal, void_deal
from scoring.domain.series import close_series
from scoring.models import Deal
from stats.domain.fingerprint import deals_print, digest, people_print
from stats.domain.rating import counted_deals, fingerprint
from stats.domain.stored import fingerprints
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}


def test_the_prints_are_the_rows_counted_and_summed():
    table = seated_table(4)
    other = seated_table(4, name="Zweites Turnier")
    for deal in (NORMAL, KONTRA_WINS, NORMAL):
        record_deal(table, deal=deal, by=CAPTAIN)
    record_deal(other, deal=NORMAL, by=CAPTAIN)
    void_deal(table, 2, version=1, reason="misdeal", by=ORGA)
    deals = Deal.objects.filter(table__in=[table, other])
    rows = list(deals.values_list("table_id", "current_id"))
    assert deals_print(deals) == [(len(rows), sum(current for _table, current in rows))]
    per_table = {
        one: (sum(1 for t, _c in rows if t == one), sum(c for t, c in rows if t == one))
        for one in (table.pk, other.pk)
    }
    assert {row[0]: row[1:] for row in deals_print(deals, per="table_id")} == per_table
    assert deals_print(Deal.objects.none()) == [(0, 0)]  # nothing: a print all the same
    entries = Entry.objects.filter(tournament__in=[table.series.tournament_id])
    seated = list(entries.values_list("pk", "player_id"))
    assert people_print(entries) == [(4, sum(pk * player for pk, player in seated))]
    assert digest([1, "a"]) == digest([1, "a"]) != digest([1, "b"])
    assert len(digest([])) == 32


def test_both_callers_follow_the_same_events():
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    for deal in (NORMAL, NORMAL):
        record_deal(table, deal=deal, by=CAPTAIN)
    close_series(table.series, by=ORGA, force=True)

    def both():
        return fingerprints([tournament.pk])[tournament.pk], fingerprint(counted_deals())

    seen = [both()]
    assert both() == seen[0]  # asked again: the same
    correct_deal(table, 1, deal=KONTRA_WINS, version=1, reason="wrong", by=ORGA)
    seen.append(both())
    void_deal(table, 2, version=1, reason="misdeal", by=ORGA)
    seen.append(both())
    newcomer = seated_table(4, name="Anderswo").seats.get(position=1).entry.player
    Entry.objects.filter(tournament=tournament, start_number=1).update(player=newcomer)  # merged
    seen.append(both())
    assert len({stored for stored, _rating in seen}) == len(seen)
    assert len({rating for _stored, rating in seen}) == len(seen)
