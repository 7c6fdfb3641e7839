"""The desk's season forms: a new season, an evening to add, the next evening's date."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs import access
from clubs.access import Can
from clubs.models import Association, Club
from desk.person_forms import PersonPick
from seasons.engine.ranking import PRESETS
from tournaments.enums import EntryMode, Game
from tournaments.models import RuleSet, Tournament

RANKING_PRESETS = [
    ("total", _("Total points over all evenings")),
    ("average", _("Average per list")),
    ("placement", _("Placement points per evening (20/17/15/…)")),
    ("ddv", _("DDV ranking: average per round, 24 months, from 36 rounds")),
]
assert {name for name, _label in RANKING_PRESETS} == set(PRESETS)  # every preset offered


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=150)
    home = forms.ChoiceField(
        label=_("Club"),
        required=False,
        help_text=_("Whose season it is: a club's (its people run it), an association's, or none."),
    )
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)
    preset = forms.ChoiceField(label=_("Ranking"), choices=RANKING_PRESETS)
    best = forms.IntegerField(
        label=_("Count only the best"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=_("Evenings (lists for an average per list); empty: all count."),
    )
    missed_zero = forms.BooleanField(
        label=_("A missed evening counts 0"), required=False, initial=False
    )
    min_lists = forms.IntegerField(
        label=_("Minimum number of lists to be ranked"),
        required=False,
        min_value=0,
        max_value=10_000,
    )
    attendance_bonus = forms.IntegerField(
        label=_("Bonus points per evening played"), required=False, min_value=0, max_value=1000
    )
    cup_places = forms.IntegerField(
        label=_("A cup: qualifying places"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=_("The best this many qualify for the final; empty: no cup."),
    )
    is_public = forms.BooleanField(label=_("Public"), required=False, initial=True)
    rule_set = forms.ModelChoiceField(
        label=_("Rules of its evenings"),
        queryset=RuleSet.objects.all(),
        required=False,
        empty_label=_("The game's standard rules"),
    )
    series_count = forms.IntegerField(
        label=_("Series per evening"), min_value=1, max_value=50, initial=3
    )
    normal_deals = forms.IntegerField(
        label=_("Normal deals per four-table"), min_value=1, max_value=200, initial=20
    )
    venue = forms.CharField(label=_("Venue"), max_length=150, required=False)
    entry_mode = forms.ChoiceField(
        label=_("Deal entry at its evenings"),
        choices=EntryMode.choices,
        initial=EntryMode.FULL,
        required=False,
        widget=forms.RadioSelect,
        help_text=_("Clubs that score on paper enter the game value and winners, or the points."),
    )

    def season_fields(self) -> dict:
        data = self.cleaned_data
        ranking_rule: dict = {"preset": data["preset"]}
        if data["best"]:
            ranking_rule["best"] = data["best"]
            ranking_rule["unit"] = "list" if data["preset"] in ("average", "ddv") else "evening"
        if data["missed_zero"]:
            ranking_rule["missed"] = "zero"
        if data["min_lists"] is not None:
            ranking_rule["min_lists"] = data["min_lists"]
        if data["attendance_bonus"]:
            ranking_rule["attendance_bonus"] = data["attendance_bonus"]
        rule_set = data["rule_set"]
        return {
            "name": data["name"],
            "game": rule_set.game if rule_set else data["game"],
            "ranking_rule": ranking_rule,
            "is_public": data["is_public"],
            "cup_places": data["cup_places"],
            "rules": rule_set.rules if rule_set else {},
            "series_count": data["series_count"],
            "normal_deals": data["normal_deals"],
            "venue": data["venue"],
            "entry_mode": data["entry_mode"] or EntryMode.FULL,
            **self.home_fields(),
        }

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices: list[tuple[str, object]] = [("", _("— none: a private season —"))]
        if user is not None:
            choices += [(f"club:{club.pk}", club.name) for club in access.clubs_of(user, Can.RUN)]
            associations = Association.objects.all()
            if not user.is_superuser:
                associations = associations.filter(admins=user)
            choices += [(f"association:{a.pk}", a.name) for a in associations]
        cast(forms.ChoiceField, self.fields["home"]).choices = choices  # only the user's own

    def home_fields(self) -> dict:
        """The chosen club or association (offered only among the user's own)."""
        kind, _sep, pk = (self.cleaned_data.get("home") or "").partition(":")
        if kind == "club":
            return {"club": Club.objects.get(pk=int(pk))}
        if kind == "association":
            return {"association": Association.objects.get(pk=int(pk))}
        return {}


class AddEveningForm(forms.Form):
    tournament = forms.ModelChoiceField(label=_("Tournament"), queryset=Tournament.objects.none())
    ranking_tournament = forms.BooleanField(label=_("Ranking tournament"), required=False)

    def __init__(self, *args, tournaments=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments  # type: ignore[attr-defined]


class NewEveningForm(forms.Form):
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    name = forms.CharField(label=_("Name"), max_length=150, required=False)


class RegularForm(PersonPick):
    """A regular of the season: a known person, picked by id with the people picker (the name
    typed only finds them; nobody new is made here)."""

    prefix = "regular"  # the page's form for the next evening has a name field too
    name = forms.CharField(label=_("Regular"), max_length=120)

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("person") is None and not (cleaned.get("player") or cleaned.get("near")):
            self.asks_new_person = False  # PersonPick offers a new person: not for a regular
            self.errors.pop("name", None)
            self.add_error("name", _("Pick a known person from the list offered as you type."))
        return cleaned
