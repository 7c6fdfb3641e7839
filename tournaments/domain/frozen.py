"""The freeze of final results, as every write it stops checks it (docs/OPEN_TOURNAMENTS.md,
"Provisional, then final"): deals, penalty rows, seatings, entries added or withdrawn.

Its own module because ``final`` (marking results final) needs ``entries``, and the entries'
writes need this check.
"""

from __future__ import annotations

from django.db import connection

from karlchen.refusals import refused
from tournaments.models import Tournament


def key_share_lock() -> str:
    """The clause that shares the tournament row's lock with other writers (PostgreSQL)."""
    return " FOR KEY SHARE" if connection.vendor == "postgresql" else ""


def check_not_final(tournament_id: int) -> None:
    """Refuse a write the final results freeze (a deal, a penalty row, a seating), reading the
    mark under a lock that marking final waits for. Call it inside the write's transaction."""
    table = Tournament._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT results_final_at FROM {table} WHERE id = %s{key_share_lock()}",
            [tournament_id],
        )
        row = cursor.fetchone()
    if row is not None and row[0] is not None:
        raise refused("results_final", "tournament")
