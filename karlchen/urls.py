"""Top-level routes: the API (v1), its schema and docs, the admin and the public pages.

Any other path under /api/ is a 404 in the API's error format; Django's own error answers
(``handler…``) are in that format under /api/ too, and Django's pages elsewhere.
"""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from karlchen.api.errors import api_not_found
from karlchen.api.schema_view import SchemaView
from karlchen.views import developers, favicon, robots

urlpatterns = [
    path("admin/", admin.site.urls),
    # Pages without a <link rel="icon"> (the admin, the browsable API) make browsers ask here.
    path("favicon.ico", favicon),
    path("robots.txt", robots),
    path("captain/", include("scoring.urls")),
    path("t/", include("results.urls")),
    path("t/", include("teams.urls")),  # /t/<id>/teams/: beside the spectators' pages
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
    path("api/v1/", include("clubs.api.urls")),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/v1/", include("seating.api.urls")),
    path("api/v1/", include("scoring.api.urls")),
    path("api/v1/", include("results.api.urls")),
    path("api/v1/", include("seasons.api.urls")),
    path("api/v1/", include("teams.api.urls")),
    path("api/v1/", include("leagues.api.urls")),
    path("api/v1/", include("signups.api.urls")),
    path("api/v1/", include("cups.api.urls")),
    path("api/v1/", include("listings.api.urls")),
    path("api/v1/", include("printing.api.urls")),
    path("api/v1/", include("registry.api.urls")),
    path("api/v1/", include("stats.api.urls")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/schema/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/schema/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    re_path(r"^api/", api_not_found),
]

handler400 = "karlchen.api.errors.bad_request"
handler403 = "karlchen.api.errors.permission_denied"
handler404 = "karlchen.api.errors.not_found"
handler500 = "karlchen.api.errors.server_error"
