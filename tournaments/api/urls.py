"""Routes of the set-up API: tournaments, entries, results and protests, every job's state
(under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import JOB, TOURNAMENT
from tournaments.api.final_views import (
    MarkFinalApi,
    ProtestApi,
    ProtestsApi,
    ReopenApi,
    ResultsStatusApi,
)
from tournaments.api.job_views import JobApi
from tournaments.api.views import EntriesApi, EntryUpdateApi, TournamentApi, TournamentsApi

urlpatterns = [
    path("tournaments/", TournamentsApi.as_view(), name="tournaments"),
    path(TOURNAMENT, TournamentApi.as_view(), name="tournament"),
    path(TOURNAMENT + "entries/", EntriesApi.as_view(), name="entries"),
    path(TOURNAMENT + "entries/<id:entry_id>/", EntryUpdateApi.as_view(), name="entry"),
    path(TOURNAMENT + "results/", ResultsStatusApi.as_view(), name="results-status"),
    path(TOURNAMENT + "results/final/", MarkFinalApi.as_view(), name="results-final"),
    path(TOURNAMENT + "results/reopen/", ReopenApi.as_view(), name="results-reopen"),
    path(TOURNAMENT + "protests/", ProtestsApi.as_view(), name="protests"),
    path(TOURNAMENT + "protests/<id:protest_id>/", ProtestApi.as_view(), name="protest"),
    path(JOB, JobApi.as_view(), name="job"),
]
