"""The series ("Serie", "Spielrunde") at one table: who deals next, who sits out, who must solo.

From the table size (4 or 5 seats, positions 1..n), the series settings and the deals played so
far, ``replay`` derives the next deal: its number, its dealer, the position that sits out (the
dealer of a five-table), and whether it is a Vorführung (forced solo) and for whom. ``classify``
says which kind a new deal gets (normal, wedding, Pflichtsolo, Lustsolo, Vorführung, ...) or
refuses it. Both say when the series is complete, also after the organiser ended it (time up).
Rules: RULES.md §1.8 (Doppelkopf; TSR 3.3, 4.1-4.3, 8.5, 8.6, 10) and §2.4 (Schafkopf).

Bock rounds (a club option, RULES.md §2.3) are state across deals too: a deal that fired a trigger
(the rules engine says which, ``PlayedDeal.bock_trigger``) starts a round of Bock deals, and the
replay says for every deal its Bock factor and for the next one how many Bock deals are left.

It does NOT score deals or check cards, parties and announcements (the rules engines in
``rules`` do), keep time (the caller says after how many deals the time was up), or know about
Django, the database or translations. A refusal carries a stable code, a field path and params;
the web layer words it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from karlchen.refusals import OneRefusal

TABLE_SIZES = (4, 5)
FIVE_TABLE = 5
SOLO = "solo"
SCHAFKOPF = "schafkopf"  # the game whose deals all count as normal ones
QUICK_ENTRIES = ("value", "points")  # deals entered by game value or points (rules.quick)


class DealKind(StrEnum):
    """What a deal is to the series. Every Schafkopf deal is NORMAL."""

    NORMAL = "normal"
    WEDDING = "wedding"
    SILENT_WEDDING = "silent_wedding"
    POVERTY = "poverty"
    COMPULSORY_SOLO = "compulsory_solo"
    VOLUNTARY_SOLO = "voluntary_solo"
    FORCED_SOLO = "forced_solo"


# Contracts without a soloist. A silent wedding is scored as a solo but is never the Pflichtsolo
# (TSR 4.4), so it fills a normal-game row like the others.
_NON_SOLO_KINDS = {
    "normal": DealKind.NORMAL,
    "wedding": DealKind.WEDDING,
    "silent_wedding": DealKind.SILENT_WEDDING,
    "poverty": DealKind.POVERTY,
}


class BockStacking(StrEnum):
    """What a trigger during a Bock round does."""

    MULTIPLY = "multiply"  # a round of its own beside the running ones: the levels multiply
    ADD = "add"  # the same, but each level adds the multiplier - 1 to the factor (×2, ×3, ×4)
    QUEUE = "queue"  # its round waits until the running ones are over: never more than one level


class BockMode(StrEnum):
    """What a Bock level does to a deal's value."""

    MULTIPLY = "multiply"  # the value times the factor (×2)
    ADD = "add"  # the value plus ``add_points`` per level (+1)


@dataclass(frozen=True, slots=True)
class BockSettings:
    """How a club plays Bock rounds (the triggers themselves are the rules engine's)."""

    length: int  # deals per round
    stacking: BockStacking = BockStacking.MULTIPLY
    multiplier: int = 2  # the factor of one Bock level
    max_level: int = 3  # "bis zu Dreifachbock": more overlapping rounds count no higher
    pause_compulsory_solos: bool = False  # Pflichtsoli are never Bock and use up no Bock deal
    mode: BockMode = BockMode.MULTIPLY
    add_points: int = 1  # mode ADD: the points one Bock level adds to the value

    def __post_init__(self) -> None:
        if self.length < 1 or self.multiplier < 2 or self.max_level < 1 or self.add_points < 1:
            raise ValueError(f"invalid Bock settings: {self!r}")

    def factor(self, level: int) -> int:
        if self.mode is BockMode.ADD:
            return 1
        if self.stacking is BockStacking.ADD:
            return 1 + (self.multiplier - 1) * level
        return int(self.multiplier**level)

    def points(self, level: int) -> int:
        """What a Bock deal of ``level`` adds to the value (mode ADD; each level adds the same,
        whether overlapping rounds stack as ``multiply`` or ``add``)."""
        return self.add_points * level if self.mode is BockMode.ADD else 0


