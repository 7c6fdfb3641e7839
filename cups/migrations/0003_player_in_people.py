"""The player model now lives in ``people``: the state only, the column and its foreign key stay."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('cups', '0002_club_in_clubs'),
        ('people', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='cupplayer',
                name='player',
                field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='people.player', verbose_name='player'),
            ),
            ],
            database_operations=[],
        ),
    ]
