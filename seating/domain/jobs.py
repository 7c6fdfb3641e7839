"""Seating jobs: a seating drawn in the background (a large field takes a few seconds)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from karlchen.actors import Actor
from karlchen.log import log
from seating.domain.seating import draw_seating
from seating.log import SeatingCode
from tournaments.domain.frozen import check_not_final
from tournaments.domain.jobs import run_job, start_job
from tournaments.enums import JobKind, SeriesStatus
from tournaments.models import Job, Tournament


def start_seating_job(tournament: Tournament, *, by: Actor, params: dict[str, Any]) -> Job:
    """Record a seating job for ``tournament`` and enqueue it after commit (through the
    outbox: while the job queue is unreachable it waits, pending)."""
    with transaction.atomic():
        check_not_final(tournament.pk)  # refused now, not when the job runs
        job = start_job(tournament, kind=JobKind.SEATING, params=params, by=by)
        series = ", ".join(map(str, params.get("series") or _not_under_way(tournament)))
        details = {"series": series, "method": params.get("method"), "seed": params.get("seed")}
        log(tournament, by, SeatingCode.SEATING_STARTED, **details)
    return job


def run_seating_job(job_id: int, *, runner: str | None = None) -> Job | None:
    """Run a seating job once; a job already done or failed, or gone, is left alone
    (``runner``: the task's delivery, see ``run_job``)."""
    return run_job(
        job_id, lambda job: draw_seating(job.own_tournament, **job.params), runner=runner
    )


def _not_under_way(tournament: Tournament) -> list[int]:
    """The series a seating without a choice seats: those not yet under way."""
    waiting = tournament.series.filter(status__in=(SeriesStatus.PLANNED, SeriesStatus.SEATED))
    return list(waiting.order_by("number").values_list("number", flat=True))
