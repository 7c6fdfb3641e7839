"""Money at the door and after the evening: each entry's fee (paid, not paid, waived: one tap
at check-in), the cash report, and the prize list from the standings by the payout table."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from django.db import transaction
from django.db.models import Sum

from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import refused
from results.domain.standings import Standing, standings
from results.parts import TableCell
from signups.domain.categories import categories_of
from signups.domain.places import announcement_of
from signups.domain.settings import payout_rules
from signups.engine.payout import Payout, payout, side_payouts
from signups.enums import FeeStatus, TieShare
from signups.log import SignupCode
from signups.models import EntryCategory, Fee
from tournaments.domain.entries import set_checked_in
from tournaments.models import Entry, Tournament


def category_of(entry: Entry) -> str:
    """The entry's category ("": none); select_related("entry_category") reads it with it."""
    try:
        return str(entry.entry_category.category)
    except EntryCategory.DoesNotExist:
        return ""


def set_fee(entry: Entry, status: str, *, by: Actor) -> Fee:
    """Mark the entry's fee paid (the fee of its category), waived or not paid. Paid and waived
    check the player in as well: the door's one tap."""
    if status not in FeeStatus.values:
        raise refused("fee_status_unknown", "status", status=status)
    with transaction.atomic():
        entry = (
            Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
        )
        category = category_of(entry)
        announcement = announcement_of(entry.tournament)
        fee = Fee.objects.filter(entry=entry).first() or Fee(entry=entry)
        fee.status, fee.category = status, category
        fee.amount = announcement.fee_of(category) if status == FeeStatus.PAID else 0
        fee.save()
        log(
            entry.tournament,
            by,
            SignupCode(f"fee_{status}"),
            name=entry.player.name,
            cents=fee.amount,
        )
        if status != FeeStatus.OPEN and not entry.checked_in:
            set_checked_in(entry, True, by=by)
    return fee


@dataclass(frozen=True)
class CashLine:
    category: str
    fee: int  # cents
    paid: int  # players
    waived: int
    unpaid: int  # checked in, fee not paid
    cash: int  # cents


@dataclass(frozen=True)
class CashReport:
    lines: tuple[CashLine, ...]
    cash: int  # cents in the box
    paid: int
    waived: int
    unpaid: int


def cash_report(tournament: Tournament) -> CashReport:
    """The fees of the evening by category: who paid, who was waived, who has not paid, and
    the cash that should be in the box."""
    announcement = announcement_of(tournament)
    # withdrawn players too: what they paid is in the box
    entries = tournament.entries.select_related("fee", "entry_category")
    counts: dict[str, dict[str, int]] = {}
    for entry in entries:
        fee = getattr(entry, "fee", None)
        category = fee.category if fee is not None else category_of(entry)
        line = counts.setdefault(category, {"paid": 0, "waived": 0, "unpaid": 0, "cash": 0})
        if fee is not None and fee.status == FeeStatus.PAID:
            line["paid"] += 1
            line["cash"] += fee.amount
        elif fee is not None and fee.status == FeeStatus.WAIVED:
            line["waived"] += 1
        elif entry.checked_in and not entry.withdrawn:
            line["unpaid"] += 1
    lines = tuple(
        CashLine(category, announcement.fee_of(category), **counts[category])
        for category in sorted(counts)
    )
    return CashReport(
        lines,
        cash=sum(line.cash for line in lines),
        paid=sum(line.paid for line in lines),
        waived=sum(line.waived for line in lines),
        unpaid=sum(line.unpaid for line in lines),
    )


def pot(tournament: Tournament) -> int:
    """The fees paid, in cents: what the prizes are paid from."""
    paid = Fee.objects.filter(entry__tournament=tournament, status=FeeStatus.PAID)
    return int(paid.aggregate(total=Sum("amount"))["total"] or 0)


@dataclass(frozen=True)
class Prize:
    rank: int  # the place overall, or in the category for a side prize
    start_number: int
    name: str
    club: str
    total: int
    euros: int
    shared: int  # how many share this place (1: nobody)


@dataclass(frozen=True)
class SidePrizes:
    category: str
    prizes: tuple[Prize, ...]
    payout: Payout


@dataclass(frozen=True)
class PrizeList:
    pot: int  # cents
    costs: int  # cents
    prizes: tuple[Prize, ...]
    payout: Payout  # the overall table's, from what the side prizes left
    tie_share: str
    side: tuple[SidePrizes, ...] = ()  # per category with side prizes, by name

    @property
    def side_paid(self) -> int:
        """Whole euros of side prizes paid."""
        return sum(category.payout.paid for category in self.side)

    @property
    def paid(self) -> int:
        """Whole euros paid out: the overall table's and the side prizes."""
        return self.payout.paid + self.side_paid

    @property
    def side_shortfall(self) -> int:
        """Euros of side prizes the pot could not cover."""
        return sum(category.payout.shortfall for category in self.side)


