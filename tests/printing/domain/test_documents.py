"""Printed documents: what each PDF says (text, QR codes, fonts, pages) and how they are stored."""

import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django.utils import translation

from karlchen.collation import sort_key
from karlchen.refusals import Refused
from printing import pdf
from printing.domain import printouts
from printing.domain.documents import SHEET_FORM, check_documents, document_path, generate_documents
from printing.domain.printouts import surname_first, surname_key
from tests.conftest import REPO
from tests.factories.documents import (
    NAMES,
    embedded_fonts,
    forms_drawn,
    pdf_lines,
    pdf_pages,
    pdf_reader,
    play_series,
    qr_codes,
    seated_series,
)
from tournaments.enums import SeriesStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

BASE_URL = "https://karlchen.example.org"


def generate(tournament, **request):
    """Generate the documents of ``request`` in German; the files' bytes by name, the result."""
    progress = []
    with translation.override("de"):
        params = check_documents(tournament, request)
        result = generate_documents(
            tournament, params, base_url=BASE_URL, progress=lambda *step: progress.append(step)
        )
    return (
        {file["name"]: stored(tournament, file["name"]) for file in result["files"]},
        result,
        progress,
    )


def stored(tournament, name: str) -> bytes:
    with default_storage.open(document_path(tournament.pk, name)) as file:
        return file.read()


def flat(text: str) -> str:
    """The text with lines joined (a long name wraps after its hyphen)."""
    return re.sub(r"\s+", " ", text.replace("-\n", "-"))


def words(lines: list[str]) -> list[str]:
    """The lines with their words one space apart."""
    return [" ".join(line.split()) for line in lines]


def grid_lines(text: str) -> list[list[str]]:
    """The rows of a sheet's grids: after their heading, lines of cells from a row number on."""
    rows = text.split("Nr. Spiel", 1)[-1].split("Unterschriften", 1)[0]
    return [line.split() for line in rows.splitlines() if re.match(r"\s*\d+(\s|$)", line)]


def test_blank_score_sheets_have_a_page_per_table_with_players_rows_and_the_captain_link():
    series, tables = seated_series((4, 5))
    files, result, progress = generate(series.tournament, kind="score_sheets", series=1)
    (data,) = files.values()
    four, five = pdf_pages(data)
    assert result["pages"] == 2
    assert progress == [(2, 2)]
    assert "Serie 1 · Tisch 1" in four
    assert "Position 1 gibt zuerst; Position 4 führt die Liste." in four
    assert "Position 5 führt die Liste." in five
    for position, name in enumerate(NAMES[:4], start=1):
        assert f"Spieler {position}: {name}" in flat(four)
    assert "Pflichtsoli" in four
    # 20 normal rows and 4 solo rows at a four-table, 25 and 5 at a five-table; none filled
    assert list(grid_lines(four)) == [[str(row)] for row in [*range(1, 21), *range(1, 5)]]
    assert len(grid_lines(five)) == 25 + 5
    links = [BASE_URL + f"/captain/{table.captain_token()}/" for table in tables]
    assert qr_codes(data) == links
    assert links[0] in four.replace("\n", "")  # printed below the code


def test_filled_sheet_puts_solos_in_their_rubric_and_runs_totals_in_play_order():
    series, (table,) = seated_series((4,))
    generated = play_series(table, seed=7)
    files, _, _ = generate(series.tournament, kind="score_sheets", series=1, filled=True)
    (lines,) = pdf_lines(files["score-sheets-series-1-filled.pdf"])
    # the row numbers are the form's, the cells the table's own: read as one line each
    normal_text, solo_text = "\n".join(lines).split("Pflichtsoli")
    solos = [deal for deal in generated if deal.kind in ("compulsory_solo", "forced_solo")]
    assert [int(cells[1]) for cells in grid_lines(solo_text)] == [
        deal.upcoming.number for deal in solos
    ]
    totals = dict.fromkeys(range(1, 5), 0)
    expected = {}
    for deal in generated:
        for position in totals:
            totals[position] += deal.score.points[position]
        expected[deal.upcoming.number] = [
            cell
            for position in range(1, 5)
            for cell in (f"{deal.score.points[position]:+d}", str(totals[position]))
        ] + [str(deal.score.value)]
    rows = grid_lines(normal_text) + grid_lines(solo_text)
    assert len(rows) == 24
    assert {int(cells[1]): cells[2:11] for cells in rows} == expected


