"""The desk's squad of a league's or a cup's team: its regulars and substitutes for the whole
competition, people picked, not typed (docs/TEAMS.md, "Squads"). A match day's rosters are built
from them (``competitions.domain.lineups``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.domain.squads import add_to_squad, remove_from_squad, set_squad_role, squad
from competitions.models import Entrant, Kind, SquadMember, shown
from desk.league_forms import SquadAddForm
from desk.views.base import form_refused
from desk.views.seasons import SeasonOrganiserView
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused


class SquadDeskView(SeasonOrganiserView):
    """One team's squad: add a person as a regular or a substitute, change a role, remove."""

    def team(self) -> Entrant:
        return get_object_or_404(
            Entrant.objects.select_related("competition__season", "group").filter(
                shown(self.kwargs["team_id"])
            ),
            competition__season=self.season,
        )

    def get(self, request, season_id, team_id):
        return self.show(self.team())

    def post(self, request, season_id, team_id):
        team = self.team()
        by = Actor.of_user(request.user)
        action = request.POST.get("action")
        if action == "add":
            form = SquadAddForm(request.POST, user=request.user)
            if not form.is_valid():
                return self.show(team, form, status=400)
            data = form.cleaned_data
            try:
                member = add_to_squad(
                    team,
                    by=by,
                    player=data["person"] or data["name"],
                    substitute=data["substitute"],
                )
            except Refused as refusal:
                form_refused(form, refusal, {"player": "name"})
                return self.show(team, form, status=400)
            messages.success(
                request,
                _("%(player)s is in the squad of %(team)s.")
                % {"player": member.player.name, "team": team.name},
            )
            return self.back(team)
        member = get_object_or_404(SquadMember, team=team, pk=_number(request.POST.get("member")))
        try:
            if action == "remove":
                remove_from_squad(member, by=by)
            elif action in ("regular", "substitute"):
                set_squad_role(member, by=by, substitute=action == "substitute")
            else:
                return self.show(team, status=400)
        except Refused as refusal:
            for problem in refusal.problems:
                messages.error(request, problem_message(problem))
            return self.show(team, status=400)
        messages.success(request, _("The squad of %(team)s is saved.") % {"team": team.name})
        return self.back(team)

    def back(self, team: Entrant):
        return HttpResponseRedirect(reverse("desk:squad", args=[self.season.pk, team.shown]))

    def show(self, team: Entrant, form: SquadAddForm | None = None, status: int = 200):
        competition = team.competition
        if competition.kind == Kind.LEAGUE:
            up = reverse("desk:league", args=[self.season.pk])
        else:
            up = reverse("desk:cup", args=[competition.pk])
        others = Entrant.objects.filter(competition=competition).order_by("group__position", "name")
        context = {
            "season": self.season,
            "team": team,
            "league": competition.kind == Kind.LEAGUE,
            "up": up,
            "squad": squad(team),
            "others": others,
            "form": form or SquadAddForm(user=self.request.user, auto_id="squad_%s"),
        }
        return render(self.request, "desk/squad.html", context, status=status)


def _number(posted: str | None) -> int:
    if not posted or not (posted.isascii() and posted.isdigit() and len(posted) <= 18):
        return 0
    return int(posted)
