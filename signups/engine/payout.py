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

Side prizes per category: fixed whole euros per place of each category's own ranking,
funded before the overall table from what is left after the costs, one category after the
other by name, each only as far as the money reaches (a shortfall, as for fixed prizes); the
overall table then pays out of the rest. ``awards`` gives each player one prize, the higher of
the overall one and his category's, the other moving on to the next player of its table
(docs/OPEN_TOURNAMENTS.md, “One prize each”); ``side_payouts`` is the categories' funding
alone.

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


@dataclass(frozen=True)
class Award:
    """What one player of the ranking gets: a prize of the overall table (``table`` ""), of
    a category's side prizes (``table`` its name), or nothing (``table`` None)."""

    table: str | None
    euros: int = 0
    place: int = 0  # the player's place in that table's ranking (overall, or in the category)
    shared: int = 1  # how many share these places' prizes


@dataclass(frozen=True)
class Awards:
    awards: tuple[Award, ...]  # per player, in the ranking's order
    overall: Payout  # ``kept``: cents of the pot nobody is paid, all tables counted
    side: dict[str, Payout]  # per category with side prizes; ``kept``: reserved, not paid


def awards(
    pot: int,
    rules: PayoutRules,
    category_prizes: Mapping[str, Sequence[int]],
    ranking: Sequence[Sequence[str]],
) -> Awards:
    """One prize per player, the higher one (docs/OPEN_TOURNAMENTS.md, “One prize each”).

    ``ranking``: the players sharing each place, best first, each named by the category it
    plays in ("" none). The side prizes are funded first, from the pot after the costs, one
    category after the other by name, place by place as far as the money reaches, for as many
    places as the category has players; the overall table pays from the rest. Then, place by
    place from the first, each player takes the higher of the next overall prize and his
    category's next side prize (the overall one when they are equal); the prize he leaves goes
    down its table to the next player. Players sharing a place decide together: those of one
    category compare their share of their category's next places with the group's share of
    the next overall places; who takes a table shares its next places' prizes equally."""
    check_rules(rules)
    if pot < 0 or any(len(group) < 1 for group in ranking):
        raise ValueError("a pot is not negative and a group has players")
    available = max(0, pot - rules.costs)
    members: dict[str, int] = {}
    for group in ranking:
        for category in group:
            members[category] = members.get(category, 0) + 1
    side_values: dict[str, tuple[int, ...]] = {}
    side_shortfall: dict[str, int] = {}
    for name in sorted(category_prizes):
        wanted = tuple(category_prizes[name])[: members.get(name, 0)]
        values, shortfall = _fixed(available // 100, wanted)
        side_values[name], side_shortfall[name] = values, shortfall
        available -= 100 * sum(values)
    reserved = sum(sum(values) for values in side_values.values())
    table = payout(pot - 100 * reserved, rules, [1] * 0)
    overall_values = table.place_prizes
    next_place = dict.fromkeys(side_values, 0)
    next_overall, ahead = 0, dict.fromkeys(members, 0)
    result: list[Award] = []
    taken: dict[str, list[int]] = {name: [] for name in ["", *side_values]}
    place = 1
    for group in ranking:
        offer = _offer(overall_values, next_overall, len(group))
        choice = {}
        for name in set(group):
            count = group.count(name)
            own = _offer(side_values.get(name, ()), next_place.get(name, 0), count)
            choice[name] = name if own is not None and (offer is None or own > offer) else ""
        overall_count = sum(1 for name in group if choice[name] == "") if offer is not None else 0
        euros = {"": _offer(overall_values, next_overall, overall_count) or 0}
        shared = {"": overall_count}
        for name in sorted(set(choice.values()) - {""}):
            count = group.count(name)
            euros[name] = _offer(side_values[name], next_place[name], count) or 0
            shared[name] = count
            next_place[name] += count
        next_overall += overall_count
        for name in group:
            table_of = choice[name] if choice[name] or offer is not None else None
            if table_of is None:
                result.append(Award(None))
            else:
                where = place if table_of == "" else ahead[name] + 1
                result.append(Award(table_of, euros[table_of], where, shared[table_of]))
                taken[table_of].append(euros[table_of])
        for name in set(group):
            ahead[name] += group.count(name)
        place += len(group)
    side = {
        name: Payout(
            side_values[name],
            tuple(taken[name]),
            sum(taken[name]),
            100 * (sum(side_values[name]) - sum(taken[name])),
            side_shortfall[name],
        )
        for name in side_values
    }
    paid = sum(taken[""]) + sum(part.paid for part in side.values())
    overall = Payout(
        overall_values, tuple(taken[""]), sum(taken[""]), pot - 100 * paid, table.shortfall
    )
    return Awards(tuple(result), overall, side)


def _offer(values: Sequence[int], start: int, count: int) -> int | None:
    """Each one's share when ``count`` players take a table's places from ``start`` on (the
    places past its end pay nothing); None when no place of it is left."""
    if start >= len(values) or count == 0:
        return None
    return sum(values[start : start + count]) // count
