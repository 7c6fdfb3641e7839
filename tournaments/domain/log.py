"""The organisers' log: every organiser action, at the desk, through the API or in the admin,
with who and when. Each domain operation writes its own entry inside its own transaction, so an
action is logged exactly when it took place."""

from __future__ import annotations

from karlchen.actors import Actor
from tournaments.models import OrganiserAction, Tournament


def log_action(
    tournament: Tournament, by: Actor, action: str, **details: object
) -> OrganiserAction:
    """Note that ``by`` did ``action`` (a code worded by ``desk.texts``) with ``details``."""
    return OrganiserAction.write(by, action, details, tournament=tournament)