@dataclass(frozen=True, slots=True)
class Bock:
    """The Bock rounds where the series stands: the next deal's level, its factor or the points
    it adds (mode ADD), and how many Bock deals are still to come (the next one included)."""

    level: int
    factor: int
    deals_left: int
    points: int = 0


NO_BOCK = Bock(level=0, factor=1, deals_left=0)


@dataclass(frozen=True, slots=True)
class SeriesSettings:
    """How a series is played at one table.

    ``normal_deals`` counts the normal-game rows at THIS table (the caller scales a five-table's
    count by 5/4). ``compulsory_solos`` is off for Schafkopf and clubs without Pflichtsoli.
    """

    table_size: int
    normal_deals: int
    compulsory_solos: bool = True
    bock: BockSettings | None = None  # None: no Bock rounds (the DDV rules)

    def __post_init__(self) -> None:
        # Bad settings are a bug of the caller, not a captain's mistake: plain ValueError.
        if self.table_size not in TABLE_SIZES:
            raise ValueError(f"table_size must be 4 or 5, not {self.table_size!r}")
        if self.normal_deals < 0:
            raise ValueError(f"normal_deals must not be negative, not {self.normal_deals!r}")

    @property
    def seats(self) -> range:
        return range(1, self.table_size + 1)

    @property
    def compulsory_solo_count(self) -> int:
        """One Pflichtsolo per player, where they are played."""
        return self.table_size if self.compulsory_solos else 0

    @property
    def planned_total(self) -> int:
        return self.normal_deals + self.compulsory_solo_count


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal as the series sees it.

    ``soloist`` is set only for a real solo (``contract="solo"``); a silent wedding or a wedding
    without partner has ``soloist=None``. Schafkopf: any contract, the deal counts as normal.
    """

    soloist: int | None
    contract: str = "normal"
    bock_trigger: bool = False  # the deal starts a Bock round (the rules engine decides)

    @classmethod
    def of_result(
        cls, game: str, result: Mapping[str, object], *, bock_trigger: bool = False
    ) -> PlayedDeal:
        """What the series sees of a deal result as captains enter it (docs/API.md).

        Doppelkopf: the soloist is the one Re player of a solo. Schafkopf: the declarer, though
        every Schafkopf deal counts as a normal one. A quick entry (RULES.md §11.8): its own
        ``contract`` and ``soloist``.
        """
        if result.get("entry") in QUICK_ENTRIES:
            # A quick entry names its game and soloist itself (rules.quick): no cards, no Bock.
            soloist = result.get("soloist")
            quick_contract = str(result.get("contract") or "normal")
            return cls(
                soloist=soloist if isinstance(soloist, int) else None, contract=quick_contract
            )
        contract = str(result["contract"])
        if game == SCHAFKOPF:
            declarer = result.get("declarer")
            return cls(soloist=declarer if isinstance(declarer, int) else None, contract=contract)
        re = result.get("re")
        soloist = re[0] if contract == SOLO and isinstance(re, Sequence) and re else None
        return cls(soloist=soloist, contract=contract, bock_trigger=bock_trigger)


@dataclass(frozen=True, slots=True)
class NextDeal:
    """The deal to be played next, as this module decides it (captains never type it)."""

    number: int
    dealer: int
    sitting_out: int | None
    forced_soloist: int | None
    players: tuple[int, ...]
    # Its Bock factor unless it turns out a Pflichtsolo where those pause the Bock rounds.
    bock: Bock = NO_BOCK


@dataclass(frozen=True, slots=True)
class SeriesState:
    """The series after the deals replayed so far."""

    deals_played: int
    compulsory_done: frozenset[int]
    next_deal: NextDeal | None
    complete: bool
    time_up: bool
    deals_total: int
    # Where the rotation stands: enough for a client to follow the series through deals it
    # holds but has not sent yet (the captain's page, offline).
    rotation_dealer: int = 1
    normal_played: int = 0
    bock_rounds: tuple[int, ...] = ()  # the Bock deals left of each pending round, in order


class SeriesRefused(OneRefusal):
    """A deal that cannot be played at this point of the series: a user error with a stable code.

    ``field`` is the offending input (``deal``, ``deal.soloist``, ``deal.contract``); ``params``
    fill the translated message and always hold the deal's 0-based ``index`` and its ``number``.
    """


@dataclass(frozen=True, slots=True)
class _Cursor:
    """Where the series stands between two deals."""

    normal_limit: int  # settings.normal_deals; after time-up the normal deals played by then
    deals_played: int = 0
    # The dealer by plain rotation. At a five-table Vorführung of this very player the left
    # neighbour deals in their place (RULES.md §1.8 Decision) without changing the rotation.
    rotation_dealer: int = 1
    compulsory_done: frozenset[int] = frozenset()
    normal_played: int = 0  # deals in normal-game rows, Lustsoli included (TSR 4.3)
    bock_rounds: tuple[int, ...] = ()  # Bock deals left per pending round, oldest first


def replay(
    settings: SeriesSettings, deals: Sequence[PlayedDeal], *, time_up_after: int | None = None
) -> SeriesState:
    """Validate ``deals`` in order and return the state after the last one.

    ``time_up_after=k``: the organiser ended the series after k deals; the remaining normal deals
    are struck and the missing Pflichtsoli follow as Vorführungen (TSR 8.5, 8.6).
    """
    cursor = _play_all(settings, deals, time_up_after)
    next_deal = _next_deal(settings, cursor)
    return SeriesState(
        deals_played=cursor.deals_played,
        compulsory_done=cursor.compulsory_done,
        next_deal=next_deal,
        complete=next_deal is None,
        time_up=time_up_after is not None,
        deals_total=cursor.normal_limit + settings.compulsory_solo_count,
        rotation_dealer=cursor.rotation_dealer,
        normal_played=cursor.normal_played,
        bock_rounds=cursor.bock_rounds,
    )


def classify(
    settings: SeriesSettings,
    deals_so_far: Sequence[PlayedDeal],
    deal: PlayedDeal,
    *,
    time_up_after: int | None = None,
) -> DealKind:
    """The kind ``deal`` gets as the next deal after ``deals_so_far``, or raise SeriesRefused."""
    cursor = _play_all(settings, deals_so_far, time_up_after)
    return _kind(settings, cursor, deal)


def _play_all(
    settings: SeriesSettings, deals: Sequence[PlayedDeal], time_up_after: int | None
) -> _Cursor:
    if time_up_after is not None and not 0 <= time_up_after <= len(deals):
        raise ValueError(f"time_up_after must be within 0..{len(deals)}, not {time_up_after!r}")
    cursor = _Cursor(normal_limit=settings.normal_deals)
    for deal in deals:
        cursor = _strike_if_time_up(cursor, time_up_after)
        cursor = _after(settings, cursor, _kind(settings, cursor, deal), deal)
    return _strike_if_time_up(cursor, time_up_after)


def _strike_if_time_up(cursor: _Cursor, time_up_after: int | None) -> _Cursor:
    if cursor.deals_played != time_up_after:
        return cursor
    # TSR 8.5: outstanding normal games are struck; missing Pflichtsoli are still played.
    return replace(cursor, normal_limit=cursor.normal_played)


def _next_deal(settings: SeriesSettings, cursor: _Cursor) -> NextDeal | None:
    owing = _owing(settings, cursor)
    normal_left = cursor.normal_limit - cursor.normal_played
    if not owing and not normal_left:
        return None
    # Vorführen (TSR 4.1): the missing Pflichtsoli equal the deals left exactly when no normal
    # deal is left.
    forced = None if normal_left else _first_from_left(settings, cursor.rotation_dealer, owing)
    dealer = cursor.rotation_dealer
    if settings.table_size == FIVE_TABLE and forced == dealer:
        # A five-table dealer gets no cards, so cannot be vorgeführt: RULES.md §1.8 Decision.
        dealer = _left_of(settings, dealer)
    sitting_out = dealer if settings.table_size == FIVE_TABLE else None
    return NextDeal(
        number=cursor.deals_played + 1,
        dealer=dealer,
        sitting_out=sitting_out,
        forced_soloist=forced,
        players=tuple(seat for seat in settings.seats if seat != sitting_out),
        bock=_bock(settings, cursor),
    )


def _bock(settings: SeriesSettings, cursor: _Cursor) -> Bock:
    """The Bock level and factor of the next deal, and the Bock deals still to come."""
    bock = settings.bock
    if bock is None or not cursor.bock_rounds:
        return NO_BOCK
    if bock.stacking is BockStacking.QUEUE:
        level, left = 1, sum(cursor.bock_rounds)
    else:
        level, left = min(len(cursor.bock_rounds), bock.max_level), max(cursor.bock_rounds)
    return Bock(level=level, factor=bock.factor(level), deals_left=left, points=bock.points(level))


def _bock_paused(settings: SeriesSettings, kind: DealKind) -> bool:
    solo_kinds = (DealKind.COMPULSORY_SOLO, DealKind.FORCED_SOLO)
    return settings.bock is not None and settings.bock.pause_compulsory_solos and kind in solo_kinds


def bock_factor(settings: SeriesSettings, upcoming: NextDeal, kind: DealKind) -> int:
    """The Bock factor of the deal ``upcoming`` once its kind is known (a Pflichtsolo pauses)."""
    return 1 if _bock_paused(settings, kind) else upcoming.bock.factor


def bock_points(settings: SeriesSettings, upcoming: NextDeal, kind: DealKind) -> int:
    """The points the Bock rounds add to the deal ``upcoming`` (mode ADD) once its kind is
    known (a Pflichtsolo pauses)."""
    return 0 if _bock_paused(settings, kind) else upcoming.bock.points


def _bock_after(
    settings: SeriesSettings, cursor: _Cursor, kind: DealKind, deal: PlayedDeal
) -> tuple[int, ...]:
    """The pending Bock rounds after ``deal``: one Bock deal used up, its trigger's round added."""
    bock = settings.bock
    if bock is None:
        return ()
    rounds = cursor.bock_rounds
    if rounds and not _bock_paused(settings, kind):
        if bock.stacking is BockStacking.QUEUE:  # only the first round is running
            rounds = (rounds[0] - 1, *rounds[1:])
        else:
            rounds = tuple(left - 1 for left in rounds)
        rounds = tuple(left for left in rounds if left)
    if deal.bock_trigger:
        rounds = (*rounds, bock.length)
    return rounds


