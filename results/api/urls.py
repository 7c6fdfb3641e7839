"""Routes of what spectators read live (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import TOURNAMENT
from results.api.views import (
    ArchiveExportApi,
    ArchiveImportApi,
    PlayerApi,
    RankingExportApi,
    SeriesListApi,
    StandingsApi,
)

urlpatterns = [
    path("tournaments/import/", ArchiveImportApi.as_view(), name="archive-import"),
    path(TOURNAMENT + "archive/", ArchiveExportApi.as_view(), name="archive"),
    path(TOURNAMENT + "standings/", StandingsApi.as_view(), name="standings"),
    path(TOURNAMENT + "ranking-export/", RankingExportApi.as_view(), name="ranking-export"),
    path(TOURNAMENT + "players/<id:entry_id>/", PlayerApi.as_view(), name="player"),
    path(TOURNAMENT + "series/", SeriesListApi.as_view(), name="series-list"),
]
