"""The cup's log: the season's log (``seasons.domain.log``), and for what touches one of its
tournaments that tournament's log as well."""

from __future__ import annotations

from cups.models import Cup, CupMatch
from karlchen.actors import Actor
from seasons.domain.log import log_season_action
from tournaments.domain.log import log_action


def log_cup(cup: Cup, by: Actor, action: str, /, **details: object) -> None:
    log_season_action(cup.season, by, action, **details)


def log_match(match: CupMatch, by: Actor, action: str, /, **details: object) -> None:
    """Note ``action`` in the cup's log and in the log of the match's tournament."""
    tournament = match.evening.tournament
    details |= {"name": tournament.name, "season": match.cup.season.name}
    log_season_action(match.cup.season, by, action, tournament=tournament.pk, **details)
    log_action(tournament, by, action, **details)
