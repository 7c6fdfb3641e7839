"""A database of an earlier Karlchen, kept as rows: ``legacy_demo.json`` and its loader.

The file was dumped from a PostgreSQL database at the schema ``data["schema"]`` names (the demo
tournament and what organisers did with it, made with the code of that time): every row of the
``auth_user``, ``tournaments_*`` and ``scoring_*`` tables in an order their foreign keys allow,
each column with its type, and what that code computed from them (``data["expected"]``).
"""

import json
from pathlib import Path

from django.db import connection

LEGACY_DEMO = Path(__file__).with_name("legacy_demo.json")


def legacy_demo() -> dict:
    return json.loads(LEGACY_DEMO.read_text(encoding="utf-8"))


def load_legacy_rows(data: dict) -> None:
    """Insert every row of ``data["tables"]``, in their order, at the schema they were dumped at.

    Each value is cast to its column's recorded type (JSON as JSON text). A ``deferred`` column
    (the foreign key cycle ``scoring_deal.current_id``) goes in as NULL and is set once every
    table is in; then each table's id sequence continues after its highest id.
    """
    quote = connection.ops.quote_name
    deferred = {(item["table"], item["column"]) for item in data["deferred"]}
    later = []  # (table, column, [(value, id), ...])
    with connection.cursor() as cursor:
        for table in data["tables"]:
            name, columns, types = table["name"], table["columns"], table["types"]
            held = {i for i, column in enumerate(columns) if (name, column) in deferred}
            casts = ", ".join(f"%s::{kind}" for kind in types)
            cursor.executemany(
                f"INSERT INTO {quote(name)} ({', '.join(map(quote, columns))}) VALUES ({casts})",
                [
                    [
                        None if i in held else _value(value, kind)
                        for i, (value, kind) in enumerate(zip(row, types, strict=True))
                    ]
                    for row in table["rows"]
                ],
            )
            id_at = columns.index("id")
            for i in held:
                pairs = [(row[i], row[id_at]) for row in table["rows"] if row[i] is not None]
                later.append((name, columns[i], pairs))
        for name, column, pairs in later:
            cursor.executemany(
                f"UPDATE {quote(name)} SET {quote(column)} = %s WHERE id = %s", pairs
            )
        for name, highest in data["sequences"].items():
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)", [name, highest])


def _value(value, kind: str):
    return json.dumps(value) if value is not None and kind in ("json", "jsonb") else value
