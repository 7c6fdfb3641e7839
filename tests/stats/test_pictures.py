"""The statistics' pictures on the pages: the public profile (only with consent), the desk's
player page, a club's page (its season in figures) and the beamer (the evening in figures);
what they show against the deals, and that nobody hidden or without consent is named."""

from __future__ import annotations

import re
from html import escape

import pytest
from django.core.cache import cache
from django.test import Client

from clubs.domain.clubs import create_club
from karlchen.changes import player_changed, tournament_changed
from scoring.domain.deals import correct_deal, record_deal, void_deal
from scoring.domain.series import close_series
from seasons.models import Season
from seating.domain.seating import seat_series
from stats.domain.reads import evening_figures, player_overview, season_figures
from stats.domain.stored import fingerprints
from stats.models import TournamentFigures
from tests.factories.seasons import season_with_evenings
from tests.factories.tournaments import CAPTAIN, ORGA, organiser
from tournaments.enums import TournamentStatus
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

SOLO = {"contract": "solo", "solo": "queens", "re": [2], "re_points": 150}
KONTRA_WINS = {"contract": "normal", "re": [1, 3], "re_points": 100}
FOX = {"type": "fox", "party": "re"}
ANNOUNCED = {
    "contract": "normal",
    "re": [1, 3],
    "re_points": 150,
    "announcements": {"re": "re"},
    "extras": [FOX],
}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


@pytest.fixture
def season(django_capture_on_commit_callbacks):
    """Three public evenings of four players (two deals each), the last with a solo, an
    announcement and a fox; the second player hidden nowhere and without consent."""
    with django_capture_on_commit_callbacks(execute=True):
        season, tables, players = season_with_evenings(3, deals=2)
        record_deal(tables[2], deal=SOLO, by=CAPTAIN)
        record_deal(tables[2], deal=ANNOUNCED, by=CAPTAIN)
    club = create_club(by=ORGA, name="Karo Sieben Kassel")  # set up as a club is
    Season.objects.filter(pk=season.pk).update(club=club)
    for player in (players[0], players[2], players[3]):
        player.listing_consent = True
        player.save(update_fields=["listing_consent"])
    return season, tables, players, club


def svg_titles(html: str) -> list[str]:
    return re.findall(r'<svg[^>]*role="img"[^>]*>\s*<title id="[^"]+">([^<]*)</title>', html)


