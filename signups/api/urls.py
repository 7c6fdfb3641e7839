"""Routes of the open tournaments (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import TOURNAMENT
from signups.api.views import (
    AnnouncementApi,
    CategoryRankingsApi,
    EntryCategoryApi,
    FeeApi,
    FeesApi,
    PrizesApi,
    SignUpActionApi,
    SignUpsApi,
)

urlpatterns = [
    path(TOURNAMENT + "announcement/", AnnouncementApi.as_view(), name="announcement-api"),
    path(TOURNAMENT + "signups/", SignUpsApi.as_view(), name="signups"),
    path(
        TOURNAMENT + "signups/<id:signup_id>/actions/",
        SignUpActionApi.as_view(),
        name="signup-action",
    ),
    path(TOURNAMENT + "fees/", FeesApi.as_view(), name="fees"),
    path(TOURNAMENT + "entries/<id:entry_id>/fee/", FeeApi.as_view(), name="fee"),
    path(TOURNAMENT + "prizes/", PrizesApi.as_view(), name="prizes"),
    path(
        TOURNAMENT + "entries/<id:entry_id>/category/",
        EntryCategoryApi.as_view(),
        name="entry-category",
    ),
    path(
        TOURNAMENT + "category-rankings/",
        CategoryRankingsApi.as_view(),
        name="category-rankings",
    ),
]
