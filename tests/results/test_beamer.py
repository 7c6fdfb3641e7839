"""The beamer view's page time: ``?seconds=`` within its range (the browser test pages fast)."""

import json
import re

import pytest
from django.test import Client

from results.views import BEAMER_PAGE_SECONDS, BEAMER_SECONDS_RANGE, page_seconds
from tests.factories.api import publish
from tests.factories.tournaments import seated_table


@pytest.mark.parametrize(
    ("asked", "seconds"),
    [
        (None, BEAMER_PAGE_SECONDS),
        ("", BEAMER_PAGE_SECONDS),
        ("abc", BEAMER_PAGE_SECONDS),
        ("-3", BEAMER_PAGE_SECONDS),
        ("0", BEAMER_SECONDS_RANGE[0]),
        ("3", 3),
        ("100000", BEAMER_SECONDS_RANGE[1]),
    ],
)
def test_the_page_time_is_taken_within_its_range(asked, seconds):
    assert page_seconds(asked) == seconds


@pytest.mark.django_db
def test_the_beamer_hands_its_page_time_to_the_script():
    tournament = publish(seated_table(4).series.tournament)
    html = Client().get(f"/t/{tournament.pk}/beamer/?seconds=2").content.decode()
    found = re.search(r'<script id="spectator-data" type="application/json">(.*?)</script>', html)
    data = json.loads(found.group(1))
    assert data["page_seconds"] == 2
    assert "rows_per_page" not in data  # the script measures how many rows fit