def test_schafkopf_sheets_have_their_deals_and_no_solo_rubric():
    series, _ = seated_series((4,), game="schafkopf", normal_deals=32)
    files, _, _ = generate(series.tournament, kind="score_sheets", series=1)
    (text,) = pdf_pages(files["score-sheets-series-1.pdf"])
    assert "Pflichtsoli" not in text
    assert [int(cells[0]) for cells in grid_lines(text)] == list(range(1, 33))


def test_sheets_one_file_per_table_on_request():
    series, _ = seated_series((4, 5, 4))
    files, result, progress = generate(
        series.tournament, kind="score_sheets", series=1, split="per_table"
    )
    assert sorted(files) == [f"score-sheets-series-1-table-{n}.pdf" for n in (1, 2, 3)]
    assert "Tisch 2" in pdf_pages(files["score-sheets-series-1-table-2.pdf"])[0]
    # the forms are laid out once; each file holds its own sheet's form, and no other
    for data in files.values():
        assert forms_drawn(data) == ["/KarlchenForm0"]
        xobjects = pdf_reader(data).pages[0]["/Resources"]["/XObject"]
        assert [name for name in xobjects if name.startswith("/KarlchenForm")] == ["/KarlchenForm0"]
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert result["pages"] == 3


def test_fonts_are_embedded_from_the_dejavu_files():
    series, _ = seated_series((4,))
    files, _, _ = generate(series.tournament, kind="score_sheets", series=1)
    fonts = embedded_fonts(files["score-sheets-series-1.pdf"])
    assert fonts == {"Karlchen-Sans", "Karlchen-Sans-Bold", "Karlchen-Mono"}
    # the @font-face files exist, so WeasyPrint did not fall back to some other font
    stylesheet = (REPO / "printing" / "templates" / "print" / "print.css").read_text()
    faces = re.findall(r'url\("file://([^"]+)"\)', stylesheet)
    assert len(faces) == 5
    assert [Path(face).name for face in faces if not Path(face).is_file()] == []


def test_page_numbers_run_on_across_the_chunks(monkeypatch):
    monkeypatch.setattr(pdf, "CHUNK", 2)
    monkeypatch.setattr(pdf.render_pages, "__kwdefaults__", {"progress": None, "chunk": 2})
    series, _ = seated_series((4, 4, 4, 4, 4))
    files, _, progress = generate(series.tournament, kind="score_sheets", series=1)
    pages = pdf_pages(files["score-sheets-series-1.pdf"])
    numbers = [f"Seite {number} / 5" in page for number, page in enumerate(pages, start=1)]
    assert numbers == [True] * 5
    assert progress == [(2, 5), (4, 5), (5, 5)]


@pytest.mark.parametrize("form", [None, SHEET_FORM])
def test_an_item_needing_two_pages_still_gets_the_true_total(form):
    series, _ = seated_series((4, 4))
    sheets = printouts.score_sheets(series, filled=False, base_url="http://karlchen.test")
    long_sheet = replace(sheets[0], normal=sheets[0].normal * 3)  # spills onto a 2nd page
    with translation.override("de"):
        rendered = pdf.render_pages(
            "print/score_sheets.html", [long_sheet, sheets[1]], {}, form=form
        )
    pages = pdf_pages(rendered.pdf)
    assert rendered.pages == len(pages) > 2
    assert f"Seite {len(pages)} / {len(pages)}" in pages[-1]
    assert forms_drawn(rendered.pdf) == [None] * len(pages)  # a form fits one page: whole pages


def test_one_file_per_sheet_falls_back_to_whole_pages_where_a_form_needs_two():
    series, _ = seated_series((4, 4))
    sheets = printouts.score_sheets(series, filled=False, base_url="http://karlchen.test")
    long_sheet = replace(sheets[0], normal=sheets[0].normal * 3)
    with translation.override("de"):
        long, short = pdf.render_each(
            "print/score_sheets.html", [long_sheet, sheets[1]], {}, form=SHEET_FORM
        )
    assert long.pages == len(pdf_pages(long.pdf)) > 1
    assert f"Seite {long.pages} / {long.pages}" in pdf_pages(long.pdf)[-1]
    assert (short.pages, forms_drawn(long.pdf), forms_drawn(short.pdf)) == (
        1,
        [None] * long.pages,
        [None],
    )


