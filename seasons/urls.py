"""A season's public pages: /s/<season>/..."""

from django.urls import path

from seasons.views import PlayerSeasonView, SeasonExportView, SeasonView

urlpatterns = [
    path("<int:season_id>/", SeasonView.as_view(), name="season-page"),
    path(
        "<int:season_id>/players/<int:player_id>/",
        PlayerSeasonView.as_view(),
        name="season-player-page",
    ),
    path("<int:season_id>/export/<str:kind>/", SeasonExportView.as_view(), name="season-export"),
]
