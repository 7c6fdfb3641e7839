"""Small filters for the captain's page."""

from django import template

register = template.Library()


@register.filter
def first_name(name: str) -> str:
    """The first word of a player's name: what fits above a narrow score-sheet column."""
    return name.split(maxsplit=1)[0] if name.strip() else name
