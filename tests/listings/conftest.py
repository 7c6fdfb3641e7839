"""Tournaments for the calendar and the results index, dated around today."""

import datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from clubs.models import Club
from signups.domain.settings import set_announcement
from tests.factories.api import publish
from tests.factories.documents import play_series, seated_series
from tests.factories.tournaments import ORGA, tournament_with_players


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the listings are cached for a minute


def day(offset: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=offset)


def coming(name: str, offset: int, *, public=True, players=0, **fields):
    tournament, _ = tournament_with_players(players, name=name, date=day(offset), **fields)
    return publish(tournament) if public else tournament


def announced(name: str, offset: int, *, cap=None, players=0, **fields):
    tournament = coming(name, offset, public=False, players=players, **fields)
    set_announcement(tournament, by=ORGA, published=True, cap=cap)
    return tournament


def played(name: str, offset: int, **fields):
    """A public tournament of four players on ``offset`` days from today, one series played."""
    series, (table,) = seated_series((4,), name=name, date=day(offset), **fields)
    play_series(table, seed=3, deals=4)
    return publish(series.tournament)


def club(name: str) -> Club:
    return Club.objects.get_or_create(name=name)[0]


@pytest.fixture
def client():
    """A visitor reading English (the pages' words are checked in English here)."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")
