"""The desk's teams: set up teams with their rosters (by start numbers, or from a file), change
and delete them, and choose how teams and clubs are ranked."""

from __future__ import annotations

from django.contrib import messages
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from desk.team_forms import SideRulesForm, TeamFileForm, TeamForm
from desk.views.base import OrganiserView
from karlchen.messages import problem_message
from karlchen.name_order import InNameOrder
from karlchen.refusals import Conflict, Refused
from teams.domain.rankings import rules_of
from teams.domain.team_files import MAX_FILE_BYTES, import_team_rows, read_team_file
from teams.domain.team_people import save_team_with_person
from teams.domain.teams import (
    create_team,
    delete_team,
    roster_by_start_numbers,
    set_side_rankings,
    update_team,
)
from teams.models import Team


class TeamsView(OrganiserView):
    def get(self, request, tournament_id):
        return self.show()

    def post(self, request, tournament_id):
        action = request.POST.get("action", "")
        if action == "rules":
            return self.save_rules()
        if action == "delete":
            team = self.team()
            if team is not None:
                delete_team(team, by=self.actor)
                messages.success(request, _("The team is deleted."))
            return self.back("teams")
        return self.save_team(self.team() if action == "update" else None)

    def team(self) -> Team | None:
        number = self.request.POST.get("team", "")
        if not (number.isascii() and number.isdigit() and len(number) <= 18):
            return None
        team = Team.objects.filter(tournament=self.tournament, pk=int(number)).first()
        if team is not None:
            team.tournament = self.tournament
        return team

    def save_team(self, team: Team | None):
        form = TeamForm(self.request.POST, user=self.request.user)
        if not form.is_valid():
            return self.show(team_form=form, editing=team, status=400)
        data = form.cleaned_data
        person, new_name = data["person"], data["player_name"].strip()
        try:
            if person is not None or new_name:
                save_team_with_person(
                    self.tournament,
                    by=self.actor,
                    name=data["name"],
                    members=data["members"],
                    substitutes=data["substitutes"],
                    captain=data["captain"],
                    team=team,
                    person=person,
                    new_name="" if person is not None else new_name,
                )
                messages.success(self.request, _("The team is saved."))
                return self.back("teams")
            roster = roster_by_start_numbers(
                self.tournament,
                members=data["members"],
                substitutes=data["substitutes"],
                captain=data["captain"],
            )
            if team is None:
                create_team(self.tournament, by=self.actor, name=data["name"], roster=roster)
            else:
                update_team(team, by=self.actor, name=data["name"], roster=roster)
        except (Refused, Conflict) as refusal:
            problems = refusal.problems if isinstance(refusal, Refused) else [refusal.problem]
            for problem in problems:
                name = problem.field.split(".")[0]
                name = "player_name" if name == "person" else name
                form.add_error(name if name in form.fields else None, problem_message(problem))
            return self.show(team_form=form, editing=team, status=400)
        messages.success(self.request, _("The team is saved."))
        return self.back("teams")

    def save_rules(self):
        form = SideRulesForm(self.request.POST)
        if not form.is_valid():
            return self.show(rules_form=form, status=400)
        try:
            set_side_rankings(
                self.tournament,
                by=self.actor,
                team_rule=form.rule("team"),
                club_rule=form.rule("club"),
                clubs_shown=form.cleaned_data["clubs_shown"],
            )
        except Refused as refusal:
            for problem in refusal.problems:
                name = problem.field.replace("_rule.", "_")
                form.add_error(name if name in form.fields else None, problem_message(problem))
            return self.show(rules_form=form, status=400)
        messages.success(self.request, _("The rankings' rules are saved."))
        return self.back("teams")

    def show(self, team_form=None, rules_form=None, file_form=None, editing=None, status=200):
        return self.page(
            "desk/teams.html",
            "teams",
            status=status,
            teams=Team.objects.filter(tournament=self.tournament)
            .prefetch_related("members__entry__player")
            .order_by(InNameOrder("name"), "pk"),
            team_form=team_form or TeamForm(user=self.request.user),
            rules_form=rules_form or SideRulesForm(initial=self.rules_initial()),
            file_form=file_form or TeamFileForm(),
            editing=editing,
        )

    def rules_initial(self) -> dict:
        team_rule, club_rule, clubs_shown = rules_of(self.tournament)
        initial: dict = {"clubs_shown": clubs_shown}
        for prefix, rule in (("team", team_rule), ("club", club_rule)):
            initial |= {
                f"{prefix}_method": rule.method.value,
                f"{prefix}_best": rule.best,
                f"{prefix}_ties": rule.ties.value,
            }
        return initial


class TeamUploadView(TeamsView):
    """A team list from a file: every team in it is set up (or its roster replaced), or none."""

    def post(self, request, tournament_id):
        form = TeamFileForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.show(file_form=form, status=400)
        upload = form.cleaned_data["file"]
        try:
            rows = read_team_file(upload.name, upload.read(MAX_FILE_BYTES + 1))
            teams = import_team_rows(self.tournament, rows, by=self.actor, file=upload.name)
        except (Refused, Conflict) as refusal:
            problems = refusal.problems if isinstance(refusal, Refused) else [refusal.problem]
            for problem in problems:
                form.add_error("file", problem_message(problem))
            return self.show(file_form=form, status=400)
        count = len(teams)
        messages.success(
            request,
            ngettext("%(count)s team is saved.", "%(count)s teams are saved.", count)
            % {"count": count},
        )
        return self.back("teams")
