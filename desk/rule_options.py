"""The rule options the set-up form offers, worded and explained for organisers.

The engines (``scoring.engine``) define and check the options; this says what each means at the
table. Only options that differ from the DDV preset are stored in a tournament's rules.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.doppelkopf import (
    BOCK_LENGTH_MAX,
    BOCK_LENGTH_PLAYERS,
    BOCK_TRIGGERS,
    EXTRA_TYPES,
    INT_OPTIONS,
    PRESET_OPTIONS,
    DoppelkopfRules,
)
from rules.schafkopf import DEFAULT_TARIFF, SchafkopfRules
from scoring import labels

DDV = DoppelkopfRules()
SCHAFKOPF = SchafkopfRules()

DOPPELKOPF_OPTIONS = {
    "scoring": forms.ChoiceField(
        label=_("Scoring"),
        choices=[
            ("ddv", _("DDV tournament rules: points are added up (TSR 7)")),
            ("doubling", _("Doubling: every announcement doubles the game value")),
        ],
        help_text=_(
            "With doubling, the value is (1 + no 90/60/30/schwarz) × 2 for every announcement "
            "of either party; extra points are added afterwards."
        ),
    ),
    "extras": forms.MultipleChoiceField(
        label=_("Extra points"),
        choices=[(code, labels.EXTRAS[code]) for code in EXTRA_TYPES],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("The DDV counts fox, Doppelkopf and Karlchen; clubs add others."),
    ),
    "against_the_elders": forms.BooleanField(
        label=_("“Against the club queens” point"),
        required=False,
        help_text=_("Kontra wins an extra point when it beats the two club queens (DDV: on)."),
    ),
    "solo_multiplier": forms.TypedChoiceField(
        label=_("Soloist's factor"),
        coerce=int,
        choices=[(value, f"× {value}") for value in range(3, 31, 3)],
        help_text=_("The soloist wins or loses this many times the game value (DDV: 3)."),
    ),
    "no_hintertuer": forms.BooleanField(
        label=_("No “back door”"),
        required=False,
        help_text=_("A losing party never ends up with points through extra points."),
    ),
    "deck": forms.ChoiceField(
        label=_("Deck"),
        choices=[("with_nines", _("48 cards (with nines)")), ("without_nines", _("40 cards"))],
        help_text=_("Without nines there are 10 tricks and every trick is worth points."),
    ),
    "poverty": forms.BooleanField(
        label=_("Poverty allowed"),
        required=False,
        help_text=_("A player with three trumps or fewer may hand them over (not DDV)."),
    ),
    "queens_jacks_solo": forms.BooleanField(
        label=_("Queens-and-jacks solo"),
        required=False,
        help_text=_("A solo with queens and jacks as the only trumps (not DDV)."),
    ),
    "schweinchen": forms.BooleanField(
        label=_("Schweinchen"),
        required=False,
        help_text=_("Both diamond aces in one hand become the highest trumps; scores as usual."),
    ),
    "second_dulle_beats_first": forms.BooleanField(
        label=_("Second ♥10 beats the first"),
        required=False,
        help_text=_("Changes play only, not the score."),
    ),
    # Bock rounds (RULES.md §2.3): no trigger ticked, no Bock (the DDV rules have none)
    "bock_triggers": forms.MultipleChoiceField(
        label=_("Bock rounds start after"),
        choices=[(code, labels.BOCK_TRIGGERS[code]) for code in BOCK_TRIGGERS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_(
            "A deal like this starts a Bock round: its deals count double. Tick none for no Bock "
            "rounds (DDV tournaments play none)."
        ),
    ),
    "bock_length": forms.TypedChoiceField(
        label=_("Deals per Bock round"),
        coerce=lambda value: value if value == BOCK_LENGTH_PLAYERS else int(value),
        choices=[
            (BOCK_LENGTH_PLAYERS, _("one round of the table")),
            *((number, str(number)) for number in range(1, BOCK_LENGTH_MAX + 1)),
        ],
        help_text=_(
            "Usually one round of the table (4 deals, 5 at a five-table): "
            "every player deals once in Bock."
        ),
    ),
    "bock_stacking": forms.ChoiceField(
        label=_("A Bock round during a Bock round"),
        choices=[
            ("multiply", _("Doppelbock: ×2, ×4, ×8")),
            ("add", _("added up: ×2, ×3, ×4")),
            ("queue", _("queued after it")),
        ],
        help_text=_(
            "Doppelbock: overlapping rounds multiply their factors. Added up: each adds one "
            "factor. Queued: the new round follows the running one."
        ),
    ),
    "bock_multiplier": forms.TypedChoiceField(
        label=_("Factor of one Bock level"),
        coerce=int,
        choices=[
            (value, f"× {value}") for value in range(2, INT_OPTIONS["bock_multiplier"][1] + 1)
        ],
        help_text=_("A Bock deal's value is multiplied by this (usually 2)."),
    ),
    "bock_max_level": forms.TypedChoiceField(
        label=_("Highest Bock level"),
        coerce=int,
        choices=[(value, str(value)) for value in range(1, INT_OPTIONS["bock_max_level"][1] + 1)],
        help_text=_("More overlapping rounds count no higher (3: up to “Dreifachbock”)."),
    ),
    "bock_pause_compulsory_solos": forms.BooleanField(
        label=_("No Bock in compulsory solos"),
        required=False,
        help_text=_("A Pflichtsolo is scored plainly and uses up no Bock deal."),
    ),
}

SCHAFKOPF_OPTIONS: dict[str, forms.Field] = {
    **{
        f"tariff_{name}": forms.IntegerField(
            label=label, min_value=0, max_value=100, help_text=_("units")
        )
        for name, label in (
            ("rufer", _("Rufer (call game)")),
            ("wenz", _("Wenz")),
            ("solo", _("Solo")),
            ("tout", _("Tout")),
            ("sie", _("Sie")),
            ("schneider", _("Schneider")),
            ("schwarz", _("Schwarz")),
            ("laufende", _("each Laufender")),
        )
    },
    "laufende_min": forms.IntegerField(
        label=_("Laufende count from"),
        min_value=1,
        max_value=8,
        help_text=_("In Rufer and Solo (default 3)."),
    ),
    "laufende_min_wenz": forms.IntegerField(
        label=_("Laufende in a Wenz count from"),
        min_value=1,
        max_value=4,
        help_text=_("Default 2."),
    ),
}


def defaults(game: str) -> dict:
    """The form's values for the game's default preset (DDV for Doppelkopf)."""
    if game == "schafkopf":
        return {
            **{f"tariff_{name}": value for name, value in DEFAULT_TARIFF.items()},
            "laufende_min": SCHAFKOPF.laufende_min,
            "laufende_min_wenz": SCHAFKOPF.laufende_min_wenz,
        }
    return doppelkopf_values(DDV)


def doppelkopf_values(rules: DoppelkopfRules) -> dict:
    """A Doppelkopf rule set as the form's values."""
    values = {name: getattr(rules, name) for name in DOPPELKOPF_OPTIONS}
    values["extras"] = sorted(rules.extras)
    values["bock_triggers"] = sorted(rules.bock_triggers)
    values["bock_length"] = rules.bock_length or BOCK_LENGTH_PLAYERS
    return values


