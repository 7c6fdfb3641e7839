"""The tournament standings: the per-table totals of the current revisions, plus penalty rows.

Points per player and series come from the totals every deal write keeps (``SeriesTotal``, a
few rows per player) and a grouped query of the penalty lines, never from a scan of the deals;
ranks and tie-breaks (RULES.md §14) are then computed from those few rows per player.

Who is ranked is decided here, once (``took_part``): the entries that sat down at a table, or
were given points by a penalty row. Every ranking built on the standings (the spectators' page,
the API, exports, printouts, the archive, the season, league, cup, category and side rankings)
reads them from here, so an entry that never sat down is in none of them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Sum

from scoring.enums import DealKind
from scoring.models import AdjustmentLine, Deal, SeriesTotal
from seating.models import Seat
from tournaments import visibility
from tournaments.enums import SeriesStatus, TieBreak
from tournaments.models import Entry, Tournament

if TYPE_CHECKING:
    from django.db.models import QuerySet

DEFAULT_TIE_BREAKS = (TieBreak.SERIES_WON, TieBreak.BEST_SERIES)


@dataclass
class Standing:
    entry_id: int
    start_number: int
    player_id: int
    name: str
    club: str | None
    withdrawn: bool
    total: int = 0
    per_series: dict[int, int] = field(default_factory=dict)
    deals_played: int = 0
    deals_per_series: dict[int, int] = field(default_factory=dict)
    compulsory_solos: int = 0  # Pflichtsoli played, Vorführungen included
    series_won: int = 0
    rank: int = 0
    hidden: bool = False  # asked not to be listed publicly

    @property
    def best_series(self) -> int:
        return max(self.per_series.values(), default=0)

    def sort_key(self, tie_breaks: Iterable[str]) -> tuple[int, ...]:
        return (self.total, *(self.tie_break(name) for name in tie_breaks))

    def tie_break(self, name: str) -> int:
        if name == TieBreak.SERIES_WON:
            return self.series_won
        if name == TieBreak.BEST_SERIES:
            return self.best_series
        TieBreak(name)  # refuses an unknown name
        return -self.deals_played


@dataclass(frozen=True)
class Interim:
    """How far the tournament is: ``closed`` of its ``planned`` series are closed. Standings
    shown (or printed) while series remain are provisional."""

    closed: int
    planned: int
    final: bool = False  # the organisers marked the results final (tournaments.domain.final)


def series_progress(tournament: Tournament) -> Interim:
    """How many of the tournament's series are closed, of how many planned (one query)."""
    statuses = list(tournament.series.values_list("status", flat=True))
    closed = statuses.count(SeriesStatus.CLOSED)
    planned = max(tournament.series_count, len(statuses))
    return Interim(closed=closed, planned=planned, final=tournament.results_final)


def interim(tournament: Tournament) -> Interim | None:
    """None once every series is closed; the standings are final then."""
    progress = series_progress(tournament)
    return None if progress.closed == progress.planned else progress


def standings(
    tournament: Tournament, *, confirmed_only: bool = False, series: int | None = None
) -> list[Standing]:
    """Every entry that took part (``took_part``) ranked: total points, points per series,
    deals played, shared ranks on ties.

    ``confirmed_only``: count only deals whose current revision a player has confirmed (what
    the public sees where the tournament asks for confirmations). ``series``: the ranking of
    that series alone (its points and deals as the totals, the entries that took part in it).
    """
    with one_snapshot():
        rows = entry_rows(took_part(Entry.objects.filter(tournament=tournament), series))
        totals = SeriesTotal.objects.filter(table__series__tournament=tournament)
        table_results = _add_deal_points(totals, rows, confirmed=confirmed_only)
        _add_penalties(
            AdjustmentLine.objects.filter(adjustment__series__tournament=tournament), rows
        )
        _count_compulsory_solos(tournament, rows, confirmed_only=confirmed_only)
    if series is not None:
        table_results = {key: value for key, value in table_results.items() if key[0] == series}
    _count_series_won(rows, table_results)
    if series is not None:
        _only_series(rows.values(), series)
    tie_breaks = tournament.tie_breaks or DEFAULT_TIE_BREAKS
    return _ranked(list(rows.values()), tie_breaks)


