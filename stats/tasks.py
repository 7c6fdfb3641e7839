"""The rating's task: computing it again after a series closed or what counts changed."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="karlchen.stats.refresh_rating", ignore_result=True)
def task_refresh_rating(tournament_id: int | None = None) -> bool:
    """Compute the ratings again if what counts changed (docs/STATISTICS.md, "The rating").
    ``tournament_id`` names the tournament that changed, for the worker's log; the run replays
    every series all the same. Idempotent: a second run over unchanged series changes nothing,
    so the task may be sent twice, retried, or run by beat at any time."""
    from stats.domain.rating import refresh_rating  # noqa: PLC0415 -- models load after the app

    return refresh_rating()
