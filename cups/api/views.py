"""The team cups' API: organisers set a cup up, start its rounds and pairings, mark results
final; anyone reads a public cup (its group tables and bracket) as a cached body with an ETag.

A private cup is a 404 to anyone but its organisers (its season's rule). The cup's body is
cached with its season (``karlchen.changes.cached_season_body``): a deal at any of its
tournaments, a result marked final, a placing or the draw turns it over.
"""

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from competitions.api.squads import SquadApi, SquadMemberApi, squad_schemas
from competitions.models import Entrant, Fixture, Group
from cups.access import readable_cup
from cups.domain.archive import export_cup_archive, import_cup_archive
from cups.domain.cups import (
    create_cup,
    place_group,
    set_match_final,
    start_group_round,
    start_pairings,
)
from cups.domain.state import cached_cup
from cups.models import Cup
from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    RESPONSE_401,
    Api,
    denied,
    valid,
)
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.refusals import refused
from karlchen.strict_input import JSONObjectField, StrictIntegerField, StrictSerializer
from results.domain.archive import parse_archive
from seasons.access import is_season_organiser, visible_seasons
from seasons.api.views import SeasonFieldsInput
from tournaments.api.permissions import IMPORT_CLUB, import_club
from tournaments.api.serializers import StrictBooleanField


def cup_for(request, cup_id: int) -> tuple[Cup, bool]:
    """The cup and whether the user organises it; 404 where they may not see it."""
    found = readable_cup(request.user, cup_id)
    if found is None:
        raise NotFound()
    return found


def organised_cup(request, cup_id: int) -> Cup:
    cup, _insider = cup_for(request, cup_id)
    if not is_season_organiser(request.user, cup.season):
        raise denied(request)
    return cup


class CupSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    season = serializers.IntegerField(source="season_id")
    name = serializers.CharField(source="season.name")
    game = serializers.CharField(source="season.game")
    is_public = serializers.BooleanField(source="season.is_public")
    rule = serializers.JSONField()
    drawn = serializers.SerializerMethodField()

    def get_drawn(self, cup: Cup) -> bool:
        return bool(cup.seeds)


class MatchOutput(serializers.Serializer):
    class SideSerializer(serializers.Serializer):
        team = serializers.IntegerField(source="entrant_id", help_text="The cup team's id.")
        name = serializers.CharField(source="entrant.name")
        roster = serializers.IntegerField(
            source="team_id", allow_null=True, help_text="Its team in the tournament."
        )

    id = serializers.IntegerField()
    tournament = serializers.IntegerField(source="evening.tournament_id")
    name = serializers.CharField(source="evening.tournament.name")
    date = serializers.DateField(source="evening.tournament.date")
    group = serializers.IntegerField(source="group_id", allow_null=True)
    round = serializers.IntegerField()
    position = serializers.IntegerField(allow_null=True)
    final = serializers.BooleanField()
    winner = serializers.IntegerField(source="winner_id", allow_null=True)
    sides = SideSerializer(many=True)


class CupListApi(Api):
    @extend_schema(
        operation_id="cups_list",
        summary="Team cups: the public ones, and those the user organises",
        responses={200: CupSummaryOutput(many=True)},
    )
    def get(self, request):
        seasons = visible_seasons(request.user).values_list("pk", flat=True)
        cups = Cup.objects.filter(season__in=seasons).select_related("season")
        return Response(CupSummaryOutput(cups, many=True).data)