def evenings_standings(
    tournaments: Iterable[Tournament], *, confirmed_only: bool = False
) -> dict[int, list[Standing]]:
    """Each tournament's standings (as ``standings`` gives them, without counting compulsory
    solos), from a few queries for all of them at once: a season reads its evenings so.

    ``confirmed_only``: count only confirmed deals at the tournaments that ask for confirmations.
    """
    by_id = {tournament.pk: tournament for tournament in tournaments}
    with one_snapshot():
        tournament_of: dict[int, int] = {}
        entries = took_part(Entry.objects.filter(tournament_id__in=by_id))
        rows = entry_rows(entries, tournament_of)
        totals = SeriesTotal.objects.filter(table__series__tournament_id__in=by_id)
        confirming = {
            pk for pk, tournament in by_id.items() if visibility.confirmed_only(tournament)
        }
        table_results = _add_deal_points(totals, rows, confirmed=confirmed_only and confirming)
        penalties = AdjustmentLine.objects.filter(adjustment__series__tournament_id__in=by_id)
        _add_penalties(penalties, rows)
    own_rows: dict[int, dict[int, Standing]] = defaultdict(dict)
    for entry, row in rows.items():
        own_rows[tournament_of[entry]][entry] = row
    own_tables: dict[int, dict[tuple[int, int], dict[int, int]]] = defaultdict(dict)
    for key, results in table_results.items():
        own_tables[tournament_of[next(iter(results))]][key] = results
    ranked = {}
    for pk, tournament in by_id.items():
        _count_series_won(own_rows[pk], own_tables[pk])
        tie_breaks = tournament.tie_breaks or DEFAULT_TIE_BREAKS
        ranked[pk] = _ranked(list(own_rows[pk].values()), tie_breaks)
    return ranked


def took_part(entries: QuerySet[Entry], series: int | None = None) -> QuerySet[Entry]:
    """The entries a ranking lists: those who sat down, that is who hold a seat at a table of a
    series of their tournament, or who were given points by a penalty row there (its points
    are part of the standings and never left out); ``series``: in that series.

    An entry that never sat down (a regular entered by "start the next evening" who did not
    come, a late sign-up who never arrived) is ranked nowhere: ranked with 0 points it pushed
    everyone behind it one place down and counted as a player beaten by nobody. A withdrawal
    does not undo a seat: a player who played and then withdrew stays ranked, marked withdrawn;
    one withdrawn before sitting down is not ranked. Before any series is seated nobody is.
    """
    seats = Seat.objects.filter(entry=OuterRef("pk"))
    lines = AdjustmentLine.objects.filter(entry=OuterRef("pk"))
    if series is not None:
        seats = seats.filter(table__series__number=series)
        lines = lines.filter(adjustment__series__number=series)
    return entries.filter(Exists(seats) | Exists(lines))


@contextmanager
def one_snapshot() -> Iterator[None]:
    """The standings' few queries read one state of the database, never half of a write (a
    season's standings read all its evenings in one).

    PostgreSQL's default isolation gives each query its own snapshot; REPEATABLE READ gives the
    whole transaction one. SQLite serialises writers anyway.
    """
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def entry_rows(
    entries: QuerySet[Entry], tournament_of: dict[int, int] | None = None
) -> dict[int, Standing]:
    """A row per entry with nothing counted yet, from plain values: a season reads tens of
    thousands of them, and model instances (entry, player, club) would cost more than the rest
    of its standings. ``tournament_of`` gets each entry's tournament."""
    rows = {}
    for pk, tournament, start, player, name, club, withdrawn, hidden in entries.values_list(
        "pk",
        "tournament_id",
        "start_number",
        "player_id",
        "player__name",
        "player__club_name",  # the club shown for a player (docs/CLUBS.md)
        "withdrawn",
        "hidden",
    ):
        rows[pk] = Standing(pk, start, player, name, club or None, withdrawn, hidden=hidden)
        if tournament_of is not None:
            tournament_of[pk] = tournament
    return rows


def _add_deal_points(
    totals: QuerySet[SeriesTotal], rows: dict[int, Standing], *, confirmed: bool | Container[int]
) -> dict[tuple[int, int], dict[int, int]]:
    """Add the per-table totals of the current revisions (``SeriesTotal``, kept by every deal
    write) per player and series; returns the table sums. ``confirmed``: count only confirmed
    deals (at every tournament, or at those whose ids are given)."""
    current = totals.values_list(
        "entry_id",
        "table__series__number",
        "table_id",
        "table__series__tournament_id",
        "points",
        "deals",
        "confirmed_points",
        "confirmed_deals",
    ).order_by()
    by_table: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for entry, series, table, tournament, *figures in current:
        if confirmed is True or (confirmed is not False and tournament in confirmed):
            points, deals = figures[2], figures[3]
        else:
            points, deals = figures[0], figures[1]
        standing = rows.get(entry)
        if not deals or standing is None:
            continue  # none of their deals here is confirmed yet, or not of this ranking
        standing.per_series[series] = standing.per_series.get(series, 0) + points
        standing.total += points
        standing.deals_played += deals
        standing.deals_per_series[series] = standing.deals_per_series.get(series, 0) + deals
        by_table[(series, table)][entry] = points
    return by_table


