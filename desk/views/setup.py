"""The desk's start: the list of one's tournaments, setting one up, importing an archive."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import access
from clubs.access import Can
from desk import rule_options
from desk.forms import (
    DDV_PRESET,
    GAMES,
    SCHAFKOPF_PRESET,
    SCHAFKOPF_PRESETS,
    ArchiveForm,
    NewTournamentForm,
    TournamentForm,
    TournamentSettingsForm,
)
from desk.views.base import DeskView, OrganiserView, form_refused
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from results.domain.archive import import_archive, parse_archive
from scoring.models import Deal
from tournaments.domain.rulesets import save_rule_set
from tournaments.domain.tournaments import (
    change_host_club,
    create_tournament,
    update_tournament,
)
from tournaments.enums import Game, TournamentStatus
from tournaments.models import RuleSet, Tournament

SETUP_FIELDS = TournamentForm.Meta.fields


class DeskHomeView(DeskView):
    def get(self, request, status: int = 200):
        tournaments = Tournament.objects.filter(access.scoped(Tournament, request.user, Can.VIEW))
        tournaments = tournaments.annotate(
            players=Count("entries", filter=Q(entries__withdrawn=False), distinct=True)
        ).order_by("-date", "name", "pk")  # Meta.ordering does not reach a GROUP BY query
        context = {
            "tournaments": tournaments,
            "archive_form": ArchiveForm(user=request.user),
            "rule_sets": RuleSet.objects.all(),
        }
        return render(request, "desk/home.html", context, status=status)


class TournamentCreateView(DeskView):
    def get(self, request):
        return self.show(self.form(initial={"date": timezone.localdate()}))

    def post(self, request):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        fields = {name: form.cleaned_data[name] for name in SETUP_FIELDS}
        fields["club"] = form.cleaned_data["club"]  # offered only among the user's clubs
        try:
            tournament = create_tournament(
                by=Actor.of_user(request.user), rules=form.cleaned_data["rules"], **fields
            )
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(form, status=400)
        messages.success(request, _("The tournament is set up. Next: enter the players."))
        _save_rule_set(request, form, tournament)
        return HttpResponseRedirect(reverse("desk:entries", args=[tournament.pk]))

    def form(self, data=None, **kwargs) -> NewTournamentForm:
        clubs = access.clubs_of(self.request.user, Can.RUN)
        return NewTournamentForm(data, clubs=clubs, **kwargs)

    def show(self, form, status: int = 200):
        context = {"form": form, **_rule_context(form)}
        return render(self.request, "desk/setup.html", context, status=status)


class TournamentSettingsView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show(self.form())

    def post(self, request, tournament_id):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.show(form, status=400)
        fields = {
            name: form.cleaned_data[name] for name in SETUP_FIELDS if name in form.changed_data
        }
        if not form.rules_locked:
            fields["rules"] = form.cleaned_data["rules"]
        try:
            with transaction.atomic():  # a host club refused leaves the rest unchanged too
                update_tournament(self.tournament, by=self.actor, **fields)
                if "club" in form.changed_data:
                    change_host_club(self.tournament, form.cleaned_data["club"], by=self.actor)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(form, status=400)
        _save_rule_set(request, form, self.tournament)
        messages.success(request, _("The set-up is saved."))
        return self.back("settings")

    def form(self, data=None) -> TournamentSettingsForm:
        locked = Deal.objects.filter(table__series__tournament=self.tournament).exists()
        user, club = self.request.user, self.tournament.club
        return TournamentSettingsForm(
            data,
            instance=self.tournament,
            rules_locked=locked,
            clubs=access.clubs_of(user, Can.RUN),
            changeable=access.may_club(user, club, Can.RUN)
            if club is not None
            else access.may(user, self.tournament, Can.RUN),
        )

    def show(self, form, status: int = 200):
        return self.page(
            "desk/setup.html", "setup", status=status, form=form, **_rule_context(form)
        )


class ArchiveImportView(DeskView):
    def post(self, request):
        form = ArchiveForm(request.POST, request.FILES, user=request.user)
        if not form.is_valid():
            return HttpResponseRedirect(reverse("desk:home"))
        upload = form.cleaned_data["file"]
        try:
            if upload.size > settings.ARCHIVE_MAX_BYTES:  # not even read
                raise Refused.one("archive_too_large", "archive", max=upload.size // 10**6)
            archive = parse_archive(upload.read())
            tournament = import_archive(
                archive, by=Actor.of_user(request.user), club=form.cleaned_data["club"]
            )
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, archive_problem(problem))
            return DeskHomeView().get(request, status=400)
        messages.success(request, _("The tournament was imported."))
        return HttpResponseRedirect(reverse("desk:evening", args=[tournament.pk]))


def archive_problem(problem) -> str:
    """A refusal of the archive in words, with its place in the file where it has one."""
    message = problem_message(problem)
    if problem.field == "archive":
        return message
    return _("%(message)s (in the file at %(where)s)") % {
        "message": message,
        "where": problem.field,
    }


def _save_rule_set(request, form, tournament) -> None:
    name = form.cleaned_data.get("save_as")
    if not name:
        return
    try:
        save_rule_set(
            name=name,
            game=tournament.game,
            rules=tournament.rules,
            by=Actor.of_user(request.user),
            tournament=tournament,
        )
    except Refused as refusal:
        for problem in refusal.problems:
            messages.warning(request, problem_message(problem))
        return
    messages.success(request, _("The rules are saved as “%(name)s”.") % {"name": name})


def _rule_context(form: TournamentForm) -> dict:
    """The option fields per game, and every preset's values for the page script to fill in."""
    presets: dict[str, dict[str, dict[str, Any]]] = {
        DDV_PRESET: {Game.DOPPELKOPF: rule_options.defaults(Game.DOPPELKOPF)},
        rule_options.CLUB_BOCK_PRESET: {Game.DOPPELKOPF: rule_options.club_bock_values()},
        SCHAFKOPF_PRESET: {Game.SCHAFKOPF: rule_options.defaults(Game.SCHAFKOPF)},
        **{
            name: {Game.SCHAFKOPF: rule_options.form_values(Game.SCHAFKOPF, {"preset": name})}
            for name in SCHAFKOPF_PRESETS
        },
    }
    for rule_set in RuleSet.objects.all():
        presets[str(rule_set.pk)] = {
            rule_set.game: rule_options.form_values(rule_set.game, rule_set.rules)
        }
    return {
        "option_groups": [
            {
                "game": game,
                "prefix": prefix,
                "fields": [form[name] for name in form.option_names(game)],
            }
            for game, prefix in GAMES.items()
        ],
        "presets": presets,
        "statuses": TournamentStatus.choices,
    }
