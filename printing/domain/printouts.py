"""What each printed document shows: plain contexts for the templates in ``templates/print/``.

A score sheet per table (the DDV "Spielliste": the players by position, the normal-game rows, a
separate rubric of compulsory solos, a column pair per player, the game value, a signature line
and the captain link as a QR code; blank or filled with the recorded deals), the seating list
of a series (by table and alphabetically), the standings (overall with the tie-break columns,
and per series) and the certificates of the first places.

Everything is read in a fixed number of queries per document. Nothing here renders, stores or
checks access: ``printing.domain.documents`` does the first two, the API the last.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from karlchen.collation import sort_key
from printing import pdf
from results.domain.standings import DEFAULT_TIE_BREAKS, Interim, Standing, interim, standings
from scoring.domain.queries import DealView, SeatView, TableState, seat_view, series_tables
from scoring.enums import DEAL_KIND_LABELS, DealKind
from seating.models import Seat
from signups.domain.categories import ranked_categories
from teams.domain.rankings import side_rankings
from tournaments.engine.series import FIVE_TABLE
from tournaments.enums import TieBreak
from tournaments.models import Series, Tournament

SOLO_KINDS = {DealKind.COMPULSORY_SOLO, DealKind.FORCED_SOLO}  # the rubric below the normal rows
GRID_HEIGHT = 180.0  # mm of an A4 sheet left for the rows, between header and signatures
ROW_HEIGHT = (4.6, 7.0)  # mm: the smallest still written in by hand, the most that is useful
ROWS_PER_PAGE = int(GRID_HEIGHT // ROW_HEIGHT[0]) - 1  # more (long Schafkopf series): a 2nd block
REMARK = 17  # characters of the remark column ("Stille Hochzeit")
NO_POINTS = "·"  # the dealer of a five-table sits out
SIGNATURE = 17  # characters per signature, five fit across the sheet
LINK_WIDTH = 34  # characters per line of the printed captain link


# --- score sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreSheet:
    series: Series
    table_number: int
    players: tuple[SeatView, ...]
    keeper: int  # the position that keeps the list
    captain_url: str
    qr_code: str
    normal: tuple[pdf.Grid, ...]
    solos: pdf.Grid | None
    signatures: pdf.Grid
    filled: bool

    @property
    def link_lines(self) -> str:
        return pdf.wrapped(self.captain_url, LINK_WIDTH)

    @property
    def tournament(self) -> Tournament:
        return self.series.tournament

    @property
    def has_entries(self) -> bool:
        """Whether any row holds a deal (a filled sheet's, once a deal is recorded)."""
        grids = [*self.normal, self.solos] if self.solos else self.normal
        return any(grid.fill_text for grid in grids)

    @property
    def form(self) -> tuple[object, ...]:
        """What the sheet shares with every sheet printed on the same form: all that the
        template's "form" layer shows (the series is one tournament's, one date)."""
        return (
            self.series.pk,
            self.keeper,
            self.filled,
            tuple((grid.form, grid.style) for grid in self.normal),
            self.solos and (self.solos.form, self.solos.style),
            self.signatures.form,
            self.signatures.style,
        )


def score_sheets(series: Series, *, filled: bool, base_url: str) -> list[ScoreSheet]:
    """One sheet per table of ``series``, in table order."""
    return [
        _score_sheet(series, state, filled=filled, base_url=base_url)
        for state in series_tables(series)
    ]


def _score_sheet(series: Series, state: TableState, *, filled: bool, base_url: str) -> ScoreSheet:
    positions = [seat.position for seat in state.seats]
    settings = series.tournament.series_settings(len(positions))
    normal_rows = [_blank_row(str(row), positions) for row in range(1, settings.normal_deals + 1)]
    solo_rows = [
        _blank_row(str(row), positions) for row in range(1, settings.compulsory_solo_count + 1)
    ]
    if filled:
        _fill(normal_rows, solo_rows, state.deals, positions)
    widths = _widths(len(positions))
    remark = frozenset({len(widths) - 1})
    # the two heading rows, and the rubric's title where there are solos
    height = _row_height(len(normal_rows) + len(solo_rows) + 2 + bool(solo_rows))
    url = base_url.rstrip("/") + state.table.captain_path()
    return ScoreSheet(
        series=series,
        table_number=state.table.number,
        players=state.seats,
        keeper=FIVE_TABLE if len(positions) == FIVE_TABLE else 4,
        captain_url=url,
        qr_code=pdf.qr_code(url),
        normal=_blocks(widths, normal_rows, height, remark, positions),
        solos=pdf.grid(widths, solo_rows, row_height=height, left=remark) if solo_rows else None,
        signatures=pdf.signatures(
            [_("Player %(position)s") % {"position": p} for p in positions],
            slot=SIGNATURE,
            height=5,
        ),
        filled=filled,
    )


def _widths(players: int) -> list[int]:
    """Characters per column: row, deal number, points and total per player, value, remark."""
    return [4, 6, *([5, 6] * players), 6, REMARK]


def _banner(positions: list[int]) -> list[tuple[int, str]]:
    """Above each player's pair of columns: whose they are."""
    players = [(2, _("Player %(position)s") % {"position": p}) for p in positions]
    return [(2, ""), *players, (2, "")]


def _heading(positions: list[int]) -> list[str]:
    per_player = [_("Pts."), pgettext("score sheet column", "Total")] * len(positions)
    return [_("No."), _("Deal"), *per_player, _("Value"), _("Remark")]


def _blank_row(label: str, positions: list[int]) -> list[str]:
    return [label, *([""] * (2 * len(positions) + 3))]


def _fill(
    normal: list[list[str]],
    solos: list[list[str]],
    deals: tuple[DealView, ...],
    positions: list[int],
) -> None:
    """Each deal in the next free row of its rubric; totals run in the order of play."""
    free = {False: iter(normal), True: iter(solos)}
    for deal in deals:
        row = next(free[deal.kind in SOLO_KINDS], None)
        if row is None:
            continue  # more deals than rows: cannot happen while the series engine decides
        row[1:] = _deal_cells(deal, positions)


def _deal_cells(deal: DealView, positions: list[int]) -> list[str]:
    cells = [str(deal.number)]
    for position in positions:
        out = position == deal.sitting_out
        cells += [NO_POINTS if out else f"{deal.points[position]:+d}", str(deal.totals[position])]
    remark = _("void") if deal.voided else _remark(deal.kind)
    if deal.bock_factor > 1 and not deal.voided:
        remark = " · ".join(
            filter(None, [remark, _("Bock ×%(factor)d") % {"factor": deal.bock_factor}])
        )
    elif deal.bock_points and not deal.voided:
        remark = " · ".join(
            filter(None, [remark, _("Bock +%(points)d") % {"points": deal.bock_points}])
        )
    return [*cells, str(deal.value), remark]


def _remark(kind: str) -> str:
    # a compulsory solo's rubric says what it is; a forced one's row says so
    plain = (DealKind.NORMAL, DealKind.COMPULSORY_SOLO)
    return "" if kind in plain else str(DEAL_KIND_LABELS[DealKind(kind)])


def _row_height(rows: int) -> float:
    low, high = ROW_HEIGHT
    return max(low, min(high, GRID_HEIGHT / rows))


def _blocks(
    widths: list[int],
    rows: list[list[str]],
    height: float,
    left: frozenset[int],
    positions: list[int],
) -> tuple[pdf.Grid, ...]:
    """The rows as one grid, or as grids of a page each, never split across pages; each
    begins with whose columns they are, the first with the columns' titles too."""
    return tuple(
        pdf.grid(
            widths,
            rows[start : start + ROWS_PER_PAGE - (start == 0)],
            row_height=height,
            left=left,
            banner=_banner(positions),
            heading=_heading(positions) if start == 0 else (),
        )
        for start in _block_starts(len(rows))
    )


def _block_starts(rows: int) -> list[int]:
    """Where each page's block begins: the first holds the titles, one row fewer."""
    return [0, *range(ROWS_PER_PAGE - 1, rows, ROWS_PER_PAGE)] if rows else [0]


# --- seating list ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatingTable:
    number: int
    seats: tuple[SeatView, ...]


@dataclass(frozen=True)
class SeatingLine:
    name: str
    club: str | None
    start_number: int
    table: int
    position: int


@dataclass(frozen=True)
class SeatingList:
    series: Series
    tables: tuple[SeatingTable, ...]
    players: tuple[SeatingLine, ...]  # alphabetically by surname


def seating_list(series: Series) -> SeatingList:
    seats = (
        Seat.objects.filter(series=series)
        .select_related("table", "entry__player")
        .order_by("table__number", "position")
    )
    by_table: dict[int, list[SeatView]] = defaultdict(list)
    lines = []
    for seat in seats:
        view = seat_view(seat)
        by_table[seat.table.number].append(view)
        lines.append(
            SeatingLine(view.name, view.club, view.start_number, seat.table.number, seat.position)
        )
    tables = tuple(SeatingTable(number, tuple(views)) for number, views in by_table.items())
    lines.sort(key=lambda line: (surname_key(line.name), line.start_number))
    listed = (replace(line, name=surname_first(line.name)) for line in lines)
    return SeatingList(series=series, tables=tables, players=tuple(listed))


# Name particles a German list files under the name that follows ("von Bülow" under B, DIN 5007)
PARTICLES = frozenset({"von", "vom", "van", "de", "der", "den", "zu", "zum", "zur", "ten", "ter"})


def split_name(name: str) -> tuple[str, str]:
    """(surname, the rest) of a name as players enter it: "Anna Schmidt" or "Schmidt, Anna"."""
    if "," in name:
        surname, rest = name.split(",", 1)
        return surname.strip(), rest.strip()
    *given, surname = name.split() or [""]
    if not any(char.isalpha() for char in surname):  # "Spieler 6", "Tisch 2": not a surname
        return name, ""
    return surname, " ".join(given)


def surname_key(name: str) -> tuple[tuple[int | str, ...], tuple[int | str, ...]]:
    """Sorted by surname, then the rest; particles ("von", "van") are not sorted by."""
    surname, rest = split_name(name)
    given = " ".join(word for word in rest.split() if word.casefold() not in PARTICLES)
    return sort_key(surname), sort_key(given)


def surname_first(name: str) -> str:
    """ "Zoë Müller" as an A–Z list shows it: "Müller, Zoë" (one word stays as it is)."""
    surname, rest = split_name(name)
    return f"{surname}, {rest}" if rest else surname


# --- standings and certificates ----------------------------------------------------------------

# The tie-break columns: a short heading and the value of a player's standing.
TIE_BREAK_COLUMNS = {
    TieBreak.SERIES_WON: (gettext_lazy("Series won"), lambda row: row.series_won),
    TieBreak.BEST_SERIES: (gettext_lazy("Best series"), lambda row: row.best_series),
    TieBreak.DEALS_PLAYED: (gettext_lazy("Deals played"), lambda row: row.deals_played),
}


@dataclass(frozen=True)
class StandingLine:
    rank: int
    standing: Standing
    series_points: tuple[int | None, ...]
    tie_breaks: tuple[int, ...]


@dataclass(frozen=True)
class SeriesLine:
    rank: int
    standing: Standing
    table: int | None
    points: int


@dataclass(frozen=True)
class StandingsDocument:
    tournament: Tournament
    interim: Interim | None
    series_numbers: tuple[int, ...]
    tie_break_names: tuple[str, ...]
    lines: tuple[StandingLine, ...]
    per_series: tuple[tuple[int, tuple[SeriesLine, ...]], ...]
    # The teams' and clubs' rankings (teams.domain.rankings.side_rankings): rows of each
    teams: tuple[dict[str, Any], ...] = ()
    clubs: tuple[dict[str, Any], ...] = ()
    # Each category's ranking (signups.domain.categories): its name and rows
    categories: tuple[dict[str, Any], ...] = ()
    final: bool = False  # the organisers marked the results final


def standings_document(tournament: Tournament) -> StandingsDocument:
    rows = standings(tournament)
    tie_breaks = tuple(TieBreak(name) for name in tournament.tie_breaks or DEFAULT_TIE_BREAKS)
    numbers = tuple(range(1, tournament.series_count + 1))
    lines = tuple(
        StandingLine(
            rank=row.rank,
            standing=row,
            series_points=tuple(row.per_series.get(number) for number in numbers),
            tie_breaks=tuple(TIE_BREAK_COLUMNS[name][1](row) for name in tie_breaks),
        )
        for row in rows
    )
    return StandingsDocument(
        tournament=tournament,
        interim=interim(tournament),
        series_numbers=numbers,
        tie_break_names=tuple(str(TIE_BREAK_COLUMNS[name][0]) for name in tie_breaks),
        lines=lines,
        per_series=_per_series(tournament, rows, numbers),
        **_side_rankings(tournament),
        categories=tuple(
            one for one in ranked_categories(tournament, rows, public=False) if one["rows"]
        ),
        final=tournament.results_final,
    )


def _side_rankings(tournament: Tournament) -> dict[str, tuple[dict[str, Any], ...]]:
    """The teams' ranking where teams are set up, the clubs' where players of clubs play."""
    sides = side_rankings(tournament)
    return {"teams": tuple(sides["teams"]), "clubs": tuple(sides["clubs"])}


def _per_series(
    tournament: Tournament, rows: list[Standing], numbers: tuple[int, ...]
) -> tuple[tuple[int, tuple[SeriesLine, ...]], ...]:
    tables = {
        (seat["series__number"], seat["entry_id"]): seat["table__number"]
        for seat in Seat.objects.filter(series__tournament=tournament).values(
            "series__number", "entry_id", "table__number"
        )
    }
    ranked = []
    for number in numbers:
        played = [row for row in rows if number in row.per_series]
        if played:
            ranked.append((number, _series_ranking(number, played, tables)))
    return tuple(ranked)


def _series_ranking(
    number: int, rows: list[Standing], tables: dict[tuple[int, int], int]
) -> tuple[SeriesLine, ...]:
    """One series' result: by its points, equal points sharing a rank."""
    rows = sorted(rows, key=lambda row: (-row.per_series[number], row.start_number))
    lines, previous = [], None
    for place, row in enumerate(rows, start=1):
        points = row.per_series[number]
        rank = previous[1] if previous and previous[0] == points else place
        previous = (points, rank)
        table = tables.get((number, row.entry_id))
        lines.append(SeriesLine(rank=rank, standing=row, table=table, points=points))
    return tuple(lines)


@dataclass(frozen=True)
class Certificate:
    tournament: Tournament
    rank: int
    name: str
    club: str | None
    points: int
    interim: Interim | None
    category: str = ""  # the place is in this category's ranking ("": overall)


def certificates(tournament: Tournament, *, top: int) -> list[Certificate]:
    """A certificate for every player placed ``top`` or better (a shared place: each of them);
    printed while series remain, each says it is provisional."""
    provisional = interim(tournament)
    return [
        Certificate(tournament, row.rank, row.name, row.club, row.total, provisional)
        for row in standings(tournament)
        if row.rank <= top
    ]


def category_certificates(tournament: Tournament, *, top: int) -> list[Certificate]:
    """The certificates of the first ``top`` overall, then of each category's first ``top``
    (its place in the category; a shared place: each of them). Printed while series remain,
    each says it is provisional."""
    provisional = interim(tournament)
    rows = standings(tournament)
    overall = [
        Certificate(tournament, row.rank, row.name, row.club, row.total, provisional)
        for row in rows
        if row.rank <= top
    ]
    by_category = [
        Certificate(
            tournament,
            line["rank"],
            line["name"],
            line["club"],
            line["total"],
            provisional,
            category["name"],
        )
        for category in ranked_categories(tournament, rows, public=False)
        for line in category["rows"]
        if line["rank"] <= top
    ]
    return overall + by_category
