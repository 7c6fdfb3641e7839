"""The side rankings' public page: /t/<tournament>/teams/ (beside results' /t/ pages)."""

from django.urls import path

from teams.views import SideRankingsPage

urlpatterns = [
    path("<int:tournament_id>/teams/", SideRankingsPage.as_view(), name="side-rankings-page"),
]
