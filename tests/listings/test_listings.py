"""The calendar and the results index: which tournaments, their sign-up state and podium,
the filters, the pages, and the cache (docs/PUBLISHING.md)."""

import datetime
import json

import pytest
from django.core.cache import cache
from django.utils import timezone

from karlchen.refusals import Refused
from listings.domain import listings
from listings.domain.filters import Filters, parse_filters
from listings.domain.listings import calendar_page, results_page
from results.domain.standings import standings
from signups.domain.settings import set_announcement
from tests.factories.tournaments import ORGA, seat_first_series
from tests.listings.conftest import announced, club, coming, day, played
from tournaments.domain.tournaments import update_tournament
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def rows(body) -> list[dict]:
    return json.loads(body.content)["results"]


def test_the_calendar_lists_coming_public_and_announced_tournaments_earliest_first():
    coming("Nächste Woche", 7)
    announced("Angekündigt", 3)
    coming("Entwurf", 2, public=False)
    coming("Vorbei", -1)
    coming("Heute", 0)
    listed = [row["name"] for row in rows(calendar_page(Filters(), 1))]
    assert listed == ["Heute", "Angekündigt", "Nächste Woche"]


def test_a_row_names_the_tournament_its_club_region_and_links():
    host = club("Karo Dame Essen")
    tournament = coming("Pokal", 5, club=host, region="Ruhrgebiet", venue="Zeche")
    (row,) = rows(calendar_page(Filters(), 1))
    assert row == {
        "id": tournament.pk,
        "name": "Pokal",
        "date": day(5).isoformat(),
        "start_time": None,
        "venue": "Zeche",
        "region": "Ruhrgebiet",
        "club": {"id": host.pk, "name": "Karo Dame Essen"},
        "game": "doppelkopf",
        "status": "open",
        "url": f"/t/{tournament.pk}/",
        "signup": None,
    }


def test_the_sign_up_state_open_full_and_closed():
    free = announced("Frei", 1, cap=3, players=1)
    full = announced("Voll", 2, cap=2, players=2)
    endless = announced("Ohne Grenze", 3)
    closed = announced("Zu", 4, cap=10)
    set_announcement(closed, by=ORGA, deadline=datetime.datetime(2001, 1, 1, tzinfo=datetime.UTC))
    states = {row["id"]: row["signup"] for row in rows(calendar_page(Filters(), 1))}
    assert states[free.pk] | {"deadline": None} == {
        "state": "open",
        "cap": 3,
        "places_left": 2,
        "waiting": 0,
        "deadline": None,
        "url": f"/t/{free.pk}/signup/",
    }
    assert (states[full.pk]["state"], states[full.pk]["places_left"]) == ("waiting_list", 0)
    assert (states[endless.pk]["state"], states[endless.pk]["places_left"]) == ("open", None)
    assert states[closed.pk]["state"] == "closed"
    assert rows(calendar_page(Filters(), 1))[0]["url"] is None  # a draft has no public page


def test_the_sign_up_shows_closed_once_the_tournament_has_begun_or_is_final():
    begun = announced("Begonnen", 1, players=4)
    seat_first_series(begun, list(begun.entries.order_by("start_number")))
    final = announced("Endgültig", 2)
    Tournament.objects.filter(pk=final.pk).update(results_final_at=timezone.now())
    waiting = announced("Noch offen", 3)
    states = {row["id"]: row["signup"]["state"] for row in rows(calendar_page(Filters(), 1))}
    assert states == {begun.pk: "closed", final.pk: "closed", waiting.pk: "open"}


def test_the_filters_game_region_club_and_dates():
    host = club("Herz As")
    coming("Doko Nord", 2, region="Nord", club=host)
    coming("Schafkopf Süd", 3, region="Oberbayern", game="schafkopf")
    coming("Doko Süd", 40, region="oberbayern")

    def listed(**filters):
        return [row["name"] for row in rows(calendar_page(Filters(**filters), 1))]

    assert listed(game="schafkopf") == ["Schafkopf Süd"]
    assert listed(region="OBERBAYERN") == ["Schafkopf Süd", "Doko Süd"]
    assert listed(club=host.pk) == ["Doko Nord"]
    assert listed(date_from=day(3), date_to=day(30)) == ["Schafkopf Süd"]


