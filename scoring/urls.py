"""The captain's pages (one table, signed in by its secret link)."""

from django.urls import path

from scoring.views import (
    CaptainServiceWorkerView,
    CaptainSignInView,
    CaptainSignOutView,
    CaptainTableView,
)

urlpatterns = [
    path("", CaptainTableView.as_view(), name="captain"),
    path("sign-out/", CaptainSignOutView.as_view(), name="captain-sign-out"),
    path("sw.js", CaptainServiceWorkerView.as_view(), name="captain-service-worker"),
    path("<slug:token>/", CaptainSignInView.as_view(), name="captain-sign-in"),
]
