"""Provisional, then final, through the API (under /api/v1/): where the results stand (anyone
who may read the tournament), marking them final and reopening them, and the protests
(organisers). Every write is one domain function (``tournaments.domain.final``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import CODES, ORGANISER_ERRORS, READ_ERRORS, Api, get_or_404, valid
from karlchen.strict_input import StrictChoiceField, StrictIntegerField, StrictSerializer
from tournaments.api.permissions import organised_tournament, readable_tournament
from tournaments.domain.final import (
    PROTEST_LIMIT,
    REASON_LIMIT,
    decide_protest,
    finality,
    lodge_protest,
    mark_final,
    reopen_results,
)
from tournaments.enums import ProtestStatus
from tournaments.models import Protest, Tournament


class ResultsStatusOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=["provisional", "final"])
    final_at = serializers.DateTimeField(allow_null=True)
    protest_minutes = serializers.IntegerField(
        help_text="The protest period after the last series."
    )
    protest_until = serializers.DateTimeField(
        allow_null=True, help_text="When the protest period ends; null while series are open."
    )
    series_closed = serializers.BooleanField(help_text="Every series played is closed.")
    open_protests = serializers.IntegerField()
    may_mark_final = serializers.BooleanField(
        help_text="Marking final needs no reason now (the period is over, no protest open)."
    )


def status_data(tournament: Tournament) -> dict[str, Any]:
    state = finality(tournament)
    return {
        "status": state.status,
        "final_at": state.final_at,
        "protest_minutes": tournament.protest_minutes,
        "protest_until": state.protest_until,
        "series_closed": state.series_closed,
        "open_protests": state.open_protests,
        "may_mark_final": state.may_mark_final,
    }


class ResultsStatusApi(Api):
    @extend_schema(
        operation_id="results_status",
        summary="Provisional or final: where the results stand",
        responses={200: ResultsStatusOutput, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = readable_tournament(request, tournament_id)
        return Response(ResultsStatusOutput(status_data(tournament)).data)


class ReasonInput(StrictSerializer):
    reason = serializers.CharField(
        max_length=REASON_LIMIT * 2, required=False, allow_blank=True, help_text="Logged."
    )


class MarkFinalApi(Api):
    @extend_schema(
        operation_id="results_mark_final",
        summary="Mark the results final (organisers): before the protest period ends only "
        "with a reason",
        description="Deals, penalty rows and seatings are refused (`results_final`) until the "
        "results are reopened. Marking again changes nothing.\n\n" + CODES,
        request=ReasonInput,
        responses={200: ResultsStatusOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(ReasonInput, request.data)
        by = Actor.of_user(request.user)
        tournament = mark_final(tournament, by=by, reason=data.get("reason", ""))
        return Response(ResultsStatusOutput(status_data(tournament)).data)


class ReopenApi(Api):
    @extend_schema(
        operation_id="results_reopen",
        summary="Reopen final results (organisers, with a reason that is logged)",
        description=CODES,
        request=ReasonInput,
        responses={200: ResultsStatusOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(ReasonInput, request.data)
        by = Actor.of_user(request.user)
        tournament = reopen_results(tournament, by=by, reason=data.get("reason", ""))
        return Response(ResultsStatusOutput(status_data(tournament)).data)


class ProtestOutput(serializers.Serializer):
    id = serializers.IntegerField()
    series = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    deal = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()
    lodged_at = serializers.DateTimeField()
    lodged_by = serializers.CharField()
    status = serializers.ChoiceField(choices=ProtestStatus.choices)
    decision = serializers.CharField()
    decided_at = serializers.DateTimeField(allow_null=True)
    decided_by = serializers.CharField()


class ProtestsApi(Api):
    class InputSerializer(StrictSerializer):
        text = serializers.CharField(max_length=PROTEST_LIMIT * 2)
        series = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=9999)
        table = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=9999)
        deal = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=9999)

    @extend_schema(
        operation_id="protests",
        summary="The protests lodged, with their decisions (insiders, scorers too)",
        responses={200: ProtestOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        return Response(ProtestOutput(tournament.protests.all(), many=True).data)

    @extend_schema(
        operation_id="protest_lodge",
        summary="Note a protest (organisers): open until decided; open protests keep the "
        "results from being marked final",
        description=CODES,
        request=InputSerializer,
        responses={201: ProtestOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(ProtestsApi.InputSerializer, request.data)
        protest = lodge_protest(tournament, by=Actor.of_user(request.user), **data)
        return Response(ProtestOutput(protest).data, status=status.HTTP_201_CREATED)


class ProtestApi(Api):
    class InputSerializer(StrictSerializer):
        status = StrictChoiceField(choices=[ProtestStatus.UPHELD, ProtestStatus.REJECTED])
        decision = serializers.CharField(max_length=PROTEST_LIMIT * 2)

    @extend_schema(
        operation_id="protest_decide",
        summary="Uphold or reject a protest, with the decision in words (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: ProtestOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id, protest_id):
        tournament = organised_tournament(request, tournament_id)
        protest = get_or_404(Protest.objects.filter(tournament=tournament), protest_id)
        data = valid(ProtestApi.InputSerializer, request.data)
        protest = decide_protest(protest, by=Actor.of_user(request.user), **data)
        return Response(ProtestOutput(protest).data)
