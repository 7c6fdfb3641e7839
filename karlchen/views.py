"""The landing page: what Karlchen is and where to go from here; the site's icon."""

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.generic import TemplateView


class HomeView(TemplateView):
    template_name = "home.html"


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """The icon, for browsers that ask for ``/favicon.ico`` (resolved per request: hashed names)."""
    return HttpResponsePermanentRedirect(static("karlchen/favicon.svg"))
