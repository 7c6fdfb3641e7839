"""The migration that links a season's entry about an evening to its tournament drops the copy
the tournament's log held of it (such actions were written twice before), and nothing else."""

import importlib
from datetime import timedelta

import pytest
from django.apps import apps

from seasons.domain.seasons import create_season
from seasons.models import SeasonAction
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("seasons.migrations.0009_log_about_evening")


def test_the_tournaments_copy_goes_and_the_seasons_entry_links_the_tournament():
    season = create_season(by=ORGA, name="Saison", ranking_rule={})
    tournament, _entries = tournament_with_players(4)
    details = {"name": tournament.name, "season": season.name, "number": 1}
    entry = SeasonAction.objects.create(
        season=season,
        user_label="orga",
        action="league_day_final",
        details={"tournament": tournament.pk, **details},
    )
    copy = OrganiserAction.objects.create(
        tournament=tournament, user_label="orga", action="league_day_final", details=details
    )
    # the same action of another day, long after: not a copy
    other = OrganiserAction.objects.create(
        tournament=tournament, user_label="orga", action="league_day_final", details=details
    )
    OrganiserAction.objects.filter(pk=other.pk).update(at=entry.at + timedelta(hours=1))
    own = OrganiserAction.objects.filter(tournament=tournament).exclude(action="league_day_final")
    kept = set(own.values_list("pk", flat=True))

    MIGRATION.link_and_drop_copies(apps, None)

    entry.refresh_from_db()
    assert entry.tournament == tournament
    assert not OrganiserAction.objects.filter(pk=copy.pk).exists()
    assert OrganiserAction.objects.filter(pk=other.pk).exists()
    assert set(own.values_list("pk", flat=True)) == kept
