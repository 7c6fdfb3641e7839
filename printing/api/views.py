"""Document jobs: start one (``POST tournaments/{id}/documents/``, a season's at
``POST seasons/{id}/documents/``), download its files (``GET jobs/{id}/files/{name}``); the job
itself is followed at ``GET jobs/{id}/``."""

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse
from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import CODES, JOB_ERRORS, ORGANISER_ERRORS, Api, get_or_404, valid
from karlchen.strict_input import StrictChoiceField, StrictIntegerField, StrictSerializer
from printing.domain.documents import MAX_SERIES, MAX_TOP, document_file
from printing.domain.jobs import start_documents_job, start_season_documents_job
from printing.enums import DocumentKind, DocumentSplit, SeasonDocumentKind
from seasons.api.permissions import organised_season
from tournaments.api.permissions import job_refusal, organised_tournament
from tournaments.api.serializers import StrictBooleanField
from tournaments.domain.jobs import may_follow_job
from tournaments.models import Job


class StartDocumentsApi(Api):
    class InputSerializer(StrictSerializer):
        kind = StrictChoiceField(choices=DocumentKind.choices)
        series = StrictIntegerField(
            min_value=1,
            max_value=MAX_SERIES,
            required=False,
            help_text="Score sheets, seating list.",
        )
        filled = StrictBooleanField(
            required=False, help_text="Score sheets: with the recorded deals (default: blank)."
        )
        split = StrictChoiceField(
            choices=DocumentSplit.choices, required=False, help_text="Score sheets (default one)."
        )
        top = StrictIntegerField(
            min_value=1,
            max_value=MAX_TOP,
            required=False,
            help_text="Certificates (default 3); report: the standings' places (default 10).",
        )

    class OutputSerializer(serializers.Serializer):
        job = serializers.IntegerField()
        url = serializers.CharField()

    @extend_schema(
        operation_id="documents_start",
        summary="Start a PDF job: score sheets, seating list, standings, certificates, report",
        description=(
            "Answers 202 with the job's id; follow it at `GET /api/v1/jobs/{id}/`, whose `links` "
            "download the files once it is done. The PDFs are in the request's language; the "
            "captain links on score sheets use `SITE_URL` (or this request's address).\n\n" + CODES
        ),
        request=InputSerializer,
        responses={202: OutputSerializer, **JOB_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(StartDocumentsApi.InputSerializer, request.data)
        job = start_documents_job(
            tournament,
            by=Actor.of_user(request.user),
            request=dict(data),
            base_url=settings.SITE_URL or request.build_absolute_uri("/"),
            language=get_language(),
        )
        url = reverse("job", kwargs={"job_id": job.pk})
        return Response({"job": job.pk, "url": url}, status=status.HTTP_202_ACCEPTED)


class StartSeasonDocumentsApi(Api):
    class InputSerializer(StrictSerializer):
        kind = StrictChoiceField(choices=SeasonDocumentKind.choices)
        player = StrictIntegerField(
            min_value=1,
            max_value=2**31 - 1,
            required=False,
            help_text="Season sheets: this player's alone (default: every player's).",
        )
        day = StrictIntegerField(
            min_value=1,
            max_value=1000,
            required=False,
            help_text="A match day report (`league_day`): the match day's number.",
        )

    class OutputSerializer(serializers.Serializer):
        job = serializers.IntegerField()
        url = serializers.CharField()

    @extend_schema(
        operation_id="season_documents_start",
        summary="Start a PDF job of a season: its ranking, season sheets, a league's table or "
        "a match day report (organisers)",
        description=(
            "Answers 202 with the job's id; follow it at `GET /api/v1/jobs/{id}/`, whose `links` "
            "download the file once it is done. Printed as the organisers see the season (every "
            "evening, live), in the request's language.\n\n" + CODES
        ),
        request=InputSerializer,
        responses={202: OutputSerializer, **JOB_ERRORS},
    )
    def post(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(StartSeasonDocumentsApi.InputSerializer, request.data)
        job = start_season_documents_job(
            season, by=Actor.of_user(request.user), request=dict(data), language=get_language()
        )
        url = reverse("job", kwargs={"job_id": job.pk})
        return Response({"job": job.pk, "url": url}, status=status.HTTP_202_ACCEPTED)


class DocumentFileApi(Api):
    @extend_schema(
        operation_id="job_file",
        summary="Download a PDF of a finished documents job (organisers)",
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF."),
            **ORGANISER_ERRORS,
        },
    )
    def get(self, request, job_id, name):
        job = get_or_404(Job.objects.select_related("tournament"), job_id)
        if not may_follow_job(request.user, job):
            raise job_refusal(request)
        path = document_file(job, name)
        if path is None:
            raise NotFound()
        return FileResponse(
            default_storage.open(path, "rb"), content_type="application/pdf", filename=name
        )
