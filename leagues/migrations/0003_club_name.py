"""A club typed for a league team is text (``club_name``, shown), the link to a club set up in
Karlchen optional (docs/CLUBS.md): the text is filled from the club linked so far. ``clubs``
0002 then removes the links to clubs that were only labels, and the labels."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_club_names(apps, schema_editor):
    """The club each row was linked to becomes its typed text: nothing shown changes."""
    clubs = apps.get_model("clubs", "Club")
    rows = apps.get_model("leagues", "LeagueTeam")
    name = clubs.objects.filter(pk=OuterRef("club_id")).values("name")[:1]
    rows.objects.filter(club__isnull=False).update(club_name=Subquery(name))


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('leagues', '0002_club_in_clubs'),
    ]

    operations = [
        migrations.AddField(
            model_name='leagueteam',
            name='club_name',
            field=models.CharField(blank=True, max_length=120, verbose_name='club'),
        ),
        migrations.AlterField(
            model_name='leagueteam',
            name='club',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='league_teams', to='clubs.club', verbose_name='club in Karlchen'),
        ),
        migrations.RunPython(copy_club_names, migrations.RunPython.noop),
    ]
