"""The back office of printing: on the tournaments' list (``tournaments.admin``, through
``tournaments.ports.ADMIN_PARTS``, by ``printing.apps``) the action that prints an evening's
documents: score sheets and seating list, standings, certificates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib import admin, messages
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from karlchen.actors import Actor
from karlchen.messages import refusal_text
from karlchen.refusals import Refused
from printing.domain.documents import evening_documents
from printing.domain.jobs import start_documents_job
from printing.enums import DocumentKind
from tournaments.domain.jobs import waiting_for_queue
from tournaments.job_texts import QUEUE_DOWN_PDF

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@admin.action(description=_("Print: score sheets and seating list, standings, certificates"))
def print_documents_action(model_admin, request, queryset):
    base_url = settings.SITE_URL or request.build_absolute_uri("/")
    for tournament in queryset:
        documents = evening_documents(tournament)
        if not documents:
            text: StrOrPromise = _("Nothing to print for %(tournament)s yet: no series is seated.")
            model_admin.message_user(
                request, text % {"tournament": tournament.name}, messages.WARNING
            )
        for document in documents:
            try:
                job = start_documents_job(
                    tournament,
                    by=Actor.of_user(request.user),
                    request=document,
                    base_url=base_url,
                    language=get_language(),
                )
            except Refused as refusal:
                text = f"{tournament.name}: {refusal_text(refusal)}"
                model_admin.message_user(request, text, messages.WARNING)
                continue
            if waiting_for_queue(job):
                model_admin.message_user(
                    request, f"{tournament.name}: {QUEUE_DOWN_PDF}", messages.WARNING
                )
                continue
            model_admin.message_user(
                request,
                _("Document job %(job)s (%(kind)s) started for %(tournament)s; see Jobs.")
                % {
                    "job": job.pk,
                    "kind": DocumentKind(document["kind"]).label,
                    "tournament": tournament.name,
                },
            )
