"""The player registry's API: find, correct and merge players, record consent, export and
erase a person's data (organisers: ``people.access``), and a player's public profile (anyone).

A player the user may not manage is a 404, as if there were none (the registry says nothing
about people outside the user's tournaments); without credentials it is a 401.
"""

from __future__ import annotations

from django.db.models import Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs.models import Association
from karlchen.actors import Actor
from karlchen.api.base import CODES, ORGANISER_ERRORS, READ_ERRORS, Api, denied, valid
from karlchen.api.etags import ETAG_PARAMETER, json_answer
from karlchen.plaintext import has_control_characters
from karlchen.refusals import refused
from karlchen.strict_input import StrictIntegerField, StrictSerializer, TextOrNullField
from people.access import manageable_players
from people.domain.duplicates import duplicate_pairs
from people.domain.memberships import remove_membership, set_membership
from people.domain.players import change_player, record_consent
from people.domain.search import SEARCH_LIMIT as SEARCH_SUGGESTIONS
from people.domain.search import find_people
from people.models import Player
from registry.domain.merge import merge_players
from registry.domain.privacy import erase_player, export_player
from registry.domain.profile import public_profile
from tournaments.api.serializers import StrictBooleanField

SEARCH_LIMIT = 100


class MembershipOutput(serializers.Serializer):
    association = serializers.IntegerField(source="association_id")
    association_name = serializers.CharField(source="association.name")
    member_number = serializers.CharField()


class RegistryPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = TextOrNullField(source="club_name")
    member_number = serializers.CharField(
        allow_null=True, help_text="The DDV member number (the ranking export's)."
    )
    memberships = MembershipOutput(
        source="memberships.all",
        many=True,
        help_text="Memberships of associations, each with its member number, by association.",
    )
    birth_year = serializers.IntegerField(allow_null=True)
    guest = serializers.BooleanField()
    listing_consent = serializers.BooleanField(
        allow_null=True, help_text="Agrees to a public profile: true, false, null (not asked)."
    )
    consent_at = serializers.DateTimeField(allow_null=True)
    consent_by = serializers.CharField(help_text="Who recorded the consent.")
    consent_how = serializers.CharField(help_text="How it was given.")
    profile_hidden = serializers.BooleanField()
    profile_public = serializers.BooleanField(help_text="Whether /p/{id}/ shows a profile.")
    erased_at = serializers.DateTimeField(allow_null=True)


def managed_player(request, player_id: int) -> Player:
    """The player if the user may manage it; 401 without credentials, else 404."""
    if not request.user.is_authenticated:
        raise denied(request)
    player = manageable_players(request.user).filter(pk=player_id).first()
    if player is None:
        raise NotFound()
    return player


def actor(request) -> Actor:
    return Actor.of_user(request.user)


