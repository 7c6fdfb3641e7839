"""Routes of the set-up API: tournaments, entries, every job's state, clubs, associations,
roles and invitations (under /api/v1/)."""

from django.urls import path

from karlchen.api.paths import JOB, TOURNAMENT
from tournaments.api.club_views import (
    AcceptInvitationApi,
    AssociationsApi,
    ClubApi,
    ClubsApi,
    InvitationApi,
    InvitationsApi,
    RoleApi,
    RolesApi,
)
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
    path("associations/", AssociationsApi.as_view(), name="associations"),
    path("clubs/", ClubsApi.as_view(), name="clubs"),
    path("clubs/<id:club_id>/", ClubApi.as_view(), name="club"),
    path("clubs/<id:club_id>/roles/", RolesApi.as_view(), name="club-roles"),
    path("clubs/<id:club_id>/roles/<id:user_id>/", RoleApi.as_view(), name="club-role"),
    path("clubs/<id:club_id>/invitations/", InvitationsApi.as_view(), name="club-invitations"),
    path(
        "clubs/<id:club_id>/invitations/<id:invitation_id>/",
        InvitationApi.as_view(),
        name="club-invitation",
    ),
    path("invitations/accept/", AcceptInvitationApi.as_view(), name="invitation-accept"),
]
