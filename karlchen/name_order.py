"""Lists ordered by name in the database as a German reader looks them up (Käthe before Klaus),
the same order as ``karlchen.collation.sort_key`` gives in Python.

The databases' own orders do not: PostgreSQL's default collation here is ``C.UTF-8`` (byte
order: "Klaus" before "Käthe", "Zoe" before "Ärger") and SQLite's ``BINARY`` too. Both get a
collation ``german_names``: on PostgreSQL ICU's German with numbers by value (made by the
migration ``karlchen/migrations/0002_german_name_collation.py``), on SQLite a function comparing
by ``sort_key``, registered on each connection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.db.models import F, Func

from karlchen.collation import sort_key

if TYPE_CHECKING:
    from django.db.models.sql.compiler import SQLCompiler

COLLATION = "german_names"


class InNameOrder(Func):
    """``field`` compared as German names: use it in ``order_by``."""

    def __init__(self, field: str) -> None:
        super().__init__(F(field))

    def as_sql(
        self,
        compiler: SQLCompiler,
        connection: BaseDatabaseWrapper,
        function: str | None = None,
        template: str | None = None,
        arg_joiner: str | None = None,
        **extra_context: Any,
    ) -> tuple[str, Any]:
        sql, params = compiler.compile(self.source_expressions[0])
        return f'{sql} COLLATE "{COLLATION}"', params


def _compare(left: str, right: str) -> int:
    left_key, right_key = sort_key(left), sort_key(right)
    return (left_key > right_key) - (left_key < right_key)


def register_on_sqlite(sender: Any, connection: Any, **kwargs: Any) -> None:
    if connection.vendor == "sqlite":
        connection.connection.create_collation(COLLATION, _compare)


connection_created.connect(register_on_sqlite, dispatch_uid="karlchen-name-order")
