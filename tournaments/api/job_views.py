"""Every background job (seating, documents): follow it (``GET jobs/{id}/``)."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from karlchen.api.base import ORGANISER_ERRORS, Api, get_or_404
from tournaments.api.permissions import job_refusal
from tournaments.domain.jobs import may_follow_job, waiting_for_queue
from tournaments.enums import JobKind
from tournaments.models import Job


class JobApi(Api):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        kind = serializers.CharField()
        status = serializers.CharField()
        progress = serializers.IntegerField(help_text="Percent.")
        params = serializers.JSONField()
        result = serializers.JSONField(
            help_text="Seating: series seated, method, seed, quality. Documents (a tournament's "
            "or a season's): the files (name, pages, bytes) and pages in all; while running: "
            "done and total tables (or certificates, or season sheets)."
        )
        error = serializers.CharField(help_text="Why a failed job failed.")
        waiting_for_queue = serializers.BooleanField(
            help_text="Pending because the job queue could not be reached when it was started: "
            "it is sent, and runs, as soon as the queue is back."
        )
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
        if not may_follow_job(request.user, job):
            raise job_refusal(request)
        job.links = _links(job)
        job.waiting_for_queue = waiting_for_queue(job)
        body = JobApi.OutputSerializer(job).data
        return Response(body)


def _links(job: Job) -> dict[str, str]:
    """Where the result can be seen: the tables of each series a seating job seated, the
    download of each file a documents job stored."""
    if job.kind in (JobKind.DOCUMENTS, JobKind.SEASON_DOCUMENTS):
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
