"""The tournament report as PDF: the tournament, the field, the series and their tables,
penalties and corrections, protests and the final standings."""

import pytest
from django.core.files.storage import default_storage
from django.utils import translation

from clubs.models import Club
from printing.domain.documents import check_documents, document_path, generate_documents
from printing.domain.report import tournament_report
from results.domain.standings import standings
from scoring.domain.adjustments import add_adjustment
from scoring.domain.deals import correct_deal
from scoring.enums import AdjustmentKind
from tests.factories.documents import pdf_lines, play_series, seated_series
from tests.factories.tournaments import ORGA
from tournaments.domain.entries import withdraw
from tournaments.domain.final import decide_protest, lodge_protest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def report_tournament():
    """Series 1 of nine players at a four- and a five-table, played a little; a penalty, a
    corrected deal, a withdrawn player, a referee and a host club."""
    series, tables = seated_series((4, 5), referee="Erika Muster", region="Westfalen")
    tournament = series.tournament
    tournament.club = Club.objects.create(name="Karo Dame Essen")
    tournament.save(update_fields=["club"])
    for table in tables:
        play_series(table, seed=table.number, deals=3)
    first = tables[0]
    entries = [seat.entry for seat in first.seats.order_by("position")]
    add_adjustment(
        series,
        kind=AdjustmentKind.UNSPORTING,
        lines={entries[0]: -6},
        reason="Handy am Tisch",
        table=first,
        by=ORGA,
    )
    deal = first.deals.order_by("number").first()
    correct_deal(
        first,
        deal.number,
        deal=deal.current.input,
        version=deal.version,
        by=ORGA,
        reason="Punkte vertauscht",
    )
    withdraw(tournament.entries.order_by("-start_number").first(), by=ORGA)
    return tournament


def rendered_text(tournament, **request):
    with translation.override("en"):
        params = check_documents(tournament, {"kind": "report", **request})
        result = generate_documents(tournament, params, base_url="", progress=lambda *_: None)
    (file,) = result["files"]
    assert file["name"] == "report.pdf"
    with default_storage.open(document_path(tournament.pk, file["name"])) as stored:
        content = stored.read()
    assert content.startswith(b"%PDF")
    return " ".join(" ".join(page) for page in pdf_lines(content))


def test_the_report_holds_what_a_federation_files():
    tournament = report_tournament()
    text = rendered_text(tournament, top=3)
    assert "Tournament report" in text
    assert "Erika Muster" in text
    assert "Karo Dame Essen" in text
    assert "Westfalen" in text
    assert "9 players (1 withdrawn)" in text
    assert "S1: 2 tables, 6 deals" in text
    assert "Penalties and corrections" in text
    assert "Handy am Tisch" in text
    assert "Punkte vertauscht" in text
    assert "deal 1 at table 1 of series 1 corrected" in text
    assert "No protests." in text
    assert "Table 2 (3 deals)" in text
    for name in ("Jürgen Weiß", "Änne Öztürk"):
        assert name in text


def test_the_report_data_lists_tables_in_seat_order_and_the_first_places():
    tournament = report_tournament()
    report = tournament_report(tournament, top=3)
    (series, *_rest) = report.series
    assert [table.number for table in series.tables] == [1, 2]
    assert [len(table.players) for table in series.tables] == [4, 5]
    assert series.tables[0].players[0] == "Jürgen Weiß"
    assert (series.deals, series.players) == (6, 9)
    assert [row.rank for row in report.standings] == [
        row.rank for row in standings(tournament) if row.rank <= 3
    ]
    (penalty,) = report.penalties
    assert (penalty.series, penalty.table, penalty.points) == (1, 1, (("Jürgen Weiß", -6),))
    (correction,) = report.corrections
    assert (correction.deal, correction.voided, correction.by) == (1, False, "orga")
    assert report.protests == ()
    assert (report.entered, report.withdrawn, report.clubs) == (9, 1, 3)
    first = tournament.entries.order_by("start_number").first().player
    first.club_name = first.club_name.upper()  # one club however it was typed
    first.save(update_fields=["club_name"])
    assert tournament_report(tournament, top=3).clubs == 3


def test_the_protests_noted_at_the_desk_are_printed_with_their_decisions():
    tournament = report_tournament()
    assert "No protests." in rendered_text(tournament)
    rejected = lodge_protest(
        tournament, by=ORGA, text="Karte zurückgenommen", series=1, table=2, deal=7
    )
    decide_protest(rejected, by=ORGA, status="rejected", decision="Keine Karte gesehen")
    lodge_protest(tournament, by=ORGA, text="Falsch gemischt")
    with translation.override("en"):
        first, second = tournament_report(tournament, top=3).protests
    assert (first.series, first.table, first.deal, first.text) == (1, 2, 7, "Karte zurückgenommen")
    assert (first.status, first.decision) == ("rejected", "Keine Karte gesehen")
    assert (second.series, second.text, second.decision) == (None, "Falsch gemischt", "")
    text = rendered_text(tournament)
    for shown in ("Karte zurückgenommen", "Keine Karte gesehen", "Falsch gemischt"):
        assert shown in text


def test_the_report_needs_no_deal_and_takes_top_like_certificates():
    series, _ = seated_series((4,))
    tournament = series.tournament
    assert check_documents(tournament, {"kind": "report"})["top"] == 10
    text = rendered_text(tournament)
    assert "No penalty rows." in text
    assert "No deal was corrected" in text
