"""A match day is final exactly when its tournament's results are (docs/TEAMS.md, "Final means
one thing"): a day marked final whose tournament was not gets its tournament's results final at
the day's mark, before the day's own mark goes (0005). Back: each day takes its tournament's."""

from django.db import migrations
from django.utils import timezone


def days_to_tournaments(apps, schema_editor):
    MatchDay = apps.get_model("leagues", "MatchDay")
    Tournament = apps.get_model("tournaments", "Tournament")
    for day in MatchDay.objects.filter(final=True).select_related("evening"):
        Tournament.objects.filter(
            pk=day.evening.tournament_id, results_final_at__isnull=True
        ).update(results_final_at=day.final_at or timezone.now(), results_final_by="")


def tournaments_to_days(apps, schema_editor):
    MatchDay = apps.get_model("leagues", "MatchDay")
    for day in MatchDay.objects.select_related("evening__tournament"):
        final_at = day.evening.tournament.results_final_at
        if day.final != (final_at is not None) or day.final_at != final_at:
            day.final, day.final_at = final_at is not None, final_at
            day.save(update_fields=["final", "final_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0003_club_name"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [migrations.RunPython(days_to_tournaments, tournaments_to_days)]
