"""Associations, clubs, roles, invitations and the clubs' log move here from ``tournaments``:
the state only, their database tables stay (``db_table``), so an existing database keeps every
row as it is. ``tournaments`` 0017 relabels their content types."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0016_log_user_label'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='Association',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=120, unique=True, verbose_name='name')),
                    ('short_name', models.CharField(blank=True, max_length=20, verbose_name='short name')),
                    ('admins', models.ManyToManyField(blank=True, related_name='administered_associations', to=settings.AUTH_USER_MODEL, verbose_name='admins')),
                ],
                options={
                    'verbose_name': 'association',
                    'verbose_name_plural': 'associations',
                    'db_table': 'tournaments_association',
                    'ordering': ['name'],
                },
            ),
            migrations.CreateModel(
                name='Club',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=120, unique=True, verbose_name='name')),
                    ('short_name', models.CharField(blank=True, max_length=20, verbose_name='short name')),
                    ('association', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='clubs', to='clubs.association', verbose_name='association')),
                ],
                options={
                    'verbose_name': 'club',
                    'verbose_name_plural': 'clubs',
                    'db_table': 'tournaments_club',
                    'ordering': ['name'],
                },
            ),
            migrations.CreateModel(
                name='ClubAction',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('user_label', models.CharField(max_length=150, verbose_name='user')),
                    ('action', models.CharField(max_length=40, verbose_name='action')),
                    ('details', models.JSONField(blank=True, default=dict, verbose_name='details')),
                    ('at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='when')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='actions', to='clubs.club', verbose_name='club')),
                    ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                ],
                options={
                    'verbose_name': 'club action',
                    'verbose_name_plural': 'club actions',
                    'db_table': 'tournaments_clubaction',
                    'ordering': ['-at', '-pk'],
                    'abstract': False,
                },
            ),
            migrations.CreateModel(
                name='Invitation',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('email', models.EmailField(max_length=254, verbose_name='e-mail address')),
                    ('role', models.CharField(choices=[('admin', 'Club admin'), ('organiser', 'Organiser'), ('scorer', 'Scorer')], max_length=20, verbose_name='role')),
                    ('token_hash', models.CharField(max_length=64, unique=True)),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('expires_at', models.DateTimeField(verbose_name='expires')),
                    ('accepted_at', models.DateTimeField(blank=True, null=True, verbose_name='accepted')),
                    ('withdrawn_at', models.DateTimeField(blank=True, null=True, verbose_name='withdrawn')),
                    ('accepted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='clubs.club', verbose_name='club')),
                    ('invited_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'invitation',
                    'verbose_name_plural': 'invitations',
                    'db_table': 'tournaments_invitation',
                    'ordering': ['-created_at', '-pk'],
                },
            ),
            migrations.CreateModel(
                name='ClubRole',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('role', models.CharField(choices=[('admin', 'Club admin'), ('organiser', 'Organiser'), ('scorer', 'Scorer')], max_length=20, verbose_name='role')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='clubs.club', verbose_name='club')),
                    ('granted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_roles', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                ],
                options={
                    'verbose_name': 'club role',
                    'verbose_name_plural': 'club roles',
                    'db_table': 'tournaments_clubrole',
                    'ordering': ['club_id', 'role', 'user_id'],
                    'constraints': [models.UniqueConstraint(fields=('club', 'user'), name='club_role_once_per_user')],
                },
            ),
            ],
            database_operations=[],
        ),
    ]
