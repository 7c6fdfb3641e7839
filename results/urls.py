"""Spectators' pages (no login): /t/<tournament>/..."""

from django.urls import path

from results.views import BeamerView, PlayerView, SpectatorView, WidgetView

urlpatterns = [
    path("<int:tournament_id>/", SpectatorView.as_view(), name="spectator"),
    path("<int:tournament_id>/beamer/", BeamerView.as_view(), name="spectator-beamer"),
    path("<int:tournament_id>/widget/", WidgetView.as_view(), name="spectator-widget"),
    path(
        "<int:tournament_id>/players/<int:entry_id>/",
        PlayerView.as_view(),
        name="spectator-player",
    ),
]
