"""Players and their memberships now belong to ``people``: the state only, the database tables
stay where they are (``people`` 0001). Their content types follow them, as in 0006."""

import django.db.models.deletion
from django.db import migrations, models

MOVED = {'player': 'people', 'membership': 'people'}


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
        ('cups', '0003_player_in_people'),
        ('people', '0001_initial'),
        ('tournaments', '0017_clubs_moved_out'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.RemoveField(
                model_name='player',
                name='club',
            ),
            migrations.AlterField(
                model_name='entry',
                name='player',
                field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='people.player', verbose_name='player'),
            ),
            migrations.DeleteModel(
                name='Membership',
            ),
            migrations.DeleteModel(
                name='Player',
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
