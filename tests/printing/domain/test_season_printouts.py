"""A season on paper: the season ranking and the players' season sheets, as PDF text."""

import pytest
from django.core.cache import cache
from django.utils import translation

from printing.domain.season_printouts import (
    season_ranking_document,
    season_ranking_pdf,
    season_sheets,
    season_sheets_pdf,
)
from seasons.domain.final import create_final
from tests.factories.documents import pdf_lines
from tests.factories.seasons import cup_of_eight, season_with_evenings
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    cache.clear()
    with translation.override("en"):
        yield


def test_the_season_ranking_pdf_lists_the_ranking_the_rule_and_the_final():
    season, ranked = cup_of_eight(cup_places=4, ranking_rule={"min_lists": 1})
    create_final(season, by=ORGA, name="Pokalfinale")
    season.refresh_from_db()
    (page,) = pdf_lines(season_ranking_pdf(season).pdf)
    assert page[0] == "Pokal 2026"
    assert any(line.startswith("The final: Pokalfinale") for line in page)
    rows = [line for line in page if line[:2] in {"1.", "3.", "5.", "7."}]
    assert [row.split()[1:3] for row in rows] == [
        ["Spieler", player.name.split()[1]] for player in ranked
    ]
    assert rows[0].startswith("1. Spieler 1 Herz As 2 1 1/1 qualified")
    assert rows[4].startswith("5. Spieler 6")
    assert "qualified" not in rows[4]
    assert "Pokalrunde 1" in " ".join(page)
    assert any("Ranked from 1 list on." in line for line in page)


def test_a_player_s_season_sheet_shows_each_evening_counted_or_dropped():
    season, _tables, players = season_with_evenings(3, ranking_rule={"best": 2})
    (page,) = pdf_lines(season_sheets_pdf(season, players[0].pk).pdf)
    assert page[:2] == ["Spieler 1", "Jahreswertung 2026 · Herz As"]
    assert page[2].startswith("rank 1, score 2 · 3 evenings · 2 of 3 lists counted")
    evenings = [line for line in page if "Clubabend" in line]
    assert evenings == [
        "07/01/2026 Clubabend 1 1. 1 1 1 counted",
        "14/01/2026 Clubabend 2 1. 1 1 1 counted",
        "21/01/2026 Clubabend 3 1. 1 1 1 dropped",
    ]


def test_every_player_s_sheet_is_a_page_in_ranking_order():
    season, _tables, players = season_with_evenings(2)
    pages = pdf_lines(season_sheets_pdf(season).pdf)
    assert [page[0] for page in pages] == ["Spieler 1", "Spieler 3", "Spieler 2", "Spieler 4"]
    assert [sheet.standing["player"]["id"] for sheet in season_sheets(season)] == [
        players[0].pk,
        players[2].pk,
        players[1].pk,
        players[3].pk,
    ]


def test_nothing_to_print_for_a_player_without_a_result():
    season, _tables, _players = season_with_evenings(1)
    assert season_sheets_pdf(season, 10**6) is None
    empty, _t, _p = season_with_evenings(0, name="Leer")
    assert season_ranking_document(empty).rows == []
    (page,) = pdf_lines(season_ranking_pdf(empty).pdf)
    assert "No evening has been played yet." in page
