"""The rule options the set-up form offers, worded and explained for organisers.

The engines (``rules``) define and check the options; this says what each means at the table.
Only options that differ from the game's default preset are stored in a tournament's rules.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.doppelkopf import EXTRA_TYPES, DoppelkopfRules
from rules.schafkopf import DEFAULT_TARIFF, PRESET_OPTIONS, SchafkopfRules
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
        help_text=_("Default 2 (also in Geier, Farbgeier and Farbwenz)."),
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
        ],
        help_text=_("Who loses when players are level on the most card points."),
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
    **{
        f"tariff_{name}": forms.IntegerField(
            label=label, min_value=0, max_value=100, help_text=_("units")
        )
        for name, label in (
            ("hochzeit", pgettext_lazy("schafkopf", "Hochzeit")),
            ("geier", _("Geier")),
            ("farbgeier", _("Farbgeier")),
            ("farbwenz", _("Farbwenz")),
            ("bettel", _("Bettel")),
            ("bettel_ouvert", _("Bettel ouvert")),
            ("ramsch", _("Ramsch (each other player)")),
            ("durchmarsch", _("Durchmarsch")),
        )
    },
}


def defaults(game: str) -> dict:
    """The form's values for the game's default preset (DDV for Doppelkopf)."""
    if game == "schafkopf":
        return {
            **{f"tariff_{name}": value for name, value in DEFAULT_TARIFF.items()},
            **{
                name: getattr(SCHAFKOPF, name)
                for name in SCHAFKOPF_OPTIONS
                if not name.startswith("tariff_")
            },
        }
    values = {name: getattr(DDV, name) for name in DOPPELKOPF_OPTIONS}
    values["extras"] = sorted(DDV.extras)
    return values


def form_values(game: str, rules: dict) -> dict:
    """A stored rule set as the form's values (unset options: the defaults)."""
    values = defaults(game)
    if game == "schafkopf":
        # a preset stored by the API (the desk stores its options) fills in its options first
        values.update(PRESET_OPTIONS.get(str(rules.get("preset")), {}))
    for name, value in rules.items():
        if name == "tariff":
            values.update({f"tariff_{key}": amount for key, amount in value.items()})
        elif name in values:
            values[name] = sorted(value) if name == "extras" else value
    return values


def rules_from(game: str, cleaned: dict) -> dict:
    """The options that differ from the defaults, as the engine reads them."""
    base = defaults(game)
    values = {name: cleaned[name] for name in base if name in cleaned}
    if "extras" in values:
        values["extras"] = sorted(values["extras"])  # a set: the order of the boxes is no change
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
