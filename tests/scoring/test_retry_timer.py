"""The captain's page sends what waits on the phone again as often as the server says: every
5 s as shipped, or what the setting ``CAPTAIN_RETRY_SECONDS`` says (the browser tests try every
2 s). The page gets the interval in its data, and its script takes its timer from there."""

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from scoring.views import RETRY_SECONDS
from tests.factories.tournaments import seated_table
from tests.scoring.test_views import page_data, signed_in

pytestmark = pytest.mark.django_db


def test_the_captains_page_sends_again_every_five_seconds_as_shipped():
    assert RETRY_SECONDS == 5
    assert page_data(signed_in(seated_table(4)).get("/captain/"))["retry_seconds"] == 5


def test_the_setting_reaches_the_page(settings):
    settings.CAPTAIN_RETRY_SECONDS = 2
    assert page_data(signed_in(seated_table(4)).get("/captain/"))["retry_seconds"] == 2


def test_the_script_takes_its_timer_from_the_pages_data():
    source = Path(finders.find("captain/captain.js")).read_text(encoding="utf-8")
    assert "const RETRY_MS = (data.retry_seconds || 5) * 1000;" in source
    assert "setInterval(flush, RETRY_MS);" in source
