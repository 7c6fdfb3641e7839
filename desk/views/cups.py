"""The desk's team cups: set one up, start its group rounds and knock-out pairings, mark
results final (with a decider where the rule needs one), place a tied group, swap a substitute
in at one of its tournaments, print the bracket, download and import its archive."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.db.models import Count, F, Q
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from competitions.models import Entrant, Fixture, FixtureTeam, Group
from cups.domain.archive import export_cup_archive, import_cup_archive
from cups.domain.cups import (
    create_cup,
    place_group,
    set_match_final,
    start_group_round,
    start_pairings,
)
from cups.domain.state import cached_cup
from cups.models import Cup
from cups.presentation import cup_view
from desk.cup_forms import CupForm, PairingsForm, RoundForm
from desk.forms import ArchiveForm
from desk.views.base import DeskView, refuse
from desk.views.lineups import prepare, roster_of, swap, swap_form, unprepared
from desk.views.setup import archive_problem
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from printing.domain.cup_printouts import cup_bracket_pdf
from results.domain.archive import parse_archive
from seasons.access import is_season_organiser, organised_seasons


class CupsView(DeskView):
    def get(self, request):
        return self.show(CupForm())

    def post(self, request):
        form = CupForm(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        try:
            cup = create_cup(by=Actor.of_user(request.user), **form.cup_fields())
        except Refused as refusal:
            for problem in refusal.problems:
                form.add_error(None, f"{problem.field}: {problem_message(problem)}")
            return self.show(form, status=400)
        messages.success(request, _("The cup is set up. Next: start the first group round."))
        return HttpResponseRedirect(reverse("desk:cup", args=[cup.pk]))

    def show(self, form, status: int = 200):
        seasons = organised_seasons(self.request.user).values_list("pk", flat=True)
        context = {
            "cups": Cup.objects.filter(season__in=seasons).select_related("season"),
            "form": form,
            "archive_form": ArchiveForm(user=self.request.user),
        }
        return render(self.request, "desk/cups.html", context, status=status)


class CupOrganiserView(DeskView):
    """A page of one cup: who runs its season only; a private one is a 404, else 403."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.cup = get_object_or_404(Cup.objects.select_related("season"), pk=kwargs["cup_id"])
        if not is_season_organiser(request.user, self.cup.season):
            refuse(request.user, self.cup.season, public=self.cup.season.is_public)
        return super().dispatch(request, *args, **kwargs)


class CupDeskView(CupOrganiserView):
    def get(self, request, cup_id):
        return self.show()

    def post(self, request, cup_id):
        actor = Actor.of_user(request.user)
        action = request.POST.get("action")
        try:
            if action == "round":
                form = RoundForm(request.POST)
                if not form.is_valid():
                    return self.show(round_form=form, status=400)
                start_group_round(self.cup, by=actor, **_given(form.cleaned_data))
                messages.success(request, _("The round's tournaments are set up."))
            elif action == "pairings":
                pairings = PairingsForm(request.POST)
                if not pairings.is_valid():
                    return self.show(status=400)
                start_pairings(self.cup, by=actor, **_given(pairings.cleaned_data))
                messages.success(request, _("The pairings' tournaments are set up."))
            elif action in ("final", "reopen"):
                match = get_object_or_404(
                    Fixture, competition=self.cup, pk=_id(request.POST, "match")
                )
                winner = None
                if request.POST.get("winner"):
                    winner = get_object_or_404(
                        Entrant, competition=self.cup, pk=_id(request.POST, "winner")
                    )
                set_match_final(
                    match,
                    by=actor,
                    final=action == "final",
                    winner=winner,
                    reason=request.POST.get("reason", ""),
                )
                messages.success(request, _("Saved."))
            elif action == "place":
                group = get_object_or_404(
                    Group, competition=self.cup, pk=_id(request.POST, "group")
                )
                order = [_id({"v": value}, "v") for value in request.POST.getlist("order")]
                place_group(self.cup, group, by=actor, order=order)
                messages.success(request, _("The group is placed."))
            else:
                return self.show(status=400)
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, problem_message(problem))
            return self.show(status=400)
        except ValueError:
            return self.show(status=400)
        return HttpResponseRedirect(reverse("desk:cup", args=[self.cup.pk]))

    def show(self, round_form=None, status: int = 200):
        body = cup_view(json.loads(cached_cup(self.cup).content))
        matches = (
            Fixture.objects.filter(competition=self.cup)
            .select_related("evening__tournament", "group", "winner")
            .prefetch_related("sides__entrant")
            .order_by(F("group__position").asc(nulls_last=True), "round", "position")
        )
        started = {m.round for m in matches if m.group_id is not None}
        next_round = min(
            (n for n in range(1, body["rule"]["group_rounds"] + 1) if n not in started),
            default=body["rule"]["group_rounds"],
        )
        context = {
            "cup": self.cup,
            "body": body,
            "matches": matches,
            "round_form": round_form or RoundForm(initial={"number": next_round}),
            "pairings_form": PairingsForm(),
            "tied": [group for group in body["groups"] if group["tied_line"]],
            "squads": Entrant.objects.filter(competition=self.cup)
            .select_related("group")
            .annotate(regulars=Count("players", filter=Q(players__substitute=False)))
            .annotate(substitutes=Count("players", filter=Q(players__substitute=True)))
            .order_by("group__position", "name"),
        }
        return render(self.request, "desk/cup.html", context, status=status)