def prize_list(tournament: Tournament) -> PrizeList:
    """The prizes by the standings: who gets what, in whole euros (docs/OPEN_TOURNAMENTS.md).
    The side prizes of the categories are paid first, from the pot after the costs, to the
    category's best players without a prize overall (nobody gets two); the overall table pays
    out of what they leave."""
    announcement = announcement_of(tournament)
    rows = standings(tournament)
    tie_share = TieShare(announcement.tie_share)
    groups = _groups(rows, tie_share)
    rules = payout_rules(announcement)
    total = pot(tournament)
    # Who has a prize overall depends on the places, hardly on the money: the overall table
    # with the whole pot tells who is passed over in the categories.
    full = payout(total, rules, _sizes(groups))
    prized = {row.entry_id for row, euros in _placed(groups, full) if euros > 0}
    available = max(0, total - rules.costs)
    side = _side_prizes(
        tournament, announcement.category_prizes, tie_share, rows, prized, available
    )
    side_paid = sum(part.payout.paid for part in side)
    result = payout(total - 100 * side_paid, rules, _sizes(groups))
    prizes = tuple(
        _prize(place, row, euros, size) for place, size, row, euros in _numbered(groups, result)
    )
    return PrizeList(total, rules.costs, prizes, result, announcement.tie_share, side)


def _side_prizes(
    tournament: Tournament,
    category_prizes: Mapping[str, Sequence[int]],
    tie_share: TieShare,
    rows: Sequence[Standing],
    prized: set[int],
    available: int,
) -> tuple[SidePrizes, ...]:
    wanted = {name: amounts for name, amounts in category_prizes.items() if amounts}
    if not wanted:
        return ()
    of = categories_of(tournament)
    groups = {
        name: _groups(
            [row for row in rows if of.get(row.entry_id) == name and row.entry_id not in prized],
            tie_share,
        )
        for name in wanted
    }
    payouts = side_payouts(
        available, wanted, {name: _sizes(found) for name, found in groups.items()}
    )
    return tuple(
        SidePrizes(
            name,
            tuple(
                _prize(place, row, euros, size)
                for place, size, row, euros in _numbered(groups[name], payouts[name])
            ),
            payouts[name],
        )
        for name in sorted(wanted)
    )


PRIZE_COLUMNS = (
    "place",
    "start_number",
    "name",
    "club",
    "total",
    "prize_euros",
    "shared_by",
    "side_prize_category",
)


def prize_rows(prizes: PrizeList) -> list[list[TableCell]]:
    """The prize list as spreadsheet rows (``PRIZE_COLUMNS`` first): the overall prizes, then
    each category's side prizes, named by their category."""
    listed = [("", prize) for prize in prizes.prizes]
    listed += [(part.category, prize) for part in prizes.side for prize in part.prizes]
    rows: list[list[TableCell]] = [list(PRIZE_COLUMNS)]
    for category, p in listed:
        rows.append([p.rank, p.start_number, p.name, p.club, p.total, p.euros, p.shared, category])
    return rows


def _sizes(groups: Sequence[Sequence[Standing]]) -> list[int]:
    return [len(group) for group in groups]


def _numbered(
    groups: Sequence[Sequence[Standing]], result: Payout
) -> Iterator[tuple[int, int, Standing, int]]:
    """(place, how many share it, row, euros) of each prized player, best first."""
    euros = iter(result.prizes)
    place = 1
    for group in groups:
        for row in group:
            amount = next(euros, None)
            if amount is None:
                return
            yield place, len(group), row, amount
        place += len(group)


def _placed(groups: Sequence[Sequence[Standing]], result: Payout) -> list[tuple[Standing, int]]:
    return [(row, euros) for _place, _size, row, euros in _numbered(groups, result)]


def _prize(place: int, row: Standing, euros: int, shared: int) -> Prize:
    return Prize(place, row.start_number, row.name, row.club or "", row.total, euros, shared)


def _groups(rows: Sequence[Standing], tie_share: TieShare) -> list[list[Standing]]:
    """The players standing at each place: equal totals, or equal ranks (after tie-breaks)."""

    def key(row: Standing) -> int:
        return row.total if tie_share == TieShare.POINTS else row.rank

    return [list(group) for _, group in groupby(rows, key=key)]
