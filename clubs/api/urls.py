"""Routes of the clubs' API: clubs, associations, roles and invitations (under /api/v1/)."""

from django.urls import path

from clubs.api.views import (
    AcceptInvitationApi,
    AssociationsApi,
    ClubApi,
    ClubsApi,
    InvitationApi,
    InvitationsApi,
    RoleApi,
    RolesApi,
)
from karlchen.api.paths import CLUB

urlpatterns = [
    path("associations/", AssociationsApi.as_view(), name="associations"),
    path("clubs/", ClubsApi.as_view(), name="clubs"),
    path(CLUB, ClubApi.as_view(), name="club"),
    path(CLUB + "roles/", RolesApi.as_view(), name="club-roles"),
    path(CLUB + "roles/<id:user_id>/", RoleApi.as_view(), name="club-role"),
    path(CLUB + "invitations/", InvitationsApi.as_view(), name="club-invitations"),
    path(
        CLUB + "invitations/<id:invitation_id>/",
        InvitationApi.as_view(),
        name="club-invitation",
    ),
    path("invitations/accept/", AcceptInvitationApi.as_view(), name="invitation-accept"),
]