class CupMatchDeskView(CupOrganiserView):
    """One of the cup's tournaments (a group round or a pairing): its teams' line-ups, a
    substitute swapped in ("Out"/"In"), as on a league's match day."""

    def match(self) -> Fixture:
        return get_object_or_404(
            Fixture.objects.select_related("evening__tournament", "competition__season"),
            competition=self.cup,
            pk=self.kwargs["match_id"],
        )

    def get(self, request, cup_id, match_id):
        return self.show(self.match())

    def post(self, request, cup_id, match_id):
        match = self.match()
        action = request.POST.get("action")
        if action == "prepare":
            if not prepare(request, match):
                return self.show(match, status=400)
            return self.back(match)
        if action != "swap":
            return self.show(match, status=400)
        try:
            entrant = _id(request.POST, "team")
        except ValueError:
            return self.show(match, status=400)
        side = get_object_or_404(
            FixtureTeam.objects.select_related("entrant"), fixture=match, entrant_id=entrant
        )
        form = swap_form(side, request.POST)
        if form is None:
            return self.show(match, status=400)
        if not form.is_valid() or not swap(request, side, form):
            return self.show(match, failed=form, status=400)
        return self.back(match)

    def back(self, match: Fixture):
        return HttpResponseRedirect(reverse("desk:cup-match", args=[self.cup.pk, match.pk]))

    def show(self, match: Fixture, failed=None, status: int = 200):
        sides = FixtureTeam.objects.filter(fixture=match).select_related("entrant", "team")
        lineups = []
        for side in sides.order_by("position", "entrant__name"):
            swapping = None if match.final else swap_form(side)
            if failed is not None and swapping is not None and failed.prefix == swapping.prefix:
                swapping = failed
            lineups.append({"lineup": side, "swap": swapping, "roster": roster_of(side)})
        context = {
            "cup": self.cup,
            "match": match,
            "tournament": match.evening.tournament,
            "lineups": lineups,
            "unprepared": unprepared(match),
        }
        return render(self.request, "desk/cup_match.html", context, status=status)


def _given(data: dict) -> dict:
    return {name: value for name, value in data.items() if value is not None}


def _id(data, name: str) -> int:
    text = (data.get(name) or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise ValueError(name)
    return int(text)


class CupPrintView(CupOrganiserView):
    """The bracket and the group tables as a PDF, made at once (a page or two)."""

    def get(self, request, cup_id):
        rendered = cup_bracket_pdf(self.cup)
        response = HttpResponse(rendered.pdf, content_type="application/pdf")
        stem = slugify(self.cup.season.name) or "cup"
        response["Content-Disposition"] = f'inline; filename="{stem}-bracket.pdf"'
        return response


class CupArchiveView(CupOrganiserView):
    def get(self, request, cup_id):
        content = json.dumps(export_cup_archive(self.cup), ensure_ascii=False, indent=1)
        response = HttpResponse(content, content_type="application/json; charset=utf-8")
        stem = slugify(self.cup.season.name) or "cup"
        response["Content-Disposition"] = f'attachment; filename="{stem}-archive.json"'
        return response


class CupArchiveImportView(DeskView):
    def post(self, request):
        form = ArchiveForm(request.POST, request.FILES, user=request.user)
        if not form.is_valid():
            return HttpResponseRedirect(reverse("desk:cups"))
        upload = form.cleaned_data["file"]
        try:
            if upload.size > settings.ARCHIVE_MAX_BYTES:
                raise Refused.one("archive_too_large", "archive", max=upload.size // 10**6)
            archive = parse_archive(upload.read())
            cup = import_cup_archive(
                archive, by=Actor.of_user(request.user), club=form.cleaned_data["club"]
            )
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, archive_problem(problem))
            return CupsView(request=request).show(CupForm(), status=400)
        messages.success(request, _("The cup was imported."))
        return HttpResponseRedirect(reverse("desk:cup", args=[cup.pk]))
