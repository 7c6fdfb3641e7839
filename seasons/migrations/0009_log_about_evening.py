"""What a season does to one of its evenings is written once, in the season's log, about that
tournament (``SeasonAction.tournament``); the tournament's log shows it beside its own entries.

Earlier such an action was written twice: in the season's log (with the tournament's id in its
details) and in the tournament's log. The season's entry is linked to its tournament here, and
the tournament's copy of it removed, so the tournament's log does not show it twice."""

from datetime import timedelta

import django.db.models.deletion
from django.db import migrations, models

# The two copies were written one after the other in one transaction.
SAME_MOMENT = timedelta(seconds=5)


def link_and_drop_copies(apps, schema_editor):
    SeasonAction = apps.get_model("seasons", "SeasonAction")
    OrganiserAction = apps.get_model("tournaments", "OrganiserAction")
    Tournament = apps.get_model("tournaments", "Tournament")
    about = SeasonAction.objects.filter(details__has_key="tournament").order_by("pk")
    for entry in about.iterator():
        details = dict(entry.details)
        tournament_id = details.pop("tournament")
        if not isinstance(tournament_id, int):
            continue
        if not Tournament.objects.filter(pk=tournament_id).exists():
            continue
        SeasonAction.objects.filter(pk=entry.pk).update(tournament_id=tournament_id)
        copy = (
            OrganiserAction.objects.filter(
                tournament_id=tournament_id,
                action=entry.action,
                user_label=entry.user_label,
                details=details,
                at__gte=entry.at - SAME_MOMENT,
                at__lte=entry.at + SAME_MOMENT,
            )
            .order_by("pk")
            .first()
        )
        if copy is not None:
            copy.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0008_clubs_in_clubs"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [
        migrations.AddField(
            model_name="seasonaction",
            name="tournament",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="season_actions",
                to="tournaments.tournament",
                verbose_name="tournament",
            ),
        ),
        migrations.RunPython(link_and_drop_copies, migrations.RunPython.noop),
    ]
