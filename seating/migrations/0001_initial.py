"""Tables and seats move here from ``tournaments``: the state only, their database tables stay
(``db_table``), so an existing database keeps every row as it is."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0005_organisers_desk'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='Table',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                    ('token_nonce', models.CharField(max_length=32)),
                    ('token_hash', models.CharField(max_length=64, unique=True)),
                    ('time_up_after', models.PositiveSmallIntegerField(blank=True, null=True)),
                    ('series', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='tournaments.series', verbose_name='series')),
                ],
                options={
                    'verbose_name': 'table',
                    'verbose_name_plural': 'tables',
                    'db_table': 'tournaments_table',
                    'ordering': ['series_id', 'number'],
                },
            ),
            migrations.CreateModel(
                name='Seat',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('position', models.PositiveSmallIntegerField(verbose_name='position')),
                    ('entry', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='tournaments.entry', verbose_name='player')),
                    ('series', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.series')),
                    ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='seating.table', verbose_name='table')),
                ],
                options={
                    'verbose_name': 'seat',
                    'verbose_name_plural': 'seats',
                    'db_table': 'tournaments_seat',
                    'ordering': ['table_id', 'position'],
                },
            ),
            migrations.AddConstraint(
                model_name='table',
                constraint=models.UniqueConstraint(fields=('series', 'number'), name='table_number_unique'),
            ),
            migrations.AddConstraint(
                model_name='seat',
                constraint=models.UniqueConstraint(fields=('table', 'position'), name='seat_position_unique'),
            ),
            migrations.AddConstraint(
                model_name='seat',
                constraint=models.UniqueConstraint(fields=('series', 'entry'), name='seat_once_per_series'),
            ),
            migrations.AddConstraint(
                model_name='seat',
                constraint=models.CheckConstraint(condition=models.Q(('position__gte', 1), ('position__lte', 5)), name='seat_position_range'),
            ),
            ],
            database_operations=[],
        ),
    ]
