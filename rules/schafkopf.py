"""Schafkopf scoring (RULES.md §2): checks one recorded deal and computes every seat's points.

Does: parse a client's rule options (tariff, Laufende minimums) into ``SchafkopfRules``; refuse
impossible or disallowed deals with every problem at once (``DealRejected``); score Rufer, Wenz,
Solo, both Touts and Sie with Schneider, Schwarz and Laufende in tariff units.

Does not: play or deal cards, count Laufende from hands (the captain records the count), handle
Stoß/Kontra, Geier, Ramsch or money, or know about series, standings, Django or translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from karlchen.refusals import InvariantViolation, Problems

from .common import DealScore, Line, split_points, validate_seats

CONTRACTS = ("rufer", "wenz", "solo", "wenz_tout", "solo_tout", "sie")
SUITS = ("acorns", "leaves", "hearts", "bells")
TARIFF_KEYS = ("rufer", "wenz", "solo", "tout", "sie", "schneider", "schwarz", "laufende")
# Read-only so that no caller can change the default for everybody else.
DEFAULT_TARIFF: Mapping[str, int] = MappingProxyType(
    {
        "rufer": 1,
        "wenz": 5,
        "solo": 5,
        "tout": 10,
        "sie": 20,
        "schneider": 1,
        "schwarz": 2,
        "laufende": 1,
    }
)

PRESETS = ("standard",)
TARIFF_MAX = 1000
LAUFENDE_MIN_RANGE = (1, 8)

TOTAL_POINTS = 120
TRICKS = 8
WIN_THRESHOLD = 61  # the declarer's side needs 61; the defenders win with 60
SCHNEIDER_WINNER = 91  # the declarer wins Schneider from 91 ...
SCHNEIDER_LOSER = 30  # ... the defenders when the declarer has at most 30
MAX_TRICK_POINTS = 44  # four aces
MAX_ZERO_TRICKS = 3  # 12 cards worth 0 (9, 8, 7 of four suits) fill at most 3 tricks

_TOUTS = ("wenz_tout", "solo_tout")
_WENZ_LIKE = ("wenz", "wenz_tout")
_BASE_TARIFF = {
    "rufer": "rufer",
    "wenz": "wenz",
    "solo": "solo",
    "wenz_tout": "tout",
    "solo_tout": "tout",
    "sie": "sie",
}
_LAUFENDE_FACTOR = {"wenz_tout": 2, "solo_tout": 2, "sie": 4}
_TRUMPS = {"wenz": 4, "wenz_tout": 4}  # Wenz: the four Unter; else 4 Ober + 4 Unter + 6 suit cards
_OTHER_TRUMPS = 14
_SIE_LAUFENDE = 8  # the declarer holds all Ober and Unter


@dataclass(frozen=True, slots=True)
class SchafkopfRules:
    """How deals are valued: the tariff in units and where Laufende start counting."""

    tariff: Mapping[str, int] = field(default_factory=lambda: DEFAULT_TARIFF)
    laufende_min: int = 3
    laufende_min_wenz: int = 2

    def __post_init__(self) -> None:
        # A partial tariff is completed with the defaults, so every key can be looked up.
        full = MappingProxyType({**DEFAULT_TARIFF, **self.tariff})
        object.__setattr__(self, "tariff", full)


@dataclass(frozen=True, slots=True)
class SchafkopfDeal:
    """One deal as the captain records it; ``declarer_points`` count the declarer's side."""

    contract: str
    declarer: int
    declarer_points: int
    seats: tuple[int, ...] = (1, 2, 3, 4)
    suit: str | None = None
    partner: int | None = None
    declarer_tricks: int | None = None
    laufende: int = 0


# --- rule options -------------------------------------------------------------------------------


def parse_schafkopf_rules(options: Mapping[str, object]) -> SchafkopfRules:
    """Turn a client's rule options into ``SchafkopfRules``, or refuse them all at once."""
    problems = Problems()
    if not isinstance(options, Mapping):
        problems.add("invalid_option", "rules", option="rules")
        problems.raise_if_any()
    for key in options:
        if key not in ("preset", "tariff", "laufende_min", "laufende_min_wenz"):
            problems.add("unknown_option", f"rules.{key}", option=str(key))
    _check_preset(options, problems)
    tariff = _parse_tariff(options.get("tariff", {}), problems)
    minimums: dict[str, Any] = {}  # checked ints, by option name
    for key in ("laufende_min", "laufende_min_wenz"):
        if key in options and _check_int(options[key], *LAUFENDE_MIN_RANGE, key, problems):
            minimums[key] = options[key]
    problems.raise_if_any()
    return SchafkopfRules(tariff=tariff, **minimums)


