"""The desk's forms: they check and word the input; the domain functions do the work."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, cast

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs import access
from clubs.access import Can
from clubs.models import Club
from desk import rule_options
from desk.person_forms import PersonPick
from people.models import Player
from scoring.enums import AdjustmentKind
from tournaments.enums import ClubSeparation, EntryMode, Game, SeatingMethod, TeamSeating
from tournaments.models import RuleSet, Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

GAMES: dict[str, str] = {Game.DOPPELKOPF: "dk", Game.SCHAFKOPF: "sk"}
DDV_PRESET = "ddv"
SCHAFKOPF_PRESET = "schafkopf"
# the Schafkopf engine's other presets, by the engine's name (rules.schafkopf.PRESET_OPTIONS)
SCHAFKOPF_PRESETS = {
    "bavarian_tournament": _("Bavarian tournament Schafkopf"),
    "club_evening": _("Schafkopf club evening (Stoß, Klopfen, Ramsch, Bettel, Geier)"),
}
# the set-up's fields that only Doppelkopf has (the page hides them for Schafkopf)
DOPPELKOPF_ONLY = ("compulsory_solos",)


class PresetSelect(forms.Select):
    """The rule sets, each option marked with its game so the page offers only the chosen
    game's ones."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.games: dict[str, str] = {}

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if str(value) in self.games:
            option["attrs"]["data-game"] = self.games[str(value)]
        return option


