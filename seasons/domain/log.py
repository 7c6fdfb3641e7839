"""The season's log: who did what to a season, and when (like the tournaments' log)."""

from __future__ import annotations

from karlchen.actors import Actor
from seasons.models import Season, SeasonAction


def log_season_action(season: Season, by: Actor, action: str, /, **details: object) -> SeasonAction:
    """Note that ``by`` did ``action`` (a code worded by ``desk.texts``) with ``details``."""
    return SeasonAction.write(by, action, details, season=season)