def _check_preset(options: Mapping[str, object], problems: Problems) -> None:
    if "preset" not in options:
        return
    preset = options["preset"]
    if not isinstance(preset, str):
        # Only a string can be named in the message.
        problems.add("invalid_option", "rules.preset", option="preset")
    elif preset not in PRESETS:
        problems.add("unknown_preset", "rules.preset", preset=preset)


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


# --- checks -------------------------------------------------------------------------------------


def _check_deal(rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...]) -> None:
    problems = Problems()
    validate_seats(seats, problems)
    if deal.declarer not in seats:
        problems.add("not_seated", "deal.declarer")
    if deal.partner is not None and deal.partner not in seats:
        problems.add("not_seated", "deal.partner")
    if deal.contract in CONTRACTS:
        _check_partner(deal, problems)
        _check_suit(deal, problems)
        _check_laufende(rules, deal, problems)
        if deal.contract == "sie":
            _check_sie_won(deal, problems)
    else:
        problems.add("unknown_contract", "deal.contract", contract=str(deal.contract))
    _check_points(deal, problems)
    _check_tricks(deal, problems)
    problems.raise_if_any()


def _check_partner(deal: SchafkopfDeal, problems: Problems) -> None:
    if deal.contract != "rufer":
        if deal.partner is not None:
            problems.add("partner_not_allowed", "deal.partner")
    elif deal.partner is None:
        problems.add("partner_required", "deal.partner")
    elif deal.partner == deal.declarer:
        problems.add("partner_is_declarer", "deal.partner")


def _check_suit(deal: SchafkopfDeal, problems: Problems) -> None:
    if deal.contract in _WENZ_LIKE:
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
    maximum = _TRUMPS.get(deal.contract, _OTHER_TRUMPS)
    minimum = _laufende_minimum(rules, deal.contract)
    if not 0 <= deal.laufende <= maximum:
        problems.add("laufende_range", "deal.laufende", max=maximum)
    # 0 stands for "fewer than the minimum", except in a Sie, which always has 8.
    elif deal.laufende < minimum and (deal.laufende != 0 or deal.contract == "sie"):
        problems.add("laufende_below_minimum", "deal.laufende", min=minimum)


def _laufende_minimum(rules: SchafkopfRules, contract: str) -> int:
    if contract == "sie":
        return _SIE_LAUFENDE
    if contract in _WENZ_LIKE:
        return rules.laufende_min_wenz
    return rules.laufende_min


def _check_sie_won(deal: SchafkopfDeal, problems: Problems) -> None:
    # A Sie is shown and won at once; a recorded Sie that lost anything did not happen.
    all_tricks = deal.declarer_tricks in (None, TRICKS)
    if deal.declarer_points != TOTAL_POINTS or not all_tricks:
        problems.add("sie_not_won", "deal.declarer_points")


def _check_points(deal: SchafkopfDeal, problems: Problems) -> None:
    if not 0 <= deal.declarer_points <= TOTAL_POINTS:
        problems.add("points_range", "deal.declarer_points", min=0, max=TOTAL_POINTS)
    elif deal.declarer_points in (1, TOTAL_POINTS - 1):
        problems.add(  # no card is worth 1
            "points_impossible", "deal.declarer_points", points=deal.declarer_points
        )


def _check_tricks(deal: SchafkopfDeal, problems: Problems) -> None:
    tricks, points = deal.declarer_tricks, deal.declarer_points
    if tricks is None:
        # 0 or 120 points alone do not tell whether a side took a trick (of zero-point cards).
        if points in (0, TOTAL_POINTS) and deal.contract != "sie":
            problems.add("tricks_required", "deal.declarer_tricks")
    elif not 0 <= tricks <= TRICKS:
        problems.add("tricks_range", "deal.declarer_tricks", min=0, max=TRICKS)
    elif 0 <= points <= TOTAL_POINTS and not _tricks_fit_points(tricks, points):
        problems.add("tricks_inconsistent", "deal.declarer_tricks")


