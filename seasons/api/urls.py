"""Routes of the seasons' reads (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import SEASON
from seasons.api.views import SeasonDetailApi, SeasonListApi, SeasonPlayerApi, SeasonRankingApi

urlpatterns = [
    path("seasons/", SeasonListApi.as_view(), name="seasons"),
    path(SEASON, SeasonDetailApi.as_view(), name="season"),
    path(SEASON + "ranking/", SeasonRankingApi.as_view(), name="season-ranking"),
    path(SEASON + "players/<id:player_id>/", SeasonPlayerApi.as_view(), name="season-player"),
]
