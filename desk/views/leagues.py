"""The desk's league: make a season a league, add its match days, set a day's line-ups and
scores, mark a day final, see the tables and each day's results (docs/TEAMS.md, "Leagues")."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import access
from clubs.access import Can
from competitions.models import Entrant, Fixture, FixtureTeam, Group, Kind, shown
from desk.league_forms import DivisionChangeForm, LineupForm, MatchDayForm, SwapForm
from desk.league_forms import division_forms as division_forms_fresh
from desk.views.base import form_refused
from desk.views.lineups import prepare, roster_of, swap, swap_form, unprepared
from desk.views.seasons import SeasonOrganiserView
from karlchen.actors import Actor
from karlchen.messages import problem_message
from karlchen.refusals import Refused
from leagues.domain.leagues import (
    add_match_day,
    change_division,
    create_league,
    set_day_final,
    set_lineup,
    start_match_day,
)
from leagues.domain.reads import league_read
from leagues.models import League
from seasons.domain.seasons import next_evening_date, open_for_season
from teams.models import Team
from tournaments.models import Tournament


def league_tables(season, *, final_only: bool) -> list[dict[str, Any]]:
    """The divisions' tables as the API answers them (organisers' view)."""
    view = "tables:final" if final_only else "tables"
    return json.loads(league_read(season, view, public=False).content) or []


class LeagueDeskView(SeasonOrganiserView):
    """The season's league: set it up, its tables, its match days, adding one."""

    def get(self, request, season_id):
        return self.show()

    def post(self, request, season_id):
        league = League.objects.filter(season=self.season).first()
        if league is None:
            return self.create()
        return self.add_day(league)

    def create(self):
        forms = division_forms_fresh(self.request.POST)
        if not all(form.is_valid() for form in forms):
            return self.show(division_forms=forms, status=400)
        used = [form for form in forms if form.used] or forms[:1]
        try:
            create_league(
                self.season,
                by=Actor.of_user(self.request.user),
                divisions=[form.division() for form in used],
            )
        except Refused as refusal:
            _refused_at_divisions(refusal, used)
            return self.show(division_forms=forms, status=400)
        messages.success(self.request, _("The season is a league now. Next: its match days."))
        return HttpResponseRedirect(reverse("desk:league", args=[self.season.pk]))

    def add_day(self, league: League):
        form = self.day_form(league, self.request.POST)
        if not form.is_valid():
            return self.show(day_form=form, status=400)
        groups, fields = form.groups()
        data = form.cleaned_data
        by = Actor.of_user(self.request.user)
        try:
            if data["tournament"] is not None:
                day = add_match_day(
                    league, data["tournament"], by=by, number=data["number"], groups=groups
                )
            else:
                day = start_match_day(
                    league, by=by, number=data["number"], groups=groups, date=data["date"]
                )
        except Refused as refusal:
            form_refused(form, refusal, fields)
            return self.show(day_form=form, status=400)
        if FixtureTeam.objects.filter(fixture=day, team__isnull=True).exists():
            messages.success(self.request, _("The match day is set up. Next: its line-ups."))
        else:
            messages.success(
                self.request,
                _("The match day is prepared from the squads: its teams are ready to be seated."),
            )
        return HttpResponseRedirect(reverse("desk:league-day", args=[self.season.pk, day.number]))

    def day_form(self, league: League, data=None) -> MatchDayForm:
        tournaments = open_for_season(self.season, Tournament.objects.all())
        tournaments = tournaments.filter(access.scoped(Tournament, self.request.user, Can.RUN))
        numbers = Fixture.objects.filter(competition=league).values_list("number", flat=True)
        last = max((number for number in numbers if number is not None), default=0)
        initial = {"number": last + 1, "date": next_evening_date(self.season)}
        return MatchDayForm(
            data,
            initial=initial,
            tournaments=tournaments.order_by("-date", "name"),
            teams=Entrant.objects.filter(competition=league)
            .select_related("group")
            .order_by("group__position", "name"),
        )

    def show(self, division_forms=None, day_form=None, status: int = 200):
        league = League.objects.filter(season=self.season).first()
        context: dict[str, Any] = {"season": self.season, "league": league}
        if league is None:
            context["division_forms"] = division_forms or division_forms_fresh()
        else:
            tables = league_tables(self.season, final_only=False)
            context |= {
                "divisions": league.groups.order_by("position"),
                "squads": Entrant.objects.filter(competition=league)
                .select_related("group")
                .annotate(squad_size=Count("players"))
                .order_by("group__position", "name"),
                "tables": tables,
                # the days with results: a day not played yet counts nowhere (docs/TEAMS.md)
                "played": {number for table in tables for number in table["days"]},
                "final_tables": league_tables(self.season, final_only=True),
                "days": Fixture.objects.filter(competition=league).select_related(
                    "evening__tournament"
                ),
                "day_form": day_form or self.day_form(league),
            }
        return render(self.request, "desk/league.html", context, status=status)


