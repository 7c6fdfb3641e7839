"""scoring 0007: a ranking frozen before "who is ranked" was decided keeps only the entries that
sat down, the ranks behind a dropped row moving up."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from hypothesis import given
from hypothesis import strategies as st

from results.domain.ranking_cache import public_snapshot
from scoring.domain.deals import record_deal
from tests.factories.api import NORMAL
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.domain.entries import add_entry
from tournaments.domain.tournaments import update_tournament
from tournaments.models import Tournament

MIGRATION = importlib.import_module("scoring.migrations.0007_frozen_rankings_rank_who_sat_down")


def competition_ranks(totals: list[int]) -> list[int]:
    """1 + how many have more: the standings' shared ranks (1, 2, 2, 4)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


@given(
    st.lists(st.tuples(st.integers(-20, 20), st.booleans(), st.booleans()), max_size=14),
)
def test_the_ranks_are_those_of_the_entries_that_sat_down(rows):
    """Checked against ranking the present rows afresh."""
    rows = sorted(rows, key=lambda row: -row[0])
    totals = [total for total, _sat, _hidden in rows]
    snapshot_rows = [
        {
            "rank": rank,
            "entry": None if hidden else index,
            "hidden": hidden,
            "total": total,
            "series": {"1": total} if sat else {},
            "deals_played": 3 if sat else 0,
        }
        for index, ((total, sat, hidden), rank) in enumerate(
            zip(rows, competition_ranks(totals), strict=True)
        )
    ]
    took_part = {index for index, (_total, sat, _hidden) in enumerate(rows) if sat}
    rewritten = MIGRATION.without_absent(
        {"overall": snapshot_rows, "series": {"1": snapshot_rows}}, {"1": took_part}
    )
    kept = [row for row, (_total, sat, _hidden) in zip(snapshot_rows, rows, strict=True) if sat]
    expected = competition_ranks([row["total"] for row in kept])
    for ranking in (rewritten["overall"], rewritten["series"]["1"]):
        assert [row["entry"] for row in ranking] == [row["entry"] for row in kept]
        assert [row["rank"] for row in ranking] == expected


@pytest.mark.django_db
def test_a_frozen_ranking_of_before_drops_who_never_sat_down():
    table = seated_table(4)
    tournament = table.series.tournament
    record_deal(table, deal=NORMAL, by=CAPTAIN)  # 1 and 3 +1, 2 and 4 -1
    stayed_home = add_entry(tournament, by=ORGA, name="Blieb zu Hause")
    update_tournament(tournament, by=ORGA, standings_public=True, standings_frozen=True)
    today = Tournament.objects.get(pk=tournament.pk).frozen_standings
    assert stayed_home.pk not in [row["entry"] for row in today["overall"]]
    # as a freeze of before made it: the absent one ranked 3rd with 0, the two behind at 4th
    absent = {
        **today["overall"][0],
        "rank": 3,
        "entry": stayed_home.pk,
        "player": {"id": stayed_home.player_id, "name": "Blieb zu Hause", "club": None},
        "start_number": stayed_home.start_number,
        "total": 0,
        "series": {},
        "deals_played": 0,
    }
    before = [*today["overall"][:2], absent, *[{**row, "rank": 4} for row in today["overall"][2:]]]
    old = {**today, "overall": before, "series": {"1": before}}
    Tournament.objects.filter(pk=tournament.pk).update(frozen_standings=old)

    MIGRATION.rank_who_sat_down(apps, None)

    rewritten = Tournament.objects.get(pk=tournament.pk).frozen_standings
    assert rewritten["overall"] == today["overall"]
    assert rewritten["series"]["1"] == today["overall"]
    assert rewritten.get("parts") == today.get("parts")
    MIGRATION.rank_who_sat_down(apps, None)  # again: nothing more changes
    assert Tournament.objects.get(pk=tournament.pk).frozen_standings == rewritten
    assert public_snapshot(tournament)["overall"] == today["overall"]
