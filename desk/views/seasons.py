"""The desk's seasons: set one up, add its evenings, start its next evening."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from desk.forms import ArchiveForm
from desk.person_forms import MAX_ID
from desk.season_forms import AddEveningForm, NewEveningForm, RegularForm, SeasonForm
from desk.views.base import (
    BadNumber,
    DeskView,
    form_refused,
    posted_number,
    refuse,
    say_the_pdf_is_being_made,
)
from desk.views.setup import archive_problem
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from people.models import Player
from printing.domain.jobs import start_season_documents_job
from printing.enums import SeasonDocumentKind
from results.domain.archive import parse_archive
from seasons.access import evening_candidates, is_season_organiser, organised_seasons
from seasons.domain.archive import export_season_archive, import_season_archive
from seasons.domain.exports import KINDS, season_export_for_organiser
from seasons.domain.final import create_final
from seasons.domain.seasons import (
    add_evening,
    create_season,
    drop_regular,
    name_regular,
    named_regulars,
    new_evening,
    next_evening_date,
    open_for_season,
    remove_evening,
)
from seasons.domain.standings import season_ranking
from seasons.models import Season, SeasonEvening, individual_cup
from seasons.rule_texts import rule_summary
from seasons.views import export_response
from tournaments.models import Job, Tournament


class SeasonsView(DeskView):
    def get(self, request):
        return self.show(SeasonForm(user=request.user))

    def post(self, request):
        form = SeasonForm(request.POST, user=request.user)
        if not form.is_valid():
            return self.show(form, status=400)
        try:
            season = create_season(by=Actor.of_user(request.user), **form.season_fields())
        except Refused as refusal:
            form_refused(form, refusal, {"ranking_rule.best": "best"})
            return self.show(form, status=400)
        messages.success(request, _("The season is set up. Next: add or start its evenings."))
        return HttpResponseRedirect(reverse("desk:season", args=[season.pk]))

    def show(self, form, status: int = 200):
        context = {
            "seasons": organised_seasons(self.request.user),
            "form": form,
            "archive_form": ArchiveForm(user=self.request.user),
        }
        return render(self.request, "desk/seasons.html", context, status=status)


class SeasonOrganiserView(DeskView):
    """A page of one season: who runs it only (``clubs.access``); a season private to
    the user is a 404, else 403."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.season = get_object_or_404(Season, pk=kwargs["season_id"])
        if not is_season_organiser(request.user, self.season):
            refuse(request.user, self.season, public=self.season.is_public)
        return super().dispatch(request, *args, **kwargs)