def _owing(settings: SeriesSettings, cursor: _Cursor) -> frozenset[int]:
    """Positions that still owe their Pflichtsolo."""
    if not settings.compulsory_solos:
        return frozenset()
    return frozenset(settings.seats) - cursor.compulsory_done


def _first_from_left(settings: SeriesSettings, dealer: int, candidates: frozenset[int]) -> int:
    """The first candidate clockwise from the dealer's left neighbour, the dealer itself last."""
    clockwise = [(dealer + step - 1) % settings.table_size + 1 for step in settings.seats]
    return next(seat for seat in clockwise if seat in candidates)


def _left_of(settings: SeriesSettings, seat: int) -> int:
    return seat % settings.table_size + 1


def _kind(settings: SeriesSettings, cursor: _Cursor, deal: PlayedDeal) -> DealKind:
    next_deal = _next_deal(settings, cursor)
    if next_deal is None:
        raise _refusal(cursor, "series_complete", "deal")
    _check_soloist_seat(settings, cursor, next_deal, deal.soloist)
    if not settings.compulsory_solos:
        return DealKind.NORMAL  # Schafkopf knows no Pflichtsolo: every deal is a normal row
    _check_contract(cursor, deal)
    if next_deal.forced_soloist is not None:
        return _forced_kind(cursor, next_deal.forced_soloist, deal)
    if deal.soloist is None:
        return _NON_SOLO_KINDS[deal.contract]
    if deal.soloist in cursor.compulsory_done:
        return DealKind.VOLUNTARY_SOLO
    return DealKind.COMPULSORY_SOLO  # the player's first solo is the Pflichtsolo (TSR 4.2)


