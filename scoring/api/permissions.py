"""Who may read and write a table through the API: its captain, its club's organisers and
scorers and its own organisers (``clubs.access``), and anyone where the tournament is
public."""

from __future__ import annotations

from rest_framework import exceptions

from clubs import access
from clubs.access import Can
from karlchen.actors import Actor
from karlchen.api.base import get_or_404
from seating.api.authentication import captain_table
from seating.models import Table
from tournaments.api.permissions import refusal, sees_private
from tournaments.visibility import spectators_may_see

CAPTAIN_LABEL = "captain"


def table_or_404(table_id: int, request=None) -> Table:
    """The table ``table_id``: the captain's own (already loaded by its token) or from the DB."""
    captain = captain_table(request) if request is not None else None
    if captain is not None and captain.pk == table_id:
        return captain
    return get_or_404(Table.objects.select_related("series__tournament"), table_id)


def table_actor(request, table: Table) -> Actor:
    """Who writes to ``table``: its captain, or an organiser (who may correct closed series)."""
    captain = captain_table(request)
    if captain is not None:
        if captain.pk != table.pk:
            raise exceptions.PermissionDenied()
        return Actor.captain(CAPTAIN_LABEL)
    tournament = table.series.tournament
    if access.may(request.user, tournament, Can.SCORE):  # organisers, scorers
        return Actor.of_user(request.user)
    raise refusal(request, tournament)


def is_own_captain(request, table: Table) -> bool:
    """The request carries ``table``'s own captain token (another table's token is no more
    than a spectator here: it sees hidden players as hidden)."""
    captain = captain_table(request)
    return captain is not None and captain.pk == table.pk


def require_table_reader(request, table: Table) -> None:
    """Public tables read by anyone; a draft's tables by its organisers and the table's captain."""
    if is_own_captain(request, table):
        return
    tournament = table.series.tournament
    if not spectators_may_see(tournament) and not sees_private(request.user, tournament):
        raise exceptions.NotFound()
