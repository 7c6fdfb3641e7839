"""The start page, the public calendar, its iCal feed and the results index (no login)."""

from django.urls import path

from listings.views import CalendarFeed, CalendarPage, ResultsIndexPage, StartPage

urlpatterns = [
    path("", StartPage.as_view(), name="home"),
    path("calendar/", CalendarPage.as_view(), name="calendar"),
    path("calendar.ics", CalendarFeed.as_view(), name="calendar-ical"),
    path("results/", ResultsIndexPage.as_view(), name="results-index"),
]
