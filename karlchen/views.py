"""Site-wide answers: the icon browsers ask for at ``/favicon.ico``, and ``/robots.txt``."""

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control

# The public pages (tournaments, seasons, leagues, cups, the calendar, results, clubs, the
# profiles players agreed to show) are there to be found. Not crawled: the organisers' desk and
# the admin (a sign-in page each), the API (the pages' data, polled), the captains' and the
# sign-up's links (a secret in the path) and the language switch (a form's target).
ROBOTS = """User-agent: *
Disallow: /admin/
Disallow: /desk/
Disallow: /api/
Disallow: /captain/
Disallow: /signup/
Disallow: /i18n/
Allow: /
"""


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Redirect to the icon every page names (resolved per request: static names may be hashed)."""
    return HttpResponsePermanentRedirect(static("karlchen/favicon.svg"))


@cache_control(max_age=86400, public=True)
def robots(request: HttpRequest) -> HttpResponse:
    """What crawlers may fetch: the public pages, not the desk, the admin, the API or links
    that carry a secret."""
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")
