"""Routes of the documents API (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import JOB, SEASON, TOURNAMENT
from printing.api.views import DocumentFileApi, StartDocumentsApi, StartSeasonDocumentsApi

urlpatterns = [
    path(TOURNAMENT + "documents/", StartDocumentsApi.as_view(), name="documents"),
    path(SEASON + "documents/", StartSeasonDocumentsApi.as_view(), name="season-documents"),
    path(JOB + "files/<str:name>", DocumentFileApi.as_view(), name="job-file"),
]
