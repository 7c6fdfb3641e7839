"""Site-wide answers: the icon browsers ask for at ``/favicon.ico``, ``/robots.txt``, and the page
for developers (the API, its schema and the score preview), linked from every page's footer."""

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control

# An allow-list: crawlers may read the public pages (the start page, a tournament's, a season's,
# a league's and a cup's pages, a club's page, the profiles players agreed to show, the calendar,
# its feed and the results index: docs/PUBLISHING.md) and the files they are drawn with, and
# nothing else, so an address added later is not crawled until it is named here. Within the
# public areas the beamer and the widget (the ranking again, for a wall and another site's
# frame), the page after a sign-up and the season's files are not for an index either. Rules
# as RFC 9309 reads them: the longest matching path wins, ``*`` is any text, ``$`` the end.
ROBOTS = """User-agent: *
Disallow: /t/*/beamer/
Disallow: /t/*/widget/
Disallow: /t/*/signup/sent/
Disallow: /s/*/export/
Allow: /$
Allow: /t/
Allow: /s/
Allow: /c/
Allow: /p/
Allow: /clubs/
Allow: /calendar/
Allow: /calendar.ics
Allow: /results/
Allow: /static/
Allow: /favicon.ico
Disallow: /
"""


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Redirect to the icon every page names (resolved per request: static names may be hashed)."""
    return HttpResponsePermanentRedirect(static("karlchen/favicon.svg"))


@cache_control(max_age=86400, public=True)
def robots(request: HttpRequest) -> HttpResponse:
    """What crawlers may fetch: the public pages and nothing else (``ROBOTS``)."""
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")


def developers(request: HttpRequest) -> HttpResponse:
    """/developers/: the API's documentation and schema, the score preview and a call to try."""
    return render(request, "developers.html")
