"""The organisers' settings of an open tournament: the announcement and sign-up (places,
deadline, approval, venue, contact), the entry fees by category, and the payout table."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

from django.db import transaction

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.plaintext import has_control_characters
from karlchen.refusals import Problem, Refused
from signups.domain.places import announcement_of, locked, move_up
from signups.engine.payout import MAX_EUROS, MAX_PLACES, PayoutMode, PayoutRules, check_rules
from signups.enums import Approval, TieShare
from signups.log import SignupCode
from signups.models import Announcement
from tournaments.models import Tournament

MAX_CAP = 10_000
MAX_FEE = MAX_EUROS * 100  # cents
MAX_CATEGORIES = 20
# A deadline in these years: far outside, time zones have odd offsets (local mean time) or
# overflow.
DEADLINE_YEARS = (2000, 2999)
TEXT_LIMITS = {"venue": 2_000, "details": 10_000, "contact": 200}
UNCHANGED = object()


def set_announcement(
    tournament: Tournament,
    *,
    by: Actor,
    published: bool | None = None,
    cap: int | object | None = UNCHANGED,
    deadline: datetime.datetime | object | None = UNCHANGED,
    approval: str | None = None,
    texts: Mapping[str, str] | None = None,
    fee: int | None = None,
    category_fees: Mapping[str, int] | None = None,
) -> Announcement:
    """Change the sign-up settings given (the rest stays). A cap raised fills the new places
    from the waiting list at once. Refused naming each bad field."""
    problems = _announcement_problems(cap, approval, texts or {}, fee, category_fees)
    problems += _deadline_problems(deadline)
    if problems:
        raise Refused(problems)
    with transaction.atomic():
        tournament = locked(tournament.pk)
        announcement = announcement_of(tournament)
        changes: dict[str, object] = {
            "published": published,
            "approval": approval,
            "fee": fee,
            "category_fees": dict(category_fees) if category_fees is not None else None,
            **(texts or {}),
        }
        changes = {name: value for name, value in changes.items() if value is not None}
        if cap is not UNCHANGED:
            changes["cap"] = cap
        if deadline is not UNCHANGED:
            changes["deadline"] = deadline
        for name, value in changes.items():
            setattr(announcement, name, value)
        announcement.save()
        log(tournament, by, SignupCode.ANNOUNCEMENT_CHANGED, fields=", ".join(sorted(changes)))
        move_up(tournament, announcement, by=by)
        tournament_changed(tournament.pk)
    return announcement


def _announcement_problems(
    cap: object,
    approval: str | None,
    texts: Mapping[str, str],
    fee: int | None,
    category_fees: Mapping[str, int] | None,
) -> list[Problem]:
    problems = []
    bad_cap = not isinstance(cap, int) or isinstance(cap, bool) or not 1 <= cap <= MAX_CAP
    if cap is not UNCHANGED and cap is not None and bad_cap:
        problems.append(Problem("signup_cap_invalid", "cap", {"max": MAX_CAP}))
    if approval is not None and approval not in Approval.values:
        problems.append(Problem("signup_approval_unknown", "approval", {"approval": approval}))
    for name, text in texts.items():
        if name not in TEXT_LIMITS:
            raise ValueError(f"no such text: {name}")
        if len(text) > TEXT_LIMITS[name]:
            problems.append(Problem("text_too_long", name, {"max": TEXT_LIMITS[name]}))
    if fee is not None and not 0 <= fee <= MAX_FEE:
        problems.append(Problem("fee_invalid", "fee", {"max": MAX_EUROS}))
    return problems + _category_problems(category_fees or {})


def _deadline_problems(deadline: object) -> list[Problem]:
    if not isinstance(deadline, datetime.datetime):
        return []
    low, high = DEADLINE_YEARS
    if low <= deadline.year <= high:
        return []
    return [Problem("signup_deadline_invalid", "deadline", {"min": low, "max": high})]


def _category_problems(category_fees: Mapping[str, int]) -> list[Problem]:
    problems = []
    if len(category_fees) > MAX_CATEGORIES:
        problems.append(Problem("category_too_many", "category_fees", {"max": MAX_CATEGORIES}))
    for name, fee in category_fees.items():
        field = f"category_fees.{name}"
        if not name.strip() or len(name) > 60 or has_control_characters(name):
            problems.append(Problem("category_name_invalid", field, {"max": 60}))
        elif not isinstance(fee, int) or isinstance(fee, bool) or not 0 <= fee <= MAX_FEE:
            problems.append(Problem("fee_invalid", field, {"max": MAX_EUROS}))
    return problems


def payout_rules(announcement: Announcement) -> PayoutRules:
    return PayoutRules(
        PayoutMode(announcement.payout_mode),
        tuple(int(share) for share in announcement.payout_shares),
        announcement.payout_costs,
    )


def set_payout(
    tournament: Tournament,
    *,
    by: Actor,
    mode: str,
    shares: Sequence[int],
    costs: int = 0,
    tie_share: str = TieShare.POINTS,
    category_prizes: Mapping[str, Sequence[int]] | None = None,
) -> Announcement:
    """The payout table: percent or euros per place from the first, the costs kept (cents),
    who shares tied places, and the side prizes of offered categories (euros per place of the
    category's ranking). Refused naming ``payout.mode``, ``payout.shares``, ``payout.costs``,
    ``payout.ties`` or ``payout.category_prizes.<category>``."""
    side = {name: list(amounts) for name, amounts in (category_prizes or {}).items()}
    problems = []
    if mode not in PayoutMode.__members__.values():
        problems.append(Problem("payout_mode_unknown", "payout.mode", {"mode": mode}))
    if tie_share not in TieShare.values:
        problems.append(Problem("payout_ties_unknown", "payout.ties", {"ties": tie_share}))
    with transaction.atomic():
        announcement = announcement_of(locked(tournament.pk))
        problems += _side_prize_problems(side, announcement.category_fees)
        if problems:
            raise Refused(problems)
        rules = PayoutRules(PayoutMode(mode), tuple(shares), costs)
        check_rules(rules)
        announcement.payout_mode, announcement.payout_shares = mode, list(shares)
        announcement.payout_costs, announcement.tie_share = costs, tie_share
        announcement.category_prizes = {name: side[name] for name in sorted(side) if side[name]}
        announcement.save()
        log(announcement.tournament, by, SignupCode.PAYOUT_CHANGED)
    return announcement


def _side_prize_problems(
    side: Mapping[str, list[int]], offered: Mapping[str, int]
) -> list[Problem]:
    if len(side) > MAX_CATEGORIES:
        return [Problem("category_too_many", "payout.category_prizes", {"max": MAX_CATEGORIES})]
    problems = []
    for name, amounts in side.items():
        field = f"payout.category_prizes.{name[:60]}"
        if name not in offered:
            problems.append(Problem("entry_category_unknown", field, {"category": name[:60]}))
        elif len(amounts) > MAX_PLACES:
            problems.append(Problem("payout_too_many_places", field, {"max": MAX_PLACES}))
        elif not all(isinstance(x, int) and not isinstance(x, bool) for x in amounts):
            problems.append(Problem("payout_shares_invalid", field, {}))
        elif any(amount < 0 for amount in amounts):
            problems.append(Problem("payout_share_negative", field, {}))
        elif any(amount > MAX_EUROS for amount in amounts):
            problems.append(Problem("payout_share_too_high", field, {"max": MAX_EUROS}))
    return problems
