"""The public profile pages (under /p/)."""

from django.urls import path

from registry.views import ProfileView

urlpatterns = [
    path("<int:player_id>/", ProfileView.as_view(), name="player-profile"),
]
