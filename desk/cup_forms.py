"""The desk's team cup forms: a new cup (its teams as lines of text), a round to start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from teams.engine.bracket import MAX_ROUNDS, KnockoutTies
from tournaments.enums import Game

TIES = [
    (KnockoutTies.SEED.value, _("The better seed advances")),
    (KnockoutTies.BEST_PLAYER.value, _("The team whose best player scored more; then a decider")),
    (KnockoutTies.DECIDER.value, _("A decider the organiser enters (a deciding game, a draw)")),
]
assert {value for value, _label in TIES} == {tie.value for tie in KnockoutTies}


class CupForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=150)
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)
    group_rounds = forms.IntegerField(
        label=_("Rounds in each group"),
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=4,
        help_text=_("The DDV's team cup of 2019: four rounds in groups of four teams."),
    )
    qualify = forms.IntegerField(
        label=_("Teams of each group going on to the knock-out"),
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=2,
    )
    ties = forms.ChoiceField(label=_("Equal scores in a pairing"), choices=TIES)
    avoid_group_mates = forms.BooleanField(
        label=_("Keep group mates apart in the first knock-out round"),
        required=False,
        initial=True,
    )
    series_count = forms.IntegerField(
        label=_("Series per tournament"), min_value=1, max_value=50, initial=2
    )
    is_public = forms.BooleanField(label=_("Public"), required=False, initial=True)
    teams = forms.CharField(
        label=_("Groups and teams"),
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text=_(
            "A line without a colon starts a group (its name); each line after it is a team: "
            "“Name (Club): player, player, …”. The club is optional, and so are the players: "
            "end the line with the colon and pick them afterwards, from the people Karlchen "
            "knows, on each team's squad page."
        ),
    )

    def clean_teams(self) -> list[dict[str, Any]]:
        groups: list[dict[str, Any]] = []
        for line in self.cleaned_data["teams"].splitlines():
            text = line.strip()
            if not text:
                continue
            if ":" not in text:
                groups.append({"name": text, "teams": []})
                continue
            if not groups:
                raise forms.ValidationError(_("Start with a group's name, then its teams."))
            head, players = text.split(":", 1)
            name, club = head.strip(), ""
            if head.rstrip().endswith(")") and "(" in head:
                name, club = head.rstrip()[:-1].split("(", 1)
            groups[-1]["teams"].append(
                {
                    "name": name.strip(),
                    "club": club.strip(),
                    "players": [p.strip() for p in players.split(",") if p.strip()],
                }
            )
        if not groups:
            raise forms.ValidationError(_("Enter at least one group with its teams."))
        return groups

    def cup_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "season": {
                "name": data["name"],
                "game": data["game"],
                "is_public": data["is_public"],
                "series_count": data["series_count"],
            },
            "rule": {
                "group_rounds": data["group_rounds"],
                "qualify": data["qualify"],
                "ties": data["ties"],
                "avoid_group_mates": data["avoid_group_mates"],
            },
            "groups": data["teams"],
        }


class RoundForm(forms.Form):
    number = forms.IntegerField(label=_("Round"), min_value=1, max_value=MAX_ROUNDS)
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )


class PairingsForm(forms.Form):
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
