"""Reads of a table: where its series stands now, for the captain, the organiser and the sheet.

The next deal is derived by replaying the stored deals through the series engine, exactly as
recording does, so what a captain is shown is what recording will expect. Nothing here writes,
scores a deal or checks access: the API and the pages decide who may read what.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from scoring.domain.deals import (
    confirming_positions,
    played_deals,
    stored_bock_factor,
    stored_bock_points,
)
from scoring.models import Deal
from seating.models import Seat, Table
from tournaments.engine.series import NextDeal, replay
from tournaments.models import Series, Tournament
from tournaments.visibility import confirmed_only

DONE, OWED = "done", "owed"


@dataclass(frozen=True)
class SeatView:
    position: int
    entry_id: int
    player_id: int
    name: str
    club: str | None
    start_number: int
    hidden: bool = False  # asked not to be listed publicly


@dataclass(frozen=True)
class DealView:
    """One deal as the sheet shows it; ``points`` and ``totals`` hold every seated position,
    ``value`` is the game value (0 for a voided deal)."""

    number: int
    kind: str
    dealer: int
    sitting_out: int | None
    version: int
    voided: bool
    points: dict[int, int]
    totals: dict[int, int]
    # the deal as entered (the contract's format), for a correction to start from
    entered: dict[str, Any]
    confirmed: bool  # by a player of the other party; always True where nobody must confirm
    confirmers: tuple[int, ...]  # the positions that may confirm it
    # Whether its points are in the running totals: spectators' totals count confirmed deals
    # only where deals are confirmed, as their standings do (``confirmed_only``).
    counted: bool = True
    value: int = 0
    bock_factor: int = 1  # what its points were multiplied by (RULES.md §2.3)
    bock_points: int = 0  # what Bock added to its value (bock_mode "add")
    starts_bock: bool = False  # it fired a Bock trigger of the rules


@dataclass(frozen=True)
class TableState:
    """The table now: its seats, deals with running totals, and what the series expects next.

    ``compulsory_solos`` maps each position to ``done`` or ``owed`` (empty where the rules play
    no compulsory solos); ``next_deal`` is None once the series is complete at this table.
    """

    table: Table
    seats: tuple[SeatView, ...]
    deals: tuple[DealView, ...]
    totals: dict[int, int]
    next_deal: NextDeal | None
    compulsory_solos: dict[int, str]
    deals_total: int
    complete: bool
    time_up: bool
    rotation_dealer: int = 1  # the series engine's rotation (for clients following it offline)
    normal_played: int = 0
    bock_rounds: tuple[int, ...] = ()  # the Bock deals left per pending round (offline too)

    @property
    def series(self) -> Series:
        return self.table.series

    @property
    def deals_played(self) -> int:
        return len(self.deals)

    @property
    def keeper(self) -> int:
        """The list keeper: position 4, or 5 at a five-table (DDV custom)."""
        return max((seat.position for seat in self.seats), default=4)


def table_state(table: Table, *, public: bool = False) -> TableState:
    """The state of ``table`` (a query each for its seats and deals, given its series loaded);
    ``public``: its totals as spectators' standings count them (``confirmed_only``)."""
    seats = table.seats.select_related("entry__player")
    deals = table.deals.select_related("current").order_by("number")
    return _state(table.series.tournament, table, seats, deals, public=public)


def series_tables(series: Series) -> list[TableState]:
    """The state of every table of ``series``, in table order, in a fixed number of queries."""
    tables = series.tables.select_related("series__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("entry__player")),
        Prefetch("deals", queryset=Deal.objects.select_related("current").order_by("number")),
    )
    return [
        _state(series.tournament, table, table.seats.all(), table.deals.all())
        for table in tables.order_by("number")
    ]


def _state(
    tournament: Tournament,
    table: Table,
    seats: Iterable[Seat],
    deals: Iterable[Deal],
    *,
    public: bool = False,
) -> TableState:
    seat_views = tuple(seat_view(seat) for seat in sorted(seats, key=lambda s: s.position))
    deals = list(deals)
    positions = [seat.position for seat in seat_views]
    settings = tournament.series_settings(len(positions))
    rows = [(deal.current.input, deal.current.voided) for deal in deals]
    played = played_deals(tournament.game, tournament.rules, settings, rows)
    state = replay(settings, played, time_up_after=table.time_up_after)
    only_confirmed = confirmed_only(tournament, public=public)
    deal_views, totals = _with_running_totals(tournament, deals, positions, only_confirmed)
    compulsory = {
        position: DONE if position in state.compulsory_done else OWED
        for position in positions
        if settings.compulsory_solos
    }
    return TableState(
        table=table,
        seats=seat_views,
        deals=deal_views,
        totals=totals,
        next_deal=state.next_deal,
        compulsory_solos=compulsory,
        deals_total=state.deals_total,
        complete=state.complete,
        time_up=state.time_up,
        rotation_dealer=state.rotation_dealer,
        normal_played=state.normal_played,
        bock_rounds=state.bock_rounds,
    )


def seat_view(seat: Seat) -> SeatView:
    """A seat as the pages, the API and the printouts show it (entry, player and club loaded)."""
    player = seat.entry.player
    return SeatView(
        position=seat.position,
        entry_id=seat.entry_id,
        player_id=player.pk,
        name=player.name,
        club=player.club_name or None,
        start_number=seat.entry.start_number,
        hidden=seat.entry.hidden,
    )


def _with_running_totals(
    tournament: Tournament, deals: list[Deal], positions: list[int], only_confirmed: bool
) -> tuple[tuple[DealView, ...], dict[int, int]]:
    totals = dict.fromkeys(positions, 0)
    keeper = max(positions, default=4)
    views = []
    for deal in deals:
        revision = deal.current
        needs_confirming = tournament.confirmation_required and not deal.voided
        stored = deal.current.result.get("points", {})  # a voided deal stores no points
        points = {position: int(stored.get(str(position), 0)) for position in positions}
        confirmed = not needs_confirming or revision.confirmed_at is not None
        counted = confirmed or not only_confirmed
        if counted:
            totals = {position: totals[position] + points[position] for position in positions}
        views.append(
            DealView(
                number=deal.number,
                kind=deal.kind,
                dealer=deal.dealer,
                sitting_out=deal.sitting_out,
                version=deal.version,
                voided=deal.voided,
                points=points,
                totals=totals,
                entered=revision.input,
                confirmed=confirmed,
                confirmers=confirming_positions(tournament.game, revision.input, keeper),
                counted=counted,
                value=int(deal.current.result.get("value", 0)),
                bock_factor=stored_bock_factor(revision.result),
                bock_points=stored_bock_points(revision.result),
                starts_bock=bool(revision.result.get("bock_triggers")),
            )
        )
    return tuple(views), totals
