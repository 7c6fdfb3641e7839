"""The registry's log now belongs to ``people`` (the operations on a person that write it live
there): the state only, its table stays (``people`` 0001); its content type follows it."""

from django.db import migrations

MOVED = {'registryaction': 'people'}


def _relabel(apps, model: str, source: str, target: str) -> None:
    # After a rollback Django may have created the target's content type already: then the old
    # one stays behind, stale, rather than clash with it.
    content_types = apps.get_model("contenttypes", "ContentType")
    if not content_types.objects.filter(app_label=target, model=model).exists():
        content_types.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types(apps, schema_editor):
    for model, app_label in MOVED.items():
        _relabel(apps, model, "registry", app_label)


def restore_content_types(apps, schema_editor):
    for model, app_label in MOVED.items():
        _relabel(apps, model, app_label, "registry")


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('people', '0001_initial'),
        ('registry', '0002_log_user_label'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.DeleteModel(
                name='RegistryAction',
            ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
