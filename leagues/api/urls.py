"""Routes of a season's league (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import SEASON
from leagues.api.views import (
    DayFinalApi,
    DivisionApi,
    LeagueApi,
    LeagueSquadApi,
    LeagueSquadMemberApi,
    LeagueTablesApi,
    LineupApi,
    MatchDayApi,
    MatchDaysCollectionApi,
)

LEAGUE = SEASON + "league/"
DAY = LEAGUE + "days/<id:number>/"

urlpatterns = [
    path(LEAGUE, LeagueApi.as_view(), name="league"),
    path(LEAGUE + "tables/", LeagueTablesApi.as_view(), name="league-tables"),
    path(LEAGUE + "divisions/<id:division_id>/", DivisionApi.as_view(), name="league-division"),
    path(LEAGUE + "teams/<id:team_id>/squad/", LeagueSquadApi.as_view(), name="league-squad"),
    path(
        LEAGUE + "teams/<id:team_id>/squad/<id:player_id>/",
        LeagueSquadMemberApi.as_view(),
        name="league-squad-player",
    ),
    path(LEAGUE + "days/", MatchDaysCollectionApi.as_view(), name="league-days"),
    path(DAY, MatchDayApi.as_view(), name="league-day"),
    path(DAY + "teams/<id:team_id>/", LineupApi.as_view(), name="league-lineup"),
    path(DAY + "final/", DayFinalApi.as_view(), name="league-day-final"),
]
