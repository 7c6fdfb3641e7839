"""WeasyPrint behind one door: a template and a plain context in, A4 PDF bytes out.

Nothing here knows tournaments or the database: ``printing.domain.printouts`` builds the
contexts. What makes the renders cheap, measured with ``bench/pdf.py``:

- items printed on the same form (the score sheets of one layout) are printed in two layers:
  the form, laid out and written once and drawn under each page as a PDF form XObject, and
  each item's own text over it (``render_pages``, ``form=``); a blank sheet's page then holds
  a dozen lines;
- a score sheet's grid is one block of monospaced lines on a background drawn as a single SVG
  path (WeasyPrint's cost grows with boxes and lines, a table of 30×12 cells is 10× slower);
- QR codes are tiny grey PNGs printed with ``image-rendering: pixelated`` (sharp at any size,
  while an SVG of the same code costs a path of hundreds of segments per page);
- the print stylesheet is parsed once per process and one font configuration serves every
  render, so fonts are looked up once, not per document;
- during a job the cycle collector leaves alone what existed before (``sparing_the_collector``).

Documents of one page per item (score sheets, certificates) are laid out in chunks, so that a
long job can report its progress; the chunks' pages are written as one PDF. WeasyPrint is
imported inside the functions: a slow import, and only the workers render.

It does NOT decide what is printed (the domain does) or where files are stored.
"""

from __future__ import annotations

import atexit
import base64
import gc
import io
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.template.loader import render_to_string
from PIL import Image

STYLESHEET = Path(__file__).resolve().parent / "templates" / "print" / "print.css"
MONO_ADVANCE = 0.602051  # DejaVu Sans Mono: every glyph is 1233/2048 em wide
CH = 2.1  # mm per character of a grid: 3.5 mm (9.9 pt) type, 88 characters fit on A4
CHUNK = 20  # pages laid out per render of a one-page-per-item document

QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks
WHITE = b"\xff"
GREY = bytes.maketrans(b"\x00\x01", b"\xff\x00")  # a QR module (1 dark) as a grey pixel

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    pages: int


@dataclass(frozen=True)
class Grid:
    """Rows of fixed-width cells as monospaced text, ruled by one background image.

    ``text`` is the whole grid. Printed on a form (see ``render_pages``), it comes in two
    layers: ``form``, what every sheet of its layout shares (headings, row numbers), and
    ``fill``, this sheet's own cells; both keep the lines where ``text`` has them.
    """

    text: str
    form: str
    fill: str
    lines: int
    background: str  # a data URI
    width: float  # mm
    row_height: float  # mm
    font_size: float  # mm

    @property
    def style(self) -> str:
        return f"{self._box(self.lines)};background-image:url({self.background})"

    @property
    def fill_style(self) -> str:
        """The grid's box without its rules, for the fill printed over the form. The fill's
        blank lines above and blank columns on the left are padding: glyphs and lines cost
        time to lay out and draw, space does not."""
        top, left = self._fill_margins
        return self._box(self.lines - top, top, left)

    @property
    def fill_text(self) -> str:
        top, left = self._fill_margins
        return "\n".join(line[left:] for line in self.fill.split("\n")[top:])

    @cached_property
    def _fill_margins(self) -> tuple[int, int]:
        """The fill's blank lines above its first cells, and blank characters left of them."""
        lines = self.fill.split("\n")
        filled = [line for line in lines if line.strip()]
        if not filled:
            return 0, 0
        top = next(number for number, line in enumerate(lines) if line.strip())
        return top, min(len(line) - len(line.lstrip(" ")) for line in filled)

    def _box(self, lines: int, top: int = 0, left: int = 0) -> str:
        return (
            f"width:{self.width - left * CH:.2f}mm;height:{lines * self.row_height:.2f}mm;"
            f"padding:{top * self.row_height:.2f}mm 0 0 {left * CH:.2f}mm;"
            f"line-height:{self.row_height:.2f}mm;font-size:{self.font_size:.3f}mm"
        )


