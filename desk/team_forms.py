"""The desk's forms of the teams: a team by start numbers, the side rankings' rules, a file."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from desk.person_forms import PersonPick
from teams.engine.ranking import MAX_BEST, Method, Ties
from tournaments.domain.entries import is_plain_number

METHODS = [
    (Method.SUM.value, _("sum of all players")),
    (Method.BEST.value, _("the best players only")),
    (Method.AVERAGE.value, _("average per player")),
]
TIES = [
    (Ties.BEST_MEMBER.value, _("the better best player, then the second, …")),
    (Ties.SHARED.value, _("shared place")),
]


class StartNumbersField(forms.CharField):
    """Start numbers separated by commas or spaces: "3, 7 12"."""

    default_error_messages = {"invalid": _("Start numbers are whole numbers, e.g. “3, 7, 12”.")}

    def to_python(self, value):
        text = super().to_python(value) or ""
        parts = [part for part in re.split(r"[\s,;]+", text) if part]
        if not all(is_plain_number(part) for part in parts):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return [int(part) for part in parts]


class TeamForm(PersonPick):
    """A team by its players' start numbers, and one more player by name: a person known
    already (picked), or a new one; entered in the tournament unless they are."""

    person_field = "player_name"

    name = forms.CharField(label=_("Team name"), max_length=120)
    player_name = forms.CharField(
        label=_("Add a player by name"),
        max_length=120,
        required=False,
        help_text=_("Entered in the tournament too, if not entered yet."),
    )
    members = StartNumbersField(label=_("Players (start numbers)"), required=False, max_length=1000)
    substitutes = StartNumbersField(
        label=_("Substitutes (start numbers)"), required=False, max_length=1000
    )
    captain = forms.IntegerField(
        label=_("Captain (start number)"), required=False, min_value=1, max_value=99_999
    )


class SideRulesForm(forms.Form):
    team_method = forms.ChoiceField(label=_("Teams are ranked by"), choices=METHODS)
    team_best = forms.IntegerField(
        label=_("Teams: how many players count"),
        required=False,
        min_value=1,
        max_value=MAX_BEST,
        help_text=_("Only with “the best players only”."),
    )
    team_ties = forms.ChoiceField(label=_("Teams with equal scores"), choices=TIES)
    club_method = forms.ChoiceField(label=_("Clubs are ranked by"), choices=METHODS)
    club_best = forms.IntegerField(
        label=_("Clubs: how many players count"),
        required=False,
        min_value=1,
        max_value=MAX_BEST,
        help_text=_("Only with “the best players only”."),
    )
    club_ties = forms.ChoiceField(label=_("Clubs with equal scores"), choices=TIES)
    clubs_shown = forms.BooleanField(label=_("Spectators see the clubs' ranking"), required=False)

    def rule(self, prefix: str) -> dict:
        data = self.cleaned_data
        rule = {"method": data[f"{prefix}_method"], "ties": data[f"{prefix}_ties"]}
        if data[f"{prefix}_method"] == Method.BEST:
            rule["best"] = data[f"{prefix}_best"]
        return rule


class TeamFileForm(forms.Form):
    file = forms.FileField(
        label=_("CSV or XLSX file"),
        help_text=_(
            "First row: Mannschaft (team), Startnummer (start number), Rolle (role: captain or "
            "substitute, empty for a regular player)."
        ),
    )
