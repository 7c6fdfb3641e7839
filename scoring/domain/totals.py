"""The per-table totals (``SeriesTotal``): computed again from a table's deals by every write
that changes them, in that write's transaction.

A write touches one table, and a table holds one series of some 24 deals: summing its current
revisions again is a single indexed statement of a few hundred microseconds, and stays right
whatever the write did (a correction that rescored later Bock deals, a void, a confirmation)
where bookkeeping of differences would have to follow each case. Standings over many evenings
then read the totals, never every deal.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import connection

from scoring.models import Deal, DealRevision, RevisionPoints, SeriesTotal

TOTALS_SELECT = (
    "SELECT deal.table_id, points.entry_id, SUM(points.points), COUNT(*),"
    " SUM(CASE WHEN revision.confirmed_at IS NULL THEN 0 ELSE points.points END),"
    " COUNT(revision.confirmed_at)"
    f" FROM {Deal._meta.db_table} deal"
    f" JOIN {DealRevision._meta.db_table} revision ON revision.id = deal.current_id"
    f" JOIN {RevisionPoints._meta.db_table} points ON points.revision_id = revision.id"
)
TOTALS_INSERT = (
    f"INSERT INTO {SeriesTotal._meta.db_table}"
    " (table_id, entry_id, points, deals, confirmed_points, confirmed_deals) "
)


def refresh_totals(table_ids: Collection[int]) -> None:
    """The totals of these tables computed again from their deals (call it inside the write's
    transaction, under the table's lock)."""
    if not table_ids:
        return
    ids = sorted(set(table_ids))
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {SeriesTotal._meta.db_table} WHERE table_id IN ({marks})", ids)
        cursor.execute(
            TOTALS_INSERT
            + TOTALS_SELECT
            + f" WHERE deal.table_id IN ({marks}) GROUP BY deal.table_id, points.entry_id",
            ids,
        )
