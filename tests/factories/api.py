"""The API tests' clients and tables: logged-in organisers, captains with their table's token
(a pytest plugin of the whole suite, see ``tests/conftest.py``), and request helpers."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories.tournaments import organiser, seated_table, tournament_with_players
from tournaments.enums import TournamentStatus

NORMAL = {"contract": "normal", "re": [1, 3], "re_points": 131}  # Re wins: 1 point each


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the standings cache (Redis under REDIS_URL outlives test databases)


def client_for(user=None, *, table=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    if table is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Table {table.captain_token()}")
    return client


@pytest.fixture
def anonymous():
    return APIClient()


@pytest.fixture
def orga():
    return organiser()


@pytest.fixture
def orga_client(orga):
    return client_for(orga)


@pytest.fixture
def stranger_client():
    return client_for(get_user_model().objects.create_user("fremd"))


@pytest.fixture
def table():
    """A public Doppelkopf tournament's table 1 of series 1, four players, nothing played."""
    table = seated_table(4)
    publish(table.series.tournament)
    return table


@pytest.fixture
def captain(table):
    return client_for(table=table)


def publish(tournament):
    tournament.status = TournamentStatus.OPEN
    tournament.save(update_fields=["status"])
    return tournament


def public_tournament(players: int = 4, **fields):
    tournament, entries = tournament_with_players(players, **fields)
    return publish(tournament), entries


def codes(response) -> list[tuple[str, str]]:
    return [(error["field"], error["code"]) for error in response.json()["errors"]]


def record(client, table, deal=None, **body):
    return client.post(
        f"/api/v1/tables/{table.pk}/deals/", {"deal": deal or NORMAL, **body}, format="json"
    )
