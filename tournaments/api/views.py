"""Tournament API: tournaments, entries and standings (the series are in ``series_views``).

One view per operation; where two operations share a path (``GET``/``POST tournaments/``), a
class combining the two is routed. Access rules are in ``permissions.py``.
"""

from django.db import transaction
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.response import Response

from clubs import access
from clubs.access import Can
from clubs.models import Club
from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    RESPONSE_401,
    RESPONSE_403,
    Api,
    OptionalPagination,
    denied,
    listing,
    valid,
)
from karlchen.api.parsers import SafeJSONParser
from karlchen.refusals import Refused, refused
from karlchen.strict_input import (
    JSONObjectField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from people.access import manageable_players
from rules import GAMES
from rules.quick import ENTRY_MODES
from tournaments.api.filters import EntryFilter, TournamentFilter
from tournaments.api.parsers import CSVTextParser, is_csv
from tournaments.api.permissions import (
    entry_of,
    organised_tournament,
    readable_tournament,
    visible_tournaments,
)
from tournaments.api.serializers import (
    EntryOutput,
    StrictBooleanField,
    TournamentOutput,
    start_time_field,
)
from tournaments.domain.entries import add_entry, import_entries_csv, set_entry_flags
from tournaments.domain.tournaments import change_host_club, create_tournament, update_tournament
from tournaments.enums import TournamentStatus
from tournaments.models import MAX_PROTEST_MINUTES, Entry, Tournament

# --- tournaments -------------------------------------------------------------------------------


class TournamentListApi(Api):
    filter_backends = (DjangoFilterBackend,)
    filterset_class = TournamentFilter
    pagination_class = OptionalPagination
    queryset = Tournament.objects.none()  # tells the schema generator the filtered model

    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments: the public ones, and the drafts the user organises",
        description="Filters as below; `limit` (and `offset`) page the list.",
        responses={200: TournamentOutput(many=True), 400: RESPONSE_400},
    )
    def get(self, request):
        return listing(request, self, visible_tournaments(request.user), TournamentOutput)


