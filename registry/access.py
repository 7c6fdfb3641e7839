"""Who may see and change a person of the registry at the desk and through the API.

A superuser sees everyone; any other signed-in user sees the players entered in a tournament
they run (``tournaments.access``: its organisers, its club's admins and organisers) and the
members of the clubs they manage (club admins, their associations' admins). A member is a
player of the club with a member number in the club's association: the club a player is
listed with is typed at any desk, so that name alone gives nobody a person (a club set up
under a name before anyone is entered with it would gather everyone entered with it later).
Merging needs both players visible. Every registry page and endpoint asks here
(``manageable_players``) and nowhere else.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q, QuerySet

from tournaments.access import Can, clubs_of, scoped
from tournaments.models import Player, Tournament


def manageable_players(user: Any) -> QuerySet[Player]:
    """The players ``user`` may see, change, merge, export and erase."""
    players = Player.objects.select_related("club").prefetch_related("memberships__association")
    if user is None or not user.is_authenticated:
        return players.none()
    if user.is_superuser:
        return players.all()
    run = Tournament.objects.filter(scoped(Tournament, user, Can.RUN)).values("pk")
    entered = Player.objects.filter(entry__tournament__in=run).values("pk")
    members = Player.objects.filter(
        club__in=clubs_of(user, Can.MANAGE), memberships__association=F("club__association")
    ).values("pk")
    return players.filter(Q(pk__in=entered) | Q(pk__in=members))


def may_manage(user: Any, player: Player) -> bool:
    return manageable_players(user).filter(pk=player.pk).exists()
