"""The registry's log: each operation on a person writes one entry in its own transaction,
with ids and field names only (never the person's data, so erasing leaves the log as it is)."""

from __future__ import annotations

from karlchen.actors import Actor
from people.models import RegistryAction


def log_registry(player_id: int, by: Actor, action: str, **details: object) -> RegistryAction:
    return RegistryAction.write(by, action, details, player_id=player_id)
