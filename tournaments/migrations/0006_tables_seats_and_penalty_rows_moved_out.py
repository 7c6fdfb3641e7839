"""Tables and seats now belong to ``seating``, penalty rows to ``scoring``: the state only, the
database tables stay where they are. Their content types (and with them the admin's
permissions and log entries) follow them to their new apps."""

from django.db import migrations

MOVED = {"table": "seating", "seat": "seating", "adjustment": "scoring", "adjustmentline": "scoring"}


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
        ("contenttypes", "0002_remove_content_type_name"),
        ("scoring", "0003_tables_in_seating_penalty_rows_here"),
        ("seating", "0001_initial"),
        ("tournaments", "0005_organisers_desk"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="AdjustmentLine"),
                migrations.DeleteModel(name="Adjustment"),
                migrations.DeleteModel(name="Seat"),
                migrations.DeleteModel(name="Table"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
