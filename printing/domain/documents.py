"""Printed documents of a tournament: which may be asked for, rendering them, their files.

``check_documents`` turns an organiser's request into the parameters a documents job stores
(refusing impossible ones with coded problems); ``generate_documents`` renders what they name
with ``printing.pdf`` and stores the PDFs in Django's default storage under a
name fixed by the request, so generating again replaces the file. ``documents_job`` runs it as
a background job (``tournaments.domain.jobs``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, Protocol

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from karlchen.refusals import Problem, Refused
from printing import pdf
from printing.domain import printouts
from printing.domain.door_list import door_list
from printing.domain.report import tournament_report
from printing.enums import DocumentKind, DocumentSplit
from scoring.models import Deal
from signups.domain.money import prize_list
from tournaments.enums import SeriesStatus
from tournaments.models import Job, Series, Tournament

Progress = Callable[[int, int], None]
MAX_SERIES = 1000  # the largest series number a request may name
MAX_TOP = 100  # certificates for at most the first 100
PER_SERIES = {DocumentKind.SCORE_SHEETS, DocumentKind.SEATING_LIST}
# The options each kind takes besides ``series``, with their defaults.
OPTIONS: dict[DocumentKind, dict[str, Any]] = {
    DocumentKind.SCORE_SHEETS: {"filled": False, "split": DocumentSplit.ONE},
    DocumentKind.SEATING_LIST: {},
    DocumentKind.STANDINGS: {},
    DocumentKind.CERTIFICATES: {"top": 3},
    DocumentKind.PRIZES: {},
    DocumentKind.CATEGORY_CERTIFICATES: {"top": 3},
    DocumentKind.REPORT: {"top": 10},
    DocumentKind.DOOR_LIST: {},
}
TEMPLATES = {
    DocumentKind.SCORE_SHEETS: "print/score_sheets.html",
    DocumentKind.SEATING_LIST: "print/seating_list.html",
    DocumentKind.STANDINGS: "print/standings.html",
    DocumentKind.CERTIFICATES: "print/certificates.html",
    DocumentKind.PRIZES: "print/prizes.html",
    DocumentKind.CATEGORY_CERTIFICATES: "print/certificates.html",
    DocumentKind.REPORT: "print/report.html",
    DocumentKind.DOOR_LIST: "print/door_list.html",
}
AFTER_RESULTS = {
    DocumentKind.CERTIFICATES,
    DocumentKind.CATEGORY_CERTIFICATES,
    DocumentKind.PRIZES,
}
SHEET_FORM = attrgetter("form")  # score sheets of one layout share their printed form


def check_documents(tournament: Tournament, request: Mapping[str, Any]) -> dict[str, Any]:
    """The stored parameters of a documents request: kind, series if any, the kind's options
    with their defaults. Refused (every problem at once): a series missing, unknown or not
    seated where the kind is per series, an option of another kind, certificates before
    any result."""
    kind = DocumentKind(request["kind"])
    problems = [
        Problem("option_not_for_kind", name, {"kind": str(kind.label)})
        for name in ("series", "filled", "split", "top")
        if name in request and name not in OPTIONS[kind] and not _per_series_field(kind, name)
    ]
    params: dict[str, Any] = {"kind": kind.value, **OPTIONS[kind]}
    params.update({name: request[name] for name in OPTIONS[kind] if name in request})
    if kind in PER_SERIES:
        params["series"] = request.get("series")
        problems += _series_problems(tournament, params["series"])
    if kind in AFTER_RESULTS and not _has_results(tournament):
        problems.append(Problem("no_results", "kind", {}))
    if problems:
        raise Refused(problems)
    return params


def evening_documents(tournament: Tournament) -> list[dict[str, Any]]:
    """What an evening needs printed now: the blank score sheets and the seating list of the
    first seated series not closed yet, and, once deals are recorded, the standings and the
    certificates of the first three."""
    current = (
        tournament.series.exclude(status=SeriesStatus.CLOSED)
        .filter(tables__isnull=False)
        .order_by("number")
        .first()
    )
    documents = []
    if current is not None:
        documents += [
            {"kind": DocumentKind.SCORE_SHEETS, "series": current.number},
            {"kind": DocumentKind.SEATING_LIST, "series": current.number},
        ]
    if _has_results(tournament):
        documents += [{"kind": DocumentKind.STANDINGS}, {"kind": DocumentKind.CERTIFICATES}]
    return documents


def _has_results(tournament: Tournament) -> bool:
    return Deal.objects.filter(table__series__tournament=tournament).exists()


def _per_series_field(kind: DocumentKind, name: str) -> bool:
    return name == "series" and kind in PER_SERIES


def _series_problems(tournament: Tournament, number: int | None) -> list[Problem]:
    if number is None:
        return [Problem("series_required", "series", {})]
    series = tournament.series.filter(number=number).first()
    if series is None:
        count = tournament.series_count
        return [Problem("series_unknown", "series", {"series": number, "count": count})]
    if not series.tables.exists():
        return [Problem("series_not_seated", "series", {"series": number})]
    return []


def generate_documents(
    tournament: Tournament, params: Mapping[str, Any], *, base_url: str, progress: Progress
) -> dict[str, Any]:
    """Render and store what ``params`` (from ``check_documents``) name; checked again, since
    the tournament may have changed since the request. Returns the job's result: the files
    with their pages and sizes."""
    params = check_documents(tournament, params)
    kind = DocumentKind(params["kind"])
    series = None
    if kind in PER_SERIES:
        series = tournament.series.get(number=params["series"])
        series.tournament = tournament
    with pdf.sparing_the_collector():
        files = _RENDER[kind](tournament, series, params, base_url=base_url, progress=progress)
    return {"files": files, "pages": sum(file["pages"] for file in files)}


class _Render(Protocol):
    def __call__(
        self,
        tournament: Tournament,
        series: Series | None,
        params: Mapping[str, Any],
        *,
        base_url: str,
        progress: Progress,
    ) -> list[dict[str, Any]]: ...


def _score_sheets(
    tournament: Tournament,
    series: Series | None,
    params: Mapping[str, Any],
    *,
    base_url: str,
    progress: Progress,
) -> list[dict[str, Any]]:
    """One PDF of every table's sheet (progress per chunk of tables), or one PDF per table."""
    assert series is not None  # a kind of PER_SERIES
    sheets = printouts.score_sheets(series, filled=params["filled"], base_url=base_url)
    stem = f"score-sheets-series-{series.number}" + ("-filled" if params["filled"] else "")
    template = TEMPLATES[DocumentKind.SCORE_SHEETS]
    if params["split"] == DocumentSplit.ONE:
        rendered = pdf.render_pages(template, sheets, {}, progress=progress, form=SHEET_FORM)
        return [_store(tournament, f"{stem}.pdf", rendered)]
    files = []
    each = pdf.render_each(template, sheets, {}, form=SHEET_FORM)
    for done, (sheet, rendered) in enumerate(zip(sheets, each, strict=True), start=1):
        files.append(_store(tournament, f"{stem}-table-{sheet.table_number}.pdf", rendered))
        progress(done, len(sheets))
    return files