class TournamentCreateApi(Api):
    class InputSerializer(StrictSerializer):
        name = serializers.CharField(max_length=150)
        date = serializers.DateField()
        start_time = start_time_field()
        venue = serializers.CharField(max_length=150, required=False, allow_blank=True)
        region = serializers.CharField(max_length=80, required=False, allow_blank=True)
        referee = serializers.CharField(max_length=120, required=False, allow_blank=True)
        game = StrictChoiceField(choices=GAMES, required=False)
        rules = JSONObjectField(required=False, help_text="Preset and overrides (RULES.md §1.10).")
        series_count = StrictIntegerField(min_value=1, max_value=50, required=False)
        normal_deals = StrictIntegerField(min_value=1, max_value=200, required=False)
        compulsory_solos = StrictBooleanField(required=False)
        confirmation_required = StrictBooleanField(required=False)
        entry_mode = StrictChoiceField(
            choices=ENTRY_MODES,
            required=False,
            help_text="How captains enter deals: full, value or points (RULES.md §11.8).",
        )
        status = StrictChoiceField(choices=TournamentStatus.choices, required=False)
        club = StrictIntegerField(
            required=False,
            allow_null=True,
            help_text="The club whose tournament it is (one where you are admin or organiser); "
            "none: a private tournament of its organisers.",
        )
        ranking_tournament = StrictBooleanField(
            required=False, help_text="Counts for the association's ranking lists."
        )

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
        data["club"] = access.club_to_run(request.user, data.get("club"))
        tournament = create_tournament(by=Actor.of_user(request.user), **data)
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
        start_time = start_time_field()
        venue = serializers.CharField(max_length=150, required=False, allow_blank=True)
        region = serializers.CharField(max_length=80, required=False, allow_blank=True)
        referee = serializers.CharField(max_length=120, required=False, allow_blank=True)
        confirmation_required = StrictBooleanField(required=False)
        entry_mode = StrictChoiceField(
            choices=ENTRY_MODES,
            required=False,
            help_text="How captains enter deals: full, value or points (RULES.md §11.8).",
        )
        status = StrictChoiceField(choices=TournamentStatus.choices, required=False)
        ranking_tournament = StrictBooleanField(
            required=False, help_text="Counts for the association's ranking lists."
        )
        standings_public = StrictBooleanField(
            required=False, help_text="Spectators see the ranking (organisers always do)."
        )
        standings_frozen = StrictBooleanField(
            required=False,
            help_text="true: spectators keep seeing the ranking as it is now; false: live again.",
        )
        club = StrictIntegerField(
            required=False,
            allow_null=True,
            help_text="Move it to another host club (one where you run tournaments, as you do "
            "in its club now); null: a private tournament of its organisers, you among them.",
        )
        protest_minutes = StrictIntegerField(
            required=False,
            min_value=0,
            max_value=MAX_PROTEST_MINUTES,
            help_text="The protest period after the last series closes (minutes).",
        )

    @extend_schema(
        operation_id="tournament_update",
        summary="Change a tournament; publish, hide or freeze its standings (organisers)",
        description=(
            "Any status may follow any other; a draft is hidden from the public. Frozen "
            "standings are what spectators see until they are thawed; organisers always see "
            "the live ranking."
        ),
        request=InputSerializer,
        responses={200: TournamentOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(TournamentUpdateApi.InputSerializer, request.data)
        by = Actor.of_user(request.user)
        with transaction.atomic():  # a host club refused leaves the rest unchanged too
            if "club" in data:
                tournament = change_host_club(tournament, host_club(data.pop("club")), by=by)
            tournament = update_tournament(tournament, by=by, **data)
        return Response(TournamentOutput(tournament).data)


def host_club(club_id: int | None) -> Club | None:
    """The club of an id sent to move a tournament to (an unknown one: ``club_not_allowed``)."""
    if club_id is None:
        return None
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        raise Refused.one("club_not_allowed", "club")
    return club


class TournamentApi(TournamentDetailApi, TournamentUpdateApi):
    pass  # ``GET``/``PATCH tournaments/{id}/``: two operations


# --- entries -----------------------------------------------------------------------------------


class EntryListApi(Api):
    filter_backends = (DjangoFilterBackend,)
    filterset_class = EntryFilter
    pagination_class = OptionalPagination
    queryset = Entry.objects.none()  # tells the schema generator the filtered model

    @extend_schema(
        operation_id="entries_list",
        summary="The players entered (insiders, scorers too)",
        description="Filters as below; `limit` (and `offset`) page the list.",
        responses={
            200: EntryOutput(many=True),
            400: RESPONSE_400,
            401: RESPONSE_401,
            403: RESPONSE_403,
            **READ_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        entries = tournament.entries.select_related("player").order_by("start_number")
        return listing(request, self, entries, EntryOutput)


class EntryCreateApi(Api):
    parser_classes = (SafeJSONParser, CSVTextParser)

    class InputSerializer(StrictSerializer):
        name = serializers.CharField(
            max_length=120, required=False, allow_blank=True, help_text="Needed without `player`."
        )
        player = StrictIntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=2_147_483_647,
            help_text=(
                "A person known already (found with `GET /players/?search=`), entered as they "
                "are: `name`, `club` and `member_number` are then not read. One the user may "
                "not manage, or erased, is refused as `person_unknown`."
            ),
        )
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
            entries = import_entries_csv(tournament, text, by=Actor.of_user(request.user))
            body = EntryCreateApi.ImportOutputSerializer({"entries": entries}).data
            return Response(body, status=status.HTTP_201_CREATED)
        data = valid(EntryCreateApi.InputSerializer, request.data)
        fields = {k: v for k, v in data.items() if v is not None}
        if "player" in fields:
            known = manageable_players(request.user).filter(erased_at__isnull=True)
            fields["player"] = known.filter(pk=fields["player"]).first()
            if fields["player"] is None:
                raise refused("person_unknown", "player")
        entry = add_entry(tournament, by=Actor.of_user(request.user), **fields)
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class EntriesApi(EntryListApi, EntryCreateApi):
    pass  # ``GET``/``POST tournaments/{id}/entries/``: two operations


class EntryUpdateApi(Api):
    class InputSerializer(StrictSerializer):
        checked_in = StrictBooleanField(required=False)
        withdrawn = StrictBooleanField(required=False)
        hidden = StrictBooleanField(
            required=False,
            help_text="Spectators see the player as hidden (asked not to be listed).",
        )

    @extend_schema(
        operation_id="entry_update",
        summary="Check a player in (or out), withdraw them (or take them back), hide them",
        request=InputSerializer,
        responses={200: EntryOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id, entry_id):
        # scorers check players in and out; withdrawing and hiding is the organisers'
        checking_in = (
            set(request.data) <= {"checked_in"} if isinstance(request.data, dict) else False
        )
        tournament = organised_tournament(
            request, tournament_id, Can.SCORE if checking_in else Can.RUN
        )
        entry = entry_of(tournament, entry_id)
        data = valid(EntryUpdateApi.InputSerializer, request.data)
        entry = set_entry_flags(entry, by=Actor.of_user(request.user), **data)
        return Response(EntryOutput(entry).data)
