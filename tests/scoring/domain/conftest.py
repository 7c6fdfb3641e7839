"""Helpers to play deals at a table through the domain functions."""

import pytest

from karlchen.actors import Actor, Role
from scoring.domain.deals import record_deal
from tournaments.engine.series import PlayedDeal, replay

CAPTAIN = Actor.captain("captain table")
ORGANISER = Actor(user=None, label="organiser", role=Role.ORGANISER)


def next_deal(table):
    tournament = table.series.tournament
    deals = table.deals.select_related("current").order_by("number")
    played = [PlayedDeal.of_result(tournament.game, deal.current.input) for deal in deals]
    settings = tournament.series_settings(table.seats.count())
    return replay(settings, played, time_up_after=table.time_up_after).next_deal


def normal(players, re_points=130, **extra):
    return {"contract": "normal", "re": list(players[:2]), "re_points": re_points, **extra}


def solo(soloist, re_points=150, solo_type="queens"):
    return {"contract": "solo", "solo": solo_type, "re": [soloist], "re_points": re_points}


def play(table, body_for, *, by=CAPTAIN):
    """Record the next deal, its body built by ``body_for(next_deal)``."""
    upcoming = next_deal(table)
    table.refresh_from_db()
    number = upcoming.number if upcoming else None
    return record_deal(table, deal=body_for(upcoming), by=by, number=number)


@pytest.fixture
def captain():
    return CAPTAIN
