"""Associations, clubs, roles, invitations and the clubs' log now belong to ``clubs``: the state
only, the database tables stay where they are (``clubs`` 0001). Their content types (and with
them the admin's permissions and log entries) follow them, as in 0006."""

import django.db.models.deletion
from django.db import migrations, models

MOVED = {"association": "clubs", "club": "clubs", "clubrole": "clubs", "invitation": "clubs", "clubaction": "clubs"}


def _relabel(apps, model: str, source: str, target: str) -> None:
    # After a rollback Django may have created the target's content type already: then the old
    # one stays behind, stale, rather than clash with it.
    content_types = apps.get_model("contenttypes", "ContentType")
    if not content_types.objects.filter(app_label=target, model=model).exists():
        content_types.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types(apps, schema_editor):
    for model, app_label in MOVED.items():
        _relabel(apps, model, "tournaments", app_label)


def restore_content_types(apps, schema_editor):
    for model, app_label in MOVED.items():
        _relabel(apps, model, app_label, "tournaments")


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('clubs', '0001_initial'),
        ('cups', '0002_club_in_clubs'),
        ('leagues', '0002_club_in_clubs'),
        ('seasons', '0008_clubs_in_clubs'),
        ('tournaments', '0016_log_user_label'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='membership',
                name='association',
                field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='memberships', to='clubs.association', verbose_name='association'),
            ),
            migrations.RemoveField(
                model_name='club',
                name='association',
            ),
            migrations.RemoveField(
                model_name='clubrole',
                name='club',
            ),
            migrations.RemoveField(
                model_name='clubaction',
                name='club',
            ),
            migrations.AlterField(
                model_name='tournament',
                name='club',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='clubs.club', verbose_name='club'),
            ),
            migrations.RemoveField(
                model_name='invitation',
                name='club',
            ),
            migrations.AlterField(
                model_name='player',
                name='club',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='clubs.club', verbose_name='club'),
            ),
            migrations.RemoveField(
                model_name='clubaction',
                name='user',
            ),
            migrations.RemoveField(
                model_name='clubrole',
                name='granted_by',
            ),
            migrations.RemoveField(
                model_name='clubrole',
                name='user',
            ),
            migrations.RemoveField(
                model_name='invitation',
                name='accepted_by',
            ),
            migrations.RemoveField(
                model_name='invitation',
                name='invited_by',
            ),
            migrations.DeleteModel(
                name='Association',
            ),
            migrations.DeleteModel(
                name='Club',
            ),
            migrations.DeleteModel(
                name='ClubAction',
            ),
            migrations.DeleteModel(
                name='ClubRole',
            ),
            migrations.DeleteModel(
                name='Invitation',
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