class SeasonDeskView(SeasonOrganiserView):
    """One season: its evenings, adding one, starting the next, its final, printing."""

    def get(self, request, season_id):
        return self.show()

    def post(self, request, season_id):
        actor = Actor.of_user(request.user)
        action = request.POST.get("action")
        try:
            if action == "add":
                form = AddEveningForm(request.POST, tournaments=self.candidates())
                if not form.is_valid():
                    return self.show(add_form=form, status=400)
                add_evening(
                    self.season,
                    form.cleaned_data["tournament"],
                    by=actor,
                    ranking_tournament=form.cleaned_data["ranking_tournament"],
                )
                messages.success(request, _("The evening is part of the season."))
            elif action == "remove":
                posted = request.POST.get("tournament", "")
                if not (posted.isascii() and posted.isdigit() and len(posted) <= 18):
                    return self.show(status=400)
                tournament = get_object_or_404(Tournament, pk=int(posted))
                member = SeasonEvening.objects.filter(season=self.season, tournament=tournament)
                if request.POST.get("confirmed") != "yes" and member.exists():
                    return self.show(confirm_remove=tournament)  # asks first, without a script
                remove_evening(self.season, tournament, by=actor)
                messages.success(request, _("The evening is no longer part of the season."))
            elif action == "final":
                final = create_final(self.season, by=actor)
                messages.success(
                    request, _("The final is set up with the qualifiers, seeded by season rank.")
                )
                return HttpResponseRedirect(reverse("desk:entries", args=[final.pk]))
            elif action == "print":
                return self.print(request.POST, actor)
            elif action == "regular":
                regular_form = RegularForm(request.POST, user=request.user)
                if not regular_form.is_valid():
                    return self.show(regular_form=regular_form, status=400)
                person = regular_form.cleaned_data["person"]
                name_regular(self.season, person, by=actor)
                messages.success(
                    request,
                    _("%(name)s is a regular: entered at every evening the season starts.")
                    % {"name": person.name},
                )
                return HttpResponseRedirect(
                    reverse("desk:season", args=[self.season.pk]) + "#regulars"
                )
            elif action == "drop-regular":
                try:
                    picked = posted_number(request.POST, "player", _("Player"), low=1, high=MAX_ID)
                except BadNumber:
                    return self.show(status=400)
                person = get_object_or_404(Player, pk=picked or 0)
                drop_regular(self.season, person, by=actor)
                messages.success(
                    request, _("%(name)s is no longer named a regular.") % {"name": person.name}
                )
                return HttpResponseRedirect(
                    reverse("desk:season", args=[self.season.pk]) + "#regulars"
                )
            elif action == "new":
                new_form = NewEveningForm(request.POST)
                if not new_form.is_valid():
                    return self.show(new_form=new_form, status=400)
                tournament = new_evening(
                    self.season,
                    by=actor,
                    date=new_form.cleaned_data["date"],
                    name=new_form.cleaned_data["name"] or None,
                )
                messages.success(
                    request, _("The evening is set up with the season's regulars. Check them in.")
                )
                return HttpResponseRedirect(reverse("desk:entries", args=[tournament.pk]))
            else:
                return self.show(status=400)
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, problem_message(problem))
            return self.show(status=400)
        return HttpResponseRedirect(reverse("desk:season", args=[self.season.pk]))

    def print(self, posted, actor: Actor):
        """Start a season documents job: the ranking, or season sheets (one player's)."""
        kind = posted.get("kind", "")
        if kind not in SeasonDocumentKind.values:
            return self.show(status=400)
        try:
            player = posted_number(posted, "player", _("Player"), low=1, high=2**31 - 1)
            day = posted_number(posted, "day", _("Match day"), low=1, high=1000)
        except BadNumber:
            return self.show(status=400)
        request = {"kind": kind, "player": player} | ({"day": day} if day else {})
        job = start_season_documents_job(
            self.season, by=actor, request=request, language=get_language()
        )
        say_the_pdf_is_being_made(self.request, job)
        return HttpResponseRedirect(reverse("desk:season", args=[self.season.pk]) + "#print")

    def candidates(self):
        """The user's tournaments of the season's game that may become its evenings."""
        tournaments = open_for_season(self.season, Tournament.objects.all())
        tournaments = tournaments.filter(evening_candidates(self.request.user, self.season))
        return tournaments.order_by("-date", "name")

    def show(
        self,
        add_form=None,
        new_form=None,
        status: int = 200,
        confirm_remove=None,
        regular_form=None,
    ):
        evenings = SeasonEvening.objects.filter(season=self.season).select_related("tournament")
        context = {
            "season": self.season,
            "cup": individual_cup(self.season),
            "evenings": evenings,
            "rule": rule_summary(self.season.rule),
            "add_form": add_form or AddEveningForm(tournaments=self.candidates()),
            "new_form": new_form
            or NewEveningForm(initial={"date": next_evening_date(self.season)}),
            "players": [row["player"] for row in season_ranking(self.season, public=False).rows],
            "jobs": season_document_jobs(self.season),
            "confirm_remove": confirm_remove,
            "regulars": named_regulars(self.season),
            "regular_form": regular_form or RegularForm(user=self.request.user),
        }
        return render(self.request, "desk/season.html", context, status=status)


class SeasonExportDeskView(SeasonOrganiserView):
    """The season ranking as CSV or XLSX, every evening live (noted in the season's log)."""

    def get(self, request, season_id, kind):
        if kind not in KINDS:
            raise Http404
        content, etag = season_export_for_organiser(
            self.season, kind, by=Actor.of_user(request.user)
        )
        return export_response(request, self.season, kind, content, etag, organiser=True)


class SeasonArchiveView(SeasonOrganiserView):
    """The season's archive (JSON) to download: its set-up, evenings and final."""

    def get(self, request, season_id):
        content = json.dumps(export_season_archive(self.season), ensure_ascii=False, indent=1)
        response = HttpResponse(content, content_type="application/json; charset=utf-8")
        stem = slugify(self.season.name) or "season"
        response["Content-Disposition"] = f'attachment; filename="{stem}-archive.json"'
        return response


class SeasonArchiveImportView(DeskView):
    def post(self, request):
        form = ArchiveForm(request.POST, request.FILES, user=request.user)
        if not form.is_valid():
            return HttpResponseRedirect(reverse("desk:seasons"))
        upload = form.cleaned_data["file"]
        try:
            if upload.size > settings.ARCHIVE_MAX_BYTES:  # not even read
                raise Refused.one("archive_too_large", "archive", max=upload.size // 10**6)
            archive = parse_archive(upload.read())
            season = import_season_archive(
                archive, by=Actor.of_user(request.user), club=form.cleaned_data["club"]
            )
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, archive_problem(problem))
            return SeasonsView(request=request).show(SeasonForm(user=request.user), status=400)
        messages.success(request, _("The season was imported."))
        return HttpResponseRedirect(reverse("desk:season", args=[season.pk]))


def season_document_jobs(season: Season) -> list[Job]:
    """The season's latest print jobs, each with the name of what it prints."""
    jobs: list[Any] = list(Job.objects.filter(season_link__season=season)[:12])  # newest first
    for job in jobs:
        kind = job.params.get("kind")
        job.label = SeasonDocumentKind(kind).label if kind in SeasonDocumentKind.values else kind
    return jobs
