"""The club (and association) models now live in ``clubs``: the state only, the column and its
foreign key stay as they are."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('leagues', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='leagueteam',
                name='club',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='league_teams', to='clubs.club', verbose_name='club'),
            ),
            ],
            database_operations=[],
        ),
    ]
