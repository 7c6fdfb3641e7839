"""The statistics' card of the desk's player page: its pictures and its downloads, drawn by
one tag so that the page includes it with one line (``{% player_statistics player %}``)."""

from __future__ import annotations

from typing import Any

from django import template

from people.models import Player
from stats.domain.reads import player_overview
from stats.pictures import player_pictures

register = template.Library()


@register.inclusion_tag("desk/_player_statistics.html")
def player_statistics(player: Player) -> dict[str, Any]:
    """The player's figures over every deal the public may see, whether or not they agreed to
    a public profile: the organisers who manage the person see them."""
    overview = player_overview(player.pk, public=False)
    return {"player": player, "pictures": player_pictures(overview, "desk-stats")}
