"""Fixtures of the desk tests: an organiser signed in, a stranger, a seated tournament."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from tests.factories.documents import seated_series
from tests.factories.tournaments import organiser


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


@pytest.fixture(autouse=True)
def _language_restored():
    """A request in English leaves English active in this thread: later tests expect German."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def orga():
    return organiser()


@pytest.fixture
def desk(orga):
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(orga)
    return client


@pytest.fixture
def stranger():
    client = Client()
    client.force_login(get_user_model().objects.create_user("fremd"))
    return client


@pytest.fixture
def seated():
    """Series 1 seated at a four- and a five-table (nine players), nothing played."""
    series, tables = seated_series((4, 5))
    return series.tournament, tables
