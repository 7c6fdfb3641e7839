"""A database of the schema before the re-cut migrates forward with nothing lost.

The re-cut moved tables and seats from ``tournaments`` to ``seating`` and the penalty rows to
``scoring``, by state only: their database tables stay (``db_table``), and only the content types
follow them (``tournaments`` 0006). Here the test database goes back to the migrations a legacy
dump was made at (``legacy_demo.json``), takes its rows, and migrates forward: the new code must
compute from them what the old code did, and every row must still be there. Then back and
forward once more with the rows in: the reverse of 0006 must give ``tournaments`` its content
types back.

The migrations are real ones: pytest-django builds the test database by migrating it.
"""

import json

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from results.domain.archive import export_archive
from results.domain.ranking_cache import organiser_ranking
from scoring.models import Adjustment, AdjustmentLine, Deal
from seating.models import Seat, Table
from tests.migrations.executor import StateKeepingExecutor, forget_states
from tests.migrations.legacy import legacy_demo, load_legacy_rows
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="the legacy rows are a PostgreSQL dump (bin/test uses PostgreSQL)",
    ),
]

MOVED = {
    "table": "seating",
    "seat": "seating",
    "adjustment": "scoring",
    "adjustmentline": "scoring",
}
OLD_HOME = dict.fromkeys(MOVED, "tournaments")


def test_a_database_of_the_old_schema_migrates_forward_with_nothing_lost():
    data = legacy_demo()
    old_schema = [*data["schema"].items(), ("seating", None)]
    try:
        migrate(old_schema)  # from the latest migrations: the reverse of the re-cut
        assert_at(data["schema"])
        assert content_type_apps() == OLD_HOME
        empty(data)
        load_legacy_rows(data)

        migrate()
        cache.clear()  # rankings of another test's tournament 1
        assert content_type_apps() == MOVED
        assert_nothing_lost(data, clubs_typed=True)
        assert_reads_as_before(data)
        assert_read_by_the_new_models(data)

        migrate(old_schema)  # with the rows in
        assert_nothing_lost(data)
        assert content_type_apps() == OLD_HOME
        migrate()
        assert content_type_apps() == MOVED
    finally:
        migrate()  # whatever failed: the schema the other tests expect
        cache.clear()
        forget_states()


def migrate(targets: list[tuple[str, str | None]] | None = None) -> None:
    """Migrate the test database to ``targets``, or to the latest migrations."""
    executor = StateKeepingExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()  # 0006 relabels content types behind the cache's back


def assert_at(schema: dict[str, str]) -> None:
    applied = MigrationRecorder(connection).applied_migrations()
    assert not [name for app, name in applied if app == "seating"]
    for app, last in schema.items():
        assert max(name for label, name in applied if label == app) == last, app


def empty(data: dict) -> None:
    """No rows in the legacy tables (nor in those that point at them)."""
    names = [table["name"] for table in data["tables"]]
    connection.ops.execute_sql_flush(
        connection.ops.sql_flush(no_style(), names, allow_cascade=True)
    )


def loaded_counts(data: dict) -> dict[str, int]:
    return {table["name"]: len(table["rows"]) for table in data["tables"]}


