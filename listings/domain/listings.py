"""The public calendar of coming tournaments and the index of past results, across every
tournament of the installation (docs/PUBLISHING.md).

- The **calendar**: tournaments from today on that the public may know of: those announced for
  sign-up (``signups.Announcement.published``, even while the tournament itself is a draft) and
  the public ones (not a draft). Each with its sign-up state: open (and the places left),
  open but full (new sign-ups go to the waiting list), or closed (the deadline passed).
- The **results index**: public tournaments that are over (before today, or marked finished),
  the newest first, each with its podium from the public ranking (``results``' cached body:
  hidden players stay hidden, a ranking the organisers do not publish is not shown).

Both are filtered (``filters.Filters``) and paged, and cached as JSON bodies with ETags for
``CACHE_SECONDS`` per filter, page, day and language: a listing is read by every visitor of the
start of a club's website, and changes with every sign-up and every deal of a running
tournament; a minute's delay is harmless there, and no write has to know the listings exist.
"""

from __future__ import annotations

import datetime
import hashlib
import math
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club
from karlchen.changes import Body, json_body
from karlchen.collation import sort_key
from karlchen.refusals import Closed
from listings.domain.filters import Filters
from results.domain.ranking_cache import public_ranking
from signups.domain.signups import closed_because
from signups.enums import SignUpStatus
from signups.models import Announcement
from tournaments.enums import SeriesStatus, TournamentStatus
from tournaments.models import START_TIME_FORMAT, Series, Tournament
from tournaments.visibility import public_condition, public_tournaments, spectators_may_see

PAGE_SIZE = 20
CACHE_SECONDS = 60
PODIUM = 3  # the results index shows the places up to this rank
CHOICES_KEY = "listing:choices"


class SignUpState:
    OPEN = "open"  # places free (or no cap), before the deadline
    WAITING_LIST = "waiting_list"  # full: a sign-up now goes to the waiting list
    CLOSED = "closed"  # the deadline has passed


def calendar_page(filters: Filters, page: int, *, today: datetime.date | None = None) -> Body:
    """One page of the calendar as a JSON body: ``{count, page, pages, results}``."""
    today = today or timezone.localdate()
    return _cached(
        f"calendar:{today}:{_digest(filters.key())}:{page}",
        lambda: _page(_calendar_query(filters, today), page, _calendar_row),
    )


def results_page(filters: Filters, page: int, *, today: datetime.date | None = None) -> Body:
    """One page of the results index as a JSON body: ``{count, page, pages, results}``."""
    today = today or timezone.localdate()
    return _cached(
        f"results:{today}:{_digest(filters.key())}:{page}",
        lambda: _page(_results_query(filters, today), page, _results_row),
    )


def front_listings(limit: int, *, today: datetime.date | None = None) -> Body:
    """The start of the calendar and of the results index for the start page, as a JSON body:
    ``{coming, coming_count, results, results_count}``, the first ``limit`` rows of each (so
    the podiums read are as many, however many tournaments there are), without the running
    tournaments (the start page lists them on their own)."""
    today = today or timezone.localdate()

    def build() -> dict[str, Any]:
        # what runs now is listed on its own above them: not twice
        coming = _calendar_query(Filters(), today).exclude(status=TournamentStatus.RUNNING)
        past = _results_query(Filters(), today).exclude(status=TournamentStatus.RUNNING)
        return {
            "coming": [_calendar_row(tournament) for tournament in coming[:limit]],
            "coming_count": coming.count(),
            "results": [_results_row(tournament) for tournament in past[:limit]],
            "results_count": past.count(),
        }

    return _cached(f"front:{today}:{limit}", build)


def calendar_rows(filters: Filters, *, today: datetime.date, limit: int) -> list[dict[str, Any]]:
    """The first ``limit`` tournaments of the calendar (the iCal feed's events)."""
    return [_calendar_row(tournament) for tournament in _calendar_query(filters, today)[:limit]]


def filter_choices() -> dict[str, list[Any]]:
    """What the pages' filters offer: the regions and host clubs that tournaments name (cached
    like the listings)."""
    found = cache.get(CHOICES_KEY)
    if isinstance(found, dict):
        return found
    regions = Tournament.objects.exclude(region="").values_list("region", flat=True).distinct()
    clubs = sorted(
        Club.objects.filter(tournaments__isnull=False).distinct(), key=lambda c: sort_key(c.name)
    )
    choices: dict[str, list[Any]] = {
        "regions": sorted(set(regions), key=sort_key),
        "clubs": [{"id": club.pk, "name": club.name} for club in clubs],
    }
    cache.set(CHOICES_KEY, choices, CACHE_SECONDS)
    return choices