def _check_soloist_seat(
    settings: SeriesSettings, cursor: _Cursor, next_deal: NextDeal, soloist: int | None
) -> None:
    if soloist is None:
        return
    if soloist not in settings.seats:
        raise _refusal(
            cursor,
            "soloist_out_of_range",
            "deal.soloist",
            soloist=soloist,
            table_size=settings.table_size,
        )
    if soloist == next_deal.sitting_out:
        raise _refusal(cursor, "player_sitting_out", "deal.soloist", player=soloist)


def _check_contract(cursor: _Cursor, deal: PlayedDeal) -> None:
    if deal.contract != SOLO and deal.contract not in _NON_SOLO_KINDS:
        raise _refusal(cursor, "unknown_contract", "deal.contract", contract=deal.contract)
    if deal.contract == SOLO and deal.soloist is None:
        raise _refusal(cursor, "soloist_required", "deal.soloist")
    if deal.contract != SOLO and deal.soloist is not None:
        raise _refusal(cursor, "soloist_not_allowed", "deal.soloist", contract=deal.contract)


def _forced_kind(cursor: _Cursor, forced: int, deal: PlayedDeal) -> DealKind:
    if deal.soloist == forced:
        return DealKind.FORCED_SOLO
    if deal.soloist is not None and deal.soloist not in cursor.compulsory_done:
        # Another player's Pflichtsolo: nobody may take over a Vorführung (TSR 4.1).
        raise _refusal(cursor, "forced_solo_due", "deal", player=forced)
    # A normal game or a Lustsolo needs a normal-game row, and only Pflichtsoli are left.
    raise _refusal(cursor, "no_normal_deals_left", "deal", player=forced)


