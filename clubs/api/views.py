"""Clubs, associations, roles and invitations through the API (docs/CLUBS.md, docs/API.md).

Anyone reads the clubs and associations (names only). A club's people (``VIEW``) read its roles;
its admins and its association's admins (``MANAGE``) change them and invite; an invitation's
token is accepted by any signed-in user who has it, or by someone without an account who
chooses a user name and password with it (the account is created then). Refusals as
everywhere: 401 without credentials, 403 without the right, 404 for what is unknown.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs import access
from clubs.access import Can
from clubs.domain.clubs import (
    accept_invitation,
    accept_invitation_as_newcomer,
    create_club,
    invite,
    remove_role,
    set_role,
    withdraw_invitation,
)
from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole, Invitation
from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    Api,
    denied,
    get_or_404,
    valid,
)
from karlchen.refusals import Refused
from karlchen.strict_input import StrictChoiceField, StrictIntegerField, StrictSerializer


class ClubOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    short_name = serializers.CharField()
    association = serializers.IntegerField(source="association_id", allow_null=True)
    page = serializers.SerializerMethodField(help_text="The club's public page.")

    def get_page(self, club: Club) -> str:
        return reverse("club-page", args=[club.pk])


class AssociationOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    short_name = serializers.CharField()
    clubs = ClubOutput(many=True, source="clubs.all")


class RoleOutput(serializers.Serializer):
    user = serializers.IntegerField(source="user_id")
    username = serializers.CharField(source="user.username")
    role = serializers.CharField(help_text="admin, organiser or scorer")


class InvitationOutput(serializers.Serializer):
    id = serializers.IntegerField()
    email = serializers.EmailField()
    role = serializers.CharField()
    expires_at = serializers.DateTimeField()
    accepted_at = serializers.DateTimeField(allow_null=True)
    withdrawn_at = serializers.DateTimeField(allow_null=True)


def club_of(request, club_id: int, can: Can) -> Club:
    """The club if the user may ``can`` for it; 404 if unknown, else 401/403."""
    club = get_or_404(Club.objects.select_related("association"), club_id)
    if not access.may_club(request.user, club, can):
        raise denied(request)
    return club


class AssociationsApi(Api):
    @extend_schema(
        operation_id="associations_list",
        summary="The associations with their clubs (anyone)",
        responses={200: AssociationOutput(many=True)},
    )
    def get(self, request):
        associations = Association.objects.prefetch_related("clubs")
        return Response(AssociationOutput(associations, many=True).data)


class ClubsApi(Api):
    class InputSerializer(StrictSerializer):
        name = serializers.CharField()
        short_name = serializers.CharField(required=False, allow_blank=True)
        association = StrictIntegerField(required=False, allow_null=True)

    @extend_schema(
        operation_id="clubs_list",
        summary="The clubs (anyone); `?mine=1`: those where the user has a role",
        responses={200: ClubOutput(many=True)},
    )
    def get(self, request):
        clubs = Club.objects.all()
        if request.query_params.get("mine") == "1":
            clubs = access.clubs_of(request.user, Can.VIEW)
        return Response(ClubOutput(clubs, many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        summary="Create a club (an association's admin; anyone signed in with self-service)",
        description=CODES,
        request=InputSerializer,
        responses={201: ClubOutput, **ORGANISER_ERRORS},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        data = valid(ClubsApi.InputSerializer, request.data)
        association = None
        if data.get("association") is not None:
            association = Association.objects.filter(pk=data["association"]).first()
            if association is None:
                raise Refused.one("association_not_allowed", "association")
        if not access.may_create_club(request.user, association):
            raise Refused.one("club_not_creatable", "association")
        club = create_club(
            by=Actor.of_user(request.user),
            name=data["name"],
            short_name=data.get("short_name", ""),
            association=association,
            admin=request.user if association is None else None,  # self-service: its admin
        )
        return Response(ClubOutput(club).data, status=status.HTTP_201_CREATED)


class ClubApi(Api):
    @extend_schema(
        operation_id="club_detail",
        summary="A club, and the user's role in it",
        responses={200: ClubOutput, **READ_ERRORS},
    )
    def get(self, request, club_id):
        club = get_or_404(Club.objects.all(), club_id)
        body = dict(ClubOutput(club).data)
        role = None
        if request.user.is_authenticated:
            role = ClubRole.objects.filter(club=club, user=request.user).first()
        body["my_role"] = role.role if role is not None else None
        return Response(body)


class RolesApi(Api):
    class InputSerializer(StrictSerializer):
        username = serializers.CharField()
        role = StrictChoiceField(choices=ClubRoleKind.choices)

    @extend_schema(
        operation_id="club_roles",
        summary="The club's people and their roles (the club's people)",
        responses={200: RoleOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request, club_id):
        club = club_of(request, club_id, Can.VIEW)
        roles = club.roles.select_related("user").order_by("role", "user__username")
        return Response(RoleOutput(roles, many=True).data)

    @extend_schema(
        operation_id="club_role_set",
        summary="Give a user a role in the club, or change it (the club's admins)",
        description=CODES,
        request=InputSerializer,
        responses={200: RoleOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, club_id):
        club = club_of(request, club_id, Can.MANAGE)
        data = valid(RolesApi.InputSerializer, request.data)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise Refused.one("unknown_user", "username", name=data["username"])
        granted = set_role(club, user, data["role"], by=Actor.of_user(request.user))
        return Response(RoleOutput(granted).data)


class RoleApi(Api):
    @extend_schema(
        operation_id="club_role_remove",
        summary="Take a user's role in the club (the club's admins; the last admin stays)",
        description=CODES,
        responses={204: None, **ORGANISER_ERRORS},
    )
    def delete(self, request, club_id, user_id):
        club = club_of(request, club_id, Can.MANAGE)
        role = club.roles.select_related("user").filter(user_id=user_id).first()
        if role is None:
            raise NotFound()
        remove_role(club, role.user, by=Actor.of_user(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class InvitationsApi(Api):
    class InputSerializer(StrictSerializer):
        email = serializers.CharField()
        role = StrictChoiceField(choices=ClubRoleKind.choices)

    @extend_schema(
        operation_id="club_invitations",
        summary="The club's invitations (the club's admins)",
        responses={200: InvitationOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request, club_id):
        club = club_of(request, club_id, Can.MANAGE)
        return Response(InvitationOutput(club.invitations.all(), many=True).data)

    @extend_schema(
        operation_id="club_invite",
        summary="Invite by e-mail to a role in the club (the club's admins)",
        description="The answer carries the invitation's `link` (also e-mailed after the "
        "commit), to pass on should the e-mail not arrive.\n\n" + CODES,
        request=InputSerializer,
        responses={201: InvitationOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, club_id):
        club = club_of(request, club_id, Can.MANAGE)
        data = valid(InvitationsApi.InputSerializer, request.data)

        def link(token: str) -> str:
            return request.build_absolute_uri(reverse("desk:invitation", args=[token]))

        invitation, token = invite(
            club, email=data["email"], role=data["role"], by=Actor.of_user(request.user), link=link
        )
        body = {**InvitationOutput(invitation).data, "link": link(token)}
        return Response(body, status=status.HTTP_201_CREATED)


class InvitationApi(Api):
    @extend_schema(
        operation_id="club_invitation_withdraw",
        summary="Withdraw an invitation: its link stops working (the club's admins)",
        responses={204: None, **ORGANISER_ERRORS},
    )
    def delete(self, request, club_id, invitation_id):
        club = club_of(request, club_id, Can.MANAGE)
        invitation = get_or_404(Invitation.objects.filter(club=club), invitation_id)
        withdraw_invitation(invitation, by=Actor.of_user(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


NEWCOMER = {"username", "password"}  # the fields that create an account with the invitation


class AcceptInvitationApi(Api):
    class InputSerializer(StrictSerializer):
        token = serializers.CharField()
        username = serializers.CharField(
            required=False, help_text="Without credentials: the new account's user name."
        )
        password = serializers.CharField(
            required=False,
            trim_whitespace=False,
            help_text="Without credentials: the new account's password.",
        )

    class NewcomerSerializer(StrictSerializer):
        token = serializers.CharField()
        username = serializers.CharField()
        password = serializers.CharField(trim_whitespace=False)

    class SignedInSerializer(StrictSerializer):  # the schema's first form: the token alone
        token = serializers.CharField()

    @extend_schema(
        operation_id="invitation_accept",
        summary="Accept an invitation by its token: signed in, or creating an account",
        description="One of two bodies. Signed in: the token alone, and the role is the user's "
        "(200; `username` or `password` beside it: `invitation_signed_in`). Without "
        "credentials: the token with `username` and `password`, which create the account, and "
        "the role is its (201); the account then signs in with HTTP Basic. A token no open "
        "invitation has is refused as `invitation_unknown` (`invitation_used`, "
        "`invitation_expired`), a name or password Django's rules refuse as `username_invalid`, "
        "`username_taken`, `password_invalid`.\n\n" + CODES,
        request=PolymorphicProxySerializer(
            component_name="InvitationAcceptance",
            serializers=[SignedInSerializer, NewcomerSerializer],
            resource_type_field_name=None,
        ),
        responses={200: RoleOutput, 201: RoleOutput, 400: RESPONSE_400, **ORGANISER_ERRORS},
    )
    def post(self, request):
        creating = isinstance(request.data, dict) and bool(NEWCOMER & request.data.keys())
        if not request.user.is_authenticated and not creating:
            raise denied(request)  # neither an account nor one to create: sign in first
        if request.user.is_authenticated:
            data = valid(AcceptInvitationApi.InputSerializer, request.data)
            if creating:
                raise Refused.one("invitation_signed_in", min(NEWCOMER & data.keys()))
            user = request.user
            granted = accept_invitation(data["token"], user, by=Actor.of_user(user))
            return Response(RoleOutput(granted).data)
        data = valid(AcceptInvitationApi.NewcomerSerializer, request.data)
        granted = accept_invitation_as_newcomer(
            data["token"], username=data["username"], password=data["password"]
        )
        return Response(RoleOutput(granted).data, status=status.HTTP_201_CREATED)
