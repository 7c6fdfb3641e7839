"""Seating jobs: start one (``POST tournaments/{id}/seatings/``). Every job (seating,
documents): follow it (``GET jobs/{id}/``)."""

import secrets

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from karlchen.api.fields import StrictChoiceField, StrictIntegerField, StrictSerializer
from tournaments.api.base import CODES, ORGANISER_ERRORS, Api, valid
from tournaments.api.permissions import denied, get_or_404, is_organiser, organised_tournament
from tournaments.domain.actions import log_action
from tournaments.domain.jobs import start_seating_job
from tournaments.enums import ClubSeparation, JobKind, SeatingMethod
from tournaments.models import Job

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
        responses={202: OutputSerializer, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        params = dict(valid(StartSeatingApi.InputSerializer, request.data))
        params.setdefault("seed", secrets.randbelow(MAX_SEED))  # stored: the draw can be redone
        job = start_seating_job(tournament, by=request.user, params=params)
        series = ", ".join(map(str, params.get("series") or [])) or "—"
        details = {"series": series, "method": params.get("method"), "seed": params["seed"]}
        log_action(tournament, request.user, "seating_started", **details)
        url = reverse("job", kwargs={"job_id": job.pk})
        return Response({"job": job.pk, "url": url}, status=status.HTTP_202_ACCEPTED)


class JobApi(Api):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        kind = serializers.CharField()
        status = serializers.CharField()
        progress = serializers.IntegerField(help_text="Percent.")
        params = serializers.JSONField()
        result = serializers.JSONField(
            help_text="Seating: series seated, method, seed, quality. Documents: the files "
            "(name, pages, bytes) and pages in all; while running: done and total tables "
            "(or certificates)."
        )
        error = serializers.CharField(help_text="Why a failed job failed.")
        links = serializers.DictField(
            child=serializers.CharField(),
            help_text="Seating: the tables of each series. Documents: each file's download.",
        )
        created_at = serializers.DateTimeField()
        started_at = serializers.DateTimeField(allow_null=True)
        finished_at = serializers.DateTimeField(allow_null=True)

    @extend_schema(
        operation_id="job_status",
        summary="A job's status (pending, running, done, failed), progress and result links",
        responses={200: OutputSerializer, **ORGANISER_ERRORS},
    )
    def get(self, request, job_id):
        job = get_or_404(Job.objects.select_related("tournament"), job_id)
        if not is_organiser(request.user, job.tournament):
            raise denied(request)
        job.links = _links(job)
        body = JobApi.OutputSerializer(job).data
        return Response(body)


def _links(job: Job) -> dict[str, str]:
    """Where the result can be seen: the tables of each series a seating job seated, the
    download of each file a documents job stored."""
    if job.kind == JobKind.DOCUMENTS:
        return {
            file["name"]: reverse("job-file", kwargs={"job_id": job.pk, "name": file["name"]})
            for file in job.result.get("files", [])
        }
    return {
        f"series {number}": reverse(
            "series-tables", kwargs={"tournament_id": job.tournament_id, "number": number}
        )
        for number in job.result.get("series", [])
    }