class CupCreateApi(Api):
    class InputSerializer(SeasonFieldsInput):
        rule = JSONObjectField(required=False, help_text="The cup's rule (docs/TEAMS.md).")
        groups = serializers.JSONField(
            help_text='[{"name", "teams": [{"name", "club", "players": ["name" or '
            '{"name", "member_number"}]}]}]'
        )

    @extend_schema(
        operation_id="cups_create",
        summary="Set up a team cup (any logged-in user; they become its organiser)",
        description="The cup is a season (its fields as for `POST /seasons/`) with groups of "
        "teams.\n\n" + CODES,
        request=InputSerializer,
        responses={201: CupSummaryOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        data = valid(CupCreateApi.InputSerializer, request.data)
        rule = data.pop("rule", {})
        groups = data.pop("groups")
        cup = create_cup(by=Actor.of_user(request.user), season=data, rule=rule, groups=groups)
        return Response(CupSummaryOutput(cup).data, status=status.HTTP_201_CREATED)


class CupsApi(CupListApi, CupCreateApi):
    pass  # ``GET``/``POST cups/``: two operations


class CupApi(Api):
    @extend_schema(
        operation_id="cup_detail",
        summary="A team cup now: its teams, group tables and bracket (with an ETag)",
        description=(
            "Computed from its tournaments' standings (every deal counts): a group table is "
            "`provisional` until each of its rounds is marked final; the bracket is "
            "`provisional` (what the group tables would give now) until the knock-out is "
            "drawn. Send `If-None-Match` to get a 304 while nothing changed."
        ),
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, cup_id):
        cup, organiser = cup_for(request, cup_id)
        return json_answer(request, cached_cup(cup, public=not organiser), organiser=organiser)


class NewMatchesInput(StrictSerializer):
    date = serializers.DateField(required=False, help_text="Default: today.")


class RoundsApi(Api):
    class InputSerializer(NewMatchesInput):
        number = StrictIntegerField(min_value=1, max_value=1000)

    @extend_schema(
        operation_id="cup_round_start",
        summary="Start a group round: a tournament per group with its teams set up (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={201: MatchOutput(many=True), **ORGANISER_ERRORS},
    )
    def post(self, request, cup_id):
        cup = organised_cup(request, cup_id)
        data = valid(RoundsApi.InputSerializer, request.data)
        matches = start_group_round(cup, by=Actor.of_user(request.user), **data)
        return Response(_matches(matches), status=status.HTTP_201_CREATED)


class PairingsApi(Api):
    InputSerializer = NewMatchesInput

    @extend_schema(
        operation_id="cup_pairings_start",
        summary="Start the knock-out pairings due now, a tournament each (organisers)",
        description="The first call draws the bracket from the group tables and keeps it.\n\n"
        + CODES,
        request=InputSerializer,
        responses={201: MatchOutput(many=True), **ORGANISER_ERRORS},
    )
    def post(self, request, cup_id):
        cup = organised_cup(request, cup_id)
        data = valid(PairingsApi.InputSerializer, request.data)
        matches = start_pairings(cup, by=Actor.of_user(request.user), **data)
        return Response(_matches(matches), status=status.HTTP_201_CREATED)


def _matches(matches: list[Fixture]) -> list[dict]:
    found = (
        Fixture.objects.filter(pk__in=[m.pk for m in matches])
        .select_related("evening__tournament")
        .prefetch_related("sides__entrant")
        .order_by("group__position", "round", "position")
    )
    return list(MatchOutput(found, many=True).data)


class GroupPlacingApi(Api):
    class InputSerializer(StrictSerializer):
        order = serializers.ListField(
            child=StrictIntegerField(min_value=1),
            allow_null=True,
            help_text="The group's teams, best first; null takes the placing back.",
        )

    @extend_schema(
        operation_id="cup_group_placing",
        summary="Place a group whose qualifying line is tied (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: CupSummaryOutput, **ORGANISER_ERRORS},
    )
    def put(self, request, cup_id, group_id):
        cup = organised_cup(request, cup_id)
        group = Group.objects.filter(competition=cup, pk=group_id).first()
        if group is None:
            raise NotFound()
        data = valid(GroupPlacingApi.InputSerializer, request.data)
        cup = place_group(cup, group, by=Actor.of_user(request.user), order=data["order"])
        return Response(CupSummaryOutput(cup).data)


class MatchApi(Api):
    class InputSerializer(StrictSerializer):
        final = StrictBooleanField()
        winner = StrictIntegerField(
            min_value=1,
            required=False,
            allow_null=True,
            help_text="A tied pairing the rule leaves to a decider: the cup team that won it.",
        )
        reason = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=2000,
            help_text="Why the final results are reopened (required with `final: false` on a "
            "final match; logged).",
        )

    @extend_schema(
        operation_id="cup_match_final",
        summary="Mark a group round's or pairing's results final, or take it back (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: MatchOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, cup_id, match_id):
        cup = organised_cup(request, cup_id)
        match = Fixture.objects.filter(competition=cup, pk=match_id).first()
        if match is None:
            raise NotFound()
        data = valid(MatchApi.InputSerializer, request.data)
        winner = None
        if data.get("winner") is not None:
            winner = Entrant.objects.filter(competition=cup, pk=data["winner"]).first()
            if winner is None:
                raise refused("cup_winner_not_in_pairing", "winner")
        set_match_final(
            match,
            by=Actor.of_user(request.user),
            final=data["final"],
            winner=winner,
            reason=data.get("reason", ""),
        )
        return Response(_matches([match])[0])


class CupArchiveExportApi(Api):
    @extend_schema(
        operation_id="cup_archive_export",
        summary="The cup as an archive (organisers): its season archive, groups, teams, draw",
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def get(self, request, cup_id):
        cup = organised_cup(request, cup_id)
        return Response(export_cup_archive(cup))


class CupArchiveImportApi(Api):
    @extend_schema(
        operation_id="cup_archive_import",
        summary="A new cup from a cup archive (any logged-in user; they organise it)",
        description="The body is a cup archive as exported (`GET /cups/{id}/archive/`).\n\n"
        + CODES,
        request=OpenApiTypes.OBJECT,
        parameters=[IMPORT_CLUB],
        responses={201: CupSummaryOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        archive = parse_archive(request._request.read(settings.ARCHIVE_MAX_BYTES + 1))
        cup = import_cup_archive(archive, by=Actor.of_user(request.user), club=import_club(request))
        return Response(CupSummaryOutput(cup).data, status=status.HTTP_201_CREATED)


SQUAD = squad_schemas("cup", "cup")


def _cup_team(request, cup_id: int, team_id: int, *, write: bool) -> tuple[Entrant, bool]:
    """A team of the cup and whether the user reads as an insider; 404 where they may not see
    it (or it is none), 401/403 for a write."""
    if write:
        cup, insider = organised_cup(request, cup_id), True
    else:
        cup, insider = cup_for(request, cup_id)
    team = Entrant.objects.filter(pk=team_id, competition=cup).select_related("competition__season")
    found = team.first()
    if found is None:
        raise NotFound()
    return found, insider


@extend_schema_view(get=SQUAD["get"], post=SQUAD["post"])
class CupSquadApi(SquadApi):
    def team(self, request, *, write: bool, **kwargs):
        return _cup_team(request, kwargs["cup_id"], kwargs["team_id"], write=write)


@extend_schema_view(patch=SQUAD["patch"], delete=SQUAD["delete"])
class CupSquadMemberApi(SquadMemberApi):
    def team(self, request, *, write: bool, **kwargs):
        return _cup_team(request, kwargs["cup_id"], kwargs["team_id"], write=write)