def test_sheets_on_forms_read_as_the_whole_sheets_do():
    series, tables = seated_series((4, 5))
    play_series(tables[0], seed=3, deals=9)
    play_series(tables[1], seed=4)
    sheets = printouts.score_sheets(series, filled=True, base_url="http://karlchen.test")
    with translation.override("de"):
        whole = pdf.render_pages("print/score_sheets.html", sheets, {})
        layered = pdf.render_pages("print/score_sheets.html", sheets, {}, form=SHEET_FORM)
    assert layered.pages == whole.pages == 2
    for whole_page, layered_page in zip(pdf_lines(whole.pdf), pdf_lines(layered.pdf), strict=True):
        whole_lines, layered_lines = words(whole_page), words(layered_page)
        # the layers' footer is the page number alone: the header names the table
        assert layered_lines[-1] in whole_lines[-1]
        assert layered_lines[:-1] == whole_lines[:-1]


def test_each_layout_is_one_form_under_its_sheets():
    series, _ = seated_series((4, 5, 4))
    files, result, _ = generate(series.tournament, kind="score_sheets", series=1)
    (data,) = files.values()
    assert forms_drawn(data) == ["/KarlchenForm0", "/KarlchenForm1", "/KarlchenForm0"]
    assert result["pages"] == len(pdf_reader(data).pages) == 3


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Spieler 10", "Spieler 9", "Spieler 89"], ["Spieler 9", "Spieler 10", "Spieler 89"]),
        (["Zander", "Ärmel", "anna", "Özil", "Ober"], ["anna", "Ärmel", "Ober", "Özil", "Zander"]),
        (["Strauß", "Strausberg", "Straub"], ["Straub", "Strausberg", "Strauß"]),
        (["Tisch 2b", "Tisch 2a", "Tisch 12"], ["Tisch 2a", "Tisch 2b", "Tisch 12"]),
    ],
)
def test_names_sort_as_a_german_reader_looks_them_up(names, expected):
    assert sorted(names, key=sort_key) == expected


def test_seating_list_by_table_and_alphabetically():
    series, _tables = seated_series((4, 4))
    files, _, _ = generate(series.tournament, kind="seating_list", series=1)
    by_table, by_name = pdf_pages(files["seating-list-series-1.pdf"])
    assert "Tisch 1" in by_table
    assert "Tisch 2" in by_table
    assert "1 Jürgen Weiß" in by_table
    names = [
        line.split(" Karo")[0].split(" Herz")[0].split(" Pik")[0]
        for line in by_name.splitlines()[2:-1]
    ]
    surnames = [name.split(",")[0] for name in names]
    assert surnames == sorted(surnames, key=sort_key)  # A–Z by surname, shown first
    assert "Müller-Lüdenscheidt, Zoë Herz As 1 4" in by_name
    assert "Weiß, Jürgen" in names


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (
            ["Zoë Adler", "Anna Zander", "Bernd Müller"],
            ["Zoë Adler", "Bernd Müller", "Anna Zander"],
        ),
        (
            ["Anna von Bülow", "Carl Albers", "Ben Bauer"],
            ["Carl Albers", "Ben Bauer", "Anna von Bülow"],
        ),
        (
            ["Schmidt, Anna", "Ada Schmidt", "Ärmel, Ute"],
            ["Ärmel, Ute", "Ada Schmidt", "Schmidt, Anna"],
        ),
        (["Cher", "Ben Adler"], ["Ben Adler", "Cher"]),
        (["Spieler 10", "Spieler 9", "Ute Rau"], ["Ute Rau", "Spieler 9", "Spieler 10"]),
    ],
)
def test_the_a_to_z_list_sorts_by_surname(names, expected):
    assert sorted(names, key=surname_key) == expected


@pytest.mark.parametrize(
    ("name", "listed"),
    [
        ("Zoë Müller-Lüdenscheidt", "Müller-Lüdenscheidt, Zoë"),
        ("Ludwig van Beethoven", "Beethoven, Ludwig van"),
        ("Schmidt, Anna", "Schmidt, Anna"),
        ("Cher", "Cher"),
        ("Spieler 6", "Spieler 6"),
    ],
)
def test_the_a_to_z_list_shows_the_surname_first(name, listed):
    assert surname_first(name) == listed


def test_standings_overall_with_tie_breaks_and_per_series():
    series, tables = seated_series((4, 4))
    play_series(tables[0], seed=2)
    play_series(tables[1], seed=3, deals=10)
    files, _, _ = generate(series.tournament, kind="standings")
    overall, first = pdf_pages(files["standings.pdf"])[:2]
    assert "Vorläufige Gesamtwertung" in overall  # no series is closed yet
    assert "VORLÄUFIGER STAND: 0 VON 3 SERIEN ABGESCHLOSSEN" in overall.upper()
    assert "Serien gewonnen" in overall
    assert "Beste Serie" in overall
    assert "Serie 1" in first
    for name in NAMES[:4]:
        assert name in overall
        assert name in first


