"""The tournament report (Turnierbericht): what a federation or the club's board files about a
tournament once it is over.

- the tournament: date, venue, region, host club, game, referee (Turnierleiter), organisers;
- the field: every player with start number, club and member number, withdrawn ones marked;
- the rounds: each series with its state and its tables, the players at each table in seat
  order and the deals played there;
- penalties and corrections: the penalty rows (TSR 9) with their lines, and the deals corrected
  or voided by the organisers, from the log;
- protests: those noted at the desk (``tournaments.Protest``), oldest first, with their decisions;
- the final standings, the first ``top`` places (provisional while series are open).

Read in a fixed number of queries, whatever the size of the field.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count

from clubs.domain.names import club_key
from results.domain.standings import Interim, Standing, interim, standings
from scoring.enums import AdjustmentKind
from scoring.log import ScoringCode
from scoring.models import Adjustment, Deal
from seating.models import Seat, Table
from tournaments.enums import SeriesStatus
from tournaments.models import Entry, Protest, Tournament

CORRECTIONS = (ScoringCode.DEAL_CORRECTED, ScoringCode.DEAL_VOIDED)  # an organiser's corrections


@dataclass(frozen=True)
class FieldLine:
    start_number: int
    name: str
    club: str
    member_number: str
    withdrawn: bool


@dataclass(frozen=True)
class TableLine:
    number: int
    players: tuple[str, ...]  # in seat order
    deals: int


@dataclass(frozen=True)
class SeriesLine:
    number: int
    status: str
    closed_at: datetime.datetime | None
    tables: tuple[TableLine, ...]

    @property
    def players(self) -> int:
        return sum(len(table.players) for table in self.tables)

    @property
    def deals(self) -> int:
        return sum(table.deals for table in self.tables)


@dataclass(frozen=True)
class PenaltyLine:
    series: int
    table: int | None
    kind: str
    reason: str
    points: tuple[tuple[str, int], ...]  # (player, points)
    author: str


@dataclass(frozen=True)
class CorrectionLine:
    at: datetime.datetime
    by: str
    voided: bool
    series: int | None
    table: int | None
    deal: int | None
    reason: str


@dataclass(frozen=True)
class ProtestLine:
    at: datetime.datetime
    series: int | None
    table: int | None
    deal: int | None
    noted_by: str
    text: str
    status: str  # open, upheld or rejected, in words
    decision: str


@dataclass(frozen=True)
class TournamentReport:
    tournament: Tournament
    organisers: tuple[str, ...]
    field: tuple[FieldLine, ...]
    series: tuple[SeriesLine, ...]
    penalties: tuple[PenaltyLine, ...]
    corrections: tuple[CorrectionLine, ...]
    protests: tuple[ProtestLine, ...]
    standings: tuple[Standing, ...]
    top: int
    interim: Interim | None

    @property
    def seated_series(self) -> tuple[SeriesLine, ...]:
        """The series with tables (a series never seated has nothing to report)."""
        return tuple(series for series in self.series if series.tables)

    @property
    def entered(self) -> int:
        return len(self.field)

    @property
    def withdrawn(self) -> int:
        return sum(1 for line in self.field if line.withdrawn)

    @property
    def clubs(self) -> int:
        return len({club_key(line.club) for line in self.field if line.club})


def tournament_report(tournament: Tournament, *, top: int) -> TournamentReport:
    names = _names(tournament)
    return TournamentReport(
        tournament=tournament,
        organisers=tuple(
            user.get_full_name() or user.get_username()
            for user in tournament.organisers.order_by("username")
        ),
        field=_field(tournament),
        series=_series(tournament, names),
        penalties=_penalties(tournament, names),
        corrections=_corrections(tournament),
        protests=_protests(tournament),
        standings=tuple(row for row in standings(tournament) if row.rank <= top),
        top=top,
        interim=interim(tournament),
    )


def _names(tournament: Tournament) -> dict[int, str]:
    entries = Entry.objects.filter(tournament=tournament).values_list("pk", "player__name")
    return dict(entries)


def _field(tournament: Tournament) -> tuple[FieldLine, ...]:
    entries = (
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("start_number")
    )
    return tuple(
        FieldLine(
            start_number=entry.start_number,
            name=entry.player.name,
            club=entry.player.club_name,
            member_number=(entry.player.member_number or "").strip(),
            withdrawn=entry.withdrawn,
        )
        for entry in entries
    )


def _series(tournament: Tournament, names: dict[int, str]) -> tuple[SeriesLine, ...]:
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, position, entry_id in Seat.objects.filter(
        series__tournament=tournament
    ).values_list("table_id", "position", "entry_id"):
        seats[table_id].append((position, entry_id))
    deals = dict(
        Deal.objects.filter(table__series__tournament=tournament, voided=False)
        .values("table_id")
        .annotate(count=Count("pk"))
        .values_list("table_id", "count")
    )
    tables: dict[int, list[TableLine]] = defaultdict(list)
    for table_id, series_id, number in Table.objects.filter(
        series__tournament=tournament
    ).values_list("pk", "series_id", "number"):
        players = tuple(names.get(entry, "?") for _position, entry in sorted(seats[table_id]))
        tables[series_id].append(TableLine(number, players, deals.get(table_id, 0)))
    return tuple(
        SeriesLine(
            number=series.number,
            status=str(SeriesStatus(series.status).label),
            closed_at=series.closed_at,
            tables=tuple(sorted(tables[series.pk], key=lambda table: table.number)),
        )
        for series in tournament.series.order_by("number")
    )


def _penalties(tournament: Tournament, names: dict[int, str]) -> tuple[PenaltyLine, ...]:
    rows = (
        Adjustment.objects.filter(series__tournament=tournament)
        .select_related("series", "table", "author")
        .prefetch_related("lines")
        .order_by("series__number", "created_at", "pk")
    )
    return tuple(
        PenaltyLine(
            series=row.series.number,
            table=row.table.number if row.table else None,
            kind=str(AdjustmentKind(row.kind).label),
            reason=row.reason,
            points=tuple((names.get(line.entry_id, "?"), line.points) for line in row.lines.all()),
            author=row.author.get_username() if row.author else "",
        )
        for row in rows
    )


def _protests(tournament: Tournament) -> tuple[ProtestLine, ...]:
    return tuple(
        ProtestLine(
            at=protest.lodged_at,
            series=protest.series,
            table=protest.table,
            deal=protest.deal,
            noted_by=protest.lodged_by,
            text=protest.text,
            status=str(protest.get_status_display()),
            decision=protest.decision,
        )
        for protest in Protest.objects.filter(tournament=tournament).order_by("lodged_at", "pk")
    )


def _corrections(tournament: Tournament) -> tuple[CorrectionLine, ...]:
    actions = tournament.actions.filter(action__in=CORRECTIONS).order_by("at", "pk")
    return tuple(
        CorrectionLine(
            at=action.at,
            by=action.user_label,
            voided=action.action == ScoringCode.DEAL_VOIDED,
            series=action.details.get("series"),
            table=action.details.get("table"),
            deal=action.details.get("deal"),
            reason=str(action.details.get("reason") or ""),
        )
        for action in actions
    )