def grid(
    widths: Sequence[int],
    rows: Sequence[Sequence[str]],
    *,
    row_height: float,
    left: frozenset[int] = frozenset(),
    banner: Sequence[tuple[int, str]] = (),
    heading: Sequence[str] = (),
    form_columns: frozenset[int] = frozenset({0}),
) -> Grid:
    """``rows`` of cells in columns ``widths`` characters wide, ruled; the cells are aligned
    right (numbers), those of the columns in ``left`` left (text). Longer cells are cut.

    ``banner`` is an optional first line of (columns spanned, label): each label centred over
    its columns, without the rules between them (a merged heading cell). ``heading`` is an
    optional row of column titles after it. Both belong to the form, as do the cells of the
    ``form_columns`` (the row numbers).
    """
    head = ([_banner(widths, banner)] if banner else []) + (
        ["".join(_cells(widths, heading, left)).rstrip()] if heading else []
    )
    lines, form, fill = list(head), list(head), [""] * len(head)
    for row in rows:
        cells = _cells(widths, row, left)
        lines.append("".join(cells).rstrip())
        form.append(_only(cells, lambda column: column in form_columns))
        fill.append(_only(cells, lambda column: column not in form_columns))
    spans = tuple(span for span, _ in banner)
    row_height = round(row_height, 2)  # as the style has it: the layers' lines stay together
    background = _rules(tuple(widths), len(lines), row_height, spans)
    return Grid(
        "\n".join(lines),
        "\n".join(form).rstrip("\n"),
        "\n".join(fill).rstrip("\n"),
        len(lines),
        background,
        sum(widths) * CH,
        row_height,
        CH / MONO_ADVANCE,
    )


def _cells(widths: Sequence[int], cells: Sequence[str], left: frozenset[int]) -> list[str]:
    return [
        " " + str(cell)[: width - 2].ljust(width - 1)
        if column in left
        else str(cell)[: width - 1].rjust(width - 1) + " "
        for column, (width, cell) in enumerate(zip(widths, cells, strict=True))
    ]


def _only(cells: list[str], shown: Callable[[int], bool]) -> str:
    # Trailing blanks are cut: every glyph costs, and a blank sheet's rows are mostly blank.
    return "".join(
        cell if shown(column) else " " * len(cell) for column, cell in enumerate(cells)
    ).rstrip()


def _banner(widths: Sequence[int], banner: Sequence[tuple[int, str]]) -> str:
    line, column = [], 0
    for span, label in banner:
        width = sum(widths[column : column + span])
        line.append(label[: width - 1].center(width))
        column += span
    return "".join(line).rstrip()


@lru_cache(maxsize=64)
def _rules(widths: tuple[int, ...], rows: int, row_height: float, spans: tuple[int, ...]) -> str:
    """The grid's lines as one SVG path: the same URI for every sheet of a layout, so
    WeasyPrint parses it once per render. A banner row (``spans``) has rules only between
    its spans."""
    width, height = sum(widths) * CH, rows * row_height
    moves = [f"M0 {row * row_height:.2f}H{width:.2f}" for row in range(rows + 1)]
    edges = set(accumulate(spans))
    x = 0.0
    for column, column_width in enumerate((0, *widths)):
        x += column_width * CH
        top = row_height if spans and column not in edges and 0 < column < len(widths) else 0
        moves.append(f"M{x:.2f} {top:.2f}V{height:.2f}")
    return _svg(width, height, moves)


def signatures(labels: Sequence[str], *, slot: int, height: float) -> Grid:
    """A line to sign on per label, the label below it (cut to the ``slot``'s characters);
    all of it form."""
    text = "".join(_cut(label, slot - 2).ljust(slot) for label in labels).rstrip()
    return Grid(
        text,
        text,
        "",
        1,
        _signature_rules(len(labels), slot),
        slot * len(labels) * CH,
        height,
        CH / MONO_ADVANCE,
    )


@lru_cache(maxsize=8)
def _signature_rules(count: int, slot: int) -> str:
    width = slot * CH
    moves = [f"M{index * width:.2f} 0.2h{width - 2 * CH:.2f}" for index in range(count)]
    return _svg(width * count, 1.0, moves)


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def _svg(width: float, height: float, moves: list[str]) -> str:
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2f}mm" height="{height:.2f}mm"'
        f' viewBox="0 0 {width:.2f} {height:.2f}"><path d="{" ".join(moves)}" fill="none"'
        ' stroke="#000" stroke-width="0.25"/></svg>'
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def wrapped(text: str, width: int) -> str:
    """``text`` in lines of ``width`` characters, for ``white-space: pre`` (a link has no
    spaces to break at, and breaking anywhere is slow to lay out)."""
    return "\n".join(text[start : start + width] for start in range(0, len(text), width))


