"""The calendar as an iCalendar feed (RFC 5545) for calendar apps to subscribe to.

Written with the ``icalendar`` package (line folding at 75 octets, CRLF, escaping of ``,;\\``
and new lines in texts). A tournament with a start time begins then: typed in German
local time, written in UTC (``DTSTART:20261212T180000Z``, RFC 5545's form 2), and ends
``HOURS_PLAYED`` later (``DTEND``), so a calendar shows the evening, not a whole day. UTC, not
``TZID=Europe/Berlin``: a TZID needs its ``VTIMEZONE`` in the file, and the one generated lists
the clock changes as ``RDATE`` lines, which some readers skip (dateutil's, behind vobject, put a
summer evening an hour late); a time in UTC every reader places right, in its own zone. One
without a start time is an all-day event (``DTSTART;VALUE=DATE``, the day after as ``DTEND``).
Each has a stable ``UID`` (``tournament-<id>@<host>``), so a subscribed
calendar updates an event instead of adding a second one; ``DTSTAMP`` is when the feed was
written (UTC). The feed is cached like the calendar pages
(``listings.domain.listings.CACHE_SECONDS``).
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.core.cache import cache
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from listings.domain.filters import Filters
from listings.domain.listings import CACHE_SECONDS, SignUpState, calendar_rows
from tournaments.enums import Game

MAX_EVENTS = 500  # a feed of the next 500 tournaments at most
# A tournament's end as the feed gives it: the usual three series of some 24 deals take about
# four hours; the end is nowhere stored, and a calendar wants one (or it shows no length).
HOURS_PLAYED = 4
LOCAL_TIME = ZoneInfo("Europe/Berlin")  # the clubs' time: start times are typed in it


def calendar_feed(filters: Filters, *, base_url: str, today: datetime.date | None = None) -> bytes:
    """The feed of the calendar under ``filters``; links and UIDs start at ``base_url``."""
    today = today or timezone.localdate()
    key = f"{today}|{filters.key()}|{base_url}|{get_language()}"
    cache_key = f"listing:ical:{hashlib.sha256(key.encode()).hexdigest()[:24]}"
    found = cache.get(cache_key)
    if isinstance(found, bytes):
        return found
    feed = _feed(calendar_rows(filters, today=today, limit=MAX_EVENTS), base_url.rstrip("/"))
    cache.set(cache_key, feed, CACHE_SECONDS)
    return feed


def _feed(rows: list[dict[str, Any]], base: str) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", "-//Karlchen//Tournament calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", _("Doppelkopf and Schafkopf tournaments"))
    host = urlsplit(base).hostname or "karlchen"
    stamp = timezone.now().astimezone(datetime.UTC).replace(microsecond=0)
    for row in rows:
        calendar.add_component(_event(row, base, host, stamp))
    feed: bytes = calendar.to_ical()
    return feed


def _event(row: dict[str, Any], base: str, host: str, stamp: datetime.datetime) -> Event:
    day = datetime.date.fromisoformat(row["date"])
    event = Event()
    event.add("uid", f"tournament-{row['id']}@{host}")
    event.add("dtstamp", stamp)
    if row["start_time"]:
        local = datetime.time.fromisoformat(row["start_time"])
        start = datetime.datetime.combine(day, local, tzinfo=LOCAL_TIME).astimezone(datetime.UTC)
        event.add("dtstart", start)
        event.add("dtend", start + datetime.timedelta(hours=HOURS_PLAYED))
    else:
        event.add("dtstart", day)
        event.add("dtend", day + datetime.timedelta(days=1))
    event.add("summary", row["name"])
    where = ", ".join(part for part in (row["venue"], row["region"]) if part)
    if where:
        event.add("location", where)
    link = (row["signup"] or {}).get("url") or row["url"]
    if link:
        event.add("url", base + link)
    event.add("description", _description(row, base + link if link else ""))
    event.add("categories", [str(Game(row["game"]).label)])
    return event


def _description(row: dict[str, Any], link: str) -> str:
    lines = [str(Game(row["game"]).label)]
    if row["club"]:
        lines.append(_("Host: %(club)s") % {"club": row["club"]["name"]})
    signup = row["signup"]
    if signup:
        lines.append(_signup_text(signup))
    if link:
        lines.append(link)
    return "\n".join(lines)


def _signup_text(signup: dict[str, Any]) -> str:
    if signup["state"] == SignUpState.CLOSED:
        return _("Sign-up closed")
    if signup["state"] == SignUpState.WAITING_LIST:
        return _("Fully booked: sign-ups go to the waiting list")
    if signup["places_left"] is None:
        return _("Sign-up open")
    return _("Sign-up open: %(places)s places left") % {"places": signup["places_left"]}
