"""The site's icon, for browsers that ask for ``/favicon.ico``."""

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Redirect to the icon every page names (resolved per request: static names may be hashed)."""
    return HttpResponsePermanentRedirect(static("karlchen/favicon.svg"))