def _refused_at_divisions(refusal: Refused, forms) -> None:
    """Each problem ``divisions.<i>.<field>`` at that division form's field."""
    for problem in refusal.problems:
        parts = problem.field.split(".")
        if len(parts) >= 3 and parts[0] == "divisions" and parts[1].isdigit():
            form = forms[int(parts[1])]
            name = parts[3] if parts[2] == "rule" and len(parts) > 3 else parts[2]
            form.add_error(name if name in form.fields else None, problem_message(problem))
        else:
            forms[0].add_error(None, problem_message(problem))


class DivisionDeskView(SeasonOrganiserView):
    """One division after the league is set up: its name, rule and teams changed."""

    def division(self) -> Group:
        return get_object_or_404(
            Group.objects.select_related("competition").filter(shown(self.kwargs["division_id"])),
            competition__season=self.season,
            competition__kind=Kind.LEAGUE,
        )

    def form(self, division: Group, data=None) -> DivisionChangeForm:
        teams = Entrant.objects.filter(group=division).order_by("name", "pk")
        played = Entrant.objects.filter(group=division, sides__isnull=False).distinct()
        return DivisionChangeForm(
            data,
            division=division,
            teams=teams,
            played={team.shown for team in played},
            prefix="d",
        )

    def get(self, request, season_id, division_id):
        division = self.division()
        return self.show(division, self.form(division))

    def post(self, request, season_id, division_id):
        division = self.division()
        form = self.form(division, request.POST)
        if not form.is_valid():
            return self.show(division, form, status=400)
        change, fields = form.change()
        try:
            change_division(division, by=Actor.of_user(request.user), **change)
        except Refused as refusal:
            _refused_at_teams(form, refusal, fields)
            return self.show(division, form, status=400)
        messages.success(request, _("The division is changed."))
        return HttpResponseRedirect(reverse("desk:league", args=[self.season.pk]))

    def show(self, division: Group, form: DivisionChangeForm, status: int = 200):
        context = {
            "season": self.season,
            "division": division,
            "form": form,
            "rule_fields": [form[name] for name in RULE_FIELDS],
            "team_fields": [form[name] for name in form.team_fields.values()],
        }
        return render(self.request, "desk/league_division.html", context, status=status)


RULE_FIELDS = ("name", "points_table", "day_ties", "order", "promoted", "relegated")


def _refused_at_teams(form: DivisionChangeForm, refusal: Refused, fields: dict[str, str]) -> None:
    """Each problem at its field; a team that played and was emptied, at that team's field."""
    by_name = {form.fields[name].initial: name for name in form.team_fields.values()}
    played = [problem for problem in refusal.problems if problem.code == "league_team_played"]
    for problem in played:
        form.add_error(by_name.get(problem.params.get("name")), problem_message(problem))
    others = [problem for problem in refusal.problems if problem not in played]
    form_refused(form, Refused(others), fields)


