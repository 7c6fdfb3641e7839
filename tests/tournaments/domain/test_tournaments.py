"""Changing a tournament's settings."""

import pytest

from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.tournaments import update_tournament
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def test_a_tournament_turned_schafkopf_keeps_no_compulsory_solos():
    tournament, _ = tournament_with_players()
    assert tournament.compulsory_solos is True
    update_tournament(tournament, by=ORGA, game="schafkopf")
    tournament.refresh_from_db()
    assert (tournament.game, tournament.compulsory_solos) == ("schafkopf", False)
    logged = OrganiserAction.objects.filter(tournament=tournament, action="tournament_changed")
    assert logged.get().details["fields"] == ["compulsory_solos", "game"]
