"""A club typed for a player is text (``club_name``, shown), the link to a club set up in
Karlchen optional (docs/CLUBS.md): the text is filled from the club linked so far. ``clubs``
0002 then removes the links to clubs that were only labels, and the labels."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_club_names(apps, schema_editor):
    """The club each row was linked to becomes its typed text: nothing shown changes."""
    clubs = apps.get_model("clubs", "Club")
    rows = apps.get_model("people", "Player")
    name = clubs.objects.filter(pk=OuterRef("club_id")).values("name")[:1]
    rows.objects.filter(club__isnull=False).update(club_name=Subquery(name))


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('people', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='club_name',
            field=models.CharField(blank=True, max_length=120, verbose_name='club'),
        ),
        migrations.AlterField(
            model_name='player',
            name='club',
            field=models.ForeignKey(blank=True, help_text="The club set up here whose name the player's club is, if there is one.", null=True, on_delete=django.db.models.deletion.PROTECT, to='clubs.club', verbose_name='club in Karlchen'),
        ),
        migrations.RunPython(copy_club_names, migrations.RunPython.noop),
    ]
