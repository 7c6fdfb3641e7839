"""Documents jobs: PDFs rendered in the background, their progress reported per table (or per
chunk of season sheets). A season's documents are a job of no tournament, linked to the season."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from karlchen.actors import Actor
from karlchen.log import log
from printing.domain.documents import check_documents, generate_documents
from printing.domain.season_printouts import check_season_documents, generate_season_documents
from printing.log import PrintingCode
from seasons.models import Season, SeasonJob
from tournaments.domain.jobs import progress, run_job, start_job
from tournaments.enums import JobKind
from tournaments.models import Job, Tournament


def start_documents_job(
    tournament: Tournament, *, by: Actor, request: dict[str, Any], base_url: str, language: str
) -> Job:
    """Record a documents job (PDFs in ``language``, captain links under ``base_url``) and
    enqueue it after commit; an impossible request is refused here, before any job exists (a
    job queue out of reach keeps the job pending until it is back)."""
    params = {**check_documents(tournament, request), "base_url": base_url, "language": language}
    with transaction.atomic():
        job = start_job(tournament, kind=JobKind.DOCUMENTS, params=params, by=by)
        log(tournament, by, PrintingCode.DOCUMENTS_STARTED, **_logged(params))
    return job


def _logged(params: dict[str, Any]) -> dict[str, Any]:
    """What the log says of a print: the kind, its series, blank or filled, the top places."""
    named = ("kind", "series", "filled", "top", "player")
    return {name: params[name] for name in named if params.get(name) is not None}


def run_documents_job(job_id: int, *, runner: str | None = None) -> Job | None:
    """Render and store a documents job's PDFs once, reporting progress per chunk or table
    (``runner``: the task's delivery, see ``run_job``)."""

    def work(job: Job) -> dict[str, Any]:
        base_url = job.params["base_url"]
        return generate_documents(
            job.own_tournament, job.params, base_url=base_url, progress=progress(job)
        )

    return run_job(job_id, work, runner=runner)


def start_season_documents_job(
    season: Season, *, by: Actor, request: dict[str, Any], language: str
) -> Job:
    """Record a season documents job (the ranking, or season sheets, in ``language``) linked to
    the season, noted in its log and enqueued after commit; refused like a tournament's."""
    params = {**check_season_documents(season, request), "language": language}
    with transaction.atomic():
        job = start_job(None, kind=JobKind.SEASON_DOCUMENTS, params=params, by=by)
        SeasonJob.objects.create(job=job, season=season)
        log(season, by, PrintingCode.DOCUMENTS_STARTED, **_logged(params))
    return job


def run_season_documents_job(job_id: int, *, runner: str | None = None) -> Job | None:
    """Render and store a season documents job's PDF once (``runner``: see ``run_job``)."""

    def work(job: Job) -> dict[str, Any]:
        season = Season.objects.get(job_links__job=job)
        return generate_season_documents(season, job.params, progress=progress(job))

    return run_job(job_id, work, runner=runner)