def _after(settings: SeriesSettings, cursor: _Cursor, kind: DealKind, deal: PlayedDeal) -> _Cursor:
    soloist = deal.soloist
    cursor = replace(cursor, bock_rounds=_bock_after(settings, cursor, kind, deal))
    played = cursor.deals_played + 1
    if kind is DealKind.COMPULSORY_SOLO:
        # TSR 3.3: only after a Pflichtsolo does the same dealer deal again.
        assert soloist is not None  # _kind: a solo kind has a soloist
        done = cursor.compulsory_done | {soloist}
        return replace(cursor, deals_played=played, compulsory_done=done)
    # The deal passes on from the rotation dealer, also when the left neighbour dealt in their
    # place (RULES.md §1.8 Decision).
    passed_on = _left_of(settings, cursor.rotation_dealer)
    if kind is DealKind.FORCED_SOLO:
        assert soloist is not None
        done = cursor.compulsory_done | {soloist}
        return replace(cursor, deals_played=played, rotation_dealer=passed_on, compulsory_done=done)
    normal = cursor.normal_played + 1
    return replace(cursor, deals_played=played, rotation_dealer=passed_on, normal_played=normal)


def _refusal(cursor: _Cursor, code: str, field: str, **params: object) -> SeriesRefused:
    index = cursor.deals_played
    return SeriesRefused(code, field, {"index": index, "number": index + 1, **params})


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    """One played deal as the series saw it: its kind and who dealt, sat out, had to solo."""

    kind: DealKind
    deal: NextDeal
    bock_factor: int = 1  # what the deal's points were multiplied by (1: not a Bock deal)
    bock_points: int = 0  # what Bock added to the deal's value (mode ADD)


def timeline(
    settings: SeriesSettings, deals: Sequence[PlayedDeal], *, time_up_after: int | None = None
) -> tuple[TimelineEntry, ...]:
    """Every deal of ``deals`` with its kind and dealer, validating the whole sequence.

    Used after a correction, which can change the kind (and the dealer) of every later deal.
    Raises SeriesRefused for the first deal that the corrected sequence no longer allows.
    """
    if time_up_after is not None and not 0 <= time_up_after <= len(deals):
        raise ValueError(f"time_up_after must be within 0..{len(deals)}, not {time_up_after!r}")
    cursor, entries = _Cursor(normal_limit=settings.normal_deals), []
    for deal in deals:
        cursor = _strike_if_time_up(cursor, time_up_after)
        upcoming = _next_deal(settings, cursor)
        kind = _kind(settings, cursor, deal)
        assert upcoming is not None  # _kind refuses a deal after the last one
        factor, points = (
            bock_factor(settings, upcoming, kind),
            bock_points(settings, upcoming, kind),
        )
        entry = TimelineEntry(kind=kind, deal=upcoming, bock_factor=factor, bock_points=points)
        entries.append(entry)
        cursor = _after(settings, cursor, kind, deal)
    return tuple(entries)
