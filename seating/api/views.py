"""Seating API: start a seating job (``POST tournaments/{id}/seatings/``); follow it at
``GET jobs/{id}/``. A series seated from a given plan is ``scoring.api.series_views``."""

import secrets

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import CODES, JOB_ERRORS, Api, valid
from karlchen.strict_input import StrictChoiceField, StrictIntegerField, StrictSerializer
from seating.domain.jobs import start_seating_job
from tournaments.api.permissions import organised_tournament
from tournaments.enums import ClubSeparation, SeatingMethod, TeamSeating

MAX_SEED = 2**62  # stored in a BigIntegerField


class StartSeatingApi(Api):
    class InputSerializer(StrictSerializer):
        method = StrictChoiceField(choices=SeatingMethod.choices, default=SeatingMethod.PLAN)
        seed = StrictIntegerField(
            min_value=0, max_value=MAX_SEED, required=False, help_text="Default: a new random one."
        )
        series = serializers.ListField(
            child=StrictIntegerField(min_value=1),
            required=False,
            max_length=100,
            help_text="Series numbers to seat; default every series not yet under way.",
        )
        separate_clubs = StrictChoiceField(
            choices=ClubSeparation.choices, default=ClubSeparation.FIRST
        )
        teams = StrictChoiceField(
            choices=TeamSeating.choices,
            required=False,
            help_text="How the tournament's teams sit: apart, against (a match day), none. "
            "Default: against at a league's match day or a cup's round whose teams are set "
            "up, else apart.",
        )
        fixed = serializers.ListField(
            child=serializers.JSONField(),
            required=False,
            max_length=100,
            help_text="Method fixed: per series a list of tables, each a list of entry ids.",
        )

    class OutputSerializer(serializers.Serializer):
        job = serializers.IntegerField()
        url = serializers.CharField()

    @extend_schema(
        operation_id="seating_start",
        summary="Start a seating job (method, seed, which series) for a tournament",
        description="Answers 202 with the job's id; follow it at `GET /api/v1/jobs/{id}/`.\n\n"
        + CODES,
        request=InputSerializer,
        responses={202: OutputSerializer, **JOB_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        params = dict(valid(StartSeatingApi.InputSerializer, request.data))
        params.setdefault("seed", secrets.randbelow(MAX_SEED))  # stored: the draw can be redone
        job = start_seating_job(tournament, by=Actor.of_user(request.user), params=params)
        url = reverse("job", kwargs={"job_id": job.pk})
        return Response({"job": job.pk, "url": url}, status=status.HTTP_202_ACCEPTED)