def words(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def section(html: str, element_id: str) -> str:
    start = html.index(f'id="{element_id}"')
    return html[start : html.index("</section>", start)]


def test_a_correction_or_void_of_an_old_deal_changes_every_figure_at_once(
    season, django_capture_on_commit_callbacks
):
    season, tables, players, _club = season
    first = players[0].pk
    before = (
        player_overview(first, public=True),
        season_figures(season.pk),
        evening_figures(tables[0].series.tournament_id),
    )
    assert before[0]["figures"]["deals"] == 8
    assert before[1]["totals"]["deals"] == 8
    assert before[2]["deals"] == 2
    stored = dict(TournamentFigures.objects.values_list("pk", "fingerprint"))
    with django_capture_on_commit_callbacks(execute=True):
        correct_deal(tables[0], 1, deal=KONTRA_WINS, version=1, reason="wrong", by=ORGA)
        void_deal(tables[0], 2, version=1, reason="misdeal", by=ORGA)
    mine, whole, evening = (
        player_overview(first, public=True),
        season_figures(season.pk),
        evening_figures(tables[0].series.tournament_id),
    )
    # the first deal won (+1) corrected to lost against the elders (-2), the second (+1) voided
    assert mine["figures"]["deals"] == 7
    assert mine["figures"]["points"] == before[0]["figures"]["points"] - 4
    assert mine["form"][0]["points"] == -2  # the first evening's series: the corrected deal
    assert mine["season"]["evenings"][0]["points"] == -2
    assert whole["totals"]["deals"] == 7
    assert [row["deals"] for row in whole["evenings"]] == [1, 2, 4]
    assert evening["deals"] == 1
    again = dict(TournamentFigures.objects.values_list("pk", "fingerprint"))
    changed = {pk for pk in again if again[pk] != stored[pk]}
    assert changed == {tables[0].series.tournament_id}  # only that evening counted again


def test_the_fingerprint_follows_what_the_figures_are_counted_from(season):
    _season, tables, players, _club = season
    tournament = tables[0].series.tournament
    before = fingerprints([tournament.pk])[tournament.pk]
    entry = Entry.objects.get(tournament=tournament, player=players[1])
    other = Entry.objects.get(tournament=tables[1].series.tournament, player=players[1])
    assert fingerprints([other.tournament_id]) != {}
    Entry.objects.filter(pk=entry.pk).update(player=players[0].__class__.objects.create(name="X"))
    merged = fingerprints([tournament.pk])[tournament.pk]
    assert merged != before  # a merge moves an entry to another person
    tournament.confirmation_required = True
    tournament.save(update_fields=["confirmation_required"])
    confirming = fingerprints([tournament.pk])[tournament.pk]
    assert confirming not in (before, merged)


def test_a_final_tournaments_fingerprint_reads_no_deal(season):
    """Final results refuse every deal written: the moment they were marked final stands for
    the deals; marked final again after a reopening, the fingerprint is new."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    _season, tables, _players, _club = season
    tournament = tables[0].series.tournament
    running = fingerprints([tournament.pk])[tournament.pk]
    tournament.results_final_at = timezone.now()
    tournament.save(update_fields=["results_final_at"])
    with CaptureQueriesContext(connection) as queries:
        final = fingerprints([tournament.pk])[tournament.pk]
    assert final != running
    assert not any("scoring_deal" in query["sql"] for query in queries.captured_queries)
    tournament.results_final_at = timezone.now() + timezone.timedelta(minutes=1)
    tournament.save(update_fields=["results_final_at"])
    assert fingerprints([tournament.pk])[tournament.pk] not in (running, final)


def test_the_public_profile_shows_the_pictures_only_with_consent(season):
    _season, _tables, players, _club = season
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/p/{players[0].pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert svg_titles(html) == [  # no solo of their own: no solos' bars
        "Form: points per series",
        "Announcements: made and won",
        "Points per evening in Jahreswertung 2026",
    ]
    assert "<desc" in html
    assert "The figures as a table" in html
    assert players[1].name not in html  # the other players are never named there
    assert Client().get(f"/p/{players[1].pk}/").status_code == 404  # no consent: no profile


def test_a_player_hidden_at_an_evening_has_no_public_pictures(
    season, django_capture_on_commit_callbacks
):
    _season, tables, players, _club = season
    with django_capture_on_commit_callbacks(execute=True):
        Entry.objects.filter(player=players[0], tournament=tables[1].series.tournament).update(
            hidden=True
        )
        tournament_changed(tables[1].series.tournament_id)
        player_changed(players[0].pk)
    assert player_overview(players[0].pk, public=True) is None
    profile = Client().get(f"/p/{players[0].pk}/").content.decode()
    assert 'id="profile-stats"' not in profile
    assert svg_titles(profile) == []
    assert player_overview(players[0].pk, public=False) is not None  # the desk still sees them


def test_the_desk_shows_a_players_pictures_without_consent(season):
    _season, _tables, players, _club = season
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organiser())
    html = desk.get(f"/desk/players/{players[1].pk}/").content.decode()
    card = section(html, "player-statistics")
    assert "Statistics as XLSX" in card
    assert svg_titles(html) == [  # the soloist of the third evening, no announcement
        "Form: points per series",
        "Solos: played and won",
        "Points per evening in Jahreswertung 2026",
    ]
    assert "1/1 · 100 %" in html


def test_a_clubs_page_shows_its_season_in_figures_without_names(season):
    season, _tables, players, club = season
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/clubs/{club.pk}/").content.decode()
    figures = section(html, "season-figures")
    assert "The season in figures: Jahreswertung 2026" in figures
    assert "3 evenings, 4 players" in figures
    assert "8 deals · 1 solo, 1 won · 1 announcement, 1 won · 1 fox caught" in words(figures)
    assert svg_titles(figures) == [
        "Deals per evening",
        "Solos and announcements: how many were won",
    ]
    for player in players:  # consent or not: nobody is named in the figures
        assert player.name not in figures
    Season.objects.filter(pk=season.pk).update(is_public=False)
    cache.clear()
    html = Client().get(f"/clubs/{club.pk}/").content.decode()
    assert 'id="season-figures"' not in html  # a private season shows nothing


def test_the_beamer_shows_the_evening_in_figures_without_names(
    season, django_capture_on_commit_callbacks
):
    _season, tables, players, _club = season
    tournament = tables[2].series.tournament
    Entry.objects.filter(tournament=tournament, player=players[3]).update(hidden=True)
    with django_capture_on_commit_callbacks(execute=True):
        close_series(tables[2].series, by=ORGA, force=True)  # between series
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/t/{tournament.pk}/beamer/").content.decode()
    figures = html[html.index('id="beamer-sections"') :]
    assert "4 deals · 1 solo, 1 won · 1 announcement, 1 won · 1 fox caught" in words(figures)
    assert svg_titles(figures) == ["Solos and announcements of the evening"]
    for player in players:
        assert player.name not in figures
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/t/{tournament.pk}/beamer/").content.decode()
    assert "Der Abend in Zahlen" in german
    assert "4 Spiele · 1 Solo, 1 gewonnen · 1 Ansage, 1 gewonnen · 1 Fuchs gefangen" in words(
        german
    )


def test_the_beamers_figures_show_between_series_and_refresh_by_their_etag(
    season, django_capture_on_commit_callbacks
):
    """While a series is seated or played the ranking has the wall to itself; between series
    the evening in figures shows, and its refresh (``/t/<id>/beamer/figures/``) answers a 304
    while nothing changed, the new figures after a deal corrected, nothing once the next
    series is seated; a draft is a 404."""
    _season, tables, _players, _club = season
    table = tables[2]
    tournament = table.series.tournament
    url = f"/t/{tournament.pk}/beamer/figures/"
    client = Client(HTTP_ACCEPT_LANGUAGE="en")

    def beamer_frame():
        html = client.get(f"/t/{tournament.pk}/beamer/").content.decode()
        start = html.index('id="beamer-sections"')
        return html[start : html.index("</footer>", start)]

    def answer(etag=""):
        return client.get(url, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))

    playing = answer()
    assert playing.status_code == 200
    assert playing["Content-Type"] == "text/html; charset=utf-8"
    assert playing.content == b""  # series 1 is played: no figures
    assert f'data-refresh="{url}"' in beamer_frame()
    assert "stats-evening" not in beamer_frame()
    assert answer(playing["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        close_series(table.series, by=ORGA, force=True)
    closed = answer(playing["ETag"])
    assert closed.status_code == 200
    assert "4 deals · 1 solo, 1 won · 1 announcement, 1 won" in words(closed.content.decode())
    frame = beamer_frame()
    assert f'data-etag="{escape(closed["ETag"])}"' in frame  # the page starts from what it shows
    assert words(closed.content.decode()) in words(frame)
    assert answer(closed["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):  # the solo was lost after all
        correct_deal(table, 3, deal={**SOLO, "re_points": 100}, version=1, reason="x", by=ORGA)
    corrected = answer(closed["ETag"])
    assert corrected.status_code == 200
    assert "4 deals · 1 solo, 0 won" in words(corrected.content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        seat_series(
            tournament.series.get(number=2),
            [list(tournament.entries.order_by("pk"))],
            by=ORGA,
        )
    seated = answer(corrected["ETag"])
    assert (seated.status_code, seated.content) == (200, b"")
    tournament.status = TournamentStatus.DRAFT
    with django_capture_on_commit_callbacks(execute=True):
        tournament.save(update_fields=["status"])
        tournament_changed(tournament.pk)
    assert answer().status_code == 404
    assert client.get("/t/999999999/beamer/figures/").status_code == 404
