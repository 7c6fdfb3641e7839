"""The start page is the front door for players and spectators: running now, coming up, recent
results, the seasons and leagues, the clubs, each linked; drafts, private seasons and clubs with
nothing public stay off it; its queries do not grow with its rows. What developers look for is
on /developers/, linked from every page's footer."""

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from clubs.models import Association
from seasons.domain.seasons import add_evening, create_season
from tests.factories.tournaments import ORGA
from tests.listings.conftest import announced, club, coming, played
from tournaments.enums import TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _language_restored():
    """A request in English leaves English active in this thread: later tests expect German."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def running(name, offset=0, **fields):
    tournament = coming(name, offset, **fields)
    tournament.status = TournamentStatus.RUNNING
    tournament.save(update_fields=["status"])
    return tournament


def season(name, *, public=True, **fields):
    return create_season(by=ORGA, name=name, is_public=public, **fields)


def section(html: str, name: str) -> str:
    """The text of the page's section ``id="name"`` (up to the next section)."""
    start = html.index(f'<section id="{name}"')
    return html[start : html.index("</section>", start)]


def test_each_part_of_the_front_door_is_listed_with_its_link(client):
    host = club("Karo Sieben Hamm")
    quiet = club("Stiller Verein")  # nothing public: not listed
    live = running("Laufendes Turnier", -40, club=host)
    next_one = announced("Nächstes Turnier", 7, club=host)
    past = played("Letztes Turnier", -3)
    draft = coming("Geheimer Entwurf", 2, public=False)
    shown = season("Jahreswertung 2026", club=host)
    hidden = season("Geheime Wertung", public=False, club=quiet)

    response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    running_part = section(html, "running")
    assert f'href="/t/{live.pk}/"' in running_part
    assert f'href="/t/{live.pk}/beamer/"' in running_part
    assert "live now" in running_part
    assert f"/t/{live.pk}/" not in section(html, "coming") + section(html, "results")
    coming_part = section(html, "coming")
    assert f'href="/t/{next_one.pk}/signup/"' in coming_part
    assert 'href="/calendar/"' in coming_part
    results_part = section(html, "results")
    assert f'href="/t/{past.pk}/"' in results_part
    assert 'href="/results/"' in results_part
    assert f'href="/s/{shown.pk}/"' in section(html, "seasons")
    clubs_part = section(html, "clubs")
    assert f'href="/clubs/{host.pk}/"' in clubs_part
    assert f"/clubs/{quiet.pk}/" not in html
    for secret in (draft.name, hidden.name, quiet.name):
        assert secret not in html
    # the host club's page lists the running tournament as coming and running, not as a result
    club_html = client.get(f"/clubs/{host.pk}/").content.decode()
    upcoming = club_html[club_html.index('id="club-upcoming"') : club_html.index('id="club-past"')]
    assert f'href="/t/{live.pk}/"' in upcoming
    assert f'href="/calendar/?club={host.pk}"' in upcoming
    # the developers' material is on its own page, linked from the footer
    assert "curl" not in html
    assert 'href="/developers/"' in html


def test_an_empty_front_door_says_so_in_german():
    coming("Geheimer Entwurf", 0, public=False)
    html = Client().get("/").content.decode()
    assert "Gerade wird kein Turnier gespielt." in html
    assert "Noch kein Turnier angekündigt." in html
    assert "Geheimer Entwurf" not in html


def test_the_developers_page_has_the_api_and_the_score_preview(client):
    html = client.get("/developers/").content.decode()
    assert 'href="/api/schema/docs/"' in html
    assert "curl -s -X POST http://testserver/api/v1/score-preview/" in html


def test_the_start_page_queries_do_not_grow_with_its_rows(client):
    def count_queries() -> int:
        from django.core.cache import cache
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        return len(queries)

    def add(numbers):
        for number in numbers:
            home = club(f"Verein {number}")
            running(f"Laufend {number}", club=home)
            announced(f"Angekündigt {number}", 3 + number, club=home)
            played(f"Gespielt {number}", -2 - number)
            season(f"Wertung {number}", club=home)

    add(range(6))  # more than the page lists of the coming and the past ones
    few = count_queries()
    add(range(6, 20))
    many = count_queries()
    assert many <= few, f"{few} queries with six rows of each, {many} with twenty"


def test_an_evening_links_its_public_season_and_its_club(client):
    host = club("Herz As Unna")
    evening = coming("Clubabend", 0, club=host)
    open_season = season("Offene Wertung", club=host)
    ranking_list = Association.objects.create(name="Landesverband")
    closed_season = season("Interne Wertung", public=False, association=ranking_list)
    add_evening(open_season, evening, by=ORGA)
    add_evening(closed_season, evening, by=ORGA)

    html = client.get(f"/t/{evening.pk}/").content.decode()
    assert f'href="/s/{open_season.pk}/"' in html
    assert f'href="/clubs/{host.pk}/"' in html
    assert "Interne Wertung" not in html
    season_html = client.get(f"/s/{open_season.pk}/").content.decode()
    assert f'href="/t/{evening.pk}/"' in season_html
    assert f'href="/clubs/{host.pk}/"' in season_html
    club_html = client.get(f"/clubs/{host.pk}/").content.decode()
    assert f'href="/s/{open_season.pk}/"' in club_html
    assert f'href="/t/{evening.pk}/"' in club_html
