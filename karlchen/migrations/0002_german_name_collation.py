"""The collation ``german_names`` on PostgreSQL: ICU's German with numbers by value ("Tisch 9"
before "Tisch 10"), as ``karlchen.collation.sort_key`` orders names (``karlchen.name_order``).
SQLite gets its collation of the same name on each connection instead."""

from django.db import migrations

CREATE = "CREATE COLLATION IF NOT EXISTS german_names (provider = icu, locale = 'de-u-kn-true')"
DROP = "DROP COLLATION IF EXISTS german_names"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("karlchen", "0001_outbox")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
