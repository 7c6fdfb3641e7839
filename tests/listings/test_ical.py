"""The iCal feed's start times, read back by another library than the one that writes it
(vobject): a tournament with a start time begins then (German local time, written in UTC) and
ends four hours later; one without stays a whole day; the file keeps RFC 5545's form (CRLF,
lines of at most 75 octets)."""

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
import vobject

from listings.domain.ical import HOURS_PLAYED
from tests.listings.conftest import announced, coming, day

pytestmark = pytest.mark.django_db
BERLIN = ZoneInfo("Europe/Berlin")


def events(client) -> dict[str, vobject.base.Component]:
    """The feed's events by their summary, as vobject reads them."""
    raw = client.get("/calendar.ics").content
    calendar = vobject.readOne(raw.decode("utf-8"))
    return {str(event.summary.value): event for event in calendar.vevent_list}


def test_a_start_time_begins_the_event_then_in_german_time_and_it_lasts_the_evening(client):
    coming("Abendturnier", 5, start_time=datetime.time(19, 30))
    coming("Tagesturnier", 6)
    found = events(client)
    evening = found["Abendturnier"]
    start = evening.dtstart.value
    assert start == datetime.datetime.combine(day(5), datetime.time(19, 30), tzinfo=BERLIN)
    assert evening.dtend.value - start == datetime.timedelta(hours=HOURS_PLAYED)
    whole_day = found["Tagesturnier"]
    assert whole_day.dtstart.value == day(6)  # a date, no time: all day
    assert not isinstance(whole_day.dtstart.value, datetime.datetime)
    assert whole_day.dtend.value == day(7)


def test_summer_and_winter_start_times_keep_the_wall_clock(client):
    """19:00 in Berlin is 17:00 UTC in summer and 18:00 UTC in winter."""
    summer = datetime.date(day(0).year + 1, 7, 4)
    winter = datetime.date(day(0).year + 1, 1, 10)
    for name, date in (("Sommer", summer), ("Winter", winter)):
        coming(name, (date - day(0)).days, start_time=datetime.time(19))
    found = events(client)
    assert found["Sommer"].dtstart.value.astimezone(datetime.UTC).hour == 17
    assert found["Winter"].dtstart.value.astimezone(datetime.UTC).hour == 18


def test_the_feed_keeps_rfc_5545_s_form_with_long_german_texts(client):
    name = "Große Vereinsmeisterschaftsendrunde der Kreuzbuben Übach-Palenberg; Teil 2, Abend"
    announced(name, 4, start_time=datetime.time(18, 45), venue="Gaststätte „Zum Dullen Fuchs“")
    raw = client.get("/calendar.ics").content
    lines = raw.split(b"\r\n")
    assert lines[-1] == b""  # the last line ends with CRLF too
    assert b"\n" not in raw.replace(b"\r\n", b"")  # no bare line feed
    assert max(len(line) for line in lines) <= 75  # octets, before the CRLF
    # in UTC (form 2): no TZID, so no VTIMEZONE a reader might read wrong
    assert re.search(rb"\r\nDTSTART:[0-9]{8}T[0-9]{6}Z\r\n", raw)
    assert b"VTIMEZONE" not in raw
    (event,) = vobject.readOne(raw.decode("utf-8")).vevent_list
    assert event.summary.value == name  # unfolded and unescaped whole
    assert event.location.value == "Gaststätte „Zum Dullen Fuchs“"
    assert event.dtstart.value.astimezone(BERLIN).time() == datetime.time(18, 45)