class PlayersApi(Api):
    @extend_schema(
        operation_id="registry_players_list",
        summary="The players the user may manage (organisers), found by name or member number",
        parameters=[
            OpenApiParameter("q", str, description="Part of the name or the member number."),
            OpenApiParameter(
                "search",
                str,
                description=(
                    "A name as it is typed: each word begins a word of the name, case, accents "
                    "and umlauts written out ignored (`mue` finds Müller), or the member number. "
                    f"The best {SEARCH_SUGGESTIONS} first (member numbers, then names beginning "
                    "with it, then the rest, each by name); the erased never. Takes the place "
                    "of `q`."
                ),
            ),
        ],
        responses={200: RegistryPlayerOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        players = manageable_players(request.user)
        for name in ("search", "q"):
            if has_control_characters(request.query_params.get(name, "")):
                raise refused("text_control_characters", name)
        if "search" in request.query_params:
            found = find_people(players, request.query_params["search"])
            return Response(RegistryPlayerOutput(found, many=True).data)
        query = request.query_params.get("q", "").strip()
        if query:
            players = players.filter(Q(name__icontains=query) | Q(member_number=query))
        return Response(RegistryPlayerOutput(players[:SEARCH_LIMIT], many=True).data)


class PlayerUpdateInput(StrictSerializer):
    name = serializers.CharField(max_length=120, required=False)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    member_number = serializers.CharField(
        max_length=30, required=False, allow_blank=True, allow_null=True
    )
    birth_year = StrictIntegerField(required=False, allow_null=True)
    guest = StrictBooleanField(required=False)
    profile_hidden = StrictBooleanField(required=False)


class PlayerApi(Api):
    @extend_schema(
        operation_id="registry_player_detail",
        summary="One player of the registry (organisers)",
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def get(self, request, player_id):
        return Response(RegistryPlayerOutput(managed_player(request, player_id)).data)

    @extend_schema(
        operation_id="registry_player_update",
        summary="Correct a player: name, club, member number, year of birth, guest, profile "
        "hidden (organisers)",
        description=CODES,
        request=PlayerUpdateInput,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, player_id):
        player = managed_player(request, player_id)
        data = valid(PlayerUpdateInput, request.data)
        player = change_player(player, data, by=actor(request))
        return Response(RegistryPlayerOutput(player).data)


class MembershipInput(StrictSerializer):
    member_number = serializers.CharField(
        max_length=30, help_text="The member number the association gave the person."
    )


class MembershipApi(Api):
    @extend_schema(
        operation_id="registry_player_membership_set",
        summary="Set the person's membership of an association, with its member number "
        "(organisers)",
        description=CODES,
        request=MembershipInput,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def put(self, request, player_id, association_id):
        player = managed_player(request, player_id)
        association = _association(association_id)
        data = valid(MembershipInput, request.data)
        set_membership(player, association, data["member_number"], by=actor(request))
        return Response(RegistryPlayerOutput(_fresh(request, player)).data)

    @extend_schema(
        operation_id="registry_player_membership_remove",
        summary="Remove the person's membership of an association (organisers)",
        description=CODES,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def delete(self, request, player_id, association_id):
        player = managed_player(request, player_id)
        remove_membership(player, _association(association_id), by=actor(request))
        return Response(RegistryPlayerOutput(_fresh(request, player)).data)


def _association(association_id: int) -> Association:
    association = Association.objects.filter(pk=association_id).first()
    if association is None:
        raise NotFound()
    return association


def _fresh(request, player: Player) -> Player:
    return managed_player(request, player.pk)


class ConsentInput(StrictSerializer):
    consent = StrictBooleanField(
        allow_null=True, help_text="true: agrees; false: does not; null: not asked."
    )
    how = serializers.CharField(
        max_length=200, required=False, allow_blank=True, help_text="How it was given."
    )


class ConsentApi(Api):
    @extend_schema(
        operation_id="registry_player_consent",
        summary="Record whether the person agrees to a public profile, and how (organisers)",
        description=CODES,
        request=ConsentInput,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def put(self, request, player_id):
        player = managed_player(request, player_id)
        data = valid(ConsentInput, request.data)
        player = record_consent(player, data["consent"], data.get("how", ""), by=actor(request))
        return Response(RegistryPlayerOutput(player).data)


class DuplicateOutput(serializers.Serializer):
    first = RegistryPlayerOutput()
    second = RegistryPlayerOutput()
    score = serializers.FloatField(help_text="0 to 1: how likely they are one person.")
    reasons = serializers.ListField(child=serializers.CharField())


class DuplicatesApi(Api):
    @extend_schema(
        operation_id="registry_players_duplicates",
        summary="Likely duplicates among the players the user may manage, best first",
        responses={200: DuplicateOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        pairs = duplicate_pairs(manageable_players(request.user))
        return Response(DuplicateOutput(pairs, many=True).data)


class MergeInput(StrictSerializer):
    other = StrictIntegerField(min_value=1, help_text="The player merged into this one.")


class MergeApi(Api):
    @extend_schema(
        operation_id="registry_player_merge",
        summary="Merge another player into this one: their history follows (organisers of both)",
        description=CODES,
        request=MergeInput,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, player_id):
        kept = managed_player(request, player_id)
        data = valid(MergeInput, request.data)
        other = manageable_players(request.user).filter(pk=data["other"]).first()
        if other is None:
            raise NotFound()
        return Response(RegistryPlayerOutput(merge_players(kept, other, by=actor(request))).data)


class ExportApi(Api):
    @extend_schema(
        operation_id="registry_player_export",
        summary="Everything stored about the person, as JSON (organisers; logged)",
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def get(self, request, player_id):
        player = managed_player(request, player_id)
        data = export_player(player, by=actor(request))
        response = Response(data)
        response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
        response["Cache-Control"] = "private, no-store"
        return response


class EraseInput(StrictSerializer):
    confirm = serializers.CharField(
        max_length=200, help_text="The person's name exactly as shown: erasing is irreversible."
    )


class EraseApi(Api):
    @extend_schema(
        operation_id="registry_player_erase",
        summary="Erase the person's data for good: results stay, anonymised (organisers)",
        description=CODES,
        request=EraseInput,
        responses={200: RegistryPlayerOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, player_id):
        player = managed_player(request, player_id)
        data = valid(EraseInput, request.data)
        player = erase_player(player, confirm=data["confirm"], by=actor(request))
        return Response(RegistryPlayerOutput(player).data, status=status.HTTP_200_OK)


class ProfileApi(Api):
    @extend_schema(
        operation_id="registry_player_profile",
        summary="A player's public profile: public tournaments and seasons (anyone)",
        description="A 404 where the person did not agree to a public profile, hid it or was "
        "erased (as if there were no such player).",
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: None, **READ_ERRORS},
    )
    def get(self, request, player_id):
        answer = self.spectator_read(request, player_id)
        if answer is None:
            raise NotFound()
        return answer

    def spectator_read(self, request, player_id):
        body = public_profile(player_id)
        return None if body is None else json_answer(request, body)
