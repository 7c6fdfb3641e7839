"""A club's public page: /clubs/<club>/ (routed by karlchen.urls beside the seasons' pages)."""

from django.urls import path

from seasons.club_views import ClubPageView

urlpatterns = [path("<int:club_id>/", ClubPageView.as_view(), name="club-page")]
