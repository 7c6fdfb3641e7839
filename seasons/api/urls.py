"""Routes of the seasons (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import SEASON
from seasons.api.views import (
    EveningAddApi,
    EveningRemoveApi,
    FinalApi,
    NextEveningApi,
    SeasonApi,
    SeasonArchiveExportApi,
    SeasonArchiveImportApi,
    SeasonPlayerApi,
    SeasonRankingApi,
    SeasonsApi,
)

urlpatterns = [
    path("seasons/", SeasonsApi.as_view(), name="seasons"),
    path("seasons/import/", SeasonArchiveImportApi.as_view(), name="season-archive-import"),
    path(SEASON, SeasonApi.as_view(), name="season"),
    path(SEASON + "archive/", SeasonArchiveExportApi.as_view(), name="season-archive"),
    path(SEASON + "ranking/", SeasonRankingApi.as_view(), name="season-ranking"),
    path(SEASON + "players/<id:player_id>/", SeasonPlayerApi.as_view(), name="season-player"),
    path(SEASON + "evenings/", EveningAddApi.as_view(), name="season-evenings"),
    path(
        SEASON + "evenings/<id:tournament_id>/",
        EveningRemoveApi.as_view(),
        name="season-evening",
    ),
    path(SEASON + "final/", FinalApi.as_view(), name="season-final"),
    path(SEASON + "next-evening/", NextEveningApi.as_view(), name="season-next-evening"),
]
