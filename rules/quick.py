"""Quick entry: a deal as clubs that score on paper enter it (RULES.md §11.8).

The captain enters either the **game value and the winners** (``entry: "value"``) or **each
player's points** (``entry: "points"``), no cards, parties or announcements. What can still be
checked is checked here: the points sum to 0 and follow the game's pattern (two against two at
±value, or one against three: the lone player ±m × value, each of the others ∓m/3 × value, with
the solo factor m; 3 in Schafkopf). From the pattern follows who played alone: one against three
is a solo of the lone player unless the captain says it was another game (a silent wedding, a
wedding without partner), so the series engine still counts Pflichtsoli and Vorführungen.

Pure Python like the other engines: a refusal is a code, a field path and parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from karlchen.refusals import Problems

from .common import DealScore, Line, validate_seats

QUICK_ENTRIES = ("value", "points")
ENTRY_MODES = ("full", *QUICK_ENTRIES)  # a tournament's setting: which form its captains use
VALUE_MAX = 9999  # no game value on a club's paper comes near this
# What the captain may say the game was; which of them fit two against two, one against three.
CONTRACTS = ("normal", "wedding", "silent_wedding", "poverty", "solo")
_TWO_TWO = frozenset({"normal", "wedding", "poverty"})
_ONE_THREE = frozenset({"wedding", "silent_wedding", "solo"})
SOLO = "solo"
WINNERS = "winners"  # the party of a quick deal's breakdown line


@dataclass(frozen=True, slots=True)
class QuickDeal:
    """A quick entry as the captain sent it (its shape checked by the API)."""

    entry: str
    seats: tuple[int, ...] = (1, 2, 3, 4)
    value: int | None = None
    winners: tuple[int, ...] = ()
    points: Mapping[int, int] | None = None
    contract: str | None = None
    soloist: int | None = None


def is_quick(data: Mapping[str, Any]) -> bool:
    """Whether an entered (or stored) deal is a quick entry rather than a full one."""
    return data.get("entry") in QUICK_ENTRIES


def quick_deal_from_dict(data: Mapping[str, Any]) -> QuickDeal:
    points = data.get("points")
    return QuickDeal(
        entry=str(data["entry"]),
        seats=tuple(data.get("seats") or (1, 2, 3, 4)),
        value=data.get("value"),
        winners=tuple(data.get("winners") or ()),
        points=None if points is None else {int(seat): value for seat, value in points.items()},
        contract=data.get("contract"),
        soloist=data.get("soloist"),
    )


def score_quick(deal: QuickDeal, *, solo_multiplier: int = 3) -> tuple[QuickDeal, DealScore]:
    """The quick entry completed (value, winners, game and soloist as the pattern gives them)
    and its score, or ``Refused`` with every problem found.

    ``solo_multiplier``: the rule set's solo factor (a multiple of 3; Schafkopf: 3).
    """
    problems = Problems()
    if not validate_seats(deal.seats, problems, max_seat=5):
        problems.raise_if_any()
    if deal.entry == "points":
        value, winners = _from_points(deal, problems, solo_multiplier)
    else:
        value, winners = _from_value(deal, problems)
    problems.raise_if_any()
    lone = _lone(deal.seats, winners)
    contract, soloist = _contract(deal, value, lone, problems)
    problems.raise_if_any()
    points = _points(deal.seats, value, winners, lone, solo_multiplier)
    line = Line(code=f"entered_{deal.entry}", party=WINNERS, points=value)
    score = DealScore(
        winner=WINNERS if value else None,
        value=value,
        lines=(line,) if value else (),
        points=points,
        scored_as_solo=lone is not None,
    )
    complete = QuickDeal(
        entry=deal.entry,
        seats=deal.seats,
        value=value,
        winners=tuple(sorted(winners)),
        points=points if deal.entry == "points" else None,
        contract=contract,
        soloist=soloist,
    )
    return complete, score


def entered(deal: QuickDeal) -> dict[str, Any]:
    """A completed quick entry as it is stored (``DealRevision.input``): its ``entry`` says how
    it was entered."""
    stored: dict[str, Any] = {
        "entry": deal.entry,
        "seats": list(deal.seats),
        "value": deal.value,
        "winners": list(deal.winners),
        "contract": deal.contract,
        "soloist": deal.soloist,
    }
    if deal.points is not None:
        stored["points"] = {str(seat): deal.points[seat] for seat in sorted(deal.points)}
    return stored


def _from_value(deal: QuickDeal, problems: Problems) -> tuple[int, tuple[int, ...]]:
    value, winners = deal.value, deal.winners
    if value is None:
        problems.add("quick_value_required", "deal.value")
        return 0, ()
    if not 0 <= value <= VALUE_MAX:
        problems.add("quick_value_range", "deal.value", max=VALUE_MAX)
    for index, seat in enumerate(winners):
        if seat not in deal.seats:
            problems.add("not_seated", f"deal.winners.{index}", seat=seat)
    if len(set(winners)) != len(winners):
        problems.add("quick_winners_duplicate", "deal.winners")
    if value and len(winners) not in (1, 2, 3):
        problems.add("quick_winners_count", "deal.winners", given=len(winners))
    if not value and winners:
        problems.add("quick_winners_without_value", "deal.winners")
    return value, winners


def _from_points(
    deal: QuickDeal, problems: Problems, solo_multiplier: int
) -> tuple[int, tuple[int, ...]]:
    given = dict(deal.points or {})
    for seat, amount in sorted(given.items()):
        # A sitting-out dealer may be listed with the 0 they get (RULES.md §11.3).
        if seat not in deal.seats and amount:
            problems.add("quick_points_not_playing", f"deal.points.{seat}", seat=seat)
    for seat in deal.seats:
        if seat not in given:
            problems.add("quick_points_missing", f"deal.points.{seat}", seat=seat)
    if problems.found:
        return 0, ()
    played = [given[seat] for seat in deal.seats]
    if sum(played) != 0:
        problems.add("quick_points_not_zero_sum", "deal.points", total=sum(played))
        return 0, ()
    value = _pattern_value(sorted(played), solo_multiplier)
    if value is None:
        problems.add("quick_points_pattern", "deal.points")
        return 0, ()
    if value > VALUE_MAX:
        problems.add("quick_value_range", "deal.points", max=VALUE_MAX)
    return value, tuple(seat for seat in deal.seats if given[seat] > 0)


def _pattern_value(points: list[int], solo_multiplier: int) -> int | None:
    """The game value of four points (sorted) that fit 2:2 or 1:3, else None."""
    low, second, third, high = points
    if low == second and third == high == -low:
        return high  # two against two (all 0 included)
    lone = low if second == third == high else high if low == second == third else None
    if lone is None or lone % solo_multiplier:
        return None  # zero sum makes the lone player's points -3 × each other's
    return abs(lone) // solo_multiplier


def _lone(seats: tuple[int, ...], winners: tuple[int, ...]) -> int | None:
    """The player alone on their side (one winner, or one loser), if any."""
    if len(winners) == 1:
        return winners[0]
    losers = [seat for seat in seats if seat not in winners]
    return losers[0] if len(winners) == len(seats) - 1 else None


def _contract(
    deal: QuickDeal, value: int, lone: int | None, problems: Problems
) -> tuple[str, int | None]:
    """The game as the series needs it (a solo and its soloist), from the pattern and what the
    captain said it was."""
    contract = deal.contract or (SOLO if lone is not None or deal.soloist else "normal")
    if contract not in CONTRACTS:
        problems.add("unknown_contract", "deal.contract", contract=contract)
        return contract, None
    fits = _ONE_THREE if lone is not None else _TWO_TWO if value else frozenset(CONTRACTS)
    if contract not in fits:
        problems.add("quick_contract_pattern", "deal.contract", contract=contract)
        return contract, None
    if contract != SOLO:
        if deal.soloist is not None:
            problems.add("soloist_not_allowed", "deal.soloist", contract=contract)
        return contract, None
    soloist = deal.soloist if lone is None else lone
    if soloist is None:
        problems.add("soloist_required", "deal.soloist")
    elif soloist not in deal.seats or (deal.soloist is not None and deal.soloist != soloist):
        problems.add("quick_soloist_differs", "deal.soloist", soloist=soloist)
    return contract, soloist


def _points(
    seats: tuple[int, ...],
    value: int,
    winners: tuple[int, ...],
    lone: int | None,
    solo_multiplier: int,
) -> dict[int, int]:
    if lone is None:
        return {seat: value if seat in winners else -value for seat in seats}
    sign = 1 if lone in winners else -1
    each = sign * value * (solo_multiplier // 3)
    return {seat: sign * value * solo_multiplier if seat == lone else -each for seat in seats}