def _add_penalties(lines: QuerySet[AdjustmentLine], rows: dict[int, Standing]) -> None:
    penalties = (
        lines.values("entry_id", "adjustment__series__number")
        .annotate(points=Sum("points"))
        .order_by()
    )
    for row in penalties:
        standing, series = rows.get(row["entry_id"]), row["adjustment__series__number"]
        if standing is None:
            continue  # a series' ranking: the penalty of another series of one not in it
        standing.per_series[series] = standing.per_series.get(series, 0) + row["points"]
        standing.total += row["points"]


def _count_compulsory_solos(
    tournament: Tournament, rows: dict[int, Standing], *, confirmed_only: bool
) -> None:
    """Pflichtsoli and Vorführungen played, per player: the soloist is the deal's one Re (or
    the ``soloist`` a quick entry names)."""
    solos = Deal.objects.filter(
        table__series__tournament=tournament,
        kind__in=(DealKind.COMPULSORY_SOLO, DealKind.FORCED_SOLO),
        voided=False,
    )
    if confirmed_only:
        solos = solos.filter(current__confirmed_at__isnull=False)
    seats = {
        (table, position): entry
        for table, position, entry in Seat.objects.filter(
            table__series__tournament=tournament
        ).values_list("table_id", "position", "entry_id")
    }
    # a quick entry (RULES.md §11.8) names its soloist; a full deal has them as its one Re
    found = solos.values_list("table_id", "current__input__re", "current__input__soloist")
    for table, re, soloist in found:
        standing = rows.get(seats[(table, soloist if re is None else re[0])])
        if standing is not None:  # a series' ranking holds only that series' players
            standing.compulsory_solos += 1


def _only_series(rows: Iterable[Standing], series: int) -> None:
    """Make the totals those of one series (its ranking); tie-breaks see that series only."""
    for row in rows:
        row.total = row.per_series.get(series, 0)
        row.deals_played = row.deals_per_series.get(series, 0)
        row.per_series = {series: row.total} if series in row.per_series else {}


def _count_series_won(
    rows: dict[int, Standing], table_results: dict[tuple[int, int], dict[int, int]]
) -> None:
    """A player wins a series at the table with the table's best result there (ties: all)."""
    for (series, _table), results in table_results.items():
        final = {entry: rows[entry].per_series[series] for entry in results}
        best = max(final.values())
        for entry, points in final.items():
            if points == best:
                rows[entry].series_won += 1


def _ranked(rows: list[Standing], tie_breaks: Iterable[str]) -> list[Standing]:
    names = tuple(tie_breaks)
    keyed = sorted(
        ((row.sort_key(names), -row.start_number, row) for row in rows),
        key=lambda item: item[:2],
        reverse=True,
    )
    previous = None
    for place, (key, _start, row) in enumerate(keyed, start=1):
        row.rank = previous[1] if previous and previous[0] == key else place
        previous = (key, row.rank)
    return [row for _key, _start, row in keyed]


def ranking_order(tournament: Tournament) -> tuple[int, ...]:
    """Entry ids of the players still in, best first (a series seated by the standings); those
    who have not sat down yet are not ranked, and the seating puts them after the ranked ones
    (``seating.engine``: players missing from the ranking last, by start number)."""
    return tuple(row.entry_id for row in standings(tournament) if not row.withdrawn)


def tie_break_names(tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks that order equal totals in this tournament, first to last."""
    return tuple(TieBreak(name).value for name in tournament.tie_breaks or DEFAULT_TIE_BREAKS)


def tie_break_value(row: dict[str, Any], name: str) -> int:
    """A tie-break's figure of a ranking row as clients read it (``ranking_cache``)."""
    if name == TieBreak.SERIES_WON:
        return int(row.get("series_won", 0))
    if name == TieBreak.BEST_SERIES:
        return int(max(row.get("series", {}).values(), default=0))
    return int(row.get("deals_played", 0))  # fewer deals played rank higher


def tie_figures(rows: list[dict[str, Any]], tie_breaks: Sequence[str]) -> list[list[int]]:
    """Per row, the tie-break figures that separate it from players with the same total.

    Rows come in ranking order; a run of equal totals shows the figures of the tie-breaks up
    to the last one needed to order that run (none where they share a rank on all of them).
    The page shows them next to the total, so a spectator sees why equal totals differ in rank.
    """
    figures: list[list[int]] = [[] for _row in rows]
    start = 0
    while start < len(rows):
        end = start
        while end + 1 < len(rows) and rows[end + 1]["total"] == rows[start]["total"]:
            end += 1
        values = [
            [tie_break_value(row, name) for name in tie_breaks] for row in rows[start : end + 1]
        ]
        needed = 0
        for above, below in pairwise(values):
            pairs = zip(above, below, strict=True)
            differing = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
            if differing is not None:
                needed = max(needed, differing + 1)
        for offset, row_values in enumerate(values):
            figures[start + offset] = row_values[:needed]
        start = end + 1
    return figures
