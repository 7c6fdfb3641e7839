"""A cup's round or pairing is final exactly when its tournament's results are (docs/TEAMS.md,
"Final means one thing"): a match marked final whose tournament was not gets its tournament's
results final at the match's mark, before the match's own mark goes (0006). Back: each match
takes its tournament's."""

from django.db import migrations
from django.utils import timezone


def matches_to_tournaments(apps, schema_editor):
    CupMatch = apps.get_model("cups", "CupMatch")
    Tournament = apps.get_model("tournaments", "Tournament")
    for match in CupMatch.objects.filter(final=True).select_related("evening"):
        Tournament.objects.filter(
            pk=match.evening.tournament_id, results_final_at__isnull=True
        ).update(results_final_at=match.final_at or timezone.now(), results_final_by="")


def tournaments_to_matches(apps, schema_editor):
    CupMatch = apps.get_model("cups", "CupMatch")
    for match in CupMatch.objects.select_related("evening__tournament"):
        final_at = match.evening.tournament.results_final_at
        if match.final != (final_at is not None) or match.final_at != final_at:
            match.final, match.final_at = final_at is not None, final_at
            match.save(update_fields=["final", "final_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("cups", "0004_club_name"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [migrations.RunPython(matches_to_tournaments, tournaments_to_matches)]
