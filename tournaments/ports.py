"""What the set-up and seating need from the results, and jobs from the apps that run them,
which come later in the map.

The standings are computed by ``results``; freezing them for spectators (a tournament's setting)
and seating a series by the standings need them earlier. ``results`` plugs its functions in here
when Django starts (``results.apps``), so no app imports a later one (docs/DESIGN.md).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from celery import Task

    from karlchen.actors import Actor
    from tournaments.models import Job, Tournament


@dataclass(frozen=True)
class StandingsPort:
    # The public standings as spectators see them now, overall and per series (to freeze).
    public_snapshot: Callable[[Tournament], dict]
    # Entry ids of the players still in, best first (to seat a series by the standings).
    ranking_order: Callable[[Tournament], tuple[int, ...]]


_standings: StandingsPort | None = None


def provide_standings(port: StandingsPort) -> None:
    global _standings  # set once, at start-up
    _standings = port


def standings() -> StandingsPort:
    if _standings is None:
        raise RuntimeError("The results app is not installed: no standings to freeze or seat by.")
    return _standings


# The Celery task that runs each kind of job (seating, documents): the apps that do the work
# come later in the map and plug their task in when Django starts (``seating.apps``,
# ``printing.apps``), so that a job can be queued again by ``tournaments.domain.jobs``.
_job_tasks: dict[str, Task] = {}


def provide_job_task(kind: str, task: Task) -> None:
    _job_tasks[kind] = task  # set once per kind, at start-up


def job_task(kind: str) -> Task:
    try:
        return _job_tasks[kind]
    except KeyError:
        raise RuntimeError(f"No app runs {kind} jobs: is it installed?") from None


@dataclass(frozen=True)
class JobOwner:
    """Who answers for jobs of a kind that belong to no tournament (a season's documents): who
    may follow them and their files, and where what is done to them is logged."""

    may_follow: Callable[[Any, Job], bool]  # (user, job)
    log: Callable[[Job, Actor, str, dict[str, Any]], None]  # (job, by, action, details)


_job_owners: dict[str, JobOwner] = {}


def provide_job_owner(kind: str, owner: JobOwner) -> None:
    _job_owners[kind] = owner  # set once per kind, at start-up


def job_owner(kind: str) -> JobOwner:
    try:
        return _job_owners[kind]
    except KeyError:
        raise RuntimeError(f"No app answers for {kind} jobs: is it installed?") from None


@dataclass(frozen=True)
class Protest:
    """A protest as the tournament report prints it (TSR 8.2, 9.6: raised at a table, decided
    by the referee or the Schiedsgericht)."""

    at: datetime.datetime | None
    series: int | None
    table: int | None
    raised_by: str
    subject: str
    decision: str


# Karlchen keeps no protests yet (they are decided on paper). An app that records them plugs
# its lookup in when Django starts (``provide_protests``); the tournament report
# (``printing.domain.report``) then prints them in its section "Protests".
_protests: Callable[[Tournament], list[Protest]] | None = None


def provide_protests(lookup: Callable[[Tournament], list[Protest]]) -> None:
    global _protests  # set once, at start-up
    _protests = lookup


def protests(tournament: Tournament) -> list[Protest] | None:
    """The tournament's protests, oldest first; None where no app records protests."""
    return None if _protests is None else _protests(tournament)
