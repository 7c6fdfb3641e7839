"""Routes of the seating API (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import TOURNAMENT
from seating.api.views import StartSeatingApi

urlpatterns = [
    path(TOURNAMENT + "seatings/", StartSeatingApi.as_view(), name="seatings"),
]
