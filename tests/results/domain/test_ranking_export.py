"""The federation's ranking export: the layouts of docs/RANKING_EXPORT.md, from real standings."""

import csv
import io
import re
from pathlib import Path

import pytest

from clubs.models import Club
from results.domain.ranking_export import (
    DDV_COLUMNS,
    export_ranking,
    file_name,
    ranking_csv,
    schafkopf_columns,
    without_member_number,
)
from results.domain.standings import standings
from scoring.domain.adjustments import add_adjustment
from scoring.domain.deals import record_deal
from scoring.enums import AdjustmentKind
from seating.domain.seating import seat_series
from tests.factories.documents import play_series, seated_series
from tests.factories.tournaments import CAPTAIN, ORGA
from tests.scoring.domain.conftest import next_deal
from tournaments.domain.entries import withdraw

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[3] / "docs" / "RANKING_EXPORT.md"


def read(content: bytes) -> list[list[str]]:
    assert content.startswith("\ufeff".encode())  # UTF-8 with a BOM
    text = content.decode("utf-8").removeprefix("\ufeff")
    assert "\r\n" in text
    assert "\n" not in text.replace("\r\n", "")
    return list(csv.reader(io.StringIO(text), delimiter=";"))


def documented_columns(section: str) -> list[str]:
    """The column names of a layout's table in the doc (``a``, ``b`` cells split)."""
    text = DOC.read_text()
    part = text[text.index(f"## {section}") :]
    start = part.index("| column |")
    table = part[start : part.index("\n\n", start)]
    names = []
    for line in table.splitlines()[2:]:
        first = line.split("|")[1]
        names += re.findall(r"`([a-z_0-9<>…]+)`", first)
    return names


def documented_example(section: str) -> list[list[str]]:
    text = DOC.read_text()
    part = text[text.index(f"## {section}") :]
    block = part[part.index("```csv\n") + 7 : part.index("\n```", part.index("```csv"))]
    return list(csv.reader(io.StringIO(block), delimiter=";"))


def play(table, deals=4):
    """``deals`` valid deals at the table: generated for Doppelkopf, Rufer for Schafkopf."""
    if table.series.tournament.game == "doppelkopf":
        play_series(table, seed=table.pk, deals=deals)
        return
    for n in range(deals):
        upcoming = next_deal(table)
        declarer, partner = upcoming.players[n % 4], upcoming.players[(n + 1) % 4]
        body = {
            "contract": "rufer",
            "declarer": declarer,
            "partner": partner,
            "suit": "acorns",
            "declarer_points": 70 if n % 3 else 40,
        }
        record_deal(table, deal=body, by=CAPTAIN, number=upcoming.number)


def two_rounds(game="doppelkopf"):
    """Four players, two rounds played (one deals four times each), a penalty in round 2."""
    series, (table,) = seated_series((4,), game=game, region="Westfalen", venue="Saal")
    tournament = series.tournament
    tournament.club = Club.objects.create(name="Karo Dame Essen")
    tournament.save(update_fields=["club"])
    play(table)
    entries = list(tournament.entries.order_by("start_number"))
    entries[0].player.member_number = "10234"
    entries[0].player.save(update_fields=["member_number"])
    entries[1].player.member_number = "  "  # blank is no number
    entries[1].player.save(update_fields=["member_number"])
    second = tournament.series.get(number=2)
    (table2,) = seat_series(second, [entries], by=ORGA)
    play(table2)
    add_adjustment(
        second, kind=AdjustmentKind.UNSPORTING, lines={entries[2]: -5}, reason="x", by=ORGA
    )
    return tournament, entries


