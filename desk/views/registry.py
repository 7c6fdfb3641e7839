"""The desk's player registry: find players, see likely duplicates and merge them, correct a
player, record their consent, export and erase their data.

Who sees whom is ``people.access.manageable_players`` (for now: the players of the user's
tournaments, everyone for a superuser); a player outside it is a 404 here.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.db.models import Count, Q
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk.registry_forms import (
    ConsentForm,
    EraseForm,
    MembershipForm,
    MembershipRemoveForm,
    PlayerForm,
)
from desk.views.base import DeskView, form_refused
from karlchen.actors import Actor
from karlchen.log import entries_about
from karlchen.messages import problem_message
from karlchen.name_order import InNameOrder
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Refused
from people.access import manageable_players
from people.domain.duplicates import duplicate_pairs
from people.domain.memberships import memberships_of, remove_membership, set_membership
from people.domain.players import change_player, record_consent
from people.engine import duplicates as engine
from people.models import Player
from registry.domain.history import tournaments_of
from registry.domain.merge import merge_players, merge_problems
from registry.domain.privacy import erase_player, export_player

LIST_LIMIT = 100
MEMBERSHIP = "membership"  # the form's prefix: its member number is not the details' one

REASONS = {
    engine.SAME_NAME: gettext_lazy("same name"),
    engine.NAME_ORDER: gettext_lazy("same name, other order"),
    engine.INITIALS: gettext_lazy("initials"),
    engine.SIMILAR_NAME: gettext_lazy("similar spelling"),
    engine.SAME_BIRTH_YEAR: gettext_lazy("same year of birth"),
    engine.BIRTH_YEAR_NEAR: gettext_lazy("years of birth one apart"),
    engine.BIRTH_YEAR_DIFFERS: gettext_lazy("years of birth differ"),
    engine.SAME_MEMBER_NUMBER: gettext_lazy("same member number"),
    engine.MEMBER_NUMBER_DIFFERS: gettext_lazy("member numbers differ"),
}


class RegistryView(DeskView):
    @property
    def actor(self) -> Actor:
        return Actor.of_user(self.request.user)

    def players(self):
        return manageable_players(self.request.user)

    def player(self, player_id: int) -> Player:
        player = self.players().filter(pk=player_id).first()
        if player is None:
            raise Http404
        return player


class PlayersView(RegistryView):
    """The registry: a search, and the likely duplicates among the user's players."""

    def get(self, request):
        query = request.GET.get("q", "").strip()
        # Meta.ordering does not reach a GROUP BY query: the order is asked for
        players = (
            self.players().annotate(tournaments=Count("entry")).order_by(InNameOrder("name"), "pk")
        )
        if has_control_characters(query):
            players, query = players.none(), ""  # no name holds one (the database refuses NUL)
        elif query:
            players = players.filter(Q(name__icontains=query) | Q(member_number=query))
        pairs = duplicate_pairs(self.players())
        context = {
            "query": query,
            "players": players[:LIST_LIMIT],
            "pairs": [
                {"pair": pair, "reasons": [REASONS[reason] for reason in pair.reasons]}
                for pair in pairs
            ],
        }
        return render(request, "desk/players.html", context)


class MergeView(RegistryView):
    """Two players side by side, and the merge (the second into the first)."""

    def get(self, request):
        kept, other = self._pair(request.GET)
        return self.show(kept, other)

    def post(self, request):
        kept, other = self._pair(request.POST)
        try:
            kept = merge_players(kept, other, by=self.actor)
        except Refused as refusal:
            return self.show(kept, other, refusal=refusal, status=400)
        messages.success(
            request, _("Merged: the history of both is now %(name)s's.") % {"name": kept.name}
        )
        return HttpResponseRedirect(reverse("desk:player", args=[kept.pk]))

    def show(self, kept: Player, other: Player, *, refusal: Refused | None = None, status=200):
        problems = refusal.problems if refusal else merge_problems(kept, other)
        context = {
            "kept": kept,
            "other": other,
            # Two records of one person mostly share the name: the registry number tells them apart
            "kept_label": numbered(kept),
            "other_label": numbered(other),
            "sides": [(kept, tournaments_of(kept.pk)), (other, tournaments_of(other.pk))],
            "problems": [problem_message(problem) for problem in problems],
        }
        return render(self.request, "desk/player_merge.html", context, status=status)

    def _pair(self, data) -> tuple[Player, Player]:
        ids = [data.get("kept", ""), data.get("other", "")]
        if not all(value.isascii() and value.isdigit() and len(value) < 10 for value in ids):
            raise Http404
        return self.player(int(ids[0])), self.player(int(ids[1]))


