"""A team cup is a competition of the kind cup (its rows copied by competitions
0002_leagues_and_cups): the old tables go, each after those that point at it, and ``Cup`` is
the competition seen as a cup."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0002_leagues_and_cups"),
        ("cups", "0006_remove_cupmatch_final"),
    ]

    operations = [
        migrations.DeleteModel(name="CupMatchTeam"),
        migrations.DeleteModel(name="CupMatch"),
        migrations.DeleteModel(name="CupPlayer"),
        migrations.DeleteModel(name="CupTeam"),
        migrations.DeleteModel(name="CupGroup"),
        migrations.DeleteModel(name="Cup"),
        migrations.CreateModel(
            name="Cup",
            fields=[],
            options={
                "verbose_name": "team cup",
                "verbose_name_plural": "team cups",
                "proxy": True,
                "indexes": [],
                "constraints": [],
            },
            bases=("competitions.competition",),
        ),
    ]
