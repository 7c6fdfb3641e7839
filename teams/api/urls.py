"""Routes of the teams and side rankings (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import TOURNAMENT
from teams.api.views import SideRankingRulesApi, SideRankingsApi, TeamApi, TeamsApi

urlpatterns = [
    path(TOURNAMENT + "teams/", TeamsApi.as_view(), name="teams"),
    path(TOURNAMENT + "teams/<id:team_id>/", TeamApi.as_view(), name="team"),
    path(TOURNAMENT + "side-rankings/", SideRankingsApi.as_view(), name="side-rankings"),
    path(
        TOURNAMENT + "side-rankings/rules/",
        SideRankingRulesApi.as_view(),
        name="side-ranking-rules",
    ),
]
