"""Small filters for the captain's page."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

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


@register.simple_tag(takes_context=True)
def when_contract(context: template.Context, contracts: str) -> str:
    """``data-when-contract="…"``, hidden already as the script would hide it for the form's
    first contract: a part that appears only once the script has run moves everything below it
    (Lighthouse's layout shift on a slow phone)."""
    shown = context.get("initial_contract") in contracts.split()
    return format_html(
        'data-when-contract="{}"{}', contracts, "" if shown else mark_safe(" hidden")
    )


@register.simple_tag(takes_context=True)
def unless_contract(context: template.Context, contracts: str) -> str:
    """``data-unless-contract="…"``, hidden already where the form's first contract hides it."""
    hidden = context.get("initial_contract") in contracts.split()
    return format_html(
        'data-unless-contract="{}"{}', contracts, mark_safe(" hidden") if hidden else ""
    )
