"""What spectators read live: the standings, the series, a player's course (cached, with ETags).

Every answer here comes from a cached JSON body (``karlchen.changes``) with an ETag;
``If-None-Match`` with the current ETag answers 304 without a body. Spectators get the public
view; organisers of the tournament the live one (``Vary`` keeps shared caches apart).
"""

from django.conf import settings
from django.db.models import Count
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_400,
    RESPONSE_401,
    RESPONSE_403,
    Api,
    denied,
    get_or_404,
    valid,
)
from karlchen.api.errors import REQUEST_ERROR_CODES
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.changes import Body, cached_body
from karlchen.strict_input import StrictSerializer
from results.domain.archive import export_archive, import_archive, parse_archive
from results.domain.public import NotPublic, public_tournament
from results.domain.ranking_cache import (
    organiser_ranking,
    public_ranking,
    public_ranking_and_progress,
    ranking_progress,
)
from results.domain.ranking_export import export_ranking, file_name
from results.domain.standings import Interim
from scoring.models import Deal
from tournaments.api.permissions import (
    IMPORT_CLUB,
    import_club,
    organised_tournament,
    readable_tournament,
    sees_private,
)
from tournaments.api.serializers import SeriesOutput, TournamentOutput
from tournaments.models import Tournament
from tournaments.visibility import confirmed_only, deals_shown_until


class NotStarted(NotFound):
    """A draft whose tables are seated, asked for by a spectator: it starts soon."""

    default_detail = REQUEST_ERROR_CODES["not_started"]
    default_code = "not_started"


def not_public(tournament_id: int) -> NotFound:
    """The 404 a spectator gets for a tournament that is not public: ``not_started`` where
    the draft is in play, else ``not_found`` (no different from an unknown id)."""
    try:
        public_tournament(tournament_id)
    except NotPublic as refusal:
        return NotStarted() if refusal.tournament is not None else NotFound()
    return NotFound()


def ranking_for(request, tournament_id: int, series: int | None = None) -> tuple[Body, bool]:
    """The ranking this reader may see, and whether it is the organisers' live one."""
    if request.user.is_authenticated:  # spectators skip this query: their answer is cached
        tournament = get_or_404(Tournament.objects.all(), tournament_id)
        if sees_private(request.user, tournament):
            return organiser_ranking(tournament, series=series), True
    body = public_ranking(tournament_id, series=series)
    if body is None:
        raise not_public(tournament_id)
    return body, False


# How far the tournament is, sent with every standings answer (200 and 304): while fewer series
# are closed than planned, the standings are provisional.
SERIES_CLOSED, SERIES_PLANNED = "Series-Closed", "Series-Planned"
RESULTS_STATUS = "Results-Status"  # provisional, or final once the organisers marked them
PROGRESS_HEADERS = [
    OpenApiParameter(
        SERIES_CLOSED,
        int,
        OpenApiParameter.HEADER,
        response=[200, 304],
        description="How many of the tournament's series are closed.",
    ),
    OpenApiParameter(
        SERIES_PLANNED,
        int,
        OpenApiParameter.HEADER,
        response=[200, 304],
        description="How many series the tournament plays: provisional while more than closed.",
    ),
    OpenApiParameter(
        RESULTS_STATUS,
        str,
        OpenApiParameter.HEADER,
        response=[200, 304],
        description="`provisional`, or `final` once the organisers marked the results final "
        "(after the protest period; docs/OPEN_TOURNAMENTS.md).",
    ),
]


