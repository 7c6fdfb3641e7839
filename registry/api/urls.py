"""Routes of the player registry (under /api/v1/)."""

from django.urls import path

from karlchen.api import paths  # noqa: F401 -- registers the <id:…> converter
from registry.api.views import (
    ConsentApi,
    DuplicatesApi,
    EraseApi,
    ExportApi,
    MembershipApi,
    MergeApi,
    PlayerApi,
    PlayersApi,
    ProfileApi,
)

PLAYER = "players/<id:player_id>/"

urlpatterns = [
    path("players/", PlayersApi.as_view(), name="registry-players"),
    path("players/duplicates/", DuplicatesApi.as_view(), name="registry-duplicates"),
    path(PLAYER, PlayerApi.as_view(), name="registry-player"),
    path(PLAYER + "consent/", ConsentApi.as_view(), name="registry-consent"),
    path(PLAYER + "merge/", MergeApi.as_view(), name="registry-merge"),
    path(PLAYER + "export/", ExportApi.as_view(), name="registry-export"),
    path(PLAYER + "erase/", EraseApi.as_view(), name="registry-erase"),
    path(PLAYER + "profile/", ProfileApi.as_view(), name="registry-profile"),
    path(
        PLAYER + "memberships/<id:association_id>/",
        MembershipApi.as_view(),
        name="registry-membership",
    ),
]
