"""Who may see and change a person of the registry at the desk and through the API.

A superuser sees everyone; any other signed-in user sees the players entered in a tournament
they run (``clubs.access``: its organisers, its club's admins and organisers) and the
members of the clubs they manage (club admins, their associations' admins). A member is a
player of the club with a member number in the club's association: the club a player is
listed with is typed at any desk, so that name alone gives nobody a person (a club set up
under a name before anyone is entered with it would gather everyone entered with it later).
Merging needs both players visible. Every registry page and endpoint asks here
(``manageable_players``) and nowhere else.
"""

from __future__ import annotations

from typing import Any, cast

from django.db.models import F, Model, Q, QuerySet

from clubs.access import Can, clubs_of, scoped
from people.models import Player


def manageable_players(user: Any) -> QuerySet[Player]:
    """The players ``user`` may see, change, merge, export and erase."""
    players = Player.objects.select_related("club").prefetch_related("memberships__association")
    if user is None or not user.is_authenticated:
        return players.none()
    if user.is_superuser:
        return players.all()
    tournament = _tournament_model()
    run = tournament._default_manager.filter(scoped(tournament, user, Can.RUN)).values("pk")
    entered = Player.objects.filter(entry__tournament__in=run).values("pk")
    members = Player.objects.filter(
        club__in=clubs_of(user, Can.MANAGE), memberships__association=F("club__association")
    ).values("pk")
    return players.filter(Q(pk__in=entered) | Q(pk__in=members))


def may_manage(user: Any, player: Player) -> bool:
    return manageable_players(user).filter(pk=player.pk).exists()


def _tournament_model() -> type[Model]:
    """The tournament model, reached through the entries that point at players: ``people`` sits
    below ``tournaments`` and imports nothing of it, yet who may manage a person depends on the
    tournaments they were entered in (``clubs.access.scoped`` needs only the model)."""
    entry = cast("type[Model]", Player._meta.get_field("entry").related_model)
    return cast("type[Model]", entry._meta.get_field("tournament").related_model)
