"""Schafkopf scoring (RULES.md §2): checks one recorded deal and computes every seat's points.

Does: parse a client's rule options (preset, tariff, Laufende minimums, the club options of
RULES.md §10.7–§10.12) into ``SchafkopfRules``; refuse impossible or disallowed deals with every
problem at once (``Refused``); score Rufer, Wenz, Solo, both Touts and Sie with Schneider, Schwarz
and Laufende in tariff units, and, where the rule set allows them, Hochzeit, Geier, Farbgeier,
Farbwenz, Bettel (ouvert), Ramsch (``rules.ramsch``), the short deck and the doubling of Klopfen and
Kontra/Re.

Does not: play or deal cards, count Laufende from hands (the captain records the count), handle
money, or know about series, standings, Django or translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from karlchen.refusals import InvariantViolation, Problems

from .common import DealScore, Line, band_holding, split_points, validate_seats
from .ramsch import HIGHEST_TRUMP, TIES, check_ramsch, ramsch_outcome
from .schafkopf_cards import (
    DECKS,
    TOTAL_POINTS,
    Deck,
    tricks_fit_points,
)

# The six games of Bavarian tournaments first, then those a rule option allows (RULES.md §10.8).
CONTRACTS = (
    "rufer",
    "wenz",
    "solo",
    "wenz_tout",
    "solo_tout",
    "sie",
    "hochzeit",
    "geier",
    "farbgeier",
    "farbwenz",
    "geier_tout",
    "farbgeier_tout",
    "farbwenz_tout",
    "bettel",
    "bettel_ouvert",
    "ramsch",
    "leaster",
)
SUITS = ("acorns", "leaves", "hearts", "bells")
# Only these bands of the declarer's card points decide a score (61 wins, 91 and 30 make
# Schneider), so a club that does not count exactly records the band (RULES.md §10).
POINT_BANDS: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "0": (0, 0),
        "1-30": (1, 30),
        "31-60": (31, 60),
        "61-90": (61, 90),
        "91-119": (91, 119),
        "120": (120, 120),
    }
)
# The prices a rule set names itself, with their defaults: the unit tariff of the Schafkopf
# convention, and the Bettel and Ramsch of the tariff the BSV recommends (Bettel 30 and Ramsch 20
# against Rufer 10), whose sources fix an amount, not a relation to another game.
OWN_PRICES: Mapping[str, int] = MappingProxyType(
    {
        "rufer": 1,
        "wenz": 5,
        "solo": 5,
        "tout": 10,
        "sie": 20,
        "schneider": 1,
        "schwarz": 2,
        "laufende": 1,
        "bettel": 3,
        "ramsch": 2,
    }
)
# The club games' prices that follow the tariff unless a rule set names them (RULES.md §2.2):
# see following_prices for what each follows and why.
FOLLOWING_PRICES = (
    "hochzeit",
    "geier",
    "farbgeier",
    "farbwenz",
    "bettel_ouvert",
    "durchmarsch",
    "leaster",
)
TARIFF_KEYS = (
    "rufer",
    "wenz",
    "solo",
    "tout",
    "sie",
    "schneider",
    "schwarz",
    "laufende",
    "hochzeit",
    "geier",
    "farbgeier",
    "farbwenz",
    "bettel",
    "bettel_ouvert",
    "ramsch",
    "durchmarsch",
    "leaster",
)


def following_prices(own: Mapping[str, int], schwarz_adds_schneider: bool) -> dict[str, int]:
    """The club games' prices as the tariff ``own`` (every own price) gives them (RULES.md
    §10.8–§10.10): Geier, Farbgeier and Farbwenz a Solo's (internet-schafkopf.de: "Solo, Geier
    oder Wenz 50"); a Hochzeit a Rufer's, an open Bettel twice a Bettel (Karlchen decisions); a
    Durchmarsch a Solo won Schwarz and a Leaster the Ramsch's (the BSV tariff)."""
    solo_won_schwarz = own["solo"] + own["schwarz"]
    if schwarz_adds_schneider:
        solo_won_schwarz += own["schneider"]
    return {
        "hochzeit": own["rufer"],
        "geier": own["solo"],
        "farbgeier": own["solo"],
        "farbwenz": own["solo"],
        "bettel_ouvert": 2 * own["bettel"],
        "durchmarsch": solo_won_schwarz,
        "leaster": own["ramsch"],
    }


