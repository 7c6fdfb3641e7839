"""Schafkopf's Ramsch (RULES.md §10.9): when all four pass, everyone plays alone and the player
with the most card points loses; in a Leaster the player with the fewest wins.

Does: check a Ramsch's points (and tricks) per player, and find the losers and the value's lines
under the club options: Jungfrau (each player without a trick doubles), Durchmarsch (one player
with every trick wins) and the tie rule (more tricks, the highest trump, or all level players
lose). ``rules.schafkopf`` doubles for Klopfen and splits the points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from karlchen.refusals import Problems

from .common import Line
from .schafkopf_cards import DECKS, TOTAL_POINTS, tricks_fit_points

if TYPE_CHECKING:
    from .schafkopf import SchafkopfDeal, SchafkopfRules

WINNERS = "ramsch_winners"  # the party of the players who did not lose
LEASTER_WINNERS = "leaster_winners"  # the party of the players with the fewest points
DURCHMARSCH = "durchmarsch"  # the party of the one player who took every trick
# How a tie on the most points is decided (RULES.md §10.9), and which of them use the tricks or
# the highest trump (the deal's ``ramsch_top_trump``: who of the level players took it).
TIES = ("tricks", "all", "tricks_then_trump", "trump")
_BY_TRICKS = ("tricks", "tricks_then_trump")
TIES_BY_TRUMP = ("tricks_then_trump", "trump")
# Whose highest trump decides: the one a level player took in their tricks, or played.
HIGHEST_TRUMP = ("taken", "played")
# A Ramsch has no declarer, so none of the declared games' fields.
_DECLARED_FIELDS = (
    *("declarer", "partner", "suit"),
    *("declarer_points", "declarer_band", "declarer_tricks"),
)


@dataclass(frozen=True, slots=True)
class RamschOutcome:
    """Each of ``losers`` pays the value of ``lines`` to each of ``winners``."""

    party: str
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    lines: tuple[Line, ...]


def check_ramsch(
    rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...], problems: Problems
) -> None:
    """Every problem of a Ramsch's (or Leaster's) own fields (the doubling is checked with the
    other games)."""
    for name in _DECLARED_FIELDS:
        if getattr(deal, name) is not None:
            problems.add("not_for_contract", f"deal.{name}", contract=deal.contract)
    if deal.laufende != 0:
        problems.add("not_for_contract", "deal.laufende", contract=deal.contract)
    points = deal.ramsch_points
    if points is None:
        problems.add("ramsch_points_required", "deal.ramsch_points")
        return
    if not _by_seat(points, seats, "deal.ramsch_points", problems):
        return
    points_ok = _check_points(points, problems)
    tricks, known = deal.ramsch_tricks, points_ok  # known: who is level can be worked out
    if tricks is None:
        if points_ok and deal.contract == "ramsch" and _tricks_needed(rules, points):
            problems.add("tricks_required", "deal.ramsch_tricks")
            known = False
    elif _by_seat(tricks, seats, "deal.ramsch_tricks", problems):
        known = _check_tricks(rules, points if points_ok else None, tricks, problems) and known
    else:
        known = False
    _check_top_trump(rules, deal, seats, known, problems)


def _check_top_trump(
    rules: SchafkopfRules,
    deal: SchafkopfDeal,
    seats: tuple[int, ...],
    known: bool,
    problems: Problems,
) -> None:
    """``ramsch_top_trump`` is needed exactly where the rule set lets the highest trump decide a
    tie that the points (and tricks) leave; it must name one of the level players."""
    top, path = deal.ramsch_top_trump, "deal.ramsch_top_trump"
    if deal.contract == "leaster":
        if top is not None:  # the level players of a Leaster win together
            problems.add("not_for_contract", path, contract="leaster")
        return
    if rules.ramsch_tie not in TIES_BY_TRUMP:
        if top is not None:
            problems.add("ramsch_top_trump_not_allowed", path)
        return
    if not known:
        return  # the points or tricks are refused: who is level is not known
    assert deal.ramsch_points is not None  # known: the points were checked
    level = _level(rules, deal.ramsch_points, deal.ramsch_tricks or {}, seats)
    if len(level) < 2 or _durchmarsch_seat(rules, deal, seats) is not None:
        if top is not None:
            problems.add("ramsch_top_trump_no_tie", path)
    elif top is None:
        players = ", ".join(map(str, level))
        if rules.ramsch_highest_trump == "played":  # the captain is asked for what counts
            problems.add("ramsch_top_trump_played_required", path, players=players)
        else:
            problems.add("ramsch_top_trump_required", path, players=players)
    elif top not in level:
        problems.add("ramsch_top_trump_not_level", path, players=", ".join(map(str, level)))


def _by_seat(
    values: Mapping[int, int], seats: tuple[int, ...], path: str, problems: Problems
) -> bool:
    if sorted(values) == sorted(seats):
        return True
    problems.add("ramsch_seats", path)
    return False


def _check_points(points: Mapping[int, int], problems: Problems) -> bool:
    ok = True
    for seat, value in sorted(points.items()):
        if not 0 <= value <= TOTAL_POINTS:
            problems.add("points_range", f"deal.ramsch_points.{seat}", min=0, max=TOTAL_POINTS)
            ok = False
        elif value in (1, TOTAL_POINTS - 1):
            problems.add("points_impossible", f"deal.ramsch_points.{seat}", points=value)
            ok = False
    if ok and sum(points.values()) != TOTAL_POINTS:
        problems.add("ramsch_points_sum", "deal.ramsch_points", total=TOTAL_POINTS)
        ok = False
    return ok


def _tricks_needed(rules: SchafkopfRules, points: Mapping[int, int]) -> bool:
    """Whether the points alone leave the outcome open: a player at 0 points may have taken a
    trick of zero-point cards (Jungfrau), one at 120 may have left one (Durchmarsch)."""
    most = max(points.values())
    return (
        (rules.ramsch_jungfrau and 0 in points.values())
        or (rules.ramsch_durchmarsch and most == TOTAL_POINTS)
        or (rules.ramsch_tie in _BY_TRICKS and list(points.values()).count(most) > 1)
    )


def _check_tricks(
    rules: SchafkopfRules,
    points: Mapping[int, int] | None,
    tricks: Mapping[int, int],
    problems: Problems,
) -> bool:
    """Whether the tricks are usable (each in range, and 8 (6) together)."""
    deck = DECKS[rules.deck]
    ok = True
    for seat, count in sorted(tricks.items()):
        if not 0 <= count <= deck.tricks:
            problems.add("tricks_range", f"deal.ramsch_tricks.{seat}", min=0, max=deck.tricks)
            ok = False
        elif points is not None and not tricks_fit_points(deck, count, points[seat]):
            problems.add("tricks_inconsistent", f"deal.ramsch_tricks.{seat}")
    if ok and sum(tricks.values()) != deck.tricks:
        problems.add("ramsch_tricks_sum", "deal.ramsch_tricks", total=deck.tricks)
        ok = False
    return ok


def ramsch_outcome(
    rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...]
) -> RamschOutcome:
    """Who loses a checked Ramsch (or wins a Leaster), and the value's lines before Klopfen
    doubles them."""
    assert deal.ramsch_points is not None  # check_ramsch refuses a Ramsch without its points
    points, tricks = deal.ramsch_points, deal.ramsch_tricks or {}
    if deal.contract == "leaster":
        fewest = min(points[seat] for seat in seats)
        winners = tuple(seat for seat in seats if points[seat] == fewest)
        losers = tuple(seat for seat in seats if seat not in winners)
        line = Line("base_leaster", LEASTER_WINNERS, rules.prices["leaster"])
        return RamschOutcome(LEASTER_WINNERS, winners, losers, (line,))
    marcher = _durchmarsch_seat(rules, deal, seats)
    if marcher is not None:
        others = tuple(other for other in seats if other != marcher)
        line = Line("durchmarsch", DURCHMARSCH, rules.prices["durchmarsch"])
        return RamschOutcome(DURCHMARSCH, (marcher,), others, (line,))
    losers = _level(rules, points, tricks, seats)
    if len(losers) > 1 and rules.ramsch_tie in TIES_BY_TRUMP:
        assert deal.ramsch_top_trump is not None  # check_ramsch refuses a tie without it
        losers = (deal.ramsch_top_trump,)
    winners = tuple(seat for seat in seats if seat not in losers)
    lines = [Line("base_ramsch", WINNERS, rules.prices["ramsch"])]
    if rules.ramsch_jungfrau:
        # each player without a trick doubles what the lines before add up to
        for _seat in (seat for seat in seats if tricks.get(seat) == 0):
            lines.append(Line("jungfrau", WINNERS, sum(line.points for line in lines)))
    return RamschOutcome(WINNERS, winners, losers, tuple(lines))


def _durchmarsch_seat(
    rules: SchafkopfRules, deal: SchafkopfDeal, seats: tuple[int, ...]
) -> int | None:
    """The player who took every trick, where a Durchmarsch wins."""
    all_tricks = DECKS[rules.deck].tricks
    tricks = deal.ramsch_tricks or {}
    if rules.ramsch_durchmarsch:
        return next((seat for seat in seats if tricks.get(seat) == all_tricks), None)
    return None


def _level(
    rules: SchafkopfRules,
    points: Mapping[int, int],
    tricks: Mapping[int, int],
    seats: tuple[int, ...],
) -> tuple[int, ...]:
    """The players with the most card points; among equals, where the rule counts tricks, those
    with the most tricks. More than one: all of them lose, or the highest trump decides."""
    most = max(points[seat] for seat in seats)
    losers = tuple(seat for seat in seats if points[seat] == most)
    if len(losers) > 1 and rules.ramsch_tie in _BY_TRICKS:
        most_tricks = max(tricks[seat] for seat in losers)
        losers = tuple(seat for seat in losers if tricks[seat] == most_tricks)
    return losers
