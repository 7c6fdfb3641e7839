"""A league is a competition of the kind league (its rows copied by competitions
0002_leagues_and_cups): the old tables go, each after those that point at it, and ``League``
is the competition seen as a league."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0002_leagues_and_cups"),
        ("leagues", "0005_remove_matchday_final"),
    ]

    operations = [
        migrations.DeleteModel(name="MatchDayTeam"),
        migrations.DeleteModel(name="MatchDay"),
        migrations.DeleteModel(name="LeagueTeam"),
        migrations.DeleteModel(name="Division"),
        migrations.DeleteModel(name="League"),
        migrations.CreateModel(
            name="League",
            fields=[],
            options={
                "verbose_name": "league",
                "verbose_name_plural": "leagues",
                "proxy": True,
                "indexes": [],
                "constraints": [],
            },
            bases=("competitions.competition",),
        ),
    ]