class TournamentForm(forms.ModelForm):
    """The tournament's set-up: what is played, and by which rules (a preset or own options)."""

    preset = forms.ChoiceField(label=_("Rules"), required=False, widget=PresetSelect)
    save_as = forms.CharField(
        label=_("Save these rules as"),
        required=False,
        max_length=100,
        help_text=_("A name, e.g. your club's: the rule set is offered for the next tournament."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "start_time",
            "venue",
            "region",
            "referee",
            "game",
            "series_count",
            "normal_deals",
            "compulsory_solos",
            "confirmation_required",
            "ranking_tournament",
            "entry_mode",
            "seating_method",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            # long choices: a drop-down on a phone cuts them, a radio group shows them whole
            "seating_method": forms.RadioSelect,
            "entry_mode": forms.RadioSelect,
        }

    def __init__(self, *args, rules_locked: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules_locked = rules_locked
        # a form's fields are a dict of Field: the declared ChoiceFields are not known as such
        cast(forms.ChoiceField, self.fields["seating_method"]).choices = [
            choice for choice in SeatingMethod.choices if choice[0] != SeatingMethod.FIXED
        ]
        preset = cast(forms.ChoiceField, self.fields["preset"])
        preset.choices = preset_choices()
        self.preset_games = preset_games()
        cast(PresetSelect, preset.widget).games = self.preset_games
        if self.instance.game == Game.SCHAFKOPF:
            preset.initial = SCHAFKOPF_PRESET
        stored = self.instance.rules if self.instance.pk else {}
        for game, prefix in GAMES.items():
            values = rule_options.form_values(game, stored if self.instance.game == game else {})
            for name, field in rule_options.option_fields(game).items():
                copied = copy.deepcopy(field)
                copied.required = False
                copied.initial = values[name]
                copied.disabled = rules_locked
                self.fields[f"{prefix}_{name}"] = copied
        self.fields["entry_mode"].required = False
        if rules_locked:
            for name in ("game", "preset", "compulsory_solos"):
                self.fields[name].disabled = True

    def option_names(self, game: str) -> list[str]:
        return [f"{GAMES[game]}_{name}" for name in rule_options.option_fields(game)]

    def clean(self):
        cleaned = super().clean()
        assert cleaned is not None  # a ModelForm's clean() returns its cleaned_data
        cleaned["entry_mode"] = cleaned.get("entry_mode") or EntryMode.FULL  # none tapped: full
        game = cleaned.get("game") or Game.DOPPELKOPF
        prefix = GAMES[Game(game)]
        preset_game = self.preset_games.get(cleaned.get("preset") or "")
        if preset_game and preset_game != game and not self.rules_locked:
            self.add_error(
                "preset",
                _("This rule set is for %(preset_game)s, not for %(game)s: choose another.")
                % {"preset_game": Game(preset_game).label, "game": Game(game).label},
            )
        defaults = rule_options.defaults(game)
        values = {}
        for name in rule_options.option_fields(game):
            value = cleaned.get(f"{prefix}_{name}")
            is_list = name in rule_options.LIST_OPTIONS
            values[name] = defaults[name] if value in (None, "") and not is_list else value
        if game == Game.DOPPELKOPF:
            values["extras"] = list(values["extras"] or [])
            values["bock_triggers"] = list(values["bock_triggers"] or [])
        cleaned["rules"] = rule_options.rules_from(game, values)
        if game == Game.DOPPELKOPF and not cleaned.get("compulsory_solos", True):
            cleaned["rules"]["compulsory_solos"] = False
        if game != Game.DOPPELKOPF:
            # Doppelkopf's settings are not stored for another game, whatever was sent
            cleaned["compulsory_solos"] = False
        if not self.rules_locked:
            # the model's own check reads the rules with the (maybe newly chosen) game's engine
            self.instance.rules = cleaned["rules"]
        return cleaned


def preset_choices() -> list[tuple[str, StrOrPromise]]:
    saved = [(str(rule_set.pk), rule_set.name) for rule_set in RuleSet.objects.all()]
    return [
        (DDV_PRESET, _("DDV tournament rules")),
        (rule_options.CLUB_BOCK_PRESET, _("Club evening with Bock rounds")),
        (SCHAFKOPF_PRESET, _("Standard Schafkopf tariff")),
        *SCHAFKOPF_PRESETS.items(),
        *saved,
    ]


def preset_games() -> dict[str, str]:
    """Each preset's game, by the preset's value."""
    saved = {str(pk): game for pk, game in RuleSet.objects.values_list("pk", "game")}
    return {
        DDV_PRESET: Game.DOPPELKOPF,
        rule_options.CLUB_BOCK_PRESET: Game.DOPPELKOPF,
        SCHAFKOPF_PRESET: Game.SCHAFKOPF,
        **dict.fromkeys(SCHAFKOPF_PRESETS, Game.SCHAFKOPF),
        **saved,
    }


def host_club_field() -> forms.ModelChoiceField:
    """The tournament's host club: one where the user runs tournaments, or none."""
    return forms.ModelChoiceField(
        label=_("Host club"),
        queryset=Club.objects.none(),
        required=False,
        empty_label=_("— none: a private tournament —"),
        help_text=_("Its club's admins, organisers and scorers run it with you."),
    )


class NewTournamentForm(TournamentForm):
    """A new tournament's set-up, with the club it belongs to (one the user runs tournaments
    of), or none: a private tournament of its organisers."""

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"] = host_club_field()
        offer_clubs(self, clubs if clubs is not None else Club.objects.none())


class TournamentSettingsForm(TournamentForm):
    """The set-up of a tournament that exists, with its host club: changeable by a user who
    runs tournaments of its club (or of none, for a private one) among the clubs where they
    do (``tournaments.domain.tournaments.change_host_club`` checks both); shown, fixed, to
    anyone else."""

    def __init__(self, *args, clubs=None, changeable: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        field = host_club_field()
        current = Q(pk=self.instance.club_id)
        if changeable and clubs is not None:
            field.queryset = Club.objects.filter(current | Q(pk__in=clubs.values("pk")))
        else:
            field.queryset = Club.objects.filter(current)
            field.disabled = True
            field.help_text = _("Only someone who runs tournaments of its club moves it.")
        field.initial = self.instance.club_id
        self.fields["club"] = field


def offer_clubs(form: forms.BaseForm, clubs) -> None:
    """Let ``form``'s ``club`` field choose among ``clubs``; one club is the usual choice."""
    field = cast(forms.ModelChoiceField, form.fields["club"])
    field.queryset = clubs
    if len(clubs) == 1 and not form.is_bound:
        form.initial["club"] = clubs[0].pk


class EntryForm(PersonPick):
    """A player entered: a known person picked, or a new one from the name, club and number
    (the person of the number, if one has it)."""

    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    member_number = forms.CharField(label=_("Member number"), max_length=30, required=False)
    start_number = forms.IntegerField(
        label=_("Start number"),
        min_value=1,
        max_value=99_999,
        required=False,
        help_text=_("Empty: the next free number."),
    )

    def known_person(self, cleaned: dict) -> bool:
        number = (cleaned.get("member_number") or "").strip()
        return bool(number) and Player.objects.filter(member_number=number).exists()

    def entry_fields(self) -> dict:
        """What ``tournaments.domain.entries.add_entry`` takes."""
        data = self.cleaned_data
        fields = {key: data[key] for key in ("name", "club", "member_number", "start_number")}
        return fields | {"player": data["person"]}


class EntryFileForm(forms.Form):
    file = forms.FileField(
        label=_("CSV or XLSX file"),
        help_text=_(
            "First row: Name, Verein (club), Mitgliedsnummer, Startnummer; only the name is needed."
        ),
    )


class SeatingForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Method"),
        choices=[choice for choice in SeatingMethod.choices if choice[0] != SeatingMethod.FIXED],
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=2**31 - 1,
        required=False,
        help_text=_("The same seed draws the same seating again; empty: a new random one."),
    )
    separate_clubs = forms.ChoiceField(
        label=_("Club mates"), choices=ClubSeparation.choices, initial=ClubSeparation.FIRST
    )
    teams = forms.ChoiceField(
        label=_("Teams"),
        choices=TeamSeating.choices,
        initial=TeamSeating.APART,
        required=False,  # the evening's one-tap seating sends none: the usual (against at a match)
    )
    all_series = forms.BooleanField(
        label=_("Seat every series not yet played at once"),
        required=False,
        help_text=_("Needed for the fewest repeat meetings over the whole tournament."),
    )


class PenaltyForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=AdjustmentKind.choices)
    entry = forms.TypedChoiceField(label=_("Player"), coerce=int)
    points = forms.IntegerField(label=_("Points"), min_value=-999, max_value=999)
    table = forms.TypedChoiceField(label=_("Table"), coerce=int, required=False, empty_value=None)
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, entries, tables, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["entry"]).choices = [
            (entry.pk, f"{entry.start_number} · {entry.player.name}") for entry in entries
        ]
        cast(forms.ChoiceField, self.fields["table"]).choices = [("", "—")] + [
            (table.pk, _("Table %(number)s") % {"number": table.number}) for table in tables
        ]


class CloseSeriesForm(forms.Form):
    force = forms.BooleanField(
        label=_("Close although tables have deals left"),
        required=False,
        help_text=_("Only when a table cannot finish: its missing deals are never played."),
    )


class OrganiserForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)


class ArchiveForm(forms.Form):
    """An archive to import, and the club the imported one belongs to (one the user runs
    tournaments of), or none: the archive's own club name never decides it."""

    file = forms.FileField(label=_("Archive (JSON)"))
    club = forms.ModelChoiceField(
        label=_("Club"),
        queryset=Club.objects.none(),
        required=False,
        empty_label=_("— none: private to you —"),
        help_text=_("Where the imported one belongs: one of your clubs."),
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        offer_clubs(
            self, access.clubs_of(user, Can.RUN) if user is not None else Club.objects.none()
        )
