"""Seating a series from a given plan (the ``fixed`` method) and the captains' table links.

Drawing a plan (random, by standings, fewest repeat meetings) belongs to the seating engine;
this module only stores a plan, replacing the series' draft, and hands out captain tokens.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction

from scoring.domain.errors import rejected
from scoring.models import Deal
from tournaments.enums import SeriesStatus
from tournaments.models import Entry, Seat, Series, Table


def seat_series(series: Series, tables: Sequence[Sequence[Entry]]) -> list[Table]:
    """Seat ``series`` as given: one list of entries per table, in position order (1, 2, …).

    Replaces an earlier draft of the same series; refused once a deal has been recorded.
    """
    _check_plan(series, tables)
    with transaction.atomic():
        Series.objects.select_for_update().filter(pk=series.pk).first()  # one seating at a time
        if Deal.objects.filter(table__series=series).exists():
            raise rejected("series_started", "series", number=series.number)
        series.tables.all().delete()
        created = [_new_table(series, number) for number in range(1, len(tables) + 1)]
        Seat.objects.bulk_create(
            Seat(series=series, table=table, position=position, entry=entry)
            for table, entries in zip(created, tables, strict=True)
            for position, entry in enumerate(entries, start=1)
        )
        series.status = SeriesStatus.SEATED
        series.save(update_fields=["status"])
    return created


def reissue_captain_token(table: Table) -> str:
    """Revoke the table's captain link and return the new secret."""
    table.token_nonce = secrets.token_hex(16)
    table.token_hash = Table.hash_token(table.captain_token())
    table.save(update_fields=["token_nonce", "token_hash"])
    return table.captain_token()


def table_for_token(token: str) -> Table | None:
    """The table a captain's secret opens, or None."""
    return (
        Table.objects.select_related("series__tournament")
        .filter(token_hash=Table.hash_token(token))
        .first()
    )


def _new_table(series: Series, number: int) -> Table:
    table = Table(series=series, number=number, token_nonce=secrets.token_hex(16))
    table.token_hash = Table.hash_token(table.captain_token())
    table.save()
    return table


def _check_plan(series: Series, tables: Sequence[Sequence[Entry]]) -> None:
    if not tables:
        raise rejected("seating_empty", "tables")
    for index, entries in enumerate(tables):
        if len(entries) not in (4, 5):
            raise rejected("table_size", f"tables.{index}", size=len(entries))
    seated = [entry.pk for entries in tables for entry in entries]
    if len(seated) != len(set(seated)):
        raise rejected("seated_twice", "tables")
    if any(entry.tournament_id != series.tournament_id for entries in tables for entry in entries):
        raise rejected("not_entered", "tables")
    withdrawn = [str(e.start_number) for entries in tables for e in entries if e.withdrawn]
    if withdrawn:
        raise rejected("entry_withdrawn", "tables", start_numbers=", ".join(withdrawn))