def test_pages_of_twenty():
    for n in range(23):
        coming(f"T{n:02d}", 1 + n)
    first, second = (calendar_page(Filters(), page) for page in (1, 2))
    first_data, second_data = json.loads(first.content), json.loads(second.content)
    assert (first_data["count"], first_data["pages"], len(first_data["results"])) == (23, 2, 20)
    assert [row["name"] for row in second_data["results"]] == ["T20", "T21", "T22"]
    assert json.loads(calendar_page(Filters(), 9).content)["results"] == []


def test_the_results_index_lists_past_public_tournaments_newest_first_with_the_podium():
    older = played("Frühjahr", -60)
    newer = played("Herbst", -3)
    coming("Kommt noch", 3)
    coming("Entwurf vorbei", -5, public=False)
    listed = rows(results_page(Filters(), 1))
    assert [row["name"] for row in listed] == ["Herbst", "Frühjahr"]
    expected = [
        {"rank": row.rank, "name": row.name, "club": row.club, "hidden": False, "total": row.total}
        for row in standings(newer)
        if row.rank <= 3
    ]
    assert listed[0]["podium"] == expected
    assert expected
    assert listed[1]["id"] == older.pk


def test_the_index_keeps_hidden_players_and_hidden_standings_hidden():
    tournament = played("Geheim", -2)
    winner = standings(tournament)[0]
    tournament.entries.filter(pk=winner.entry_id).update(hidden=True)
    hidden = played("Unveröffentlicht", -1)
    update_tournament(hidden, by=ORGA, standings_public=False)
    by_name = {row["name"]: row for row in rows(results_page(Filters(), 1))}
    first = next(place for place in by_name["Geheim"]["podium"] if place["hidden"])
    assert (first["name"], first["club"]) == (None, None)
    assert by_name["Unveröffentlicht"]["podium"] is None


def test_a_tournament_finished_today_is_a_result_and_still_on_the_calendar_date():
    tournament = played("Heute fertig", 0)
    update_tournament(tournament, by=ORGA, status=TournamentStatus.FINISHED)
    assert [row["name"] for row in rows(results_page(Filters(), 1))] == ["Heute fertig"]


def test_a_listing_is_cached_for_a_minute(django_assert_num_queries, monkeypatch):
    coming("Erstes", 2)
    first = calendar_page(Filters(), 1)
    coming("Zweites", 3)
    with django_assert_num_queries(0):
        again = calendar_page(Filters(), 1)
    assert again == first
    cache.clear()  # what the minute's end does
    assert len(rows(calendar_page(Filters(), 1))) == 2
    assert listings.CACHE_SECONDS == 60


def test_the_filters_parsed_from_a_query_and_every_bad_value_refused_by_its_field():
    filters, page = parse_filters(
        {
            "game": "schafkopf",
            "region": " Nord ",
            "club": "7",
            "date_from": "2026-01-01",
            "page": "2",
            "utm_source": "ignored",
        }
    )
    assert filters == Filters("schafkopf", "Nord", 7, datetime.date(2026, 1, 1), None)
    assert page == 2
    with pytest.raises(Refused) as refused:
        parse_filters(
            {
                "game": "skat",
                "region": "x" * 81,
                "club": "-1",
                "date_from": "2026-13-01",
                "date_to": "gestern",
                "page": "0",
            }
        )
    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("game", "listing_game_unknown"),
        ("region", "text_too_long"),
        ("club", "listing_club_invalid"),
        ("date_from", "listing_date_invalid"),
        ("date_to", "listing_date_invalid"),
        ("page", "listing_page_invalid"),
    ]
    with pytest.raises(Refused) as reversed_range:
        parse_filters({"date_from": "2026-02-01", "date_to": "2026-01-01"})
    assert [(p.field, p.code) for p in reversed_range.value.problems] == [
        ("date_to", "listing_dates_reversed")
    ]


@pytest.mark.parametrize("field", ["club", "date_from", "date_to", "page"])
@pytest.mark.parametrize("blank", [" ", " 2026-01-01", "7 "])
def test_a_number_or_day_with_spaces_is_refused_as_the_schema_says(field, blank):
    """The schema allows a day or a number, or nothing; a space ("+" in a query) is neither and
    was taken for nothing."""
    with pytest.raises(Refused) as refused:
        parse_filters({field: blank})
    assert [p.field for p in refused.value.problems] == [field]
