"""What the set-up and seating need from the results, and jobs from the apps that run them,
which come later in the map: the ports of ``tournaments`` (``karlchen.ports``).

The standings are computed by ``results``; freezing them for spectators (a tournament's setting)
and seating a series by the standings need them earlier. ``results`` provides its functions here
when Django starts (``results.apps``), so no app imports a later one (docs/DESIGN.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from karlchen.ports import Many, One, PerKey, declare
from tournaments.enums import JobKind

if TYPE_CHECKING:
    from celery import Task

    from karlchen.actors import Actor
    from karlchen.log import LogCode
    from tournaments.models import Job, Tournament


@dataclass(frozen=True)
class StandingsPort:
    # The public standings as spectators see them now, overall and per series (to freeze).
    public_snapshot: Callable[[Tournament], dict]
    # Entry ids of the players still in, best first (to seat a series by the standings).
    ranking_order: Callable[[Tournament], tuple[int, ...]]


STANDINGS: One[StandingsPort] = declare(One("tournaments.standings", provided_by="results"))

# The Celery task that runs each kind of job (seating, documents): the apps that do the work
# come later in the map and provide their task when Django starts (``seating.apps``,
# ``printing.apps``), so that a job can be queued again by ``tournaments.domain.jobs``. Every
# kind has its task, or the check fails at start-up (not the job's first run).
JOB_TASKS: PerKey[Task[Any, Any]] = declare(
    PerKey(
        "tournaments.job_tasks",
        provided_by={
            JobKind.SEATING: "seating",
            JobKind.DOCUMENTS: "printing",
            JobKind.SEASON_DOCUMENTS: "printing",
        },
    )
)


@dataclass(frozen=True)
class JobOwner:
    """Who answers for jobs of a kind that belong to no tournament (a season's documents): who
    may follow them and their files, and where what is done to them is logged."""

    may_follow: Callable[[Any, Job], bool]  # (user, job)
    log: Callable[[Job, Actor, LogCode, dict[str, Any]], None]  # (job, by, action, details)


# Each kind of job of no tournament has its owner (``seasons.apps``).
JOB_OWNERS: PerKey[JobOwner] = declare(
    PerKey("tournaments.job_owners", provided_by={JobKind.SEASON_DOCUMENTS: "seasons"})
)


# A withdrawal at the desk or through the API frees a place under an open tournament's cap;
# the sign-ups (``signups``, above) fill it from the waiting list, in the withdrawal's
# transaction, with the tournament's row locked (``signups.apps`` provides it). Without the
# app, nothing is filled.
PlacesFreed = Callable[["Tournament", "Actor"], None]


def _no_waiting_list(_tournament: Tournament, _by: Actor) -> None:
    return None


PLACES_FREED: One[PlacesFreed] = declare(
    One("tournaments.places_freed", provided_by="signups", default=_no_waiting_list)
)


@dataclass(frozen=True)
class AdminPart:
    """What an app above adds to the back office of tournaments and series (``tournaments.admin``):
    actions on their lists (admin action functions, ``(model_admin, request, queryset)``) and
    inlines on a series' page, so each app's back office is in its own ``admin.py``."""

    tournament_actions: tuple[Callable[..., Any], ...] = ()
    series_actions: tuple[Callable[..., Any], ...] = ()
    series_inlines: tuple[type[Any], ...] = ()


# Seating draws a tournament's seating and shows a series' tables, scoring calls time and closes
# a series, printing prints a tournament's documents (each in its ``apps``).
ADMIN_PARTS: Many[AdminPart] = declare(
    Many("tournaments.admin_parts", provided_by=("seating", "scoring", "printing"))
)