# Bavarian tournament Schafkopf is the default; "bavarian_tournament" names it explicitly.
PRESET_OPTIONS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "standard": {},
        "bavarian_tournament": {},
        "club_evening": {
            "stoss": True,
            "klopfen": True,
            "ramsch": True,
            "ramsch_jungfrau": True,
            "ramsch_durchmarsch": True,
            "bettel": True,
            "geier": True,
        },
    }
)
PRESETS = tuple(PRESET_OPTIONS)
# On/off options, all off by default (RULES.md §2.2), and options with a choice of words.
SWITCHES = (
    "stoss",
    "klopfen",
    "ramsch",
    "ramsch_jungfrau",
    "ramsch_durchmarsch",
    "leaster",
    "bettel",
    "geier",
    "farbgeier",
    "farbwenz",
    "hochzeit",
    "schwarz_adds_schneider",
)
CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"deck": ("long", "short"), "ramsch_tie": TIES, "ramsch_highest_trump": HIGHEST_TRUMP}
)
TARIFF_MAX = 1000
LAUFENDE_MIN_RANGE = (1, 8)
WIN_THRESHOLD = 61  # the declarer's side needs 61; the defenders win with 60
SCHNEIDER_WINNER = 91  # the declarer wins Schneider from 91 ...
SCHNEIDER_LOSER = 30  # ... the defenders when the declarer has at most 30
# Where Laufende start: Rufer and Solo (and every game not named below); Wenz and Geier; the
# colour games Farbwenz and Farbgeier (unset: as laufende_min). Each with its Touts.
LAUFENDE_MINIMUMS = ("laufende_min", "laufende_min_wenz", "laufende_min_colour")
_OPTIONS = ("preset", "tariff", *LAUFENDE_MINIMUMS, *SWITCHES, *CHOICES)

# Each Tout is its game (the same trumps, suit and Laufende) played to take every trick.
TOUT_OF: Mapping[str, str] = MappingProxyType(
    {
        "wenz_tout": "wenz",
        "solo_tout": "solo",
        "geier_tout": "geier",
        "farbgeier_tout": "farbgeier",
        "farbwenz_tout": "farbwenz",
    }
)
_TOUTS = tuple(TOUT_OF)
_BETTELS = ("bettel", "bettel_ouvert")
_EVERYONE_ALONE = ("ramsch", "leaster")  # nobody declares: each player's points are recorded
_PARTNER_GAMES = ("rufer", "hochzeit")
_FOUR_TRUMPS = ("wenz", "wenz_tout", "geier", "geier_tout")  # only the four Unter (Ober) trump
_COLOUR_GAMES = ("farbwenz", "farbgeier")
_COLOUR_TRUMPS = (*_COLOUR_GAMES, "farbwenz_tout", "farbgeier_tout")
_WITH_SUIT = ("rufer", "solo", "solo_tout", *_COLOUR_TRUMPS)
_WITH_BONUS = ("rufer", "wenz", "solo", "hochzeit", "geier", *_COLOUR_GAMES)
_BASE_TARIFF = {
    **{contract: contract for contract in CONTRACTS},
    **dict.fromkeys(TOUT_OF, "tout"),
}
# The option that allows each game beyond the six of Bavarian tournaments.
_CONTRACT_OPTION = {
    "hochzeit": "hochzeit",
    "geier": "geier",
    "farbgeier": "farbgeier",
    "farbwenz": "farbwenz",
    "bettel": "bettel",
    "bettel_ouvert": "bettel",
    "ramsch": "ramsch",
    "leaster": "leaster",
    # a Tout of a club game is allowed with its game
    "geier_tout": "geier",
    "farbgeier_tout": "farbgeier",
    "farbwenz_tout": "farbwenz",
}
_LAUFENDE_FACTOR = {**dict.fromkeys(TOUT_OF, 2), "sie": 4}
_SIE_LAUFENDE = 8  # the declarer holds all Ober and Unter