def numbered(player: Player) -> str:
    return _("%(name)s (no. %(number)s)") % {"name": player.name, "number": player.pk}


class PlayerDeskView(RegistryView):
    """One player: details, consent, tournaments, export, erasure, the registry's log."""

    def get(self, request, player_id: int):
        player = self.player(player_id)
        return self.show(player)

    def post(self, request, player_id: int):
        player = self.player(player_id)
        action = request.POST.get("action")
        if action == "consent":
            return self._consent(player)
        if action == "erase":
            return self._erase(player)
        if action == "membership":
            return self._membership(player)
        if action == "membership_remove":
            return self._membership_remove(player)
        return self._change(player)

    def _change(self, player: Player):
        form = PlayerForm(self.request.POST)
        if not form.is_valid():
            return self.show(player, form=form, status=400)
        try:
            change_player(player, form.cleaned_data, by=self.actor)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(player, form=form, status=400)
        messages.success(self.request, _("Saved."))
        return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))

    def _consent(self, player: Player):
        form = ConsentForm(self.request.POST)
        if not form.is_valid():
            return self.show(player, consent_form=form, status=400)
        try:
            record_consent(player, form.consent_value(), form.cleaned_data["how"], by=self.actor)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(player, consent_form=form, status=400)
        messages.success(self.request, _("The consent is recorded."))
        return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))

    def _membership(self, player: Player):
        form = MembershipForm(self.request.POST, prefix=MEMBERSHIP)
        if not form.is_valid():
            return self.show(player, membership_form=form, status=400)
        data = form.cleaned_data
        try:
            set_membership(player, data["association"], data["member_number"], by=self.actor)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(player, membership_form=form, status=400)
        messages.success(self.request, _("The membership is saved."))
        return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))

    def _membership_remove(self, player: Player):
        form = MembershipRemoveForm(self.request.POST)
        if not form.is_valid():
            raise Http404  # only sent by the page's own buttons
        try:
            remove_membership(player, form.cleaned_data["association"], by=self.actor)
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(self.request, problem_message(problem))
            return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))
        messages.success(self.request, _("The membership is removed."))
        return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))

    def _erase(self, player: Player):
        form = EraseForm(self.request.POST)
        if not form.is_valid():
            return self.show(player, erase_form=form, status=400)
        try:
            erase_player(player, confirm=form.cleaned_data["confirm"], by=self.actor)
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(player, erase_form=form, status=400)
        messages.success(self.request, _("The person's data is erased; their results stay."))
        return HttpResponseRedirect(reverse("desk:player", args=[player.pk]))

    def show(self, player: Player, status: int = 200, **forms):
        consent = {True: "yes", False: "no", None: ""}[player.listing_consent]
        context = {
            "player": player,
            "form": forms.get("form") or PlayerForm.of(player),
            "consent_form": forms.get("consent_form")
            or ConsentForm(initial={"consent": consent, "how": player.consent_how}),
            "erase_form": forms.get("erase_form") or EraseForm(),
            "memberships": memberships_of(player),
            "membership_form": forms.get("membership_form") or MembershipForm(prefix=MEMBERSHIP),
            "tournaments": tournaments_of(player.pk).order_by("-date"),
            "log": [
                {"at": row.at, "user_label": row.user_label, "text": row.text()}
                for row in entries_about(player, 50)
            ],
        }
        return render(self.request, "desk/player.html", context, status=status)


class PlayerExportView(RegistryView):
    def get(self, request, player_id: int):
        player = self.player(player_id)
        data = export_player(player, by=self.actor)
        content = json.dumps(data, ensure_ascii=False, indent=2)
        response = HttpResponse(content, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
        response["Cache-Control"] = "private, no-store"
        return response
