"""A season's individual cup moves out of the season into a row of its own
(``IndividualCup``): its qualifying places, its final and the final's seeding.

A season with qualifying places or a final gets a cup; a final without places (the places taken
away after it was created) gets as many places as it has seeds, at least one. Back, the cup's
places, final and seeds are the season's fields again."""

import django.db.models.deletion
from django.db import migrations, models


def _constraints_now(schema_editor) -> None:
    """Check the foreign keys of each row as it is written: a table whose rows wait for their
    checks cannot be altered in the same transaction (PostgreSQL)."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _constraints_deferred(schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


def cups_from_seasons(apps, schema_editor):
    Season = apps.get_model("seasons", "Season")
    IndividualCup = apps.get_model("seasons", "IndividualCup")
    _constraints_now(schema_editor)
    seasons = Season.objects.filter(models.Q(cup_places__gte=1) | models.Q(final__isnull=False))
    IndividualCup.objects.bulk_create(
        IndividualCup(
            season_id=season.pk,
            places=season.cup_places or max(len(season.final_seeds or []), 1),
            final_id=season.final_id,
            seeds=season.final_seeds or [],
        )
        for season in seasons.order_by("pk").iterator()
    )
    _constraints_deferred(schema_editor)


def seasons_from_cups(apps, schema_editor):
    Season = apps.get_model("seasons", "Season")
    IndividualCup = apps.get_model("seasons", "IndividualCup")
    _constraints_now(schema_editor)
    for cup in IndividualCup.objects.order_by("pk").iterator():
        Season.objects.filter(pk=cup.season_id).update(
            cup_places=cup.places, final_id=cup.final_id, final_seeds=cup.seeds
        )
    _constraints_deferred(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("seasons", "0009_log_about_evening"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [
        migrations.CreateModel(
            name="IndividualCup",
            fields=[
                (
                    "season",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="individual_cup",
                        serialize=False,
                        to="seasons.season",
                        verbose_name="season",
                    ),
                ),
                (
                    "places",
                    models.PositiveSmallIntegerField(
                        help_text=(
                            "A cup: the best this many of the season ranking qualify for its final."
                        ),
                        verbose_name="qualifying places",
                    ),
                ),
                (
                    "final",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="individual_cup_final",
                        to="tournaments.tournament",
                        verbose_name="final",
                    ),
                ),
                (
                    "seeds",
                    models.JSONField(blank=True, default=list, verbose_name="seeding of the final"),
                ),
            ],
            options={
                "verbose_name": "individual cup",
                "verbose_name_plural": "individual cups",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(places__gte=1), name="individual_cup_places"
                    )
                ],
            },
        ),
        migrations.RunPython(cups_from_seasons, seasons_from_cups),
        migrations.RemoveField(model_name="season", name="cup_places"),
        migrations.RemoveField(model_name="season", name="final"),
        migrations.RemoveField(model_name="season", name="final_seeds"),
    ]
