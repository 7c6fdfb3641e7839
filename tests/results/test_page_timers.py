"""The spectators' pages poll as often as the server says: every 5 s as shipped, or what the
setting ``SPECTATOR_POLL_SECONDS`` says (the browser tests poll every second). Each page and
section gets the interval in its data, and its script takes its timer from there."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.test import Client

from results.views import POLL_SECONDS
from signups.domain.categories import set_category
from signups.domain.settings import set_announcement
from teams.domain.teams import Roster, create_team
from tests.factories.api import publish
from tests.factories.tournaments import ORGA, seated_table

pytestmark = pytest.mark.django_db

SCRIPTS = {  # the script of each page's data and where it sets its timer
    "spectator/live.js": "data.poll_seconds * 1000",
    "spectator/widget.js": "data.poll_seconds * 1000",
    "teams/side.js": "data.poll_seconds * 1000",
    "signups/categories.js": "data.poll_seconds * 1000",
}


def json_data(html: str) -> dict[str, dict]:
    """Every ``json_script`` block of a page, by its id."""
    blocks = re.findall(r'<script id="([\w-]+)" type="application/json">(.*?)</script>', html, re.S)
    return {name: json.loads(body) for name, body in blocks}


def polls_of(tournament) -> dict[str, float]:
    cache.clear()
    client = Client()
    found = {}
    for page in ("", "beamer/", "widget/"):
        response = client.get(f"/t/{tournament.pk}/{page}")
        assert response.status_code == 200
        for name, data in json_data(response.content.decode()).items():
            found[f"{page}#{name}"] = data["poll_seconds"]
    return found


def live_tournament():
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    first, second, *_ = tournament.entries.order_by("start_number")
    create_team(tournament, by=ORGA, name="Kreuz", roster=Roster(members=(first.pk, second.pk)))
    set_announcement(tournament, by=ORGA, category_fees={"Damen": 800})
    set_category(first, "Damen", by=ORGA)
    return tournament


PAGES = {
    "#spectator-data",
    "#side-rankings-data",
    "#category-rankings-data",
    "beamer/#spectator-data",
    "widget/#widget-data",
}


def test_every_spectator_page_polls_every_five_seconds_as_shipped():
    assert POLL_SECONDS == 5
    assert polls_of(live_tournament()) == dict.fromkeys(PAGES, 5)


def test_the_setting_reaches_every_page(settings):
    settings.SPECTATOR_POLL_SECONDS = 1
    assert polls_of(live_tournament()) == dict.fromkeys(PAGES, 1)


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_script_takes_its_timer_from_the_pages_data(script):
    assert SCRIPTS[script] in Path(finders.find(script)).read_text(encoding="utf-8")