def test_the_ddv_layout_has_the_documented_columns_and_a_line_per_player_and_round():
    tournament, entries = two_rounds()
    rows = read(ranking_csv(tournament))
    assert rows[0] == DDV_COLUMNS == documented_columns("DDV layout")
    assert len(rows) == 1 + 4 * 2
    ranked = standings(tournament)
    lines = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    for standing in ranked:
        mine = [line for line in lines if line["startnummer"] == str(standing.start_number)]
        assert [line["runde"] for line in mine] == ["1", "2"]
        assert [int(line["spielpunkte"]) for line in mine] == [
            standing.per_series[1],
            standing.per_series[2],
        ]
        assert sum(int(line["spielpunkte"]) for line in mine) == standing.total
        assert {line["platz"] for line in mine} == {str(standing.rank)}
        assert {line["gesamt"] for line in mine} == {str(standing.total)}
    first = next(line for line in lines if line["startnummer"] == str(entries[0].start_number))
    assert (first["mitgliedsnummer"], first["ohne_nummer"]) == ("10234", "0")
    second = next(line for line in lines if line["startnummer"] == str(entries[1].start_number))
    assert (second["mitgliedsnummer"], second["ohne_nummer"]) == ("", "1")
    assert first["turnier_id"] == str(tournament.pk)
    assert (first["datum"], first["ort"], first["region"], first["ausrichter"]) == (
        tournament.date.isoformat(),
        "Saal",
        "Westfalen",
        "Karo Dame Essen",
    )
    assert [line["platz"] for line in lines] == sorted((line["platz"] for line in lines), key=int)


def test_the_penalty_counts_in_its_round():
    tournament, entries = two_rounds()
    lines = read(ranking_csv(tournament))
    penalised = [row for row in lines[1:] if row[10] == str(entries[2].start_number)]
    standing = next(row for row in standings(tournament) if row.entry_id == entries[2].pk)
    assert int(penalised[1][12]) == standing.per_series[2]  # the -5 included


def test_a_round_a_withdrawn_player_did_not_play_has_no_line():
    series, (table,) = seated_series((4,))
    play_series(table, seed=2, deals=4)
    tournament = series.tournament
    gone = tournament.entries.order_by("start_number").first()
    withdraw(gone, by=ORGA)
    lines = read(ranking_csv(tournament))[1:]
    mine = [row for row in lines if row[10] == str(gone.start_number)]
    assert [(row[11], row[16]) for row in mine] == [("1", "1")]  # round 1 only, withdrawn


def test_the_schafkopf_layout_has_a_column_per_round():
    tournament, _entries = two_rounds(game="schafkopf")
    rows = read(ranking_csv(tournament))
    rounds = tournament.series_count
    assert rows[0] == schafkopf_columns(rounds)
    documented = documented_columns("Schafkopf layout")
    assert documented[:11] == DDV_COLUMNS[:11]
    assert documented[11:] == [
        "platz",
        "gesamt",
        "runde_1",
        "runde_<n>",
        "spiele",
        "zurueckgezogen",
    ]
    assert len(rows) == 1 + 4
    for row, standing in zip(rows[1:], standings(tournament), strict=True):
        line = dict(zip(rows[0], row, strict=True))
        assert (line["platz"], line["gesamt"]) == (str(standing.rank), str(standing.total))
        assert line["runde_1"] == str(standing.per_series[1])
        assert line["runde_2"] == str(standing.per_series[2])
        assert line["runde_3"] == ""  # not played
        assert line["spiele"] == str(standing.deals_played)


@pytest.mark.parametrize(
    ("section", "columns"),
    [("DDV layout", DDV_COLUMNS), ("Schafkopf layout", schafkopf_columns(3))],
)
def test_the_docs_examples_have_the_layouts_header_and_width(section, columns):
    example = documented_example(section)
    assert example[0] == columns
    assert all(len(row) == len(columns) for row in example)


def test_formulas_never_run_and_the_flag_counts_players_without_a_number():
    tournament, entries = two_rounds()
    entries[3].player.name = "=HYPERLINK(1)"
    entries[3].player.save(update_fields=["name"])
    text = ranking_csv(tournament).decode()
    assert ";'=HYPERLINK(1);" in text
    assert without_member_number(tournament) == 3


def test_the_organisers_download_is_logged_and_named():
    tournament, _ = two_rounds()
    content = export_ranking(tournament, by=ORGA)
    assert content == ranking_csv(tournament)
    action = tournament.actions.first()
    assert (action.action, action.details) == ("exported", {"format": "DDV CSV"})
    assert file_name(tournament) == f"ranking-ddv-{tournament.pk}-{tournament.date}.csv"
