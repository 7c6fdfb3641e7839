"""Series API: a series' tables (seats, progress, captain links), seating, time and closing.

Anyone reads the tables of a public tournament; organisers also get every table's captain link
and do everything else here. Access rules are in ``permissions.py``.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import CODES, ORGANISER_ERRORS, READ_ERRORS, Api, valid
from karlchen.api.errors import REQUEST_ERROR_CODES, validation_response
from karlchen.api.etags import json_answer
from karlchen.changes import cached_body
from karlchen.strict_input import StrictIntegerField, StrictSerializer, error
from scoring.api.permissions import table_or_404
from scoring.domain.queries import series_tables
from scoring.domain.series import call_time, close_series
from seating.domain.seating import reissue_captain_token, seat_series
from seating.models import Table
from tournaments.api.permissions import (
    organised_tournament,
    readable_tournament,
    sees_private,
    series_of,
)
from tournaments.api.serializers import (
    MAX_ID,
    EmptyInput,
    SeatOutput,
    SeriesOutput,
    StrictBooleanField,
)


class TableProgressOutput(serializers.Serializer):
    deals_played = serializers.IntegerField()
    deals_total = serializers.IntegerField()
    complete = serializers.BooleanField()


class TableOutput(serializers.Serializer):
    """A table of a series as anyone sees it."""

    id = serializers.IntegerField(source="table.pk")
    number = serializers.IntegerField(source="table.number")
    seats = SeatOutput(many=True)
    progress = TableProgressOutput(source="*")


class OrganiserTableOutput(TableOutput):
    """A table of a series as its organisers see it: with the captain's link."""

    captain_token = serializers.CharField(
        source="table.captain_token", help_text="Organisers only."
    )
    captain_url = serializers.SerializerMethodField(help_text="Organisers only.")

    @extend_schema_field(OpenApiTypes.STR)
    def get_captain_url(self, state) -> str:
        return state.table.captain_path()


class OrganiserSeriesTablesOutput(serializers.Serializer):
    series = SeriesOutput()
    tables = OrganiserTableOutput(many=True)


class SeriesTableAnswer(TableOutput):
    """A table of a series as anyone sees it; organisers also get the captain's link."""

    captain_token = serializers.CharField(required=False, help_text="Organisers only.")
    captain_url = serializers.CharField(required=False, help_text="Organisers only.")


# The schema of ``GET …/series/{n}/tables/``: one shape for the public and the organisers. As
# two alternatives (oneOf) the public one fits the organisers' answers too, and both fit a series
# without tables, so no answer would match exactly one.
@extend_schema_serializer(component_name="SeriesTables")
class SeriesTablesAnswer(serializers.Serializer):
    """A series and its tables; organisers' answers give each table's captain link too."""

    series = SeriesOutput()
    tables = SeriesTableAnswer(many=True)


def series_tables_body(series, *, organiser: bool) -> dict:
    output = OrganiserTableOutput if organiser else TableOutput
    return {
        "series": SeriesOutput(series).data,
        "tables": output(series_tables(series), many=True, context={"public": not organiser}).data,
    }


class SeriesTablesApi(Api):
    @extend_schema(
        operation_id="series_tables",
        summary="The tables of a series: seats and progress (organisers: captain links too)",
        description="`captain_token` and `captain_url` are only in organisers' answers.",
        responses={200: SeriesTablesAnswer, **READ_ERRORS},
    )
    def get(self, request, tournament_id, number):
        tournament = readable_tournament(request, tournament_id)
        series = series_of(tournament, number)
        if sees_private(request.user, tournament):
            return Response(series_tables_body(series, organiser=True))
        body = cached_body(
            tournament.pk, f"tables:{number}", lambda: series_tables_body(series, organiser=False)
        )
        return json_answer(request, body)


class SeatSeriesApi(Api):
    class InputSerializer(StrictSerializer):
        tables = serializers.ListField(
            child=serializers.ListField(
                child=StrictIntegerField(min_value=1, max_value=MAX_ID), max_length=10
            ),
            max_length=1000,
            help_text="Entry ids per table, in position order (4 or 5 per table).",
        )

    @extend_schema(
        operation_id="series_seat",
        summary="Seat a series from a given plan (replaces an earlier draft; organisers)",
        description=CODES,
        request=InputSerializer,
        responses={201: OrganiserSeriesTablesOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id, number):
        tournament = organised_tournament(request, tournament_id)
        series = series_of(tournament, number)
        plan = valid(SeatSeriesApi.InputSerializer, request.data)["tables"]
        entries = tournament.entries.in_bulk([pk for table in plan for pk in table])
        unknown = [
            error(f"tables.{i}.{j}", "unknown_entry", REQUEST_ERROR_CODES["unknown_entry"])
            for i, table in enumerate(plan)
            for j, pk in enumerate(table)
            if pk not in entries
        ]
        if unknown:
            return validation_response(unknown)
        tables = [[entries[pk] for pk in table] for table in plan]
        seat_series(series, tables, by=Actor.of_user(request.user))
        series.refresh_from_db()  # seat_series saved its own locked copy
        body = series_tables_body(series, organiser=True)
        return Response(body, status=status.HTTP_201_CREATED)


class CallTimeApi(Api):
    @extend_schema(
        operation_id="series_call_time",
        summary="Time is up (TSR 8.5): remaining normal deals are struck at every table",
        request=EmptyInput,
        responses={200: SeriesOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id, number):
        tournament = organised_tournament(request, tournament_id)
        series = series_of(tournament, number)
        valid(EmptyInput, request.data)
        series = call_time(series, by=Actor.of_user(request.user))
        return Response(SeriesOutput(series).data)


class CloseSeriesApi(Api):
    class InputSerializer(StrictSerializer):
        force = StrictBooleanField(
            required=False, default=False, help_text="Close although tables have deals left."
        )

    @extend_schema(
        operation_id="series_close",
        summary="Close a series: captain links stop writing; organisers can still correct",
        description=CODES,
        request=InputSerializer,
        responses={200: SeriesOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id, number):
        tournament = organised_tournament(request, tournament_id)
        series = series_of(tournament, number)
        force = valid(CloseSeriesApi.InputSerializer, request.data)["force"]
        series = close_series(series, by=Actor.of_user(request.user), force=force)
        return Response(SeriesOutput(series).data)


class CaptainTokenApi(Api):
    class OutputSerializer(serializers.Serializer):
        table = serializers.IntegerField()
        captain_token = serializers.CharField()
        captain_url = serializers.CharField()

    @extend_schema(
        operation_id="table_captain_token",
        summary="Issue a new captain link for a table; the old one stops working (organisers)",
        request=EmptyInput,
        responses={200: OutputSerializer, **ORGANISER_ERRORS},
    )
    def post(self, request, table_id):
        table = table_or_404(table_id)
        organised_tournament(request, table.series.tournament_id)
        valid(EmptyInput, request.data)
        token = reissue_captain_token(table, by=Actor.of_user(request.user))
        body = {
            "table": table.pk,
            "captain_token": token,
            "captain_url": Table.captain_path_for(token),
        }
        return Response(CaptainTokenApi.OutputSerializer(body).data)