class StandingsApi(Api):
    class OutputSerializer(serializers.Serializer):
        class PlayerSerializer(serializers.Serializer):
            id = serializers.IntegerField(allow_null=True)
            name = serializers.CharField(allow_null=True)
            club = serializers.CharField(allow_null=True)

        rank = serializers.IntegerField()
        entry = serializers.IntegerField(allow_null=True)
        player = PlayerSerializer(help_text="All null for a player listed as hidden.")
        hidden = serializers.BooleanField(help_text="The player asked not to be listed publicly.")
        start_number = serializers.IntegerField(allow_null=True)
        total = serializers.IntegerField()
        series = serializers.DictField(
            child=serializers.IntegerField(), help_text="Points per series, keyed by its number."
        )
        deals_played = serializers.IntegerField()
        compulsory_solos = serializers.IntegerField(help_text="Pflichtsoli played (forced too).")
        series_won = serializers.IntegerField()
        withdrawn = serializers.BooleanField()

    class QuerySerializer(StrictSerializer):
        series = serializers.IntegerField(  # a query parameter: digits in a string
            required=False, min_value=1, max_value=1000, help_text="The ranking of one series."
        )

    @extend_schema(
        operation_id="standings",
        summary="The ranking, overall or of one series (with an ETag for cheap polling)",
        description=(
            "A row for each player who sat down at a table (or got points of a penalty row): "
            "one entered who never sat down is ranked nowhere, and before any series is seated "
            "the list is empty (docs/RULES.md §14.1). "
            "Spectators see it once the tournament and its standings are published, frozen "
            "while the organisers freeze them, with players who asked not to be listed as "
            "`hidden`; where deals are confirmed, only confirmed deals count. Organisers "
            "always see the live ranking. Send `If-None-Match` to get a 304 while nothing "
            "changed.\n\n" + CODES
        ),
        parameters=[
            ETAG_PARAMETER,
            *PROGRESS_HEADERS,
            OpenApiParameter(
                "series",
                {"type": "integer", "minimum": 1, "maximum": 1000},
                description="The ranking of this series alone.",
            ),
        ],
        responses={
            200: OutputSerializer(many=True),
            304: NOT_MODIFIED,
            403: RESPONSE_403,
            **READ_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        query = request.query_params  # most polls carry none: no serializer for them
        query = valid(StandingsApi.QuerySerializer, query.dict()) if query else {}
        body, organiser = ranking_for(request, tournament_id, query.get("series"))
        return _standings_answer(request, body, ranking_progress(tournament_id), organiser)

    def spectator_read(self, request, tournament_id):  # one cache round trip, no query
        body, progress = public_ranking_and_progress(tournament_id)
        return None if body is None else _standings_answer(request, body, progress, False)


def _standings_answer(
    request, body: Body, progress: Interim | None, organiser: bool
) -> HttpResponse:
    """The ranking with how far the tournament is (provisional while series are open)."""
    extra = (
        {
            SERIES_CLOSED: str(progress.closed),
            SERIES_PLANNED: str(progress.planned),
            RESULTS_STATUS: "final" if progress.final else "provisional",
        }
        if progress
        else {}
    )
    return json_answer(request, body, organiser=organiser, extra=extra)


class SeriesListApi(Api):
    class OutputSerializer(SeriesOutput):
        tables = serializers.IntegerField(source="table_count")

    @extend_schema(
        operation_id="series_list",
        summary="The series of a tournament: status, time called, closed, number of tables",
        parameters=[ETAG_PARAMETER],
        responses={200: OutputSerializer(many=True), 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        try:
            tournament = readable_tournament(request, tournament_id)
        except NotFound:
            raise not_public(tournament_id) from None

        def build():
            rows = tournament.series.order_by("number").annotate(table_count=Count("tables"))
            return SeriesListApi.OutputSerializer(rows, many=True).data

        return json_answer(request, cached_body(tournament.pk, "series", build))


class PlayerApi(Api):
    class OutputSerializer(serializers.Serializer):
        class DealSerializer(serializers.Serializer):
            series = serializers.IntegerField()
            table = serializers.IntegerField(help_text="The table's number in that series.")
            number = serializers.IntegerField()
            kind = serializers.CharField()
            points = serializers.IntegerField()
            total = serializers.IntegerField(help_text="The player's total after this deal.")

        standing = StandingsApi.OutputSerializer()
        deals = DealSerializer(many=True, help_text="Every deal played, in order.")

    @extend_schema(
        operation_id="player_detail",
        summary="One player: their place in the ranking and their course deal by deal",
        description="A player listed as hidden is a 404 to spectators.",
        parameters=[ETAG_PARAMETER],
        responses={200: OutputSerializer, 304: NOT_MODIFIED, 403: RESPONSE_403, **READ_ERRORS},
    )
    def get(self, request, tournament_id, entry_id):
        ranking, organiser = ranking_for(request, tournament_id)
        standing = next((row for row in ranking.rows if row["entry"] == entry_id), None)
        if standing is None:
            raise NotFound()
        view = f"player:{entry_id}:{'organiser' if organiser else 'public'}"

        def build():
            return {"standing": standing, "deals": player_deals(tournament_id, entry_id, organiser)}

        return json_answer(request, cached_body(tournament_id, view, build), organiser=organiser)


def player_deals(tournament_id: int, entry_id: int, organiser: bool) -> list[dict]:
    """A player's deals with their points and running total (the public: confirmed ones, and
    while the standings are frozen those recorded by the freeze)."""
    deals = Deal.objects.filter(
        table__series__tournament_id=tournament_id, current__points__entry_id=entry_id
    )
    tournament = Tournament.objects.only("confirmation_required", "standings_frozen_at").get(
        pk=tournament_id
    )
    if confirmed_only(tournament, public=not organiser):
        deals = deals.filter(current__confirmed_at__isnull=False)
    until = deals_shown_until(tournament, public=not organiser)
    if until is not None:  # frozen: the deals the frozen ranking counts
        deals = deals.filter(current__created_at__lte=until)
    rows = deals.order_by("table__series__number", "number").values_list(
        "table__series__number", "table__number", "number", "kind", "current__points__points"
    )
    total, history = 0, []
    for series, table, number, kind, points in rows:
        total += points
        history.append(
            {
                "series": series,
                "table": table,
                "number": number,
                "kind": kind,
                "points": points,
                "total": total,
            }
        )
    return history


class ArchiveExportApi(Api):
    @extend_schema(
        operation_id="archive_export",
        summary="The tournament as an archive (insiders, scorers too): the format the import reads",
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        return Response(export_archive(tournament))


class RankingExportApi(Api):
    @extend_schema(
        operation_id="ranking_export",
        summary="The results for the federation's ranking list as CSV (insiders, scorers too)",
        description=(
            "A Doppelkopf tournament in the DDV layout (a line per player and round, keyed by "
            "the member number), a Schafkopf tournament in the Schafkopf layout (a line per "
            "player, a column per round): UTF-8 with a BOM, semicolons, CRLF; the columns in "
            "docs/RANKING_EXPORT.md. Players without a member number are flagged "
            "(`ohne_nummer` = 1). The download is noted in the tournament's log."
        ),
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The CSV file."),
            **ORGANISER_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        content = export_ranking(tournament, by=Actor.of_user(request.user))
        response = HttpResponse(content, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{file_name(tournament)}"'
        return response


class ArchiveImportApi(Api):
    @extend_schema(
        operation_id="archive_import",
        summary="A new tournament from an archive (any logged-in user; they become its organiser)",
        description=(
            "The body is an archive as exported (`GET …/archive/`, or the desk's JSON export), "
            "up to `ARCHIVE_MAX_BYTES` (20 MB by default; the API's usual body limit does not "
            "apply). Every deal is scored again; a refusal names each problem's place in the "
            "file (docs/API.md §9.7) and creates nothing.\n\n" + CODES
        ),
        request=OpenApiTypes.OBJECT,
        parameters=[IMPORT_CLUB],
        responses={201: TournamentOutput, 400: RESPONSE_400, 401: RESPONSE_401},
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise denied(request)
        # Read here, not by a parser: the archive may exceed DATA_UPLOAD_MAX_MEMORY_SIZE, and
        # parse_archive limits its size and depth before json parses it.
        raw = request._request.read(settings.ARCHIVE_MAX_BYTES + 1)
        archive = parse_archive(raw)
        club = import_club(request)
        tournament = import_archive(archive, by=Actor.of_user(request.user), club=club)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)