CLUB_BOCK_PRESET = "club_bock"


def club_bock_values() -> dict:
    """The "club evening with Bock rounds" preset's values (the engine's preset ``club_bock``)."""
    return doppelkopf_values(DoppelkopfRules(**PRESET_OPTIONS[CLUB_BOCK_PRESET]))


def form_values(game: str, rules: dict) -> dict:
    """A stored rule set as the form's values (unset options: the defaults)."""
    values = defaults(game)
    for name, value in rules.items():
        if name == "tariff":
            values.update({f"tariff_{key}": amount for key, amount in value.items()})
        elif name in values:
            values[name] = sorted(value) if name in LIST_OPTIONS else value
    return values


LIST_OPTIONS = ("extras", "bock_triggers")  # sets: the order of the boxes is no change


def rules_from(game: str, cleaned: dict) -> dict:
    """The options that differ from the defaults, as the engine reads them."""
    base = defaults(game)
    values = {name: cleaned[name] for name in base if name in cleaned}
    for name in LIST_OPTIONS:
        if name in values:
            values[name] = sorted(values[name])
    changed = {name: value for name, value in values.items() if value != base[name]}
    if game != "schafkopf":
        return changed
    tariff = {
        name.removeprefix("tariff_"): changed.pop(name)
        for name in list(changed)
        if name.startswith("tariff_")
    }
    return {**changed, **({"tariff": tariff} if tariff else {})}


def option_fields(game: str) -> dict[str, forms.Field]:
    return SCHAFKOPF_OPTIONS if game == "schafkopf" else DOPPELKOPF_OPTIONS
