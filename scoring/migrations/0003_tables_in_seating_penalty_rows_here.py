"""Deals point at ``seating.Table`` now, and the penalty rows move here from ``tournaments``:
the state only, the database tables stay (``db_table``), so an existing database keeps every row."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0002_dealrevision_confirmed_at_dealrevision_confirmed_by'),
        ('seating', '0001_initial'),
        ('tournaments', '0005_organisers_desk'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Adjustment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('minor', 'Minor breach'), ('serious', 'Serious breach'), ('unsporting', 'Unsporting conduct'), ('correction', "Organiser's correction")], max_length=20, verbose_name='kind')),
                        ('reason', models.TextField(verbose_name='reason')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ],
                    options={
                        'verbose_name': 'penalty row',
                        'verbose_name_plural': 'penalty rows',
                        'db_table': 'tournaments_adjustment',
                        'ordering': ['series_id', 'created_at'],
                    },
                ),
                migrations.CreateModel(
                    name='AdjustmentLine',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('points', models.IntegerField(verbose_name='points')),
                    ],
                    options={
                        'verbose_name': 'penalty line',
                        'verbose_name_plural': 'penalty lines',
                        'db_table': 'tournaments_adjustmentline',
                    },
                ),
                migrations.AlterField(
                    model_name='deal',
                    name='table',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deals', to='seating.table', verbose_name='table'),
                ),
                migrations.AlterField(
                    model_name='idempotencykey',
                    name='table',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='seating.table'),
                ),
                migrations.AddField(
                    model_name='adjustment',
                    name='author',
                    field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
                ),
                migrations.AddField(
                    model_name='adjustment',
                    name='series',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='adjustments', to='tournaments.series', verbose_name='series'),
                ),
                migrations.AddField(
                    model_name='adjustment',
                    name='table',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to='seating.table', verbose_name='table'),
                ),
                migrations.AddField(
                    model_name='adjustmentline',
                    name='adjustment',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lines', to='scoring.adjustment'),
                ),
                migrations.AddField(
                    model_name='adjustmentline',
                    name='entry',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='tournaments.entry', verbose_name='player'),
                ),
                migrations.AddConstraint(
                    model_name='adjustmentline',
                    constraint=models.UniqueConstraint(fields=('adjustment', 'entry'), name='adjustment_line_once'),
                ),
            ],
            database_operations=[],
        ),
    ]