def _seating_list(
    tournament: Tournament, series: Series | None, params: Mapping[str, Any], **_: object
) -> list[dict[str, Any]]:
    assert series is not None  # a kind of PER_SERIES
    context = {"document": printouts.seating_list(series)}
    rendered = pdf.render(TEMPLATES[DocumentKind.SEATING_LIST], context)
    return [_store(tournament, f"seating-list-series-{series.number}.pdf", rendered)]


def _standings(
    tournament: Tournament, series: Series | None, params: Mapping[str, Any], **_: object
) -> list[dict[str, Any]]:
    context = {"document": printouts.standings_document(tournament)}
    rendered = pdf.render(TEMPLATES[DocumentKind.STANDINGS], context)
    return [_store(tournament, "standings.pdf", rendered)]


def _certificates(
    tournament: Tournament,
    series: Series | None,
    params: Mapping[str, Any],
    *,
    progress: Progress,
    **_: object,
) -> list[dict[str, Any]]:
    items = printouts.certificates(tournament, top=params["top"])
    rendered = pdf.render_pages(TEMPLATES[DocumentKind.CERTIFICATES], items, {}, progress=progress)
    return [_store(tournament, f"certificates-top-{params['top']}.pdf", rendered)]


def _category_certificates(
    tournament: Tournament,
    series: Series | None,
    params: Mapping[str, Any],
    *,
    progress: Progress,
    **_: object,
) -> list[dict[str, Any]]:
    """One page per player placed ``top`` or better overall and in each category."""
    items = printouts.category_certificates(tournament, top=params["top"])
    template = TEMPLATES[DocumentKind.CATEGORY_CERTIFICATES]
    rendered = pdf.render_pages(template, items, {}, progress=progress)
    return [_store(tournament, f"certificates-categories-top-{params['top']}.pdf", rendered)]


