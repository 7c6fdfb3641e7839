"""A Schafkopf tournament whose deals were already scored keeps scoring as it did then: its club
games' prices not named in its rules are written out as they were (fixed units, before they
followed the tariff) and Farbwenz and Farbgeier keep counting Laufende from the Wenz's minimum
(RULES.md §2.2). A correction later in such a tournament then scores like its other deals.
Tournaments without deals, and saved rule sets, take the prices that follow the tariff."""

from django.db import migrations

from karlchen.refusals import Refused
from rules.schafkopf import keep_earlier_meaning


def scored_schafkopf_keeps_its_meaning(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    Tournament = apps.get_model("tournaments", "Tournament")
    scored = Deal.objects.filter(table__series__tournament__game="schafkopf").values_list(
        "table__series__tournament", flat=True
    )
    for tournament in Tournament.objects.filter(pk__in=scored.distinct()):
        try:
            kept = keep_earlier_meaning(tournament.rules)
        except Refused:
            continue  # rules that never parsed scored nothing to keep
        if kept != tournament.rules:
            tournament.rules = kept
            tournament.save(update_fields=["rules"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_series_totals"),
        ("tournaments", "0016_log_user_label"),
    ]

    operations = [
        migrations.RunPython(scored_schafkopf_keeps_its_meaning, migrations.RunPython.noop),
    ]
