"""A league's public page: /s/<season>/league/ (beside the season's pages)."""

from django.urls import path

from leagues.views import LeagueView

urlpatterns = [path("<int:season_id>/league/", LeagueView.as_view(), name="league-page")]