def _cached(key: str, build: Callable[[], object]) -> Body:
    key = f"listing:{key}"
    found = cache.get(key)
    if isinstance(found, Body):
        return found
    body = json_body(build())
    cache.set(key, body, CACHE_SECONDS)
    return body


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]  # any region text as a safe key


def _filtered(queryset: QuerySet[Tournament], filters: Filters) -> QuerySet[Tournament]:
    if filters.game:
        queryset = queryset.filter(game=filters.game)
    if filters.region:
        queryset = queryset.filter(region__iexact=filters.region)
    if filters.club is not None:
        queryset = queryset.filter(club_id=filters.club)
    if filters.date_from:
        queryset = queryset.filter(date__gte=filters.date_from)
    if filters.date_to:
        queryset = queryset.filter(date__lte=filters.date_to)
    return queryset.select_related("club")


def _calendar_query(filters: Filters, today: datetime.date) -> QuerySet[Tournament]:
    announced = Q(announcement__published=True)
    coming = Tournament.objects.filter(date__gte=today).filter(public_condition() | announced)
    return (
        _filtered(coming, filters)
        .select_related("announcement")
        .annotate(
            taken=Count("entries", filter=Q(entries__withdrawn=False), distinct=True),
            waiting=Count("signups", filter=Q(signups__status=SignUpStatus.WAITING), distinct=True),
            begun=Exists(
                Series.objects.filter(tournament=OuterRef("pk")).exclude(
                    status=SeriesStatus.PLANNED
                )
            ),
        )
        .order_by("date", "name", "pk")
    )


def _results_query(filters: Filters, today: datetime.date) -> QuerySet[Tournament]:
    over = Q(date__lt=today) | Q(status=TournamentStatus.FINISHED, date__lte=today)
    public = public_tournaments().filter(over)
    return _filtered(public, filters).order_by("-date", "name", "pk")


def _page(
    queryset: QuerySet[Tournament], page: int, row: Callable[[Tournament], dict[str, Any]]
) -> dict[str, Any]:
    count = queryset.count()
    start = (page - 1) * PAGE_SIZE
    return {
        "count": count,
        "page": page,
        "pages": max(1, math.ceil(count / PAGE_SIZE)),
        "results": [row(tournament) for tournament in queryset[start : start + PAGE_SIZE]],
    }


def _base_row(tournament: Tournament) -> dict[str, Any]:
    club = tournament.club
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "start_time": None
        if tournament.start_time is None
        else tournament.start_time.strftime(START_TIME_FORMAT),
        "venue": tournament.venue,
        "region": tournament.region,
        "club": None if club is None else {"id": club.pk, "name": club.name},
        "game": tournament.game,
        "status": tournament.status,
        "url": reverse("spectator", args=[tournament.pk])
        if spectators_may_see(tournament)
        else None,
    }


def _calendar_row(tournament: Tournament) -> dict[str, Any]:
    return {**_base_row(tournament), "signup": _signup(tournament)}


def _signup(tournament: Tournament) -> dict[str, Any] | None:
    announcement: Announcement | None = getattr(tournament, "announcement", None)
    if announcement is None or not announcement.published:
        return None
    deadline = announcement.deadline
    taken: int = getattr(tournament, "taken", 0)  # annotated by _calendar_query
    places_left = None if announcement.cap is None else max(0, announcement.cap - taken)
    # The public form's own rule (begun, final, deadline), so the calendar never says "open"
    # where the form would refuse.
    if closed_because(announcement, begun=getattr(tournament, "begun", None)) is not None:
        state = SignUpState.CLOSED
    elif places_left == 0:
        state = SignUpState.WAITING_LIST
    else:
        state = SignUpState.OPEN
    return {
        "state": state,
        "cap": announcement.cap,
        "places_left": places_left,
        "waiting": getattr(tournament, "waiting", 0),
        "deadline": deadline.isoformat() if deadline else None,
        "url": reverse("announcement", args=[tournament.pk]),
    }


def _results_row(tournament: Tournament) -> dict[str, Any]:
    return {**_base_row(tournament), "podium": _podium(tournament)}


def _podium(tournament: Tournament) -> list[dict[str, Any]] | None:
    """The public ranking's places up to ``PODIUM`` (None: the standings are not published)."""
    try:
        body = public_ranking(tournament.pk)
    except Closed:
        return None
    if body is None:
        return None
    return [
        {
            "rank": row["rank"],
            "name": row["player"]["name"],
            "club": row["player"]["club"],
            "hidden": row["hidden"],
            "total": row["total"],
        }
        for row in body.rows
        if row["rank"] <= PODIUM and not row["withdrawn"]
    ]
