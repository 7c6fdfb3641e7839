"""Databases of earlier Karlchens, kept as rows, and their loader.

Each file was dumped from a PostgreSQL database at the schema ``data["schema"]`` names (every
app's last migration then), with what the code of that time computed from the rows
(``data["expected"]``). ``data["tables"]`` lists every row of the dumped tables in an order
their foreign keys allow, each column with its type; ``data["deferred"]`` the foreign key
columns that close a cycle; ``data["sequences"]`` each id sequence's last value.

- ``legacy_demo.json``: the demo tournament and what organisers did with it, before the re-cut
  that moved tables, seats and penalty rows out of ``tournaments`` (``test_forward.py``):
  the ``auth_user``, ``tournaments_*`` and ``scoring_*`` tables.
- ``legacy_year.json``: a club's year before clubs, people and competitions got homes of their
  own (``test_forward_year.py``): every table of Karlchen's apps and ``auth_user``. Made with
  the code of main at c447eb6 by the script that commit a82deab added on top of it,
  ``tests/migrations/make_legacy_year.py``, run once against a new PostgreSQL database as its
  docstring says; the next commit removed the script, whose imports name modules that were
  about to move (``git log --all -- tests/migrations/make_legacy_year.py`` finds it). It built
  the year through the domain functions, on a clock of its own, with fixed seeds. Its
  ``expected["reads"]`` are the API's answers then, each ``{"path", "as"`` (``public``, or
  ``organiser``: the superuser ``orga``)``, "status", "json"`` (or ``"content_type"`` and
  ``"text"``)``}``, with ``"volatile"`` (dotted paths that differ on every export: the moments
  of export) and ``"unordered"`` (a list whose order among equal names the database decides)
  where they apply; ``expected["club_kinds"]`` says which ``Club`` rows that code took for a
  name typed for players or teams (``label``) and which for a club someone runs (``club``).
"""

import json
from pathlib import Path

from django.db import connection

LEGACY_DEMO = Path(__file__).with_name("legacy_demo.json")
LEGACY_YEAR = Path(__file__).with_name("legacy_year.json")


def legacy_demo() -> dict:
    return json.loads(LEGACY_DEMO.read_text(encoding="utf-8"))


def legacy_year() -> dict:
    return json.loads(LEGACY_YEAR.read_text(encoding="utf-8"))


def load_legacy_rows(data: dict) -> None:
    """Insert every row of ``data["tables"]``, in their order, at the schema they were dumped at.

    Each value is cast to its column's recorded type (JSON as JSON text). A ``deferred`` column
    (a foreign key cycle such as ``scoring_deal.current_id``) goes in as NULL and is set once
    every table is in; then each table's id sequence continues after its last value.
    """
    quote = connection.ops.quote_name
    deferred = {(item["table"], item["column"]) for item in data["deferred"]}
    later = []  # (table, column, [(value, id), ...])
    with connection.cursor() as cursor:
        for table in data["tables"]:
            name, columns, types = table["name"], table["columns"], table["types"]
            if not table["rows"]:
                continue
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
            for i in held:
                id_at = columns.index("id")
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