def _tricks_fit_points(tricks: int, points: int) -> bool:
    """Whether some distribution of the 32 cards gives the declarer's side these tricks and points
    (necessary conditions only: a trick holds 0 to 44 points, at most 3 tricks hold 0)."""
    if points > MAX_TRICK_POINTS * tricks:
        return False  # also: no tricks, no points
    if TOTAL_POINTS - points > MAX_TRICK_POINTS * (TRICKS - tricks):
        return False  # also: all tricks, all points
    if points == 0 and tricks > MAX_ZERO_TRICKS:
        return False
    return not (points == TOTAL_POINTS and tricks < TRICKS - MAX_ZERO_TRICKS)


# --- scoring ------------------------------------------------------------------------------------


def score_schafkopf(rules: SchafkopfRules, deal: SchafkopfDeal) -> DealScore:
    """Score one deal (RULES.md §2.2), or raise ``DealRejected`` with every problem found."""
    seats = tuple(deal.seats)
    _check_deal(rules, deal, seats)
    declarer_won = _declarer_won(deal)
    winner = "declarer" if declarer_won else "defenders"
    lines = _score_lines(rules, deal, declarer_won, winner)
    value = _game_value(rules, deal, declarer_won)
    _check_lines_sum(lines, value)
    declarer_result = value if declarer_won else -value
    side: tuple[int, ...]
    if deal.contract == "rufer":
        assert deal.partner is not None  # _check_deal refuses a Rufer without a partner
        side, factor = (deal.declarer, deal.partner), 1
    else:
        side, factor = (deal.declarer,), 3
    points = split_points(seats, side, declarer_result, side_factor=factor)
    return DealScore(winner, value, lines, points, scored_as_solo=deal.contract != "rufer")


def _declarer_won(deal: SchafkopfDeal) -> bool:
    if deal.contract in _TOUTS:
        return deal.declarer_tricks == TRICKS
    return deal.declarer_points >= WIN_THRESHOLD  # a Sie always has 120


def _game_value(rules: SchafkopfRules, deal: SchafkopfDeal, declarer_won: bool) -> int:
    """v = base + Schneider/Schwarz + Laufende, for one player of the winning side."""
    bonus = _bonus_code(deal, declarer_won)
    base = rules.tariff[_BASE_TARIFF[deal.contract]]
    return base + (rules.tariff[bonus] if bonus else 0) + _laufende_amount(rules, deal)


def _score_lines(
    rules: SchafkopfRules, deal: SchafkopfDeal, declarer_won: bool, winner: str
) -> tuple[Line, ...]:
    lines = [Line(f"base_{deal.contract}", winner, rules.tariff[_BASE_TARIFF[deal.contract]])]
    bonus = _bonus_code(deal, declarer_won)
    if bonus is not None:
        lines.append(Line(bonus, winner, rules.tariff[bonus]))
    lines.append(Line("laufende", winner, _laufende_amount(rules, deal)))
    return tuple(line for line in lines if line.points != 0)


def _laufende_amount(rules: SchafkopfRules, deal: SchafkopfDeal) -> int:
    # Laufende count for the winners whichever side held them.
    return deal.laufende * _LAUFENDE_FACTOR.get(deal.contract, 1) * rules.tariff["laufende"]


def _bonus_code(deal: SchafkopfDeal, declarer_won: bool) -> str | None:
    """``schwarz``, ``schneider`` or None; Tout and Sie have neither."""
    if deal.contract in _TOUTS or deal.contract == "sie":
        return None
    if deal.declarer_tricks == (TRICKS if declarer_won else 0):
        return "schwarz"  # the winners took every trick
    if declarer_won:
        return "schneider" if deal.declarer_points >= SCHNEIDER_WINNER else None
    return "schneider" if deal.declarer_points <= SCHNEIDER_LOSER else None


def _check_lines_sum(lines: tuple[Line, ...], value: int) -> None:
    # The breakdown the captain sees must explain the value exactly.
    if sum(line.points for line in lines) != value:
        raise InvariantViolation(f"Schafkopf lines {lines} do not add up to {value}")


def deal_from_dict(data: Mapping[str, Any]) -> SchafkopfDeal:
    """The deal of a contract ``deal`` object whose shape (keys, types) is already checked."""
    return SchafkopfDeal(**{**data, "seats": tuple(data.get("seats") or (1, 2, 3, 4))})
