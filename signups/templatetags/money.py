"""Amounts in cents shown as euros in the reader's format ("10,50 €", whole euros "10 €")."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def euros(cents: int | None) -> str:
    if cents is None:
        return ""
    places = 0 if cents % 100 == 0 else 2
    return f"{number_format(Decimal(cents) / 100, places)} €"