def test_certificates_for_the_first_places():
    series, (table,) = seated_series((4,))
    generated = play_series(table, seed=5)
    files, _, _ = generate(series.tournament, kind="certificates", top=2)
    pages = pdf_pages(files["certificates-top-2.pdf"])
    totals = {p: sum(deal.score.points[p] for deal in generated) for p in range(1, 5)}
    best = max(totals.values())
    winners = [NAMES[p - 1] for p, points in totals.items() if points == best]
    assert len(pages) >= 2
    assert "Urkunde" in pages[0]
    assert "Vereinsturnier" in pages[0]
    assert "5. Dezember 2026" in pages[0]
    assert any(name in pages[0] for name in winners)
    assert f"1. Platz mit {best} Punkten" in pages[0]
    assert "VORLÄUFIG: 0 VON 3 SERIEN ABGESCHLOSSEN" in pages[0].upper()


def test_standings_and_certificates_are_final_once_every_series_is_closed():
    series, (table,) = seated_series((4,))
    play_series(table, seed=5)
    series.tournament.series.update(status=SeriesStatus.CLOSED)
    files, _, _ = generate(series.tournament, kind="standings")
    overall = pdf_pages(files["standings.pdf"])[0]
    assert "Gesamtwertung" in overall
    assert "orläufig" not in overall
    files, _, _ = generate(series.tournament, kind="certificates", top=1)
    assert all("orläufig" not in page for page in pdf_pages(files["certificates-top-1.pdf"]))


def test_generating_again_replaces_the_file():
    series, (table,) = seated_series((4,))
    first, _, _ = generate(series.tournament, kind="score_sheets", series=1, filled=True)
    play_series(table, seed=1, deals=3)
    again, _, _ = generate(series.tournament, kind="score_sheets", series=1, filled=True)
    directory = document_path(series.tournament.pk, "")
    assert default_storage.listdir(directory)[1] == ["score-sheets-series-1-filled.pdf"]
    assert first != again


@pytest.mark.parametrize(
    ("request_", "problems"),
    [
        ({"kind": "score_sheets"}, [("series", "series_required")]),
        ({"kind": "seating_list", "series": 9}, [("series", "series_unknown")]),
        ({"kind": "score_sheets", "series": 2}, [("series", "series_not_seated")]),
        (
            {"kind": "standings", "top": 3, "series": 1},
            [("series", "option_not_for_kind"), ("top", "option_not_for_kind")],
        ),
        ({"kind": "certificates"}, [("kind", "no_results")]),
    ],
)
def test_impossible_requests_are_refused(request_, problems):
    series, _ = seated_series((4,))
    with pytest.raises(Refused) as refused:
        check_documents(series.tournament, request_)
    assert [(p.field, p.code) for p in refused.value.problems] == problems


def test_a_closed_series_still_prints():
    series, (table,) = seated_series((4,))
    play_series(table)
    series.status = SeriesStatus.CLOSED
    series.save(update_fields=["status"])
    files, _, _ = generate(series.tournament, kind="score_sheets", series=1, filled=True)
    assert len(pdf_pages(files["score-sheets-series-1-filled.pdf"])) == 1


def test_a_bock_deal_says_its_factor_in_the_remark():
    from scoring.domain.queries import DealView

    deal = DealView(
        number=3,
        kind="voluntary_solo",
        dealer=1,
        sitting_out=None,
        version=1,
        voided=False,
        points={1: 12, 2: -4, 3: -4, 4: -4},
        totals={1: 12, 2: -4, 3: -4, 4: -4},
        entered={},
        confirmed=True,
        confirmers=(),
        value=4,
        bock_factor=2,
    )
    with translation.override("en"):
        assert printouts._deal_cells(deal, [1, 2, 3, 4])[-1] == "Voluntary solo · Bock ×2"
        plain = replace(deal, kind="normal")
        assert printouts._deal_cells(plain, [1, 2, 3, 4])[-1] == "Bock ×2"
        voided = replace(deal, voided=True)
        assert printouts._deal_cells(voided, [1, 2, 3, 4])[-1] == "void"
        # Bock that adds points (RULES.md §2.3) says what it added
        adding = replace(deal, bock_factor=1, bock_points=1)
        assert printouts._deal_cells(adding, [1, 2, 3, 4])[-1] == "Voluntary solo · Bock +1"
        assert printouts._deal_cells(replace(adding, voided=True), [1, 2, 3, 4])[-1] == "void"
