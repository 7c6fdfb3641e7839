"""Money at the door and after the evening: each entry's fee (paid, not paid, waived: one tap
at check-in), the cash report, and the prize list from the standings by the payout table."""

from __future__ import annotations

from collections.abc import Sequence
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
from signups.engine.payout import Payout, awards
from signups.enums import FeeMethod, FeeStatus, TieShare
from signups.log import SignupCode
from signups.models import Announcement, EntryCategory, Fee
from tournaments.domain.entries import set_checked_in
from tournaments.models import Entry, Tournament


def category_of(entry: Entry) -> str:
    """The entry's category ("": none); select_related("entry_category") reads it with it."""
    try:
        return str(entry.entry_category.category)
    except EntryCategory.DoesNotExist:
        return ""


def still_to_pay(entry: Entry, announcement: Announcement | None = None) -> tuple[str, int]:
    """The entry's category and the cents it still owes at the door: its category's fee
    unless paid or waived. For a list, select_related("fee", "entry_category") and the
    tournament's announcement read it without a query per entry."""
    category = category_of(entry)
    try:
        status = entry.fee.status
    except Fee.DoesNotExist:
        status = FeeStatus.OPEN
    if status != FeeStatus.OPEN:
        return category, 0
    return category, (announcement or announcement_of(entry.tournament)).fee_of(category)


def set_fee(entry: Entry, status: str, *, by: Actor, method: str = FeeMethod.CASH) -> Fee:
    """Mark the entry's fee paid (the fee of its category) in cash or by transfer, waived or
    not paid. Paid in cash and waived check the player in as well: the door's one tap; a
    transfer is paid ahead and does not."""
    if status not in FeeStatus.values:
        raise refused("fee_status_unknown", "status", status=status)
    if method not in FeeMethod.values:
        raise refused("fee_method_unknown", "method", method=method)
    with transaction.atomic():
        entry = (
            Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=entry.pk)
        )
        fee = record_fee(entry, status, method)
        transfer = status == FeeStatus.PAID and method == FeeMethod.TRANSFER
        code = SignupCode.FEE_TRANSFER if transfer else SignupCode(f"fee_{status}")
        log(entry.tournament, by, code, name=entry.player.name, cents=fee.amount)
        if status != FeeStatus.OPEN and not transfer and not entry.checked_in:
            set_checked_in(entry, True, by=by)
    return fee


def record_fee(entry: Entry, status: str, method: str) -> Fee:
    """Store the entry's fee (its category's, if paid) as ``status`` paid by ``method``; the
    caller holds the entry's lock or the tournament's and writes the log."""
    category = category_of(entry)
    announcement = announcement_of(entry.tournament)
    fee = Fee.objects.filter(entry=entry).first() or Fee(entry=entry)
    paid = status == FeeStatus.PAID
    fee.status, fee.category = status, category
    fee.amount = announcement.fee_of(category) if paid else 0
    fee.method = method if paid else ""
    fee.save()
    return fee


@dataclass(frozen=True)
class CashLine:
    category: str
    fee: int  # cents
    paid: int  # players
    waived: int
    unpaid: int  # checked in, fee not paid
    cash: int  # cents taken at the door
    transfers: int = 0  # players who paid ahead by transfer (counted in ``paid`` too)
    transferred: int = 0  # cents on the club's account


@dataclass(frozen=True)
class CashReport:
    lines: tuple[CashLine, ...]
    cash: int  # cents in the box
    paid: int
    waived: int
    unpaid: int
    transfers: int = 0
    transferred: int = 0  # cents paid ahead by transfer: on the account, not in the box


def cash_report(tournament: Tournament) -> CashReport:
    """The fees of the evening by category: who paid, who was waived, who has not paid, the
    cash that should be in the box and, apart from it, the fees paid ahead by transfer."""
    announcement = announcement_of(tournament)
    # withdrawn players too: what they paid is in the box
    entries = tournament.entries.select_related("fee", "entry_category")
    counts: dict[str, dict[str, int]] = {}
    for entry in entries:
        fee = getattr(entry, "fee", None)
        category = fee.category if fee is not None else category_of(entry)
        line = counts.setdefault(
            category,
            {"paid": 0, "waived": 0, "unpaid": 0, "cash": 0, "transfers": 0, "transferred": 0},
        )
        if fee is not None and fee.status == FeeStatus.PAID:
            line["paid"] += 1
            if fee.method == FeeMethod.TRANSFER:
                line["transfers"] += 1
                line["transferred"] += fee.amount
            else:
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
        transfers=sum(line.transfers for line in lines),
        transferred=sum(line.transferred for line in lines),
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
    """The prizes by the standings: who gets what, in whole euros (docs/OPEN_TOURNAMENTS.md,
    “One prize each”). The side prizes of the categories are funded first, from the pot after
    the costs; the overall table pays from the rest. Each player gets one prize, the higher of
    the overall one and his category's (``signups.engine.payout.awards``); the prize he leaves
    goes down its table to the next player."""
    announcement = announcement_of(tournament)
    rows = standings(tournament)
    groups = _groups(rows, TieShare(announcement.tie_share))
    rules = payout_rules(announcement)
    total = pot(tournament)
    wanted = {name: amounts for name, amounts in announcement.category_prizes.items() if amounts}
    of = categories_of(tournament) if wanted else {}
    ranking = [
        [of.get(row.entry_id, "") if of.get(row.entry_id) in wanted else "" for row in group]
        for group in groups
    ]
    result = awards(total, rules, wanted, ranking)
    placed = list(zip((row for group in groups for row in group), result.awards, strict=True))

    def prizes_of(table: str) -> tuple[Prize, ...]:
        return tuple(
            _prize(award.place, row, award.euros, award.shared)
            for row, award in placed
            if award.table == table
        )

    side = tuple(SidePrizes(name, prizes_of(name), result.side[name]) for name in sorted(wanted))
    return PrizeList(
        total, rules.costs, prizes_of(""), result.overall, announcement.tie_share, side
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


def _prize(place: int, row: Standing, euros: int, shared: int) -> Prize:
    return Prize(place, row.start_number, row.name, row.club or "", row.total, euros, shared)


def _groups(rows: Sequence[Standing], tie_share: TieShare) -> list[list[Standing]]:
    """The players standing at each place: equal totals, or equal ranks (after tie-breaks)."""

    def key(row: Standing) -> int:
        return row.total if tie_share == TieShare.POINTS else row.rank

    return [list(group) for _, group in groupby(rows, key=key)]