def qr_code(text: str) -> str:
    """A QR code of ``text`` as a data URI: one pixel per module, with the quiet zone."""
    # A fixed mask: choosing the best of eight costs 4 ms a code in pure Python, and any mask
    # gives a valid code (error correction M restores 15 % of it).
    matrix = segno.make(text, error="m", mask=0, boost_error=False).matrix
    size = len(matrix) + 2 * QUIET_ZONE
    margin = WHITE * QUIET_ZONE
    modules = b"".join(
        [
            WHITE * size * QUIET_ZONE,
            *(margin + bytes(row).translate(GREY) + margin for row in matrix),
            WHITE * size * QUIET_ZONE,
        ]
    )
    out = io.BytesIO()
    # 8-bit grey, which WeasyPrint embeds as it is (a 1-bit PNG it turns into RGB first)
    Image.frombytes("L", (size, size), modules).save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def render(template: str, context: dict) -> Rendered:
    """One flowing document (standings, seating lists): page numbers "n / total"."""
    document = _layout(render_to_string(template, context))
    return Rendered(document.write_pdf(), len(document.pages))


def render_pages(
    template: str,
    items: Sequence,
    context: dict,
    *,
    progress: Progress | None = None,
    chunk: int = CHUNK,
    form: Callable[[object], Hashable] | None = None,
) -> Rendered:
    """A document of one page per item, laid out ``chunk`` items at a time.

    The template gets ``items`` (this chunk's), ``first_page`` (to continue the page numbers)
    and ``total_pages``, taken to be one per item: should an item have needed more, the
    document is laid out again with the real total. ``progress(done, total)`` is called after
    each chunk.

    ``form(item)``, where given, says which printed form an item is filled in on (equal keys,
    one form). Then the template is rendered in two layers, ``layer`` "form" (once per form)
    and "fill" (per item): each form is laid out and written once and drawn under its items'
    pages, which hold only what is their own (see ``_forms_under``). A form or a fill that
    does not fit one page falls back to whole pages (no ``layer``).
    """
    if not items:
        return render(template, {**context, "items": [], "first_page": 1, "total_pages": 1})
    if form is not None:
        forms = _forms(template, items, context, form)
        if forms is not None:
            rendered = _filled_forms(template, items, context, forms, chunk, progress)
            if rendered is not None:
                return rendered
            progress = None  # reported already, by the fill that did not fit
    documents = _chunks(template, items, context, len(items), chunk, progress)
    pages = sum(len(document.pages) for document in documents)
    if pages != len(items):
        documents = _chunks(template, items, context, pages, chunk, None)
    every_page = [page for document in documents for page in document.pages]
    return Rendered(documents[0].copy(every_page).write_pdf(), pages)


def render_each(
    template: str,
    items: Sequence,
    context: dict,
    *,
    form: Callable[[object], Hashable] | None = None,
) -> Iterator[Rendered]:
    """A document per item, in turn, as ``render_pages`` renders each alone; the forms are
    laid out once for all of them."""
    forms = _forms(template, items, context, form) if form is not None and items else None
    for index, item in enumerate(items):
        rendered = None
        if forms is not None:
            rendered = _filled_forms(template, [item], context, forms.only(index), 1, None)
        yield rendered or render_pages(template, [item], context)


@dataclass(frozen=True)
class _Forms:
    document: Any  # WeasyPrint's Document (untyped): a page per form
    uses: list[int]  # per item, the page of its form

    def only(self, index: int) -> _Forms:
        """The form of the ``index``-th item alone, for a document of that item only."""
        return _Forms(self.document.copy([self.document.pages[self.uses[index]]]), [0])


def _forms(template, items, context, form) -> _Forms | None:
    """The forms of ``items`` laid out, a page each; None if one needs more."""
    first_of_form: dict[Hashable, object] = {}
    for item in items:
        first_of_form.setdefault(form(item), item)
    html = render_to_string(
        template,
        {**context, "items": list(first_of_form.values()), "layer": "form", "first_page": 1},
    )
    document = _layout(html)
    if len(document.pages) != len(first_of_form):
        return None
    index = {key: number for number, key in enumerate(first_of_form)}
    return _Forms(document, [index[form(item)] for item in items])