class MatchDayDeskView(SeasonOrganiserView):
    """One match day: each team's roster and score as given, the day's results, final."""

    def day(self) -> Fixture:
        league = League.objects.filter(season=self.season).first()
        if league is None:
            raise Http404
        return get_object_or_404(
            Fixture.objects.select_related("evening__tournament", "competition"),
            competition=league,
            number=self.kwargs["number"],
        )

    def get(self, request, season_id, number):
        return self.show(self.day())

    def post(self, request, season_id, number):
        day = self.day()
        by = Actor.of_user(request.user)
        action = request.POST.get("action")
        if action in ("final", "provisional"):
            try:
                set_day_final(
                    day, by=by, final=action == "final", reason=request.POST.get("reason", "")
                )
            except Refused as refusal:
                for problem in refusal.problems:
                    messages.error(request, problem_message(problem))
                return self.show(day, status=400)
            messages.success(
                request,
                _("The match day is final.")
                if action == "final"
                else _("The match day is provisional again."),
            )
            return self.back(day)
        if action == "prepare":
            return self.prepare(day, by)
        if action == "swap":
            return self.swap(day, by)
        if action != "lineup":
            return self.show(day, status=400)
        lineup = get_object_or_404(
            FixtureTeam, fixture=day, entrant_id=_number(request.POST.get("league_team"))
        )
        form = self.lineup_form(day, lineup, request.POST)
        if not form.is_valid():
            return self.show(day, failed=form, status=400)
        try:
            set_lineup(
                lineup, by=by, team=form.cleaned_data["team"], score=form.cleaned_data["score"]
            )
        except Refused as refusal:
            form_refused(form, refusal)
            return self.show(day, failed=form, status=400)
        messages.success(
            request, _("The line-up of %(team)s is saved.") % {"team": lineup.entrant.name}
        )
        return self.back(day)

    def prepare(self, day: Fixture, by: Actor):
        if not prepare(self.request, day):
            return self.show(day, status=400)
        return self.back(day)

    def swap(self, day: Fixture, by: Actor):
        lineup = get_object_or_404(
            FixtureTeam.objects.select_related("entrant"),
            fixture=day,
            entrant_id=_number(self.request.POST.get("league_team")),
        )
        form = swap_form(lineup, self.request.POST)
        if form is None:
            return self.show(day, status=400)
        if not form.is_valid() or not swap(self.request, lineup, form):
            return self.show(day, failed_swap=form, status=400)
        return self.back(day)

    def back(self, day: Fixture):
        return HttpResponseRedirect(reverse("desk:league-day", args=[self.season.pk, day.number]))

    def lineup_form(self, day: Fixture, lineup: FixtureTeam, data=None) -> LineupForm:
        rosters = Team.objects.filter(tournament_id=day.evening.tournament_id).order_by("name")
        return LineupForm(
            data,
            prefix=f"t{lineup.entrant_id}",
            rosters=rosters,
            initial={"team": lineup.team_id, "score": lineup.score},
        )

    def show(
        self,
        day: Fixture,
        failed: LineupForm | None = None,
        failed_swap: SwapForm | None = None,
        status: int = 200,
    ):
        lineups = FixtureTeam.objects.filter(fixture=day).select_related("entrant", "team")
        forms = []
        for lineup in lineups.order_by("group", "entrant__name"):
            form = self.lineup_form(day, lineup)
            if failed is not None and failed.prefix == form.prefix:
                form = failed
            swapping = swap_form(lineup)
            if failed_swap is not None and swapping is not None:
                swapping = failed_swap if failed_swap.prefix == swapping.prefix else swapping
            forms.append(
                {"lineup": lineup, "form": form, "swap": swapping, "roster": roster_of(lineup)}
            )
        result = json.loads(league_read(self.season, f"day:{day.number}", public=False).content)
        context = {
            "season": self.season,
            "day": day,
            "tournament": day.evening.tournament,
            "lineups": forms,
            "unprepared": unprepared(day),
            "result": result,
        }
        return render(self.request, "desk/league_day.html", context, status=status)


def _number(posted: str | None) -> int:
    if not posted or not (posted.isascii() and posted.isdigit() and len(posted) <= 18):
        raise Http404
    return int(posted)
