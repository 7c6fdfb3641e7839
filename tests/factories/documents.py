"""Helpers of the document tests: tournaments to print, and what a PDF holds."""

from __future__ import annotations

import io
import random

from pypdf import PdfReader
from pypdf.generic import ContentStream

from scoring import demo
from scoring.domain.deals import record_deal
from seating.domain.seating import seat_series
from tests.factories.tournaments import CAPTAIN, ORGA, tournament_with_players

BASELINE_TOLERANCE = 0.5  # pt: text this close in height is on one line
NAMES = ["Jürgen Weiß", "Änne Öztürk", "Björn Strauß", "Zoë Müller-Lüdenscheidt", "Ulf Åberg"]


def seated_series(tables=(4,), *, game="doppelkopf", **fields):
    """Series 1 seated at tables of the given sizes; the first players have umlaut names."""
    tournament, entries = tournament_with_players(sum(tables), game=game, **fields)
    for entry, name in zip(entries, NAMES, strict=False):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    series = tournament.series.get(number=1)
    groups, start = [], 0
    for size in tables:
        groups.append(entries[start : start + size])
        start += size
    return series, seat_series(series, groups, by=ORGA)


def play_series(table, *, seed=1, deals=None):
    """Record a whole series (or its first ``deals``) of valid generated deals at ``table``."""
    tournament = table.series.tournament
    settings = tournament.series_settings(table.seats.count())
    rng = random.Random(seed)
    generated = demo.generate_series(rng, settings, deals=deals, rules=tournament.rules)
    for deal in generated:
        record_deal(table, deal=deal.deal, by=CAPTAIN, number=deal.upcoming.number)
    return generated


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, as a reader's copy and paste would give it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pdf_lines(data: bytes) -> list[list[str]]:
    """The lines of each page as a reader sees them, top to bottom: the text on one baseline,
    left to right, wherever it is drawn (on the page, or in a form XObject under it)."""
    return [_page_lines(page) for page in PdfReader(io.BytesIO(data)).pages]


def _page_lines(page) -> list[str]:
    fragments = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            fragments.append((-y, x, text.strip()))

    page.extract_text(visitor_text=visit)
    lines = []  # [baseline, [(x, text), ...]], top first
    for minus_y, x, text in sorted(fragments):
        if not lines or minus_y - lines[-1][0] > BASELINE_TOLERANCE:
            lines.append([minus_y, []])
        lines[-1][1].append((x, text))
    return [" ".join(text for _, text in sorted(texts)) for _, texts in lines]


def forms_drawn(data: bytes) -> list[str | None]:
    """Per page, the form XObject its content draws first (a sheet's printed form), if any."""
    reader = PdfReader(io.BytesIO(data))
    drawn = []
    for page in reader.pages:
        operations = ContentStream(page["/Contents"], reader).operations[:3]
        first = [(operator, operands) for operands, operator in operations if operator == b"Do"]
        name = str(first[0][1][0]) if first else None
        if name is not None:
            form = page["/Resources"]["/XObject"][name].get_object()
            assert form["/Subtype"] == "/Form"
        drawn.append(name)
    return drawn


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def qr_codes(data: bytes) -> list[str]:
    """What the QR codes printed in the PDF say, decoded from the embedded images."""
    import zxingcpp
    from PIL import Image

    found, seen = [], set()
    for page in pdf_reader(data).pages:
        for image in page.images:  # WeasyPrint's pages share one resource dictionary
            if image.name in seen:
                continue
            seen.add(image.name)
            picture = image.image.convert("L")
            large = picture.resize((picture.width * 8, picture.height * 8), Image.NEAREST)
            # Only QR codes: with every format allowed, a table's grid now and then reads as a
            # one-dimensional barcode ("1815") and the test fails for nothing.
            codes = zxingcpp.read_barcodes(large, formats=zxingcpp.BarcodeFormat.QRCode)
            found += [code.text for code in codes]
    return found


def embedded_fonts(data: bytes) -> set[str]:
    """The base names of the fonts whose glyphs are embedded in the PDF."""
    names = set()
    for page in pdf_reader(data).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described["/FontDescriptor"].get_object()
            if any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                names.add(str(font["/BaseFont"]).split("+", 1)[-1])
    return names
