"""The club (and association) models now live in ``clubs``: the state only, the column and its
foreign key stay as they are."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('seasons', '0007_evening_of_several_seasons'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='season',
                name='association',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='seasons', to='clubs.association', verbose_name='association'),
            ),
            migrations.AlterField(
                model_name='season',
                name='club',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='seasons', to='clubs.club', verbose_name='club'),
            ),
            ],
            database_operations=[],
        ),
    ]