@dataclass(frozen=True, slots=True)
class SchafkopfRules:
    """How deals are valued: the tariff in units, where Laufende start counting, and the club
    options (all off: Bavarian tournament Schafkopf)."""

    # the prices the rule set names (the rest: OWN_PRICES, or following them); every price:
    # ``prices``, worked out from these and kept up to date by dataclasses.replace
    tariff: Mapping[str, int] = field(default_factory=dict, compare=False)
    laufende_min: int = 3
    laufende_min_wenz: int = 2  # Wenz and Geier: internet-schafkopf.de, "ab 2 Laufende"
    laufende_min_colour: int | None = None  # Farbwenz, Farbgeier; None: as laufende_min
    stoss: bool = False  # Kontra by a defender, Re by the declarer's side: each doubles
    klopfen: bool = False  # each player who knocked before the bidding doubles
    ramsch: bool = False  # all passed: everyone plays alone, most card points loses
    ramsch_jungfrau: bool = False  # each Ramsch player without a trick doubles
    ramsch_durchmarsch: bool = False  # one player with every trick of a Ramsch wins it
    # equal most points: more tricks loses ("all": all of them; "trump": who has the highest
    # trump; "tricks_then_trump": more tricks, then the highest trump)
    ramsch_tie: str = "tricks"
    # whose highest trump decides such a tie: the one in a level player's tricks ("taken") or
    # the one a level player played ("played")
    ramsch_highest_trump: str = "taken"
    leaster: bool = False  # all passed: everyone alone, the fewest card points wins
    bettel: bool = False  # Bettel and Bettel ouvert
    geier: bool = False
    farbgeier: bool = False
    farbwenz: bool = False
    hochzeit: bool = False
    deck: str = "long"  # "short": 24 cards, six tricks
    schwarz_adds_schneider: bool = False  # Schwarz pays Schneider and Schwarz
    prices: Mapping[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Read-only, so that no caller can change a rule set's prices under it.
        given = MappingProxyType(dict(self.tariff))
        own = {**OWN_PRICES, **{key: given[key] for key in OWN_PRICES if key in given}}
        following = following_prices(own, self.schwarz_adds_schneider)
        object.__setattr__(self, "tariff", given)
        object.__setattr__(self, "prices", MappingProxyType({**own, **following, **given}))

    @property
    def colour_laufende_min(self) -> int:
        """Where Laufende start in Farbwenz and Farbgeier: like every game but Wenz and Geier
        (internet-schafkopf.de) unless the rule set says otherwise."""
        if self.laufende_min_colour is None:
            return self.laufende_min
        return self.laufende_min_colour

    @property
    def cards(self) -> Deck:
        return DECKS[self.deck]


# Every price of the standard rules (Bavarian tournament Schafkopf).
DEFAULT_TARIFF: Mapping[str, int] = SchafkopfRules().prices


@dataclass(frozen=True, slots=True)
class SchafkopfDeal:
    """One deal as the captain records it; ``declarer_points`` count the declarer's side.

    ``knocked``: the seats that knocked (Klopfen) before the bidding; ``kontra``: the defender who
    gave Kontra (Stoß); ``re``: the player of the declarer's side who answered with Re. A Ramsch
    has no declarer: ``ramsch_points`` (and ``ramsch_tricks`` where needed) by seat instead.
    """

    contract: str
    declarer: int | None = None
    declarer_points: int | None = None
    seats: tuple[int, ...] = (1, 2, 3, 4)
    suit: str | None = None
    partner: int | None = None
    declarer_tricks: int | None = None
    laufende: int = 0
    knocked: tuple[int, ...] = ()
    kontra: int | None = None
    re: int | None = None
    ramsch_points: Mapping[int, int] | None = None
    ramsch_tricks: Mapping[int, int] | None = None
    # of the players level in a Ramsch, who took (or played: ramsch_highest_trump) the top trump
    ramsch_top_trump: int | None = None
    declarer_band: str | None = None  # instead of declarer_points: the band of POINT_BANDS

    @property
    def points_range(self) -> tuple[int, int] | None:
        """The fewest and most card points the declarer's side can have had, if known."""
        if self.declarer_band is not None:
            return POINT_BANDS.get(self.declarer_band)
        if self.declarer_points is None:
            return None
        return (self.declarer_points, self.declarer_points)


# --- rule options -------------------------------------------------------------------------------


def parse_schafkopf_rules(options: Mapping[str, object]) -> SchafkopfRules:
    """Turn a client's rule options into ``SchafkopfRules``, or refuse them all at once."""
    problems = Problems()
    if not isinstance(options, Mapping):
        problems.add("invalid_option", "rules", option="rules")
        problems.raise_if_any()
    for key in options:
        if key not in _OPTIONS:
            problems.add("unknown_option", f"rules.{key}", option=str(key))
    preset = _check_preset(options, problems)
    tariff = _parse_tariff(options.get("tariff", {}), problems)
    chosen: dict[str, Any] = dict(PRESET_OPTIONS.get(preset, {}))  # checked values, by option
    for key in LAUFENDE_MINIMUMS:
        if key in options and _check_int(options[key], *LAUFENDE_MIN_RANGE, key, problems):
            chosen[key] = options[key]
    for key in SWITCHES:
        if key in options and _check_switch(options[key], key, problems):
            chosen[key] = options[key]
    for key, words in CHOICES.items():
        if key in options and _check_choice(options[key], words, key, problems):
            chosen[key] = options[key]
    problems.raise_if_any()
    return SchafkopfRules(tariff=tariff, **chosen)


# Before the club games' prices followed the tariff, each was fixed at these units; and
# Farbwenz and Farbgeier counted Laufende from laufende_min_wenz.
EARLIER_PRICES: Mapping[str, int] = MappingProxyType(
    {
        "hochzeit": 1,
        "geier": 5,
        "farbgeier": 5,
        "farbwenz": 5,
        "bettel_ouvert": 6,
        "durchmarsch": 7,
        "leaster": 2,
    }
)
# The options without which a following price is never paid.
_PAID_WITH: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "hochzeit": ("hochzeit",),
        "geier": ("geier",),
        "farbgeier": ("farbgeier",),
        "farbwenz": ("farbwenz",),
        "bettel_ouvert": ("bettel",),
        "durchmarsch": ("ramsch", "ramsch_durchmarsch"),
        "leaster": ("leaster",),
    }
)


