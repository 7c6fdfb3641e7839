"""The calendar and the results index (under /api/v1/)."""

from django.urls import path

from listings.api.views import CalendarApi, ResultsIndexApi

urlpatterns = [
    path("calendar/", CalendarApi.as_view(), name="calendar-api"),
    path("results/", ResultsIndexApi.as_view(), name="results-index-api"),
]