def assert_nothing_lost(data: dict, *, clubs_typed: bool = False) -> None:
    """Every table holds as many rows as were loaded, and its ids continue where they did.

    The old schema's clubs were only names typed for players (it had no clubs as homes): with
    ``clubs_typed`` (the latest schema) they are each player's ``club_name``, the rows gone
    (``clubs`` 0002); migrated back they are rows again, with new ids."""
    counts, last_ids = {}, {}
    with connection.cursor() as cursor:
        for name in loaded_counts(data):
            cursor.execute(f"SELECT count(*) FROM {connection.ops.quote_name(name)}")
            counts[name] = cursor.fetchone()[0]
            cursor.execute(
                "SELECT pg_sequence_last_value(pg_get_serial_sequence(%s, 'id')::regclass)", [name]
            )
            last_ids[name] = cursor.fetchone()[0]
    expected = loaded_counts(data)
    clubs = {club["id"]: club["name"] for club in rows(data, "tournaments_club")}
    assert counts.pop("tournaments_club") == (0 if clubs_typed else len(clubs))
    expected.pop("tournaments_club")
    sequences = dict(data["sequences"])
    assert last_ids.pop("tournaments_club") >= sequences.pop("tournaments_club", 0)
    assert counts == expected
    assert last_ids == sequences
    assert clubs, "the legacy players were entered with their clubs"
    with connection.cursor() as cursor:
        shown = (
            "club_name"
            if clubs_typed
            else "(SELECT name FROM tournaments_club c WHERE c.id = club_id)"
        )
        cursor.execute(f"SELECT id, {shown} FROM tournaments_player")
        players = dict(cursor.fetchall())
    for player in rows(data, "tournaments_player"):
        assert players[player["id"]] == clubs.get(player["club_id"], "" if clubs_typed else None)


def rows(data: dict, name: str) -> list[dict]:
    (table,) = (table for table in data["tables"] if table["name"] == name)
    return [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]


def content_type_apps() -> dict[str, str]:
    """Where the moved models' content types are: model -> app label."""
    found = ContentType.objects.filter(model__in=MOVED).values_list("model", "app_label")
    assert len(found) == len(MOVED), sorted(found)
    return dict(found)


def assert_reads_as_before(data: dict) -> None:
    """The organisers' rankings and the archive, as the old code computed them from the rows."""
    expected = data["expected"]
    tournament = Tournament.objects.get(pk=expected["tournament_id"])
    assert organiser_ranking(tournament).rows == expected["standings"]["overall"]
    assert expected["standings"]["series"].keys() == {"1", "2", "3"}
    for number, ranking in expected["standings"]["series"].items():
        assert organiser_ranking(tournament, series=int(number)).rows == ranking, number

    assert data["volatile"] == ["expected.archive.exported_at"]
    archive = json.loads(json.dumps(export_archive(tournament), cls=DjangoJSONEncoder))
    archive.pop("exported_at")
    assert archive == {k: v for k, v in expected["archive"].items() if k != "exported_at"}


def assert_read_by_the_new_models(data: dict) -> None:
    """The moved models read the old tables, their content types and permissions moved along."""
    counts = loaded_counts(data)
    assert Table.objects.count() == counts["tournaments_table"]
    assert Seat.objects.count() == counts["tournaments_seat"]
    assert Adjustment.objects.count() == counts["tournaments_adjustment"]
    assert AdjustmentLine.objects.count() == counts["tournaments_adjustmentline"]

    deal = Deal.objects.select_related("table").earliest("pk")
    assert type(deal.table) is Table
    seats = [seat for seat in rows(data, "tournaments_seat") if seat["table_id"] == deal.table_id]
    assert {(seat.position, seat.entry_id) for seat in deal.table.seats.all()} == {
        (seat["position"], seat["entry_id"]) for seat in seats
    }
    for adjustment in rows(data, "tournaments_adjustment"):
        lines = Adjustment.objects.get(pk=adjustment["id"]).lines.values_list("entry_id", "points")
        assert sorted(lines) == sorted(
            (line["entry_id"], line["points"])
            for line in rows(data, "tournaments_adjustmentline")
            if line["adjustment_id"] == adjustment["id"]
        )

    for model in (Table, Seat, Adjustment, AdjustmentLine):
        content_type = ContentType.objects.get_for_model(model)
        assert content_type.app_label == model._meta.app_label
        codenames = Permission.objects.filter(content_type=content_type).values_list(
            "codename", flat=True
        )
        name = model._meta.model_name
        assert sorted(codenames) == [
            f"{action}_{name}" for action in ("add", "change", "delete", "view")
        ]
