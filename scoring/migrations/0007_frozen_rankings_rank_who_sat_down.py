"""A ranking frozen before "who is ranked" was decided (results.domain.standings.took_part)
listed every entry, those who never sat down too, each ranked with 0 points: ranked among the
others, it pushed everyone behind it one place down. Such a frozen ranking keeps only the
entries that sat down (at a table of the tournament, or given points by a penalty row; in a
series ranking: in that series), and the ranks behind a dropped row move up by one each.

An entry is known by its id; a row shown as hidden has none, and is dropped where it shows that
nothing was played (no series points, no deal). What the freeze kept beside the rankings (the
team and club rankings, ``parts``) is left as it was: an absent member added nothing to them."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def rank_who_sat_down(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Seat = apps.get_model("seating", "Seat")
    AdjustmentLine = apps.get_model("scoring", "AdjustmentLine")
    for tournament in Tournament.objects.exclude(frozen_standings=None).iterator():
        seated = Seat.objects.filter(table__series__tournament=tournament).values_list(
            "entry_id", "table__series__number"
        )
        penalised = AdjustmentLine.objects.filter(
            adjustment__series__tournament=tournament
        ).values_list("entry_id", "adjustment__series__number")
        took_part: dict[str, set[int]] = {}
        for entry, series in [*seated, *penalised]:
            took_part.setdefault(str(series), set()).add(entry)
        rewritten = without_absent(tournament.frozen_standings, took_part)
        if rewritten != tournament.frozen_standings:
            Tournament.objects.filter(pk=tournament.pk).update(frozen_standings=rewritten)


def without_absent(snapshot: dict[str, Any], took_part: dict[str, set[int]]) -> dict[str, Any]:
    """The frozen ranking without the rows of entries that never sat down; ``took_part``: the
    entries that sat down, by series number (as text, as the snapshot keys its series)."""
    anywhere = set().union(*took_part.values()) if took_part else set()
    rewritten = dict(snapshot)
    if "overall" in snapshot:
        rewritten["overall"] = _ranked_without(snapshot["overall"], anywhere)
    if "series" in snapshot:
        rewritten["series"] = {
            number: _ranked_without(rows, took_part.get(number, set()))
            for number, rows in snapshot["series"].items()
        }
    return rewritten


def _ranked_without(rows: list[dict[str, Any]], took_part: set[int]) -> list[dict[str, Any]]:
    def absent(row: dict[str, Any]) -> bool:
        if row.get("entry") is not None:
            return row["entry"] not in took_part
        return not row.get("series") and not row.get("deals_played")

    dropped = [row["rank"] for row in rows if absent(row)]
    return [
        {**row, "rank": row["rank"] - sum(1 for rank in dropped if rank < row["rank"])}
        for row in rows
        if not absent(row)
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_schafkopf_rules_keep_their_meaning"),
        ("seating", "0001_initial"),
        ("tournaments", "0018_players_moved_out"),
    ]

    operations = [migrations.RunPython(rank_who_sat_down, migrations.RunPython.noop)]
