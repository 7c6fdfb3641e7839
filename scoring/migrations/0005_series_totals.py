"""Per-table totals of the current revisions (``SeriesTotal``), filled from the deals already
stored; from here on every deal write keeps them (``scoring.domain.totals``)."""

import django.db.models.deletion
from django.db import migrations, models


FILL = """
INSERT INTO scoring_seriestotal
    (table_id, entry_id, points, deals, confirmed_points, confirmed_deals)
SELECT deal.table_id, points.entry_id, SUM(points.points), COUNT(*),
    SUM(CASE WHEN revision.confirmed_at IS NULL THEN 0 ELSE points.points END),
    COUNT(revision.confirmed_at)
FROM scoring_deal deal
JOIN scoring_dealrevision revision ON revision.id = deal.current_id
JOIN scoring_revisionpoints points ON points.revision_id = revision.id
GROUP BY deal.table_id, points.entry_id
"""


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0004_verbose_names'),
        ('seating', '0001_initial'),
        ('tournaments', '0007_job_heartbeat'),
    ]

    operations = [
        migrations.CreateModel(
            name='SeriesTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('points', models.IntegerField()),
                ('deals', models.PositiveIntegerField()),
                ('confirmed_points', models.IntegerField()),
                ('confirmed_deals', models.PositiveIntegerField()),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.entry')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='seating.table')),
            ],
            options={
                'verbose_name': 'series total',
                'verbose_name_plural': 'series totals',
                'constraints': [models.UniqueConstraint(fields=('table', 'entry'), name='series_total_once'), models.CheckConstraint(condition=models.Q(('confirmed_deals__lte', models.F('deals')), ('deals__gte', 1)), name='series_total_deals')],
            },
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
