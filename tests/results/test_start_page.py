"""The start page lists the running and recent public tournaments with their live ranking and
beamer view; drafts and long-finished tournaments stay off it."""

import datetime

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone, translation

from tests.factories.tournaments import tournament_with_players
from tournaments.enums import TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _language_restored():
    """A request in English leaves English active in this thread: later tests expect German."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def tournament(name, status, days_ago):
    date = timezone.localdate() - datetime.timedelta(days=days_ago)
    made, _entries = tournament_with_players(0, name=name, date=date)
    made.status = status
    made.save(update_fields=["status"])
    return made


def test_running_and_recent_public_tournaments_are_listed_with_their_links():
    running = tournament("Laufendes Turnier", TournamentStatus.RUNNING, 40)
    recent = tournament("Letzte Woche", TournamentStatus.FINISHED, 7)
    coming = tournament("Nächster Monat", TournamentStatus.OPEN, -20)
    tournament("Geheimer Entwurf", TournamentStatus.DRAFT, 0)
    tournament("Vor einem Jahr", TournamentStatus.FINISHED, 365)

    response = Client().get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Geheimer Entwurf" not in html
    assert "Vor einem Jahr" not in html
    # the running one first (though older), then the newest first
    positions = [html.index(name) for name in ("Laufendes", "Nächster Monat", "Letzte Woche")]
    assert positions == sorted(positions)
    for listed in (running, recent, coming):
        assert f'href="/t/{listed.pk}/"' in html
        assert f'href="/t/{listed.pk}/beamer/"' in html
    assert "läuft gerade" in html
    assert "Live-Rangliste" in html


def test_without_public_tournaments_the_start_page_says_so_in_english():
    tournament("Geheimer Entwurf", TournamentStatus.DRAFT, 0)
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    assert "No tournament is public right now." in html
    assert "Geheimer Entwurf" not in html
    assert "Welcome to Karlchen" in html  # the rest of the start page stays
