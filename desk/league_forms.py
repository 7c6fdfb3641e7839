"""The desk's league forms: the divisions with their table rules and teams, a match day with
its groups, a team's line-up on a day."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from desk.person_forms import PersonPick
from teams.models import Team
from tournaments.models import Tournament

DIVISION_FORMS = 3  # the desk sets up to three divisions at once (the API any number)

DAY_TIES = [
    ("average", _("Shared places share the average of their points (4 and 3: 3½ each)")),
    ("better", _("Shared places each earn the better place's points")),
    ("worse", _("Shared places each earn the worse place's points")),
]

# The orders the desk offers (the API takes any order of the criteria).
ORDERS = {
    "ddv": ["ranking_points", "game_points", "day_wins", "head_to_head"],
    "head_to_head": ["ranking_points", "game_points", "head_to_head", "day_wins"],
    "game_points": ["game_points", "ranking_points", "day_wins"],
    "best_day": ["ranking_points", "game_points", "best_day", "day_wins"],
}
ORDER_CHOICES = [
    ("ddv", _("Ranking points, game points, day wins, head to head")),
    ("head_to_head", _("Ranking points, game points, head to head, day wins")),
    ("game_points", _("Game points, ranking points, day wins")),
    ("best_day", _("Ranking points, game points, best day, day wins")),
]


class DivisionForm(forms.Form):
    name = forms.CharField(label=_("Division"), max_length=100, required=False)
    teams = forms.CharField(
        label=_("Teams"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("One team's name a line."),
    )
    points_table = forms.CharField(
        label=_("Ranking points by place"),
        required=False,
        initial="4, 3, 2, 1",
        help_text=_("Places 1, 2, 3, … of a group; empty: the group's size downwards."),
    )
    day_ties = forms.ChoiceField(label=_("Equal day scores"), choices=DAY_TIES, initial="average")
    order = forms.ChoiceField(label=_("The table's order"), choices=ORDER_CHOICES, initial="ddv")
    promoted = forms.IntegerField(
        label=_("Places marked for promotion"), min_value=0, max_value=200, initial=0
    )
    relegated = forms.IntegerField(
        label=_("Places marked for relegation"), min_value=0, max_value=200, initial=0
    )

    def clean_points_table(self) -> list[int]:
        text = self.cleaned_data["points_table"].strip()
        parts = [part for part in re.split(r"[\s,;/]+", text) if part]
        if not all(part.isascii() and part.isdigit() and len(part) <= 4 for part in parts):
            raise forms.ValidationError(
                _("Please enter whole numbers from 0, separated by commas (4, 3, 2, 1).")
            )
        return [int(part) for part in parts]

    @property
    def used(self) -> bool:
        data = self.cleaned_data
        return bool(data.get("name") or data.get("teams", "").strip())

    def division(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "teams": [line.strip() for line in data["teams"].splitlines() if line.strip()],
            "rule": self.rule(),
        }

    def rule(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "points_table": data["points_table"],
            "day_ties": data["day_ties"],
            "order": self.criteria(),
            "promoted": data["promoted"],
            "relegated": data["relegated"],
        }

    def criteria(self) -> list[str]:
        return ORDERS[self.cleaned_data["order"]]


def division_forms(data=None) -> list[DivisionForm]:
    return [DivisionForm(data, prefix=f"d{index}") for index in range(DIVISION_FORMS)]


class DivisionChangeForm(DivisionForm):
    """A division as it is: its name, its rule, each team's name (empty: it leaves the league,
    refused once it has played) and new teams, one a line."""

    def __init__(self, *args, division, teams, played=frozenset(), **kwargs):
        rule = division.table_rule
        order = [str(criterion) for criterion in rule.order]
        initial = {
            "name": division.name,
            "points_table": ", ".join(map(str, rule.points_table)),
            "day_ties": str(rule.day_ties),
            "promoted": rule.promoted,
            "relegated": rule.relegated,
            "order": next((key for key, value in ORDERS.items() if value == order), "kept"),
        }
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        self.kept_order = order
        del self.fields["teams"]
        self.fields["name"].required = True
        if initial["order"] == "kept":  # an order set through the API: kept unless changed
            choices = [("kept", _("As set now")), *ORDER_CHOICES]
            self.fields["order"].choices = choices  # type: ignore[attr-defined]
        self.team_fields: dict[int, str] = {}
        for team in teams:
            name = f"team_{team.shown}"
            self.fields[name] = forms.CharField(
                label=team.name,
                max_length=200,
                required=False,
                initial=team.name,
                help_text=_("Has played a match day: it stays in the league.")
                if team.shown in played
                else _("Empty: the team leaves the league."),
            )
            self.team_fields[team.shown] = name
        self.fields["new_teams"] = forms.CharField(
            label=_("New teams"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 3}),
            help_text=_("One team's name a line."),
        )

    def criteria(self) -> list[str]:
        chosen = self.cleaned_data["order"]
        return self.kept_order if chosen == "kept" else super().criteria()

    def change(self) -> tuple[dict[str, Any], dict[str, str]]:
        """What ``change_division`` takes, and which form field each ``teams.<i>`` stands for."""
        data = self.cleaned_data
        teams: list[dict[str, Any]] = []
        fields: dict[str, str] = {}
        for pk, name in self.team_fields.items():
            if data[name].strip():
                fields[f"teams.{len(teams)}.name"] = name
                teams.append({"id": pk, "name": data[name]})
        for line in data["new_teams"].splitlines():
            if line.strip():
                fields[f"teams.{len(teams)}.name"] = "new_teams"
                teams.append({"name": line.strip()})
        rule = self.rule()
        fields |= {f"rule.{key}": key for key in rule} | {"teams": "new_teams"}
        return {"name": data["name"], "rule": rule, "teams": teams}, fields


class MatchDayForm(forms.Form):
    """A match day: its number, its tournament (or a new evening), each team's group."""

    number = forms.IntegerField(label=_("Match day"), min_value=1, max_value=1000)
    tournament = forms.ModelChoiceField(
        label=_("Tournament"),
        queryset=Tournament.objects.none(),
        required=False,
        empty_label=_("Start the season's next evening"),
    )
    date = forms.DateField(
        label=_("Date of a new evening"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )

    def __init__(self, *args, tournaments=None, teams=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments  # type: ignore[attr-defined]
        self.team_fields: dict[int, str] = {}
        for team in teams:
            name = f"group_{team.shown}"
            self.fields[name] = forms.IntegerField(
                label=_("Group of %(team)s") % {"team": team.name},
                min_value=1,
                max_value=50,
                required=False,
                # each division plays as one group unless the organiser groups otherwise
                initial=team.group.position,
            )
            self.team_fields[team.shown] = name

    def groups(self) -> tuple[list[list[int]], dict[str, str]]:
        """The groups by their numbers (teams without one do not play that day), and which
        form field each place ``groups.<i>.<j>`` stands for."""
        by_group: dict[int, list[int]] = {}
        for team, name in self.team_fields.items():
            group = self.cleaned_data.get(name)
            if group is not None:
                by_group.setdefault(group, []).append(team)
        groups = [by_group[number] for number in sorted(by_group)]
        fields = {
            f"groups.{index}.{position}": self.team_fields[team]
            for index, members in enumerate(groups)
            for position, team in enumerate(members)
        }
        fields |= {
            f"groups.{index}": self.team_fields[members[0]] for index, members in enumerate(groups)
        }
        return groups, fields


class LineupForm(forms.Form):
    team = forms.ModelChoiceField(
        label=_("Roster"),
        queryset=Team.objects.none(),
        required=False,
        empty_label=_("No roster"),
        help_text=_("A team of the day's tournament (set up under Teams)."),
    )
    score = forms.IntegerField(
        label=_("Day score as given"),
        required=False,
        min_value=-100_000,
        max_value=100_000,
        help_text=_("Empty: the sum of its roster's results."),
    )

    def __init__(self, *args, rosters=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = rosters  # type: ignore[attr-defined]


class SquadAddForm(PersonPick):
    """A player added to a team's squad: a known person picked (or a new one, once asked), as
    a regular or a substitute."""

    name = forms.CharField(label=_("Player"), max_length=120)
    substitute = forms.TypedChoiceField(
        label=_("Role"),
        choices=[("", _("regular")), ("1", _("substitute"))],
        coerce=bool,
        empty_value=False,  # type: ignore[arg-type]  # regular unless chosen
        required=False,
        initial="",
        widget=forms.RadioSelect,
    )


class SwapForm(forms.Form):
    """A team's line-up on its day: who plays instead of whom (a squad's player in, one of the
    roster out)."""

    out = forms.TypedChoiceField(
        label=_("Out"),
        coerce=int,
        choices=(),
        error_messages={
            "invalid_choice": _(
                "This player does not play for the team any more: please choose again."
            )
        },
    )
    replacement = forms.TypedChoiceField(
        label=_("In"),
        coerce=int,
        choices=(),
        error_messages={
            "invalid_choice": _("This player is not on the team's bench: please choose again.")
        },
    )

    def __init__(self, *args, playing=(), bench=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["out"].choices = [(player.pk, player.name) for player in playing]  # type: ignore[attr-defined]
        self.fields["replacement"].choices = [(player.pk, player.name) for player in bench]  # type: ignore[attr-defined]
