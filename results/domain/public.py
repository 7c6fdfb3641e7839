"""What spectators may know of a tournament: which ones are public, and what a draft shows.

A draft is a 404 to the public, as if it did not exist. Once its tables are seated, though,
players sit at them with score sheets and the spectators' address in hand: then its name and
date are no secret, and spectators are told that it starts soon (the organiser's desk asks the
organisers to open it). A draft nobody plays yet stays indistinguishable from an unknown id.
"""

from __future__ import annotations

from seating.models import Table
from tournaments.models import Tournament
from tournaments.visibility import spectators_may_see


def in_play(tournament_id: int) -> bool:
    """Tables are seated (and maybe deals recorded): players sit at the tournament's tables."""
    return Table.objects.filter(series__tournament_id=tournament_id).exists()


class NotPublic(Exception):
    """A spectator asked for a tournament that is not public: ``tournament`` is the draft when
    it may be named (it is in play), else None (a draft in preparation or an unknown id)."""

    def __init__(self, tournament: Tournament | None = None) -> None:
        super().__init__(tournament.pk if tournament else None)
        self.tournament = tournament


def public_tournament(tournament_id: int) -> Tournament:
    """The public tournament of that id; raises ``NotPublic`` otherwise."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None and spectators_may_see(tournament):
        return tournament
    if tournament is not None and in_play(tournament.pk):
        raise NotPublic(tournament)
    raise NotPublic(None)
