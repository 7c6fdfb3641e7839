"""Top-level routes: the API (v1), its schema and docs, the admin and the public pages.

Any other path under /api/ is a 404 in the API's error format; Django's own error answers
(``handler…``) are in that format under /api/ too, and Django's pages elsewhere.
"""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from karlchen.api.errors import api_not_found
from karlchen.api.schema_view import SchemaView
from karlchen.views import developers, favicon, robots

# Each app's API routes, the spectators' hot reads (standings, a season's ranking, the deals)
# among the first.
API_APPS = (
    *("results", "seasons", "scoring", "tournaments", "clubs", "seating", "teams", "leagues"),
    *("signups", "cups", "listings", "printing", "registry", "stats"),
)

# The API under one prefix, first: a request for it is matched against its own routes only,
# not the pages' before them (resolving a spectator's cached read cost more than reading it).
API_V1: list[URLPattern | URLResolver] = [path("", include(f"{app}.api.urls")) for app in API_APPS]
API: list[URLPattern | URLResolver] = [
    path("v1/", include(API_V1)),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("schema/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("schema/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    re_path(r"", api_not_found),  # any other path under /api/
]

urlpatterns = [
    path("api/", include(API)),
    path("admin/", admin.site.urls),
    # Pages without a <link rel="icon"> (the admin, the browsable API) make browsers ask here.
    path("favicon.ico", favicon),
    path("robots.txt", robots),
    path("captain/", include("scoring.urls")),
    path("t/", include("results.urls")),
    path("t/", include("teams.urls")),  # /t/<id>/teams/: beside the spectators' pages
    path("t/", include("stats.urls")),  # /t/<id>/beamer/figures/: the beamer's evening
    path("s/", include("seasons.urls")),
    path("s/", include("leagues.urls")),  # /s/<id>/league/: beside the season's pages
    path("", include("signups.urls")),  # /t/<id>/signup/ and the e-mailed links
    path("c/", include("cups.urls")),
    path("p/", include("registry.urls")),  # a player's public profile
    path("", include("listings.urls")),  # the start page, /calendar/, /calendar.ics, /results/
    path("developers/", developers, name="developers"),
    path("clubs/", include("seasons.club_urls")),  # a club's public page
    path("desk/", include("desk.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # the language switch (set_language)
]

handler400 = "karlchen.api.errors.bad_request"
handler403 = "karlchen.api.errors.permission_denied"
handler404 = "karlchen.api.errors.not_found"
handler500 = "karlchen.api.errors.server_error"
