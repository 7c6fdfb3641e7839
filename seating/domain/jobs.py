"""Seating jobs: a seating drawn in the background (a large field takes a few seconds)."""

from __future__ import annotations

from karlchen.actors import Actor
from seating.domain.seating import draw_seating
from tournaments.domain.jobs import run_job, start_job
from tournaments.enums import JobKind
from tournaments.models import Job, Tournament


def start_seating_job(tournament: Tournament, *, by: Actor, params: dict) -> Job:
    """Record a seating job for ``tournament`` and enqueue it after commit."""
    from seating.tasks import task_seat_tournament  # noqa: PLC0415 -- circular import

    return start_job(
        tournament, kind=JobKind.SEATING, params=params, by=by, task=task_seat_tournament
    )


def run_seating_job(job_id: int) -> Job | None:
    """Run a seating job once; a job already done or failed, or gone, is left alone."""
    return run_job(job_id, lambda job: draw_seating(job.tournament, **job.params))
