"""The payout table: how the pot of paid entry fees becomes prizes by place.

The pot is in cents (fees of 7.50 € exist); prizes are whole euros. The rules give each place
from the first either a percentage of what is paid out or a fixed amount in euros, and the
costs (cents) kept before anything is paid out.

- ``percent``: the places' shares of the pot minus the costs, each rounded down to whole euros;
  the euros lost to that rounding (fewer than there are places) go one each to the best places,
  so the shares together pay out exactly their sum of percent, rounded down to whole euros.
- ``fixed``: each place its amount, as far as the pot minus the costs reaches, best place
  first; what is missing is reported as ``shortfall``, never paid.

Players who share a place (``groups``: how many players stand at each place, in order) share
the prizes of the places they occupy equally, in whole euros; the odd euros that cannot be
split equally are kept (``kept``), so tied players always get the same. Whether equal totals
share a place or the tie-breaks decide is the organiser's choice: the caller forms the groups.
Places nobody takes (fewer players than prizes) are not paid. Nothing paid ever exceeds the
pot: ``paid * 100 + kept == pot`` always.

Side prizes per category (``side_payouts``): fixed whole euros per place of each category's
own ranking, paid before the overall table from what is left after the costs, one category
after the other by name, each only as far as the money reaches (a shortfall, as for fixed
prizes); the overall table then pays out of the rest.

Pure Python: no Django, no database, no translations. Refusals carry codes (karlchen.messages).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from karlchen.refusals import Problem, Refused

MAX_PLACES = 100  # prizes for at most this many places
MAX_EUROS = 1_000_000  # one fixed prize, the costs, one entry fee: at most this many euros


class PayoutMode(StrEnum):
    PERCENT = "percent"
    FIXED = "fixed"


@dataclass(frozen=True)
class PayoutRules:
    mode: PayoutMode
    shares: tuple[int, ...]  # per place from the first: percent, or whole euros
    costs: int = 0  # cents kept before paying out (the room, the cards, the trophies)


@dataclass(frozen=True)
class Payout:
    place_prizes: tuple[int, ...]  # whole euros per place, before sharing
    prizes: tuple[int, ...]  # whole euros per player in the groups' order (the prized ones)
    paid: int  # whole euros paid out
    kept: int  # cents of the pot not paid out: the costs, the rounding, places nobody took
    shortfall: int  # euros of fixed prizes the pot could not cover


def check_rules(rules: PayoutRules) -> None:
    """Refuse rules that cannot be paid out (``payout.shares``, ``payout.costs``)."""
    problems = []
    if len(rules.shares) > MAX_PLACES:
        problems.append(Problem("payout_too_many_places", "payout.shares", {"max": MAX_PLACES}))
    if any(share < 0 for share in rules.shares):
        problems.append(Problem("payout_share_negative", "payout.shares", {}))
    elif rules.mode is PayoutMode.PERCENT and sum(rules.shares) > 100:
        problems.append(Problem("payout_percent_sum", "payout.shares", {"sum": sum(rules.shares)}))
    elif rules.mode is PayoutMode.FIXED and any(share > MAX_EUROS for share in rules.shares):
        problems.append(Problem("payout_share_too_high", "payout.shares", {"max": MAX_EUROS}))
    if not 0 <= rules.costs <= MAX_EUROS * 100:
        problems.append(Problem("payout_costs_invalid", "payout.costs", {"max": MAX_EUROS}))
    if problems:
        raise Refused(problems)


def payout(pot: int, rules: PayoutRules, groups: Sequence[int]) -> Payout:
    """The prizes of ``pot`` cents by ``rules`` for players standing in ``groups`` (how many
    players share each place, best first; every group at least one player)."""
    check_rules(rules)
    if pot < 0 or any(size < 1 for size in groups):
        raise ValueError("a pot is not negative and a group has players")
    available = max(0, pot - rules.costs)
    if rules.mode is PayoutMode.PERCENT:
        place_prizes, shortfall = _percent(available, rules.shares), 0
    else:
        place_prizes, shortfall = _fixed(available // 100, rules.shares)
    prizes = _shared(place_prizes, groups)
    paid = sum(prizes)
    return Payout(place_prizes, prizes, paid, pot - paid * 100, shortfall)


def _percent(available: int, shares: Sequence[int]) -> tuple[int, ...]:
    prizes = [available * share // 10_000 for share in shares]
    lost = available * sum(shares) // 10_000 - sum(prizes)
    for place in range(lost):  # fewer than the places: one euro each to the best
        prizes[place] += 1
    return tuple(prizes)


def _fixed(available: int, shares: Sequence[int]) -> tuple[tuple[int, ...], int]:
    prizes = []
    for share in shares:
        prize = min(share, available)
        prizes.append(prize)
        available -= prize
    return tuple(prizes), sum(shares) - sum(prizes)


def _shared(place_prizes: Sequence[int], groups: Sequence[int]) -> tuple[int, ...]:
    prizes: list[int] = []
    place = 0
    for size in groups:
        if place >= len(place_prizes):
            break
        pool = sum(place_prizes[place : place + size])
        prizes += [pool // size] * size
        place += size
    return tuple(prizes)  # a group reaching past the last prized place shares what it reaches


def side_payouts(
    available: int, prizes: Mapping[str, Sequence[int]], groups: Mapping[str, Sequence[int]]
) -> dict[str, Payout]:
    """Each category's fixed side prizes (whole euros by place, ``prizes``) for its players
    standing in ``groups`` (as for ``payout``), paid from ``available`` cents category after
    category by name: what one pays, the next cannot. Every payout's ``kept`` is what is left
    after it."""
    payouts = {}
    for name in sorted(prizes):
        rules = PayoutRules(PayoutMode.FIXED, tuple(prizes[name]))
        result = payout(available, rules, groups.get(name, ()))
        payouts[name] = result
        available -= result.paid * 100
    return payouts