def _filled_forms(template, items, context, forms: _Forms, chunk, progress) -> Rendered | None:
    """Every item's fill, a page each, over its form; None if a fill needs more pages."""
    documents = _chunks(template, items, {**context, "layer": "fill"}, len(items), chunk, progress)
    fills = [page for document in documents for page in document.pages]
    if len(fills) != len(items):
        return None
    document = forms.document.copy([*forms.document.pages, *fills])
    finish = _forms_under(len(forms.document.pages), forms.uses)
    return Rendered(document.write_pdf(finisher=finish), len(fills))


def _forms_under(forms: int, uses: Sequence[int]) -> Callable:
    """A ``write_pdf`` finisher for a PDF whose first ``forms`` pages are forms: each becomes
    a form XObject (written once, however many pages show it), drawn first on the pages
    that use it (``uses``: per page after the forms, its form's index); the forms leave the
    page tree. Most of a score sheet's cost is its form, and a form XObject is PDF's own
    way to print one drawing on many pages.

    It relies on what WeasyPrint's PDF (pydyf) holds when the finisher runs: a page object
    per page in ``Kids``, its ``Contents`` one stream beginning in the page's default space,
    and one resource dictionary shared by all pages (so the form's fonts and images are the
    pages' too).
    """

    def finish(_document, pdf) -> None:
        numbers = [int(number) for number in pdf.pages["Kids"][::3]]
        form_pages = [pdf.objects[number] for number in numbers[:forms]]
        resources = form_pages[0]["Resources"]
        xobjects = pdf.objects[_number(resources)]["XObject"]
        for index, page in enumerate(form_pages):
            stream = pdf.objects[_number(page["Contents"])]
            stream.extra.update(
                {
                    "Type": "/XObject",
                    "Subtype": "/Form",
                    "BBox": page["MediaBox"],
                    "Resources": resources,
                }
            )
            xobjects[_form_name(index)] = stream.reference
            page.clear()  # the page is gone (an empty object: pydyf's free ones upset readers)
        for number, index in zip(numbers[forms:], uses, strict=True):
            stream = pdf.objects[_number(pdf.objects[number]["Contents"])]
            stream.stream[:0] = [b"q", f"/{_form_name(index)} Do".encode(), b"Q"]
        del pdf.pages["Kids"][: 3 * forms]
        pdf.pages["Count"] -= forms

    return finish


def _form_name(index: int) -> str:
    return f"KarlchenForm{index}"


def _number(reference: bytes) -> int:
    """The object number of an indirect reference (b"12 0 R")."""
    return int(reference.split()[0])


def _chunks(template, items, context, total: int, chunk: int, progress: Progress | None) -> list:
    documents, pages = [], 0
    for start in range(0, len(items), chunk):
        part = items[start : start + chunk]
        html = render_to_string(
            template, {**context, "items": part, "first_page": pages + 1, "total_pages": total}
        )
        documents.append(_layout(html))
        pages += len(documents[-1].pages)
        if progress is not None:
            progress(start + len(part), len(items))
    return documents


@contextmanager
def sparing_the_collector() -> Iterator[None]:
    """For a whole documents job: the objects that exist before are frozen (``gc.freeze``),
    left out of Python's cycle collections until the end. A render makes millions of
    short-lived objects, so the full collections come often, and each walked everything the
    process holds besides (Django, the fonts): a sixth of the time of ``bench/pdf.py``'s blank
    job, measured with and without.
    Safe alongside other threads: their objects are only collected later."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _layout(html: str):
    from weasyprint import HTML  # slow import: inside, as ruff requires

    return HTML(string=html, base_url=str(settings.BASE_DIR)).render(
        stylesheets=[_stylesheet()], font_config=_fonts()
    )


@cache
def _fonts():
    from weasyprint.text.fonts import FontConfiguration  # slow import: inside, as ruff requires

    # Dropped at exit while its library is still loaded (its finaliser would fail later).
    atexit.register(_fonts.cache_clear)
    return FontConfiguration()


@cache
def _stylesheet():
    from weasyprint import CSS  # slow import: inside, as ruff requires

    return CSS(filename=str(STYLESHEET), font_config=_fonts())
