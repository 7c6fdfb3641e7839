"""Who may see and run a cup: its season's rule (its organisers and superusers always; anyone
a public one). An unknown cup and a private one are the same 404 to everyone else."""

from __future__ import annotations

from typing import Any

from cups.models import Cup
from seasons.access import readable_season


def readable_cup(user: Any, cup_id: int) -> tuple[Cup, bool] | None:
    """The cup and whether the user organises it; None where it is unknown or private."""
    cup = Cup.objects.select_related("season").filter(pk=cup_id).first()
    if cup is None:
        return None
    found = readable_season(user, cup.season_id)
    if found is None:
        return None
    return cup, found[1]