def keep_earlier_meaning(options: Mapping[str, Any]) -> dict[str, Any]:
    """A valid rule set's options written so that they score as they did before the club games'
    prices followed the tariff and Farbwenz and Farbgeier had their own Laufende minimum
    (RULES.md §2.2): for rule sets whose deals were scored then. Only what would now score
    differently, in a game the rule set plays, is written out."""
    rules = parse_schafkopf_rules(options)
    pinned = {
        key: price
        for key, price in EARLIER_PRICES.items()
        if key not in rules.tariff
        and rules.prices[key] != price
        and all(getattr(rules, option) for option in _PAID_WITH[key])
    }
    kept = dict(options)
    if pinned:
        kept["tariff"] = {**options.get("tariff", {}), **pinned}
    colour_games = rules.farbwenz or rules.farbgeier
    earlier_colour_minimum = rules.laufende_min_colour is None and colour_games
    if earlier_colour_minimum and rules.laufende_min != rules.laufende_min_wenz:
        kept["laufende_min_colour"] = rules.laufende_min_wenz
    return kept


def _check_preset(options: Mapping[str, object], problems: Problems) -> str:
    """The preset named (``standard`` where none or an invalid one is)."""
    preset = options.get("preset", "standard")
    if not isinstance(preset, str):
        # Only a string can be named in the message.
        problems.add("invalid_option", "rules.preset", option="preset")
        return "standard"
    if preset not in PRESETS:
        problems.add("unknown_preset", "rules.preset", preset=preset)
    return preset


def _parse_tariff(tariff: object, problems: Problems) -> dict[str, int]:
    if not isinstance(tariff, Mapping):
        problems.add("invalid_option", "rules.tariff", option="tariff")
        return {}
    parsed = {}
    for key, value in tariff.items():
        if key not in TARIFF_KEYS:
            problems.add("unknown_option", f"rules.tariff.{key}", option=f"tariff.{key}")
        elif _check_int(value, 1, TARIFF_MAX, f"tariff.{key}", problems):
            parsed[key] = value
    return parsed


