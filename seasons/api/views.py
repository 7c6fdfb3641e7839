"""What anyone reads of a season: the seasons, the season ranking, a player's season.

The ranking and a player's season are cached JSON bodies with ETags (``karlchen.changes``), like
the evening's standings: ``If-None-Match`` with the current ETag answers 304. A private season
is a 404 to anyone but its organisers; organisers read it live over every evening.
"""

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs import access
from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    RESPONSE_401,
    Api,
    denied,
    get_or_404,
    valid,
)
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.strict_input import (
    JSONObjectField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from results.domain.archive import parse_archive
from rules import GAMES
from rules.quick import ENTRY_MODES
from seasons.access import may_take_evening, organised_seasons, visible_seasons
from seasons.api.permissions import organised_season, season_for
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.domain.final import create_final
from seasons.domain.seasons import (
    add_evening,
    create_season,
    new_evening,
    remove_evening,
    update_season,
)
from seasons.domain.standings import player_season, public_season_ranking, season_ranking
from seasons.models import Season, SeasonEvening, individual_cup
from seasons.visibility import visible_final
from tournaments.api.permissions import IMPORT_CLUB, import_club, refusal
from tournaments.api.serializers import StrictBooleanField, TournamentOutput
from tournaments.models import Tournament
from tournaments.visibility import public_condition


class SeasonFinalOutput(serializers.Serializer):
    class SeedSerializer(serializers.Serializer):
        seed = serializers.IntegerField(help_text="1: the season's best (the start number).")
        player = serializers.IntegerField()
        rank = serializers.IntegerField(help_text="The season rank it was created with.")
        score = serializers.FloatField()

    # of the season's individual cup (``IndividualCup``)
    tournament = serializers.IntegerField(source="final.pk")
    name = serializers.CharField(source="final.name")
    date = serializers.DateField(source="final.date")
    seeds = SeedSerializer(many=True)


def shown_final(season: Season, *, organiser: bool) -> dict | None:
    """The cup's final as the reader may see it: a draft final only to its organisers."""
    cup = individual_cup(season)
    if cup is None or visible_final(cup.final, insider=organiser) is None:
        return None
    return dict(SeasonFinalOutput(cup).data)


class SeasonOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    club = serializers.CharField(source="club.name", allow_null=True, default=None)
    club_id = serializers.IntegerField(allow_null=True, help_text="Its club's id (null: none).")
    association = serializers.IntegerField(
        source="association_id", allow_null=True, help_text="Its association's id (null: none)."
    )
    is_public = serializers.BooleanField()
    cup_places = serializers.IntegerField(
        source="individual_cup.places",  # null where the season has no cup
        allow_null=True,
        help_text="A cup: how many of the ranking qualify for its final.",
    )
    ranking_rule = serializers.JSONField(help_text="A preset and its options (docs/SEASONS.md).")
    rules = serializers.JSONField(help_text="The rule set new evenings start with.")
    series_count = serializers.IntegerField()
    normal_deals = serializers.IntegerField()
    entry_mode = serializers.CharField(help_text="How its evenings' captains enter deals.")
    final = serializers.SerializerMethodField(
        help_text="A cup's final, once created (a draft final only for organisers)."
    )

    @extend_schema_field(SeasonFinalOutput(allow_null=True))
    def get_final(self, season: Season) -> dict | None:
        return shown_final(season, organiser=self.context.get("organiser", True))


class SeasonFieldsInput(StrictSerializer):
    name = serializers.CharField(max_length=150)
    game = StrictChoiceField(choices=GAMES, required=False)
    ranking_rule = JSONObjectField(
        required=False, help_text="A preset and its options (docs/SEASONS.md)."
    )
    cup_places = StrictIntegerField(min_value=1, max_value=1000, required=False, allow_null=True)
    is_public = StrictBooleanField(required=False)
    rules = JSONObjectField(required=False, help_text="The rule set new evenings start with.")
    series_count = StrictIntegerField(min_value=1, max_value=50, required=False)
    normal_deals = StrictIntegerField(min_value=1, max_value=200, required=False)
    venue = serializers.CharField(max_length=150, required=False, allow_blank=True)
    entry_mode = StrictChoiceField(
        choices=ENTRY_MODES,
        required=False,
        help_text="How its evenings' captains enter deals: full, value or points (RULES.md §11.8).",
    )


class SeasonListApi(Api):
    @extend_schema(
        operation_id="seasons_list",
        summary="Seasons: the public ones, and those the user organises",
        responses={200: SeasonOutput(many=True)},
    )
    def get(self, request):
        seasons = visible_seasons(request.user).select_related("individual_cup__final")
        organised = (
            set(organised_seasons(request.user).values_list("pk", flat=True))
            if request.user.is_authenticated
            else set()
        )
        return Response(
            [
                SeasonOutput(season, context={"organiser": season.pk in organised}).data
                for season in seasons
            ]
        )


class SeasonCreateApi(Api):
    class InputSerializer(SeasonFieldsInput):
        club = StrictIntegerField(
            required=False,
            allow_null=True,
            help_text="The club whose season it is (one where you are admin or organiser).",
        )
        association = StrictIntegerField(
            required=False,
            allow_null=True,
            help_text="The association whose league or ranking list it is (its admins).",
        )

    @extend_schema(
        operation_id="seasons_create",
        summary="Set up a season (any logged-in user; they become its organiser)",
        description=CODES,
        request=InputSerializer,
        responses={201: SeasonOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        data = valid(SeasonCreateApi.InputSerializer, request.data)
        data["club"] = access.club_to_run(request.user, data.get("club"))
        data["association"] = access.association_to_run(request.user, data.get("association"))
        season = create_season(by=Actor.of_user(request.user), **data)
        return Response(SeasonOutput(season).data, status=status.HTTP_201_CREATED)


class SeasonsApi(SeasonListApi, SeasonCreateApi):
    pass  # ``GET``/``POST seasons/``: two operations


class SeasonDetailApi(Api):
    class OutputSerializer(SeasonOutput):
        class EveningSerializer(serializers.Serializer):
            tournament = serializers.IntegerField(source="tournament_id")
            name = serializers.CharField(source="tournament.name")
            date = serializers.DateField(source="tournament.date")
            ranking_tournament = serializers.BooleanField()

        evenings = EveningSerializer(many=True, help_text="Its evenings, oldest first.")

    @extend_schema(
        operation_id="season_detail",
        summary="One season with its evenings",
        responses={200: OutputSerializer, **READ_ERRORS},
    )
    def get(self, request, season_id):
        season, organiser = season_for(request, season_id)
        evenings = SeasonEvening.objects.filter(season=season).select_related("tournament")
        if not organiser:
            evenings = evenings.filter(public_condition("tournament__"))
        rows = SeasonDetailApi.OutputSerializer.EveningSerializer(evenings, many=True).data
        output = SeasonOutput(season, context={"organiser": organiser})
        return Response(output.data | {"evenings": rows})


class SeasonUpdateApi(Api):
    class InputSerializer(SeasonFieldsInput):
        name = serializers.CharField(max_length=150, required=False)

    @extend_schema(
        operation_id="season_update",
        summary="Change a season: its name, ranking rule, cup places, public flag, new evenings' "
        "rules (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: SeasonOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(SeasonUpdateApi.InputSerializer, request.data)
        season = update_season(season, by=Actor.of_user(request.user), **data)
        return Response(SeasonOutput(season).data)


class SeasonApi(SeasonDetailApi, SeasonUpdateApi):
    pass  # ``GET``/``PATCH seasons/{id}/``: two operations


class EveningAddApi(Api):
    class InputSerializer(StrictSerializer):
        tournament = StrictIntegerField(min_value=1, help_text="The tournament's id.")
        ranking_tournament = StrictBooleanField(required=False)

    class OutputSerializer(serializers.Serializer):
        tournament = serializers.IntegerField(source="tournament_id")
        ranking_tournament = serializers.BooleanField()

    @extend_schema(
        operation_id="season_evening_add",
        summary="Make a tournament an evening of the season (organisers of both)",
        description=CODES,
        request=InputSerializer,
        responses={201: OutputSerializer, **ORGANISER_ERRORS},
    )
    def post(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(EveningAddApi.InputSerializer, request.data)
        tournament = get_or_404(Tournament.objects.all(), data["tournament"])
        if not may_take_evening(request.user, tournament, season):
            raise refusal(request, tournament)  # 404 where private to the user, else 403
        membership = add_evening(
            season,
            tournament,
            by=Actor.of_user(request.user),
            ranking_tournament=data.get("ranking_tournament", False),
        )
        return Response(
            EveningAddApi.OutputSerializer(membership).data, status=status.HTTP_201_CREATED
        )


class EveningRemoveApi(Api):
    @extend_schema(
        operation_id="season_evening_remove",
        summary="Take a tournament out of the season (its results stay its own; organisers)",
        description=CODES,
        responses={204: None, **ORGANISER_ERRORS},
    )
    def delete(self, request, season_id, tournament_id):
        season = organised_season(request, season_id)
        membership = SeasonEvening.objects.filter(season=season, tournament_id=tournament_id)
        found = membership.select_related("tournament").first()
        if found is None:
            raise NotFound()
        remove_evening(season, found.tournament, by=Actor.of_user(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class NewTournamentInput(StrictSerializer):
    """A tournament the season starts (its next evening, a cup's final): when, and its name."""

    date = serializers.DateField(
        required=False,
        help_text="Default: a week after the last evening, today at the earliest.",
    )
    name = serializers.CharField(max_length=150, required=False)


class NextEveningApi(Api):
    InputSerializer = NewTournamentInput

    @extend_schema(
        operation_id="season_next_evening",
        summary="Start the season's next evening: its rules, and its regulars entered (organisers)",
        description=(
            "A draft tournament with the season's rules, series and deal counts and venue, "
            "organised by the season's organisers, with the players of at least two of the "
            "season's last three evenings entered (to be checked in).\n\n" + CODES
        ),
        request=InputSerializer,
        responses={201: TournamentOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(NextEveningApi.InputSerializer, request.data)
        tournament = new_evening(season, by=Actor.of_user(request.user), **data)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class FinalApi(Api):
    InputSerializer = NewTournamentInput

    @extend_schema(
        operation_id="season_final_create",
        summary="Create a cup's final from its qualifiers, seeded by season rank (organisers)",
        description=(
            "A draft tournament with the season's rules and settings, seated by the standings, "
            "organised by the season's organisers, with the qualifiers (all those placed within "
            "`cup_places`, ties at the cut too) entered by seed: start number 1 is the season's "
            "best. It is the season's `final`, not one of its evenings.\n\n" + CODES
        ),
        request=InputSerializer,
        responses={201: TournamentOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(FinalApi.InputSerializer, request.data)
        tournament = create_final(season, by=Actor.of_user(request.user), **data)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class SeasonArchiveExportApi(Api):
    @extend_schema(
        operation_id="season_archive_export",
        summary="The season as an archive (organisers): its set-up, evenings and final",
        description="Each evening and the final is a tournament archive (§9.7) inside it.",
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def get(self, request, season_id):
        season = organised_season(request, season_id)
        return Response(export_season_archive(season))


class SeasonArchiveImportApi(Api):
    @extend_schema(
        operation_id="season_archive_import",
        summary="A new season from a season archive (any logged-in user; they organise it)",
        description=(
            "The body is a season archive as exported (`GET /seasons/{id}/archive/`), up to "
            "`ARCHIVE_MAX_BYTES`. Every evening is imported as a tournament archive is "
            "(§9.7); a refusal names each problem's place in the file (`evenings.2.tournament."
            "series.0.…`) and creates nothing.\n\n" + CODES
        ),
        request=OpenApiTypes.OBJECT,
        parameters=[IMPORT_CLUB],
        responses={201: SeasonOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        # Read here, not by a parser: an archive may exceed DATA_UPLOAD_MAX_MEMORY_SIZE.
        archive = parse_archive(request._request.read(settings.ARCHIVE_MAX_BYTES + 1))
        club = import_club(request)
        season = import_season_archive(archive, by=Actor.of_user(request.user), club=club)
        return Response(SeasonOutput(season).data, status=status.HTTP_201_CREATED)


class SeasonPlayerNameOutput(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    club = serializers.CharField(allow_null=True)


class SeasonRankingApi(Api):
    class OutputSerializer(serializers.Serializer):
        rank = serializers.IntegerField(allow_null=True, help_text="null: not ranked (yet).")
        ranked = serializers.BooleanField(help_text="Has the minimum number of lists.")
        player = SeasonPlayerNameOutput(help_text="All null for a player listed as hidden.")
        hidden = serializers.BooleanField()
        score = serializers.FloatField(help_text="The season score (averages to 2 decimals).")
        evenings_played = serializers.IntegerField()
        lists_played = serializers.IntegerField()
        lists_counted = serializers.IntegerField()
        bonus = serializers.IntegerField(help_text="Attendance bonus included in the score.")
        decided_by = serializers.CharField(
            allow_null=True,
            help_text="What placed the row below the one above: `score`, a tie-break, or null "
            "(the first row, or a rank shared with the row above).",
        )
        tie_figures = serializers.DictField(
            child=serializers.FloatField(), help_text="The tie-break figures that were needed."
        )
        qualified = serializers.BooleanField(
            help_text="A cup's qualifier: placed within its `cup_places` (ties at the cut too)."
        )

    @extend_schema(
        operation_id="season_ranking",
        summary="The season ranking (with an ETag for cheap polling)",
        description=(
            "Computed from the evenings' standings by the season's ranking rule; spectators "
            "see the public evenings as their public standings show them. Send `If-None-Match` "
            "to get a 304 while nothing changed."
        ),
        parameters=[ETAG_PARAMETER],
        responses={200: OutputSerializer(many=True), 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, season_id):
        if not request.user.is_authenticated:
            answer = self.spectator_read(request, season_id)
            if answer is None:
                raise NotFound()
            return answer
        season, organiser = season_for(request, season_id)
        body = season_ranking(season, public=not organiser)
        return json_answer(request, body, organiser=organiser)

    def spectator_read(self, request, season_id):  # one cache read, no query
        public = public_season_ranking(season_id)
        return None if public is None else json_answer(request, public, organiser=False)


class SeasonPlayerApi(Api):
    class OutputSerializer(serializers.Serializer):
        class EveningSerializer(serializers.Serializer):
            class TournamentSerializer(serializers.Serializer):
                id = serializers.IntegerField()
                name = serializers.CharField()
                date = serializers.DateField()

            class UnitSerializer(serializers.Serializer):
                list = serializers.IntegerField(
                    allow_null=True, help_text="The list's number (null: the whole evening)."
                )
                value = serializers.FloatField()
                counted = serializers.BooleanField()
                missed = serializers.BooleanField(help_text="A missed evening's 0.")

            tournament = TournamentSerializer()
            played = serializers.BooleanField()
            place = serializers.IntegerField(allow_null=True)
            points = serializers.IntegerField(help_text="The evening's points, penalties included.")
            lists = serializers.ListField(child=serializers.IntegerField())
            penalties = serializers.IntegerField()
            value = serializers.FloatField(help_text="What the evening is worth to the season.")
            counted = serializers.BooleanField(help_text="Counted (whole or in part) or dropped.")
            units = UnitSerializer(many=True)

        standing = SeasonRankingApi.OutputSerializer()
        evenings = EveningSerializer(many=True)

    @extend_schema(
        operation_id="season_player",
        summary="A player's season: each evening, the points that counted and those dropped",
        parameters=[ETAG_PARAMETER],
        responses={200: OutputSerializer, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, season_id, player_id):
        season, organiser = season_for(request, season_id)
        body = player_season(season, player_id, public=not organiser)
        if body.content == b"null":
            raise NotFound()
        return json_answer(request, body, organiser=organiser)
