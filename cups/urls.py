"""A cup's public page: /c/<cup>/."""

from django.urls import path

from cups.views import CupView

urlpatterns = [
    path("<int:cup_id>/", CupView.as_view(), name="cup-page"),
]