def _check_int(value: object, low: int, high: int, option: str, problems: Problems) -> bool:
    # bool is an int in Python, but `true` is no number in the client's JSON.
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return True
    problems.add("invalid_option", f"rules.{option}", option=option)
    return False


def _check_switch(value: object, option: str, problems: Problems) -> bool:
    if isinstance(value, bool):
        return True
    problems.add("invalid_option", f"rules.{option}", option=option)
    return False


def _check_choice(value: object, words: tuple[str, ...], option: str, problems: Problems) -> bool:
    if isinstance(value, str) and value in words:
        return True
    problems.add("invalid_option", f"rules.{option}", option=option)
    return False


# --- checks -------------------------------------------------------------------------------------


def _check_deal(rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...]) -> None:
    problems = Problems()
    validate_seats(seats, problems)
    if deal.contract not in CONTRACTS:
        problems.add("unknown_contract", "deal.contract", contract=str(deal.contract))
    elif not contract_allowed(rules, deal.contract):
        problems.add("contract_not_allowed", "deal.contract", contract=deal.contract)
    _check_doubling(rules, deal, seats, problems)
    if deal.contract in _EVERYONE_ALONE:
        check_ramsch(rules, deal, seats, problems)
    else:
        _check_declared_game(rules, deal, seats, problems)
    problems.raise_if_any()


def contract_allowed(rules: SchafkopfRules, contract: str) -> bool:
    """Whether the rule set allows the game (the six of Bavarian tournaments always, but a Sie
    only in the long deck)."""
    if contract == "sie":
        # Six cards cannot hold the eight Ober and Unter of a Sie.
        return rules.deck == "long"
    option = _CONTRACT_OPTION.get(contract)
    return option is None or bool(getattr(rules, option))


def _check_declared_game(
    rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...], problems: Problems
) -> None:
    """The checks of every game with a declarer (all but Ramsch)."""
    for name in ("ramsch_points", "ramsch_tricks", "ramsch_top_trump"):
        if getattr(deal, name) is not None:
            problems.add("not_for_contract", f"deal.{name}", contract=str(deal.contract))
    if deal.declarer is None:
        problems.add("declarer_required", "deal.declarer")
    elif deal.declarer not in seats:
        problems.add("not_seated", "deal.declarer")
    if deal.partner is not None and deal.partner not in seats:
        problems.add("not_seated", "deal.partner")
    if deal.contract in CONTRACTS:
        _check_partner(deal, problems)
        _check_suit(deal, problems)
        _check_laufende(rules, deal, problems)
        if deal.contract == "sie":
            _check_sie_won(rules, deal, problems)
    _check_points(deal, problems)
    _check_tricks(rules, deal, problems)


def _check_partner(deal: SchafkopfDeal, problems: Problems) -> None:
    if deal.contract not in _PARTNER_GAMES:
        if deal.partner is not None:
            problems.add("partner_not_allowed", "deal.partner")
    elif deal.partner is None:
        problems.add("partner_required", "deal.partner")
    elif deal.partner == deal.declarer:
        problems.add("partner_is_declarer", "deal.partner")


def _check_suit(deal: SchafkopfDeal, problems: Problems) -> None:
    if deal.contract not in (*_WITH_SUIT, "sie"):
        if deal.suit is not None:
            problems.add("suit_not_allowed", "deal.suit")
    elif deal.suit is None:
        # Sie may name its trump suit or not; it does not change the score.
        if deal.contract != "sie":
            problems.add("suit_required", "deal.suit")
    elif deal.suit not in SUITS:
        problems.add("unknown_suit", "deal.suit", suit=str(deal.suit))
    elif deal.contract == "rufer" and deal.suit == "hearts":
        problems.add("rufer_hearts", "deal.suit")  # hearts are trumps: no ace to call


def _check_laufende(rules: SchafkopfRules, deal: SchafkopfDeal, problems: Problems) -> None:
    maximum = _trump_count(rules, deal.contract)
    minimum = _laufende_minimum(rules, deal.contract)
    if not 0 <= deal.laufende <= maximum:
        problems.add("laufende_range", "deal.laufende", max=maximum)
    # 0 stands for "fewer than the minimum", except in a Sie, which always has 8.
    elif deal.laufende < minimum and (deal.laufende != 0 or deal.contract == "sie"):
        problems.add("laufende_below_minimum", "deal.laufende", min=minimum)


