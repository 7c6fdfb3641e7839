"""The rating where pages show it: the public profile (only as the public may see it) and the
organisers' desk page of a player (docs/STATISTICS.md, "The rating")."""

from __future__ import annotations

import json
from typing import Any

from django import template

from stats.domain.rating import player_rating, public_rating

register = template.Library()


@register.simple_tag
def public_player_rating(player_id: int) -> dict[str, Any] | None:
    """The player's rating as the public may see it; None where it may not be shown or no deal of
    theirs was rated yet."""
    body = public_rating(player_id)
    return None if body is None else json.loads(body.content)["rating"]


@register.simple_tag
def desk_player_rating(player_id: int) -> dict[str, Any] | None:
    """The player's rating as the organisers see it (None: no deal of theirs rated yet)."""
    return player_rating(player_id)
