"""A tournament that is not public yet, asked for by spectators: Karlchen's own friendly page
("starts soon", in the visitor's language), never Django's error page."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from scoring.domain.deals import record_deal
from tests.factories.api import NORMAL
from tests.factories.tournaments import CAPTAIN, seated_table, tournament_with_players

pytestmark = pytest.mark.django_db
PAGES = ("", "beamer/")


@pytest.fixture(autouse=True)
def _debug_on(settings):
    """With DEBUG on, a bare Http404 would be Django's yellow technical page."""
    settings.DEBUG = True
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def draft_in_play(django_capture_on_commit_callbacks):
    table = seated_table(4, name="Wintercup", venue="Vereinsheim")
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    return table.series.tournament


def get(path: str, language: str):
    return Client(HTTP_ACCEPT_LANGUAGE=language).get(path)


def without_tokens(html: str, pk: int) -> str:
    """The page without what differs from one request to the next (CSRF token, the path)."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return html.replace(f"/t/{pk}/", "/t/ID/")


def assert_karlchens_page(response):
    html = response.content.decode()
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert 'class="brand"' in html  # Karlchen's base template
    assert "technical_404" not in html
    assert "Using the URLconf" not in html
    assert '<meta http-equiv="refresh"' in html  # it looks again by itself
    return html


@pytest.mark.parametrize("path", PAGES)
def test_a_draft_in_play_starts_soon_in_german(draft_in_play, path):
    html = assert_karlchens_page(get(f"/t/{draft_in_play.pk}/{path}", "de"))
    assert "Beginnt bald" in html
    assert "Wintercup" in html
    assert "5. Dezember 2026" in html
    assert "Vereinsheim" in html
    assert 'lang="de"' in html


@pytest.mark.parametrize("path", PAGES)
def test_a_draft_in_play_starts_soon_in_english(draft_in_play, path):
    html = assert_karlchens_page(get(f"/t/{draft_in_play.pk}/{path}", "en"))
    assert "Starts soon" in html
    assert "Beginnt bald" not in html
    assert "Wintercup" in html
    assert "5 December 2026" in html


def test_a_player_page_of_a_draft_in_play_starts_soon_too(draft_in_play):
    entry = draft_in_play.entries.first()
    html = assert_karlchens_page(get(f"/t/{draft_in_play.pk}/players/{entry.pk}/", "en"))
    assert "Starts soon" in html


def test_a_draft_nobody_plays_yet_looks_like_an_unknown_address():
    draft, _entries = tournament_with_players(4, name="Geheimturnier")
    for language, heading in (("de", "(Noch) nicht öffentlich"), ("en", "Not public (yet)")):
        html = assert_karlchens_page(get(f"/t/{draft.pk}/", language))
        unknown = assert_karlchens_page(get("/t/999999/", language))
        assert heading in html
        assert "Geheimturnier" not in html
        assert without_tokens(html, draft.pk) == without_tokens(unknown, 999999)


def test_a_public_tournament_is_shown_as_before(draft_in_play):
    draft_in_play.status = "running"
    draft_in_play.save(update_fields=["status"])
    response = get(f"/t/{draft_in_play.pk}/", settings.LANGUAGE_CODE)
    assert response.status_code == 200
    assert 'id="ranking"' in response.content.decode()