def _trump_count(rules: SchafkopfRules, contract: str) -> int:
    if contract in _BETTELS:
        return 0  # a Bettel has no trumps, so no Laufende
    if contract in _FOUR_TRUMPS:
        return 4
    if contract in _COLOUR_TRUMPS:
        return rules.cards.colour_trumps
    return rules.cards.trumps


def _laufende_minimum(rules: SchafkopfRules, contract: str) -> int:
    if contract == "sie":
        return _SIE_LAUFENDE
    if contract in _FOUR_TRUMPS:
        return rules.laufende_min_wenz
    if contract in _COLOUR_TRUMPS:
        return rules.colour_laufende_min
    return rules.laufende_min


def _check_sie_won(rules: SchafkopfRules, deal: SchafkopfDeal, problems: Problems) -> None:
    # A Sie is shown and won at once; a recorded Sie that lost anything did not happen.
    all_tricks = deal.declarer_tricks in (None, rules.cards.tricks)
    if deal.points_range != (TOTAL_POINTS, TOTAL_POINTS) or not all_tricks:
        problems.add("sie_not_won", "deal.declarer_points")


def _check_points(deal: SchafkopfDeal, problems: Problems) -> None:
    points = deal.declarer_points
    if deal.declarer_band is not None:
        _check_band(deal, problems)
    elif points is None:
        # A Bettel is decided by the tricks alone; its card points may be left out.
        if deal.contract not in _BETTELS:
            problems.add("points_required", "deal.declarer_points")
    elif not 0 <= points <= TOTAL_POINTS:
        problems.add("points_range", "deal.declarer_points", min=0, max=TOTAL_POINTS)
    elif points in (1, TOTAL_POINTS - 1):
        problems.add("points_impossible", "deal.declarer_points", points=points)  # no card is 1


def _check_band(deal: SchafkopfDeal, problems: Problems) -> None:
    if deal.declarer_band not in POINT_BANDS:
        problems.add("unknown_band", "deal.declarer_band", band=str(deal.declarer_band))
    elif deal.declarer_points is not None:
        problems.add("points_and_band", "deal.declarer_band")


def _check_tricks(rules: SchafkopfRules, deal: SchafkopfDeal, problems: Problems) -> None:
    tricks, known, deck = deal.declarer_tricks, _known_range(deal), rules.cards
    if tricks is None:
        # 0 or 120 points alone do not tell whether a side took a trick (of zero-point cards);
        # a Bettel is won or lost by its tricks.
        exact_edge = known in ((0, 0), (TOTAL_POINTS, TOTAL_POINTS))
        if deal.contract in _BETTELS or (exact_edge and deal.contract != "sie"):
            problems.add("tricks_required", "deal.declarer_tricks")
    elif not 0 <= tricks <= deck.tricks:
        problems.add("tricks_range", "deal.declarer_tricks", min=0, max=deck.tricks)
    elif known is not None and not any(
        tricks_fit_points(deck, tricks, points) for points in range(known[0], known[1] + 1)
    ):
        problems.add("tricks_inconsistent", "deal.declarer_tricks")


def _known_range(deal: SchafkopfDeal) -> tuple[int, int] | None:
    """The declarer's points as far as they are there and valid (the rest is refused apart)."""
    known = deal.points_range
    if known is None or (deal.declarer_band is not None and deal.declarer_points is not None):
        return None
    return known if 0 <= known[0] <= known[1] <= TOTAL_POINTS else None


def band_of(points: int) -> str:
    """The band of ``POINT_BANDS`` that holds these card points of the declarer's side."""
    return band_holding(POINT_BANDS, points)


def _scored_points(deal: SchafkopfDeal) -> SchafkopfDeal:
    """A band scored as points in it: every mark that counts (31, 61, 91) is one of its edges.
    1 and 119 cannot happen, so "1-30" stands as 30 and "91-119" as 91."""
    if deal.declarer_band is None:
        return deal
    low, high = POINT_BANDS[deal.declarer_band]
    return replace(deal, declarer_points=high if low == 1 else low, declarer_band=None)


