"""Routes of the players' statistics (under /api/v1/)."""

from django.urls import path

from karlchen.api import paths  # noqa: F401 -- registers the <id:…> converter
from stats.api.views import (
    HeadToHeadApi,
    PartnersApi,
    PlayerRatingApi,
    PlayerStatisticsApi,
    RatingsApi,
    TournamentStatisticsApi,
)

PLAYER = "players/<id:player_id>/"

urlpatterns = [
    path(PLAYER + "statistics/", PlayerStatisticsApi.as_view(), name="stats-player"),
    path(PLAYER + "rating/", PlayerRatingApi.as_view(), name="stats-rating"),
    path("ratings/", RatingsApi.as_view(), name="stats-ratings"),
    path(PLAYER + "partners/", PartnersApi.as_view(), name="stats-partners"),
    path(
        PLAYER + "head-to-head/<id:other_id>/", HeadToHeadApi.as_view(), name="stats-head-to-head"
    ),
    path(
        "tournaments/<id:tournament_id>/statistics/",
        TournamentStatisticsApi.as_view(),
        name="stats-tournament",
    ),
]
