"""Routes of the team cups (under /api/v1/)."""

from django.urls import path

from cups.api.views import (
    CupApi,
    CupArchiveExportApi,
    CupArchiveImportApi,
    CupsApi,
    CupSquadApi,
    CupSquadMemberApi,
    GroupPlacingApi,
    MatchApi,
    PairingsApi,
    RoundsApi,
)

CUP = "cups/<id:cup_id>/"

urlpatterns = [
    path("cups/", CupsApi.as_view(), name="cups"),
    path("cups/import/", CupArchiveImportApi.as_view(), name="cup-archive-import"),
    path(CUP, CupApi.as_view(), name="cup"),
    path(CUP + "archive/", CupArchiveExportApi.as_view(), name="cup-archive"),
    path(CUP + "rounds/", RoundsApi.as_view(), name="cup-rounds"),
    path(CUP + "pairings/", PairingsApi.as_view(), name="cup-pairings"),
    path(CUP + "groups/<id:group_id>/placing/", GroupPlacingApi.as_view(), name="cup-placing"),
    path(CUP + "matches/<id:match_id>/", MatchApi.as_view(), name="cup-match"),
    path(CUP + "teams/<id:team_id>/squad/", CupSquadApi.as_view(), name="cup-squad"),
    path(
        CUP + "teams/<id:team_id>/squad/<id:player_id>/",
        CupSquadMemberApi.as_view(),
        name="cup-squad-player",
    ),
]
