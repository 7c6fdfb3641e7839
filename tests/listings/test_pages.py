"""/calendar/, /results/, /calendar.ics and their API: what a visitor and a client read."""

import datetime

import icalendar
import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format

from tests.factories.api import codes, publish
from tests.listings.conftest import announced, club, coming, day, played

pytestmark = pytest.mark.django_db


def test_the_calendar_page_shows_tournaments_with_their_sign_up_and_filters(client):
    host = club("Pik Dame Köln")
    announced("Rangliste", 4, cap=2, players=2, region="Rheinland", club=host)
    coming("Schafkopf-Cup", 5, game="schafkopf")
    page = client.get("/calendar/", {"game": "doppelkopf"})
    assert page.status_code == 200
    text = page.content.decode()
    assert "Rangliste" in text
    assert "Schafkopf-Cup" not in text
    assert "full: waiting list" in text
    assert "<option>Rheinland</option>" in text
    assert f'<option value="{host.pk}">Pik Dame Köln</option>' in text
    assert 'href="/calendar.ics?game=doppelkopf"' in text


def test_a_bad_filter_answers_400_naming_it_on_the_page(client):
    page = client.get("/calendar/", {"date_from": "morgen"})
    assert page.status_code == 400
    assert "A date as YYYY-MM-DD" in page.content.decode()


def test_a_refused_filter_keeps_the_others_as_entered(client):
    host = club("Pik Dame Köln")
    coming("Rangliste", 4, region="Rheinland", club=host)
    asked = {
        "game": "schafkopf",
        "region": "Rheinland",
        "club": str(host.pk),
        "date_from": "2026-13-01",
        "date_to": "2027-01-31",
    }
    text = client.get("/calendar/", asked).content.decode()
    assert '<option value="schafkopf" selected>' in text
    assert "<option selected>Rheinland</option>" in text
    assert f'<option value="{host.pk}" selected>' in text
    assert 'name="date_from" value="2026-13-01"' in text  # the wrong one, to be mended
    assert 'name="date_to" value="2027-01-31"' in text


def test_the_dates_are_shown_in_the_readers_language(client):
    coming("Rangliste", 4)
    played("Sommerturnier", -10)
    for language, path, when in (("de", "/calendar/", day(4)), ("en", "/results/", day(-10))):
        with translation.override(language):
            shown = date_format(when)
        text = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<span class="when">{shown}</span>' in text


def test_the_results_page_shows_winners_and_pages(client):
    played("Sommerturnier", -10, region="Nord")
    text = client.get("/results/").content.decode()
    assert "Sommerturnier" in text
    assert '<ol class="podium">' in text
    assert client.get("/results/", {"region": "Süd"}).content.decode().count("Sommerturnier") == 0


def test_the_api_answers_the_calendar_with_an_etag_and_304(anonymous):
    coming("Kommt", 3)
    first = anonymous.get("/api/v1/calendar/")
    assert first.status_code == 200
    assert [row["name"] for row in first.json()["results"]] == ["Kommt"]
    assert first.json()["count"] == 1
    assert first.json()["pages"] == 1
    again = anonymous.get("/api/v1/calendar/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    filtered = anonymous.get("/api/v1/calendar/", {"game": "schafkopf"})
    assert filtered.json()["results"] == []


def test_the_api_refuses_bad_filters_by_field(anonymous):
    response = anonymous.get("/api/v1/results/", {"club": "abc", "page": "0"})
    assert response.status_code == 400
    assert codes(response) == [("club", "listing_club_invalid"), ("page", "listing_page_invalid")]


def test_the_results_api_and_the_plain_spectator_path_answer_alike(
    anonymous, django_assert_num_queries
):
    played("Vorbei", -4)
    whole = anonymous.get("/api/v1/results/", {"page": "1"})
    fast = anonymous.get("/api/v1/results/")
    assert fast.status_code == 200
    assert fast.content == whole.content
    assert fast["ETag"] == whole["ETag"]
    with django_assert_num_queries(0):
        anonymous.get("/api/v1/results/")


def test_the_ical_feed_parses_back_with_one_event_per_tournament(client):
    host = club("Kreuz Bube")
    announced("Rangliste; Nord, Teil 2", 6, cap=5, venue="Saal, 1. Stock", region="Nord", club=host)
    coming("Schafkopf", 8, game="schafkopf")
    response = client.get("/calendar.ics", {"game": "doppelkopf"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Cache-Control"] == "public, max-age=60"
    raw = response.content
    assert all(line.endswith(b"\r") for line in raw.split(b"\n")[:-1])  # CRLF every line
    assert all(len(line) <= 76 for line in raw.split(b"\r\n"))  # folded at 75 octets
    assert b"SUMMARY:Rangliste\\; Nord\\, Teil 2" in raw
    calendar = icalendar.Calendar.from_ical(raw)
    assert calendar["VERSION"] == "2.0"
    assert "PRODID" in calendar
    (event,) = calendar.walk("VEVENT")
    assert str(event["SUMMARY"]) == "Rangliste; Nord, Teil 2"
    assert event["UID"].startswith("tournament-")
    assert event["UID"].endswith("@testserver")
    assert event.decoded("DTSTART") == day(6)
    assert event.decoded("DTEND") == day(7)
    assert event.decoded("DTSTAMP").tzinfo is not None
    assert str(event["LOCATION"]) == "Saal, 1. Stock, Nord"
    assert str(event["URL"]).endswith("/signup/")
    assert "Kreuz Bube" in str(event["DESCRIPTION"])
    assert "5 places left" in str(event["DESCRIPTION"])


def test_the_ical_feed_refuses_bad_filters(client):
    response = client.get("/calendar.ics", {"date_to": "2026-02-30"})
    assert response.status_code == 400
    assert "YYYY-MM-DD" in response.content.decode()


def test_the_ical_uid_stays_when_the_tournament_changes(client):
    tournament = coming("Alt", 9)
    first = icalendar.Calendar.from_ical(client.get("/calendar.ics").content)
    tournament.name = "Neu"
    tournament.date = tournament.date + datetime.timedelta(days=1)
    tournament.save()
    cache.clear()
    second = icalendar.Calendar.from_ical(client.get("/calendar.ics").content)
    (before,), (after,) = first.walk("VEVENT"), second.walk("VEVENT")
    assert before["UID"] == after["UID"]
    assert str(after["SUMMARY"]) == "Neu"


def test_a_start_time_is_shown_on_the_calendar_the_start_page_and_the_evening(client):
    tournament = announced("Abendturnier", 3, start_time=datetime.time(19, 30))
    publish(tournament)
    for path in ("/calendar/", "/", f"/t/{tournament.pk}/"):
        assert "at 19:30" in client.get(path).content.decode(), path
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    assert "um 19:30 Uhr" in german.get("/calendar/").content.decode()
