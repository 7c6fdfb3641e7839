"""Tournament API: tournaments, entries and standings (the series are in ``series_views``).

One view per operation; where two operations share a path (``GET``/``POST tournaments/``), a
class combining the two is routed. Access rules are in ``permissions.py``.
"""

import hashlib
import json

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.response import Response

from karlchen.api.fields import (
    JSONObjectField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from karlchen.api.parsers import SafeJSONParser
from scoring.engine import GAMES
from tournaments.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    RESPONSE_401,
    RESPONSE_403,
    Api,
    valid,
)
from tournaments.api.parsers import CSVTextParser, is_csv
from tournaments.api.permissions import (
    denied,
    entry_of,
    is_organiser,
    organised_tournament,
    readable_tournament,
    visible_tournaments,
)
from tournaments.api.serializers import (
    EntryOutput,
    StrictBooleanField,
    TournamentOutput,
)
from tournaments.domain.entries import (
    add_entry,
    create_tournament,
    import_entries_csv,
    set_checked_in,
    withdraw,
)
from tournaments.domain.standings import cached_standings
from tournaments.enums import TournamentStatus

# --- tournaments -------------------------------------------------------------------------------


class TournamentListApi(Api):
    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments: the public ones, and the drafts the user organises",
        responses={200: TournamentOutput(many=True)},
    )
    def get(self, request):
        tournaments = visible_tournaments(request.user)
        return Response(TournamentOutput(tournaments, many=True).data)