def _check_doubling(
    rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...], problems: Problems
) -> None:
    """Klopfen by anyone before the bidding; Kontra by a defender, Re only after it by the
    declarer's side (RULES.md §10.7)."""
    if deal.knocked and not rules.klopfen:
        problems.add("klopfen_not_allowed", "deal.knocked")
    if len(set(deal.knocked)) != len(deal.knocked):
        problems.add("knocked_duplicate", "deal.knocked")
    for index, seat in enumerate(deal.knocked):
        if seat not in seats:
            problems.add("not_seated", f"deal.knocked.{index}")
    for name in ("kontra", "re"):
        if getattr(deal, name) is not None and not rules.stoss:
            problems.add("stoss_not_allowed", f"deal.{name}")
    if deal.contract in _EVERYONE_ALONE:
        for name in ("kontra", "re"):
            if getattr(deal, name) is not None:
                problems.add("not_for_contract", f"deal.{name}", contract=deal.contract)
        return
    side = {deal.declarer, deal.partner} - {None}
    if deal.kontra is not None:
        if deal.kontra not in seats:
            problems.add("not_seated", "deal.kontra")
        elif deal.kontra in side:
            problems.add("kontra_by_declarer", "deal.kontra")
    if deal.re is not None:
        if deal.kontra is None:
            problems.add("re_without_kontra", "deal.re")
        if deal.re not in seats:
            problems.add("not_seated", "deal.re")
        elif deal.re not in side:
            problems.add("re_by_defender", "deal.re")


# --- scoring ------------------------------------------------------------------------------------


def score_schafkopf(rules: SchafkopfRules, deal: SchafkopfDeal) -> DealScore:
    """Score one deal (RULES.md §10), or raise ``Refused`` with every problem found."""
    seats = tuple(deal.seats)
    _check_deal(rules, deal, seats)
    if deal.contract in _EVERYONE_ALONE:
        return _score_ramsch(rules, deal, seats)
    deal = _scored_points(deal)
    assert deal.declarer is not None  # _check_deal refuses a game without its declarer
    declarer_won = _declarer_won(rules, deal)
    winner = "declarer" if declarer_won else "defenders"
    lines = doubling_lines(deal, _score_lines(rules, deal, declarer_won, winner), winner)
    value = sum(line.points for line in lines)
    _check_lines_sum(lines, _game_value(rules, deal, declarer_won) * 2 ** doublings(deal))
    declarer_result = value if declarer_won else -value
    side: tuple[int, ...]
    if deal.contract in _PARTNER_GAMES:
        assert deal.partner is not None  # _check_deal refuses a Rufer without a partner
        side, factor = (deal.declarer, deal.partner), 1
    else:
        side, factor = (deal.declarer,), 3
    points = split_points(seats, side, declarer_result, side_factor=factor)
    solo = deal.contract not in _PARTNER_GAMES
    return DealScore(winner, value, lines, points, scored_as_solo=solo)


def _score_ramsch(rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...]) -> DealScore:
    """Each loser pays the value to each other player (RULES.md §10.9: in a Leaster everyone
    but the winners loses); Klopfen doubles it."""
    outcome = ramsch_outcome(rules, deal, seats)
    if not outcome.winners or not outcome.losers:
        # all four level (on tricks too): all lose, or in a Leaster all win; nobody pays
        return DealScore(None, 0, (), dict.fromkeys(seats, 0), scored_as_solo=True)
    lines = doubling_lines(deal, outcome.lines, outcome.party)
    value = sum(line.points for line in lines)
    _check_lines_sum(lines, sum(line.points for line in outcome.lines) * 2 ** doublings(deal))
    points = {
        seat: value * len(outcome.losers)
        if seat in outcome.winners
        else -value * len(outcome.winners)
        for seat in seats
    }
    return DealScore(outcome.party, value, lines, points, scored_as_solo=True)


