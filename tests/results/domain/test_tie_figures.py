"""The tie-break figures spectators see next to equal totals (``standings.tie_figures``)."""

import pytest

from results.domain.ranking_cache import organiser_ranking
from results.domain.standings import tie_break_names, tie_figures
from tests.results.domain.test_standings import two_series_tournament
from tests.scoring.domain.conftest import normal, play

SW_BS = ("series_won", "best_series")


def row(total, won=0, series=None, deals=0):
    return {"total": total, "series_won": won, "series": series or {}, "deals_played": deals}


def test_a_lone_total_and_a_shared_rank_show_no_figure():
    rows = [row(5, won=1), row(3), row(3)]  # the two 3s share their rank: nothing tells apart
    assert tie_figures(rows, SW_BS) == [[], [], []]


def test_equal_totals_show_the_first_tie_break_that_orders_them():
    rows = [row(4, won=2, series={"1": 4}), row(4, won=1, series={"1": 9}), row(1)]
    assert tie_figures(rows, SW_BS) == [[2], [1], []]


def test_a_run_needing_the_second_tie_break_shows_both_figures_on_every_row():
    rows = [
        row(4, won=2, series={"1": 1, "2": 3}),
        row(4, won=1, series={"1": 7, "2": -3}),
        row(4, won=1, series={"1": 2, "2": 2}),
    ]
    assert tie_figures(rows, SW_BS) == [[2, 3], [1, 7], [1, 2]]


def test_fewer_deals_played_shows_the_deals():
    rows = [row(0, deals=0), row(0, deals=2)]
    assert tie_figures(rows, ("deals_played",)) == [[0], [2]]


@pytest.mark.django_db
def test_the_figures_of_real_standings_follow_the_tournaments_order():
    tournament, _entries, first, _second = two_series_tournament(tie_breaks=["deals_played"])
    play(first[0], lambda nd: normal([1, 2], re_points=131))
    play(first[0], lambda nd: normal([3, 4], re_points=131))
    rows = organiser_ranking(tournament).rows
    assert tie_break_names(tournament) == ("deals_played",)
    figures = dict(
        zip((r["player"]["name"] for r in rows), tie_figures(rows, ("deals_played",)), strict=False)
    )
    assert figures["Spieler 5"] == [0]  # never played: ahead of the players of table 1
    assert figures["Spieler 1"] == [2]
