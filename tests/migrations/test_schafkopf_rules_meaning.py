"""scoring 0006: a Schafkopf tournament whose deals were scored before the club games' prices
followed the tariff keeps scoring as it did then; the others take the new prices (RULES.md
§2.2)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from karlchen.actors import Actor, Role
from scoring.domain.deals import correct_deal, record_deal
from tests.factories.documents import seated_series
from tournaments.models import RuleSet, Tournament

pytestmark = pytest.mark.django_db

ORGA = Actor(user=None, label="orga", role=Role.ORGANISER)
MIGRATION = importlib.import_module("scoring.migrations.0006_schafkopf_rules_keep_their_meaning")
CLUB_TARIFF = {"tariff": {"rufer": 20, "solo": 50}, "geier": True, "farbwenz": True}
GEIER = {"contract": "geier", "declarer": 1, "declarer_points": 70}


def test_a_scored_tournament_keeps_its_prices_and_an_unplayed_one_follows_the_tariff():
    played, (table,) = seated_series((4,), game="schafkopf", rules=CLUB_TARIFF)
    unplayed, _tables = seated_series((4,), game="schafkopf", rules=CLUB_TARIFF)
    record_deal(table, deal=GEIER, by=ORGA)
    doppelkopf, _tables = seated_series((4,), rules={"solo_multiplier": 6})
    saved = RuleSet.objects.create(name="Stammtisch", game="schafkopf", rules=CLUB_TARIFF)

    MIGRATION.scored_schafkopf_keeps_its_meaning(apps, None)

    kept = Tournament.objects.get(pk=played.tournament.pk)
    assert kept.rules == {
        "tariff": {"rufer": 20, "solo": 50, "geier": 5, "farbwenz": 5},
        "geier": True,
        "farbwenz": True,
        "laufende_min_colour": 2,
    }
    for untouched in (unplayed.tournament, doppelkopf.tournament):
        assert Tournament.objects.get(pk=untouched.pk).rules == untouched.rules
    saved.refresh_from_db()
    assert saved.rules == CLUB_TARIFF
    # a correction of the scored tournament pays its Geier as its other deals: 5 from each
    corrected = correct_deal(
        table, 1, deal={**GEIER, "declarer_points": 80}, version=1, reason="Augen", by=ORGA
    )
    assert corrected.result["points"]["1"] == 15
    # running it again changes nothing more
    MIGRATION.scored_schafkopf_keeps_its_meaning(apps, None)
    assert Tournament.objects.get(pk=played.tournament.pk).rules == kept.rules
