"""A season's jobs (its documents): who follows them, and the log of what is done to them."""

from __future__ import annotations

from typing import Any

from karlchen.actors import Actor
from karlchen.log import LogCode, log
from seasons.access import is_season_organiser
from seasons.models import SeasonJob
from tournaments.models import Job
from tournaments.ports import JobOwner


def _link(job: Job) -> SeasonJob | None:
    return SeasonJob.objects.select_related("season").filter(job=job).first()


def may_follow(user: Any, job: Job) -> bool:
    link = _link(job)
    return link is not None and is_season_organiser(user, link.season)


def log_job(job: Job, by: Actor, action: LogCode, details: dict[str, Any]) -> None:
    link = _link(job)
    if link is not None:  # a job whose season was deleted has no log left to go to
        log(link.season, by, action, **details)


SEASON_JOBS = JobOwner(may_follow=may_follow, log=log_job)
