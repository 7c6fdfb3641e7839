"""Players and their memberships move here from ``tournaments``, the registry's log from
``registry``: the state only, their database tables stay (``db_table``), so an existing
database keeps every row as it is. ``tournaments`` 0018 and ``registry`` 0003 relabel their
content types."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0017_clubs_moved_out'),
        ('registry', '0002_log_user_label'),
        ('clubs', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='Player',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=120, verbose_name='name')),
                    ('member_number', models.CharField(blank=True, max_length=30, null=True, unique=True, verbose_name='federation member number')),
                    ('birth_year', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='year of birth')),
                    ('guest', models.BooleanField(default=False, help_text='Plays as a guest, not as a member of a club.', verbose_name='guest')),
                    ('listing_consent', models.BooleanField(blank=True, default=None, null=True, verbose_name='agrees to a public profile')),
                    ('consent_at', models.DateTimeField(blank=True, null=True, verbose_name='consent recorded at')),
                    ('consent_by', models.CharField(blank=True, max_length=150, verbose_name='consent recorded by')),
                    ('consent_how', models.CharField(blank=True, max_length=200, verbose_name='consent given how')),
                    ('profile_hidden', models.BooleanField(default=False, help_text='No public profile, whatever the consent says (the person asked for it).', verbose_name='profile hidden')),
                    ('erased_at', models.DateTimeField(blank=True, null=True, verbose_name='erased at')),
                    ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='clubs.club', verbose_name='club')),
                ],
                options={
                    'verbose_name': 'player',
                    'verbose_name_plural': 'players',
                    'db_table': 'tournaments_player',
                    'ordering': ['name'],
                },
            ),
            migrations.CreateModel(
                name='Membership',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('member_number', models.CharField(max_length=30, verbose_name='member number')),
                    ('association', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='memberships', to='clubs.association', verbose_name='association')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='people.player', verbose_name='player')),
                ],
                options={
                    'verbose_name': 'membership',
                    'verbose_name_plural': 'memberships',
                    'db_table': 'tournaments_membership',
                    'ordering': ['association__name', 'pk'],
                },
            ),
            migrations.CreateModel(
                name='RegistryAction',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('user_label', models.CharField(max_length=150, verbose_name='user')),
                    ('action', models.CharField(max_length=40, verbose_name='action')),
                    ('details', models.JSONField(blank=True, default=dict, verbose_name='details')),
                    ('at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='when')),
                    ('player_id', models.PositiveIntegerField(db_index=True, verbose_name='player')),
                    ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                ],
                options={
                    'verbose_name': 'registry action',
                    'verbose_name_plural': 'registry actions',
                    'db_table': 'registry_registryaction',
                    'ordering': ['-at', '-pk'],
                    'abstract': False,
                },
            ),
            migrations.AddConstraint(
                model_name='player',
                constraint=models.CheckConstraint(condition=models.Q(('birth_year__isnull', True), ('birth_year__range', (1900, 2100)), _connector='OR'), name='player_birth_year_range'),
            ),
            migrations.AddConstraint(
                model_name='membership',
                constraint=models.UniqueConstraint(fields=('association', 'member_number'), name='membership_number_unique'),
            ),
            migrations.AddConstraint(
                model_name='membership',
                constraint=models.UniqueConstraint(fields=('player', 'association'), name='membership_player_unique'),
            ),
            migrations.AddConstraint(
                model_name='membership',
                constraint=models.CheckConstraint(condition=models.Q(('member_number', ''), _negated=True), name='membership_number_not_empty'),
            ),
            ],
            database_operations=[],
        ),
    ]