class TournamentCreateApi(Api):
    class InputSerializer(StrictSerializer):
        name = serializers.CharField(max_length=150)
        date = serializers.DateField()
        venue = serializers.CharField(max_length=150, required=False, allow_blank=True)
        game = StrictChoiceField(choices=GAMES, required=False)
        rules = JSONObjectField(required=False, help_text="Preset and overrides (RULES.md §1.10).")
        series_count = StrictIntegerField(min_value=1, max_value=50, required=False)
        normal_deals = StrictIntegerField(min_value=1, max_value=200, required=False)
        compulsory_solos = StrictBooleanField(required=False)
        confirmation_required = StrictBooleanField(required=False)
        status = StrictChoiceField(choices=TournamentStatus.choices, required=False)

    @extend_schema(
        operation_id="tournaments_create",
        summary="Create a tournament (any logged-in user; they become its organiser)",
        description=CODES,
        request=InputSerializer,
        responses={201: TournamentOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        data = valid(TournamentCreateApi.InputSerializer, request.data)
        tournament = create_tournament(by=request.user, **data)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class TournamentsApi(TournamentListApi, TournamentCreateApi):
    pass  # ``GET``/``POST tournaments/``: two operations


class TournamentDetailApi(Api):
    @extend_schema(
        operation_id="tournament_detail",
        summary="One tournament",
        responses={200: TournamentOutput, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = readable_tournament(request, tournament_id)
        return Response(TournamentOutput(tournament).data)


class TournamentUpdateApi(Api):
    class InputSerializer(StrictSerializer):
        name = serializers.CharField(max_length=150, required=False)
        date = serializers.DateField(required=False)
        venue = serializers.CharField(max_length=150, required=False, allow_blank=True)
        confirmation_required = StrictBooleanField(required=False)
        status = StrictChoiceField(choices=TournamentStatus.choices, required=False)

    @extend_schema(
        operation_id="tournament_update",
        summary="Change a tournament's name, date, venue, confirmation setting or status",
        description="Any status may follow any other; a draft is hidden from the public.",
        request=InputSerializer,
        responses={200: TournamentOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(TournamentUpdateApi.InputSerializer, request.data)
        for name, value in data.items():
            setattr(tournament, name, value)
        tournament.full_clean()
        tournament.save(update_fields=list(data))
        return Response(TournamentOutput(tournament).data)


class TournamentApi(TournamentDetailApi, TournamentUpdateApi):
    pass  # ``GET``/``PATCH tournaments/{id}/``: two operations


# --- entries -----------------------------------------------------------------------------------


class EntryListApi(Api):
    @extend_schema(
        operation_id="entries_list",
        summary="The players entered (organisers)",
        responses={
            200: EntryOutput(many=True),
            401: RESPONSE_401,
            403: RESPONSE_403,
            **READ_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        entries = tournament.entries.select_related("player__club").order_by("start_number")
        return Response(EntryOutput(entries, many=True).data)


class EntryCreateApi(Api):
    parser_classes = (SafeJSONParser, CSVTextParser)

    class InputSerializer(StrictSerializer):
        name = serializers.CharField(max_length=120, allow_blank=True)
        club = serializers.CharField(max_length=120, required=False, allow_blank=True)
        member_number = serializers.CharField(
            max_length=30, required=False, allow_null=True, allow_blank=True
        )
        start_number = StrictIntegerField(
            required=False, allow_null=True, max_value=2_147_483_647, help_text="Default: next."
        )

    class ImportOutputSerializer(serializers.Serializer):
        entries = EntryOutput(many=True)

    @extend_schema(
        operation_id="entries_create",
        summary="Enter a player (JSON), or a whole list (text/csv, all or nothing)",
        description=(
            "A `text/csv` body has the header `name,club,member_number,start_number`; a refused "
            "file stores nothing and names every problem as `csv.<line>.<column>`.\n\n" + CODES
        ),
        request={"application/json": InputSerializer, "text/csv": OpenApiTypes.STR},
        responses={
            201: PolymorphicProxySerializer(
                component_name="EntryCreated",
                serializers=[EntryOutput, ImportOutputSerializer],
                resource_type_field_name=None,
            ),
            **ORGANISER_ERRORS,
        },
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        if is_csv(request):
            text = request.data if isinstance(request.data, str) else ""  # empty body: {}
            entries = import_entries_csv(tournament, text)
            body = EntryCreateApi.ImportOutputSerializer({"entries": entries}).data
            return Response(body, status=status.HTTP_201_CREATED)
        data = valid(EntryCreateApi.InputSerializer, request.data)
        entry = add_entry(tournament, **{k: v for k, v in data.items() if v is not None})
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class EntriesApi(EntryListApi, EntryCreateApi):
    pass  # ``GET``/``POST tournaments/{id}/entries/``: two operations


class EntryUpdateApi(Api):
    class InputSerializer(StrictSerializer):
        checked_in = StrictBooleanField(required=False)
        withdrawn = StrictBooleanField(required=False)

    @extend_schema(
        operation_id="entry_update",
        summary="Check a player in (or out), withdraw them (or take them back)",
        request=InputSerializer,
        responses={200: EntryOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id, entry_id):
        tournament = organised_tournament(request, tournament_id)
        entry = entry_of(tournament, entry_id)
        data = valid(EntryUpdateApi.InputSerializer, request.data)
        if "checked_in" in data:
            entry = set_checked_in(entry, data["checked_in"])
        if "withdrawn" in data:
            entry = withdraw(entry, data["withdrawn"])
        return Response(EntryOutput(entry).data)


# --- standings -----------------------------------------------------------------------------------


class StandingsApi(Api):
    class OutputSerializer(serializers.Serializer):
        class PlayerSerializer(serializers.Serializer):
            id = serializers.IntegerField(source="player_id")
            name = serializers.CharField()
            club = serializers.CharField(allow_null=True)

        rank = serializers.IntegerField()
        entry = serializers.IntegerField(source="entry_id")
        player = PlayerSerializer(source="*")
        start_number = serializers.IntegerField()
        total = serializers.IntegerField()
        series = serializers.DictField(
            child=serializers.IntegerField(),
            source="per_series",
            help_text="Points per series, keyed by the series number.",
        )
        deals_played = serializers.IntegerField()
        series_won = serializers.IntegerField()
        withdrawn = serializers.BooleanField()

    @extend_schema(
        operation_id="standings",
        summary="The ranking (with an ETag: send If-None-Match to get a 304 while unchanged)",
        description=(
            "Where the tournament asks players to confirm deals, the public ranking counts "
            "confirmed deals only; its organisers see every deal."
        ),
        parameters=[OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER)],
        responses={
            200: OutputSerializer(many=True),
            304: OpenApiResponse(description="Not modified: the ETag still matches."),
            **READ_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        tournament = readable_tournament(request, tournament_id)
        # Organisers see every deal at once; the public only confirmed ones, where required.
        confirmed_only = tournament.confirmation_required and not is_organiser(
            request.user, tournament
        )
        ranking = cached_standings(tournament, confirmed_only=confirmed_only)
        body = StandingsApi.OutputSerializer(ranking, many=True).data
        etag = _etag(body)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if _matches(request.headers.get("If-None-Match", ""), etag):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(body, headers=headers)


def _etag(body) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return f'"{hashlib.sha256(canonical.encode()).hexdigest()[:32]}"'


def _matches(if_none_match: str, etag: str) -> bool:
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return etag in tags or "*" in tags