def _prizes(tournament: Tournament, *_: object, **__: object) -> list[dict[str, Any]]:
    context = {"tournament": tournament, "prizes": prize_list(tournament)}
    rendered = pdf.render(TEMPLATES[DocumentKind.PRIZES], context)
    return [_store(tournament, "prizes.pdf", rendered)]


def _report(
    tournament: Tournament, series: Series | None, params: Mapping[str, Any], **_: object
) -> list[dict[str, Any]]:
    context = {"document": tournament_report(tournament, top=params["top"])}
    rendered = pdf.render(TEMPLATES[DocumentKind.REPORT], context)
    return [_store(tournament, "report.pdf", rendered)]


def _door_list(tournament: Tournament, *_: object, **__: object) -> list[dict[str, Any]]:
    context = {"document": door_list(tournament)}
    rendered = pdf.render(TEMPLATES[DocumentKind.DOOR_LIST], context)
    return [_store(tournament, "door-list.pdf", rendered)]


_RENDER: dict[DocumentKind, _Render] = {
    DocumentKind.SCORE_SHEETS: _score_sheets,
    DocumentKind.SEATING_LIST: _seating_list,
    DocumentKind.STANDINGS: _standings,
    DocumentKind.CERTIFICATES: _certificates,
    DocumentKind.PRIZES: _prizes,
    DocumentKind.CATEGORY_CERTIFICATES: _category_certificates,
    DocumentKind.REPORT: _report,
    DocumentKind.DOOR_LIST: _door_list,
}


def document_path(tournament_id: int, name: str) -> str:
    return f"documents/tournament-{tournament_id}/{name}"


def season_document_path(season_id: int, name: str) -> str:
    return f"documents/season-{season_id}/{name}"


def _store(tournament: Tournament, name: str, rendered: pdf.Rendered) -> dict[str, Any]:
    return store_file(document_path(tournament.pk, name), name, rendered)


def store_file(path: str, name: str, rendered: pdf.Rendered) -> dict[str, Any]:
    """Save under the request's fixed name: an earlier file of that name is replaced."""
    default_storage.delete(path)
    stored = default_storage.save(path, ContentFile(rendered.pdf))
    if stored != path:
        # The same request ran twice at once and the other one saved first: its file is as
        # new as ours, so ours (saved under a made-up name) goes.
        default_storage.delete(stored)
    return {"name": name, "pages": rendered.pages, "bytes": len(rendered.pdf)}


def document_file(job: Job, name: str) -> str | None:
    """The storage path of the file ``name`` of a finished documents job, if it has it."""
    names = {file["name"] for file in job.result.get("files", [])}
    if name not in names:
        return None
    if job.tournament_id is not None:
        path = document_path(job.tournament_id, name)
    else:  # a season's documents (``printing.domain.season_printouts``)
        path = season_document_path(job.season_link.season_id, name)
    return path if default_storage.exists(path) else None
