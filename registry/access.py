"""Who may see and change a person of the registry at the desk and through the API.

For now (until clubs are homes, issue #20 point 1): a superuser sees everyone; any other
signed-in user sees the players entered in a tournament they organise. Merging needs both
players visible. The clubs' scoping is to take this rule over (one queryset,
``manageable_players``), so every registry page and endpoint asks here and nowhere else.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from tournaments.models import Player


def manageable_players(user: Any) -> QuerySet[Player]:
    """The players ``user`` may see, change, merge, export and erase."""
    players = Player.objects.select_related("club")
    if user is None or not user.is_authenticated:
        return players.none()
    if user.is_superuser:
        return players.all()
    organised = Player.objects.filter(entry__tournament__organisers=user).values("pk")
    return players.filter(pk__in=organised)


def may_manage(user: Any, player: Player) -> bool:
    return manageable_players(user).filter(pk=player.pk).exists()
