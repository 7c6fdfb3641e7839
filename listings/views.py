"""The start page (/), the public calendar (/calendar/), its iCal feed (/calendar.ics) and the
results index (/results/): no login, filtered by the query string, read from the cached
listings."""

from __future__ import annotations

import datetime
import json
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.views import View

from karlchen.messages import problem_message
from karlchen.refusals import Refused
from listings.domain.filters import FIELDS, Filters, parse_filters
from listings.domain.front import front_door
from listings.domain.ical import calendar_feed
from listings.domain.listings import (
    CACHE_SECONDS,
    calendar_page,
    filter_choices,
    results_page,
)
from tournaments.enums import Game

PUBLIC_CACHE = f"public, max-age={CACHE_SECONDS}"


class StartPage(View):
    """The front door for players and spectators: running now, coming up, recent results, the
    seasons and leagues, the clubs (``listings.domain.front``). What developers look for (the
    API, the score preview) is on its own page, linked from every page's footer."""

    def get(self, request):
        return render(request, "listings/home.html", {"front": front_door()})


class ListingPage(View):
    template = ""
    kind = ""

    def get(self, request):
        try:
            filters, page = parse_filters(request.GET)
        except Refused as refusal:
            errors = {problem.field: problem_message(problem) for problem in refusal.problems}
            return self.show(Filters(), None, errors=errors, status=400)
        read = calendar_page if self.kind == "calendar" else results_page
        return self.show(filters, _with_dates(json.loads(read(filters, page).content)))

    def show(self, filters: Filters, listing, *, errors=None, status: int = 200):
        query = filters.query()
        context = {
            "filters": filters,
            # What the form shows: the reader's own entries where one was refused, so that
            # one wrong date does not clear the other filters.
            "values": _entered(self.request.GET) if errors else query,
            "listing": listing,
            "errors": errors or {},
            "games": Game.choices,
            "choices": filter_choices(),
            "query": urlencode(query),
            "pages": _page_links(listing, query),
        }
        return render(self.request, self.template, context, status=status)


def _entered(query) -> dict[str, str]:
    return {name: (query.get(name) or "").strip()[:100] for name in FIELDS}


def _with_dates(listing: dict) -> dict:
    """The rows' ISO dates as dates, shown in the reader's language (5. Dezember 2026)."""
    for row in listing["results"]:
        row["date"] = datetime.date.fromisoformat(row["date"])
    return listing


def _page_links(listing, query: dict[str, str]) -> dict[str, str]:
    if not listing:
        return {}
    links = {}
    if listing["page"] > 1:
        links["previous"] = "?" + urlencode({**query, "page": listing["page"] - 1})
    if listing["page"] < listing["pages"]:
        links["next"] = "?" + urlencode({**query, "page": listing["page"] + 1})
    return links


class CalendarPage(ListingPage):
    template = "listings/calendar.html"
    kind = "calendar"


class ResultsIndexPage(ListingPage):
    template = "listings/results.html"
    kind = "results"


class CalendarFeed(View):
    """/calendar.ics: the calendar (its filters too) for calendar apps to subscribe to."""

    def get(self, request):
        try:
            filters, _page = parse_filters(request.GET)
        except Refused as refusal:
            text = "\n".join(problem_message(problem) for problem in refusal.problems)
            return HttpResponse(text, status=400, content_type="text/plain; charset=utf-8")
        base = settings.SITE_URL or request.build_absolute_uri("/")
        feed = calendar_feed(filters, base_url=base)
        response = HttpResponse(feed, content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = 'inline; filename="karlchen.ics"'
        response["Cache-Control"] = PUBLIC_CACHE
        return response
