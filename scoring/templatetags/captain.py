"""Small filters for the captain's page."""

from django import template

register = template.Library()


@register.filter
def short_name(name: str) -> str:
    """What fits above a narrow score-sheet column: the first name and the initial of the
    surname ("Franziska Müller-Lüdenscheidt" → "Franziska M."). A short last word (a number,
    an initial already) stays as it is; the full name is in the head's title and the legend."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    last = words[-1]
    return f"{words[0]} {last if len(last) <= 2 else last[0] + '.'}"
