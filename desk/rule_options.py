"""The rule options the set-up form offers, worded and explained for organisers.

The engines (``rules``) define and check the options; this says what each means at the table.
Only options that differ from the game's default preset are stored in a tournament's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.doppelkopf import (
    BOCK_LENGTH_MAX,
    BOCK_LENGTH_PLAYERS,
    BOCK_TRIGGERS,
    EXTRA_TYPES,
    INT_OPTIONS,
    DoppelkopfRules,
)
from rules.doppelkopf import PRESET_OPTIONS as DOPPELKOPF_PRESETS
from rules.schafkopf import (
    LAUFENDE_MIN_RANGE,
    OWN_PRICES,
    PRESET_OPTIONS,
    TARIFF_KEYS,
    TARIFF_MAX,
    SchafkopfRules,
)
from scoring import labels

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

DDV = DoppelkopfRules()
SCHAFKOPF = SchafkopfRules()

DOPPELKOPF_OPTIONS = {
    "scoring": forms.ChoiceField(
        label=_("Scoring"),
        widget=forms.RadioSelect,  # long choices: shown whole, not cut on a phone
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
    "bock_mode": forms.ChoiceField(
        label=_("What a Bock deal does"),
        choices=[
            ("multiply", _("multiplies the value")),
            ("add", _("adds points to the value")),
        ],
        help_text=_(
            "Most clubs double a Bock deal. Some add a fixed number of points instead (“Bock "
            "+1”): each overlapping round adds them once more, and the winners of the deal get "
            "them like the value (a soloist three times)."
        ),
    ),
    "bock_add_points": forms.TypedChoiceField(
        label=_("Points of one Bock level"),
        coerce=int,
        choices=[
            (value, f"+ {value}") for value in range(1, INT_OPTIONS["bock_add_points"][1] + 1)
        ],
        help_text=_("Where Bock adds points: what one Bock level adds to the value (usually 1)."),
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


def _price(
    label: StrOrPromise, help_text: StrOrPromise, **attrs: StrOrPromise
) -> forms.IntegerField:
    """A price in units, as the engine takes it (RULES.md §2.2): refused at its field otherwise."""
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=TARIFF_MAX,
        help_text=help_text,
        widget=forms.NumberInput(attrs=attrs),
    )


def _following_price(
    label: StrOrPromise, follows: StrOrPromise, placeholder: StrOrPromise
) -> forms.IntegerField:
    """A club game's price that follows the tariff while it is left empty (``follows`` says
    how, ``placeholder`` shows it in the empty box)."""
    return _price(label, follows, placeholder=placeholder)


SCHAFKOPF_OPTIONS: dict[str, forms.Field] = {
    **{
        f"tariff_{name}": _price(label, _("units"))
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
    # the club games' prices beside the tariff (RULES.md §2.2): an empty one follows it
    "tariff_hochzeit": _following_price(
        pgettext_lazy("schafkopf", "Hochzeit"), _("Empty: a Rufer's price."), _("as a Rufer")
    ),
    **{
        f"tariff_{name}": _following_price(label, _("Empty: a Solo's price."), _("as a Solo"))
        for name, label in (
            ("geier", _("Geier")),
            ("farbgeier", _("Farbgeier")),
            ("farbwenz", _("Farbwenz")),
        )
    },
    "tariff_bettel": _price(_("Bettel"), _("units (the BSV's tariff: 30 where a Rufer is 10)")),
    "tariff_bettel_ouvert": _following_price(
        _("Bettel ouvert"), _("Empty: twice the Bettel's price."), _("2 × Bettel")
    ),
    "tariff_ramsch": _price(
        _("Ramsch (each other player)"),
        _("units (the BSV's tariff: 20 where a Rufer is 10; some clubs: a Rufer's)"),
    ),
    "tariff_durchmarsch": _following_price(
        _("Durchmarsch"),
        _("Empty: what a Solo won Schwarz pays (without Laufende)."),
        _("as a Solo won Schwarz"),
    ),
    "tariff_leaster": _following_price(
        _("Leaster (from each other player)"), _("Empty: the Ramsch's price."), _("as a Ramsch")
    ),
    "laufende_min": forms.IntegerField(
        label=_("Laufende count from"),
        min_value=LAUFENDE_MIN_RANGE[0],
        max_value=LAUFENDE_MIN_RANGE[1],
        help_text=_("In Rufer, Solo and every other game not named below (default 3)."),
    ),
    "laufende_min_wenz": forms.IntegerField(
        label=_("Laufende in a Wenz count from"),
        min_value=LAUFENDE_MIN_RANGE[0],
        max_value=4,  # a Wenz or Geier has four trumps
        help_text=_("In Wenz and Geier (default 2)."),
    ),
    "laufende_min_colour": forms.IntegerField(
        label=_("Laufende in a Farbwenz or Farbgeier count from"),
        min_value=LAUFENDE_MIN_RANGE[0],
        max_value=LAUFENDE_MIN_RANGE[1],
        help_text=_("Empty: as in a Rufer or Solo (3, as internet-schafkopf.de counts them)."),
        widget=forms.NumberInput(attrs={"placeholder": _("as in a Rufer")}),
    ),
    # the club options (RULES.md §10.7-§10.12): all off in Bavarian tournaments
    "stoss": forms.BooleanField(
        label=_("Kontra and Re (Stoß)"),
        required=False,
        help_text=_(
            "A defender may give Kontra, the declarer's side answer with Re: each doubles the "
            "game (not in tournaments)."
        ),
    ),
    "klopfen": forms.BooleanField(
        label=_("Klopfen (knocking)"),
        required=False,
        help_text=_("Each player who knocks before the bidding doubles the game."),
    ),
    "ramsch": forms.BooleanField(
        label=_("Ramsch when all pass"),
        required=False,
        help_text=_(
            "Everyone plays alone; the player with the most card points pays each other player."
        ),
    ),
    "leaster": forms.BooleanField(
        label=_("Leaster when all pass"),
        required=False,
        help_text=_(
            "Everyone plays alone; the player with the fewest card points wins and each other "
            "player pays them (the Leaster tariff). Level on the fewest: they win together."
        ),
    ),
    "ramsch_jungfrau": forms.BooleanField(
        label=_("Ramsch: Jungfrau"),
        required=False,
        help_text=_("Each player without a trick doubles what the loser pays."),
    ),
    "ramsch_durchmarsch": forms.BooleanField(
        label=_("Ramsch: Durchmarsch"),
        required=False,
        help_text=_("A player who takes every trick wins, paid like a Solo won Schwarz."),
    ),
    "ramsch_tie": forms.ChoiceField(
        label=_("Ramsch: equal most card points"),
        choices=[
            ("tricks", _("More tricks loses (still equal: both lose)")),
            ("all", _("All of them lose")),
            ("tricks_then_trump", _("More tricks loses, then the highest trump")),
            ("trump", _("The highest trump loses")),
        ],
        help_text=_(
            "Who loses when players are level on the most card points. With the highest trump "
            "the captain taps which of the level players has it (the Bavarian way: more "
            "tricks first, then the higher trump)."
        ),
    ),
    "ramsch_highest_trump": forms.ChoiceField(
        label=_("Ramsch: whose highest trump"),
        widget=forms.RadioSelect,  # long choices: shown whole, not cut on a phone
        choices=[
            ("taken", _("the highest trump in a player's tricks")),
            ("played", _("the highest trump a player played")),
        ],
        help_text=_(
            "Where the highest trump decides a tie: the one a level player took (Bavarian club "
            "rules) or the one they played (as online Schafkopf counts it)."
        ),
    ),
    "bettel": forms.BooleanField(
        label=_("Bettel and Bettel ouvert"),
        required=False,
        help_text=_("The declarer must take no trick at all; ouvert with the cards shown."),
    ),
    "geier": forms.BooleanField(
        label=_("Geier"),
        required=False,
        help_text=_("Only the four Ober are trumps; paid like a Solo."),
    ),
    "farbgeier": forms.BooleanField(
        label=_("Farbgeier"),
        required=False,
        help_text=_("The Ober and one suit are trumps; paid like a Solo."),
    ),
    "farbwenz": forms.BooleanField(
        label=_("Farbwenz"),
        required=False,
        help_text=_("The Unter and one suit are trumps; paid like a Solo."),
    ),
    "hochzeit": forms.BooleanField(
        label=pgettext_lazy("schafkopf", "Hochzeit"),
        required=False,
        help_text=_(
            "A player with a single trump offers it; whoever takes it plays with them, paid like "
            "a Rufer."
        ),
    ),
    "deck": forms.ChoiceField(
        label=_("Deck"),
        choices=[("long", _("32 cards, eight tricks")), ("short", _("24 cards, six tricks"))],
        help_text=_("The short deck leaves out the 8s and 7s; there is no Sie."),
    ),
    "schwarz_adds_schneider": forms.BooleanField(
        label=_("Schwarz adds to Schneider"),
        required=False,
        help_text=_("A game won Schwarz pays Schneider and Schwarz, not Schwarz alone."),
    ),
}


def defaults(game: str) -> dict:
    """The form's values for the game's default preset (DDV for Doppelkopf)."""
    if game == "schafkopf":
        return {
            # the club games' following prices are left empty: they follow the tariff
            **{f"tariff_{name}": OWN_PRICES.get(name) for name in TARIFF_KEYS},
            **{
                name: getattr(SCHAFKOPF, name)
                for name in SCHAFKOPF_OPTIONS
                if not name.startswith("tariff_")
            },
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
    return form_values("doppelkopf", {"preset": CLUB_BOCK_PRESET})


def form_values(game: str, rules: dict) -> dict:
    """A stored rule set as the form's values (unset options: the defaults)."""
    values = defaults(game)
    # a preset stored by the API (the desk stores its options) fills in its options first
    preset = str(rules.get("preset"))
    if game == "schafkopf":
        values.update(PRESET_OPTIONS.get(preset, {}))
    elif preset in DOPPELKOPF_PRESETS:
        values = doppelkopf_values(DoppelkopfRules(**DOPPELKOPF_PRESETS[preset]))
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
