"""Routes of the documents API (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import JOB, TOURNAMENT
from printing.api.views import DocumentFileApi, StartDocumentsApi

urlpatterns = [
    path(TOURNAMENT + "documents/", StartDocumentsApi.as_view(), name="documents"),
    path(JOB + "files/<str:name>", DocumentFileApi.as_view(), name="job-file"),
]
