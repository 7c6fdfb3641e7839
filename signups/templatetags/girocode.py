"""The GiroCode of a sign-up for its page and its e-mail (``signups.domain.transfers``), so the
templates include it without a view having to hand it over."""

from django import template

from signups.domain.transfers import GiroCode, girocode
from signups.models import SignUp

register = template.Library()


@register.simple_tag
def girocode_of(signup: SignUp) -> GiroCode | None:
    return girocode(signup)
