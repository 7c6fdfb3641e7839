from django.urls import path

from scoring.api.views import ScorePreviewApi

urlpatterns = [
    path("score-preview/", ScorePreviewApi.as_view(), name="score-preview"),
]