def _declarer_won(rules: SchafkopfRules, deal: SchafkopfDeal) -> bool:
    if deal.contract in _TOUTS:
        return deal.declarer_tricks == rules.cards.tricks
    if deal.contract in _BETTELS:
        return deal.declarer_tricks == 0  # a Bettel is lost with the first trick
    assert deal.declarer_points is not None  # _check_points refuses a game without its points
    return deal.declarer_points >= WIN_THRESHOLD  # a Sie always has 120


def _game_value(rules: SchafkopfRules, deal: SchafkopfDeal, declarer_won: bool) -> int:
    """v = base + Schneider/Schwarz + Laufende, for one player of the winning side, before any
    doubling."""
    bonuses = sum(rules.prices[bonus] for bonus in _bonus_codes(rules, deal, declarer_won))
    base = rules.prices[_BASE_TARIFF[deal.contract]]
    return base + bonuses + _laufende_amount(rules, deal)


def _score_lines(
    rules: SchafkopfRules, deal: SchafkopfDeal, declarer_won: bool, winner: str
) -> tuple[Line, ...]:
    lines = [Line(f"base_{deal.contract}", winner, rules.prices[_BASE_TARIFF[deal.contract]])]
    for bonus in _bonus_codes(rules, deal, declarer_won):
        lines.append(Line(bonus, winner, rules.prices[bonus]))
    lines.append(Line("laufende", winner, _laufende_amount(rules, deal)))
    return tuple(line for line in lines if line.points != 0)


def doublings(deal: SchafkopfDeal) -> int:
    """How often the deal's value doubles: once per knock, once for Kontra, once for Re."""
    return len(deal.knocked) + (deal.kontra is not None) + (deal.re is not None)


def doubling_lines(deal: SchafkopfDeal, lines: tuple[Line, ...], party: str) -> tuple[Line, ...]:
    """``lines`` followed by one line per doubling, each worth what the lines before it add up
    to, so that the breakdown still explains the value (base × 2^k)."""
    codes = ["knocked"] * len(deal.knocked)
    codes += ["kontra"] * (deal.kontra is not None) + ["re"] * (deal.re is not None)
    total = sum(line.points for line in lines)
    doubled = list(lines)
    for code in codes:
        doubled.append(Line(code, party, total))
        total *= 2
    return tuple(doubled)


def _laufende_amount(rules: SchafkopfRules, deal: SchafkopfDeal) -> int:
    # Laufende count for the winners whichever side held them.
    return deal.laufende * _LAUFENDE_FACTOR.get(deal.contract, 1) * rules.prices["laufende"]


def _bonus_codes(rules: SchafkopfRules, deal: SchafkopfDeal, declarer_won: bool) -> tuple[str, ...]:
    """``schwarz``, ``schneider``, both (``schwarz_adds_schneider``) or none; Tout, Sie and
    Bettel have neither."""
    if deal.contract not in _WITH_BONUS:
        return ()
    assert deal.declarer_points is not None  # _check_points refuses these games without points
    if deal.declarer_tricks == (rules.cards.tricks if declarer_won else 0):
        # the winners took every trick
        return ("schneider", "schwarz") if rules.schwarz_adds_schneider else ("schwarz",)
    if declarer_won:
        return ("schneider",) if deal.declarer_points >= SCHNEIDER_WINNER else ()
    return ("schneider",) if deal.declarer_points <= SCHNEIDER_LOSER else ()


def _check_lines_sum(lines: tuple[Line, ...], value: int) -> None:
    # The breakdown the captain sees must explain the value exactly.
    if sum(line.points for line in lines) != value:
        raise InvariantViolation(f"Schafkopf lines {lines} do not add up to {value}")


def deal_from_dict(data: Mapping[str, Any]) -> SchafkopfDeal:
    """The deal of a contract ``deal`` object whose shape (keys, types) is already checked; seat
    numbers as keys of ``ramsch_points`` and ``ramsch_tricks`` may come as JSON's strings."""
    fields = {**data, "seats": tuple(data.get("seats") or (1, 2, 3, 4))}
    fields["knocked"] = tuple(data.get("knocked") or ())
    for name in ("ramsch_points", "ramsch_tricks"):
        by_seat = data.get(name)
        if by_seat is not None:
            fields[name] = {int(seat): value for seat, value in by_seat.items()}
    return SchafkopfDeal(**fields)
