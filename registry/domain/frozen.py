"""A frozen ranking (``Tournament.frozen_standings``) names players as they were at the freeze:
their id, name and club in each row, and their entry's name in the side rankings' rosters. A
merge gives those rows the kept player's id and name; an erasure its placeholder."""

from __future__ import annotations

from typing import Any


def rewrite_frozen(
    snapshot: Any,
    *,
    player_id: int,
    entries: set[int],
    new_id: int,
    name: str,
    club: str | None,
) -> Any:
    """``snapshot`` with every row of ``player_id`` (or of one of their ``entries``) naming
    ``new_id``, ``name`` and ``club`` instead; everything else as it was."""
    if isinstance(snapshot, list):
        return [
            rewrite_frozen(
                item, player_id=player_id, entries=entries, new_id=new_id, name=name, club=club
            )
            for item in snapshot
        ]
    if not isinstance(snapshot, dict):
        return snapshot
    row = {
        key: rewrite_frozen(
            value, player_id=player_id, entries=entries, new_id=new_id, name=name, club=club
        )
        for key, value in snapshot.items()
    }
    player = row.get("player")
    if isinstance(player, dict) and player.get("id") == player_id:
        row["player"] = {**player, "id": new_id, "name": name, "club": club}
    elif row.get("entry") in entries and row.get("name") is not None:
        row["name"] = name  # a roster's member (the side rankings)
    return row
