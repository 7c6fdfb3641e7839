"""The organisers' log: every action taken at the desk, with who and when."""

from __future__ import annotations

from tournaments.models import OrganiserAction, Tournament


def log_action(tournament: Tournament, user, action: str, **details) -> OrganiserAction:
    """Note that ``user`` did ``action`` (a code worded by the desk) with ``details``."""
    label = user.get_username() if user is not None and user.is_authenticated else ""
    return OrganiserAction.objects.create(
        tournament=tournament,
        user=user if label else None,
        user_label=label[:150],
        action=action,
        details=details,
    )
