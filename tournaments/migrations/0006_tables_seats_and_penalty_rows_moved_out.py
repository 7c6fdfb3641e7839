"""Tables and seats now belong to ``seating``, penalty rows to ``scoring``: the state only, the
database tables stay where they are. Their content types (and with them the admin's
permissions and log entries) follow them to their new apps."""

from django.db import migrations

MOVED = {"table": "seating", "seat": "seating", "adjustment": "scoring", "adjustmentline": "scoring"}


def move_content_types(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    for model, app_label in MOVED.items():
        content_types.objects.filter(app_label="tournaments", model=model).update(
            app_label=app_label
        )


def restore_content_types(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    for model, app_label in MOVED.items():
        content_types.objects.filter(app_label=app_label, model=model).update(
            app_label="tournaments"
        )


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
