"""The sign-up's check-in code (``signups.domain.checkin``) as inline SVG on its pages."""

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from signups.domain.checkin_code import checkin_qr
from signups.models import SignUp

register = template.Library()


@register.simple_tag
def checkin_qr_svg(signup: SignUp) -> SafeString:
    """The QR code as inline SVG, named for screen readers."""
    svg = checkin_qr(signup).svg_inline(scale=6, border=4, title=_("Check-in code"))
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))
