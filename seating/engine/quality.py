"""The quality report of a plan, and the lower bound on its repeated pairs.

The bound. A player who sits at tables of sizes t_1..t_S meets D = Σ (t_s − 1) seats' worth of
co-players, and D − (distinct co-players) of those seats are repeats. His distinct co-players
are at most C_p, those he met in frozen series (M_p of them) and those seated now, and in the
frozen series alone exactly M_p, so player p has at least

    r_p = max(F_p − M_p, D_p − C_p)

repeated seats (F_p: his seats in frozen series; withdrawn players: F_p − M_p); each repeated
pair has two ends: repeats ≥ ⌈Σ_p r_p / 2⌉. An open series adds 3 to D, or 4 at a five-table,
and who gets the five-table seats is still open: counted as if every open series were of fours,
player p takes up to min(open series, F_p − M_p − (D_p − C_p)) five-table seats without
raising r_p, each further seat raises the sum by one; so Σ r_p ≥ Σ r_p(fours only) +
max(0, F − free), F the five-table seats of the open series. With no series played and tables
of four only (C_p = N − 1) this is ⌈N·max(0, 3S − (N − 1))/2⌉: zero while S ≤ (N − 1)/3.
Players who wish the same table meet in every open series: their repeats are a bound too, and
the larger one is reported. It ignores that an even five-table duty can force repeats
(22 players, 3 series: at least 8 with an even duty, where it says 0; the proof is in
docs/SEASONS.md).

It does NOT seat players or check a plan's validity (``planner``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import combinations

from .model import FIVE, FOUR, Player, QualityReport, Series, Table, table_sizes


def quality(
    series: Sequence[Series],
    players: Sequence[Player],
    frozen: Collection[int] = (),
    history: Mapping[frozenset[int], float] | None = None,
) -> QualityReport:
    """The report of ``series`` for ``players``; ``frozen``: numbers of the series that were
    given in advance (the bound takes them as they are and every other series as open);
    ``history``: earlier evenings' meetings (``SeatingRequest.history``), to count the pairs
    that meet again."""
    meetings = _meetings(series)
    clubs = {player.id: player.club for player in players if player.club is not None}
    teams = {player.id: player.team for player in players if player.team is not None}
    given = {number: series[number - 1] for number in frozen}
    return QualityReport(
        repeated_pairs=sum(count - 1 for count in meetings.values() if count > 1),
        max_meetings=max(meetings.values(), default=0),
        lower_bound=lower_bound(len(series), players, given),
        club_clashes=tuple(_club_pairs(tables, clubs) for tables in series),
        five_table_spread=_spread(series, players, lambda table, _: len(table) == FIVE),
        position_one_spread=_spread(series, players, lambda table, p: table[0] == p),
        met_before=None
        if history is None
        else sum(1 for pair in meetings if history.get(frozenset(pair), 0) > 0),
        team_clashes=tuple(_club_pairs(tables, teams) for tables in series),
    )


def lower_bound(series_count: int, players: Sequence[Player], frozen: Mapping[int, Series]) -> int:
    """No plan of ``series_count`` series with these frozen series has fewer repeated pairs."""
    seated = {player.id for player in players}
    everyone = seated | {p for tables in frozen.values() for table in tables for p in table}
    open_series = series_count - len(frozen)
    sizes = table_sizes(len(seated)) if open_series else ()
    seats = Counter(dict.fromkeys(everyone, 0))
    met: dict[int, set[int]] = {p: {p} for p in everyone}
    for tables in frozen.values():
        for table in tables:
            for p in table:
                seats[p] += len(table) - 1
                met[p].update(table)
    excess = 0
    free = 0
    for p in sorted(everyone):
        repeated = seats[p] - (len(met[p]) - 1)
        if p not in seated:
            excess += repeated
            continue
        crowded = seats[p] + (FOUR - 1) * open_series - (len(met[p] | seated) - 1)
        excess += max(repeated, crowded)
        free += min(open_series, max(0, repeated - crowded))
    five_seats = FIVE * sizes.count(FIVE) * open_series
    counting = (excess + max(0, five_seats - free) + 1) // 2
    return max(counting, _wished_together(players, frozen, open_series))


def _wished_together(
    players: Sequence[Player], frozen: Mapping[int, Series], open_series: int
) -> int:
    """The repeats of players who wish the same table: they meet in every open series."""
    wishes: dict[int, list[int]] = {}
    for player in players:
        if player.table is not None:
            wishes.setdefault(player.table, []).append(player.id)
    played = _meetings(list(frozen.values()))
    return sum(
        max(0, played[pair] + open_series - 1)
        for ids in wishes.values()
        for pair in combinations(sorted(ids), 2)
    )


def _meetings(series: Sequence[Series]) -> Counter[tuple[int, int]]:
    meetings: Counter[tuple[int, int]] = Counter()
    for tables in series:
        for table in tables:
            meetings.update(combinations(sorted(table), 2))
    return meetings


def _club_pairs(tables: Series, clubs: Mapping[int, str]) -> int:
    """The pairs at one table of one club (or team: ``clubs`` maps ids to its names)."""
    return sum(
        1
        for table in tables
        for u, w in combinations(table, 2)
        if u in clubs and clubs[u] == clubs.get(w)
    )


def _spread(
    series: Sequence[Series], players: Sequence[Player], counts: Callable[[Table, int], bool]
) -> int:
    times = Counter({player.id: 0 for player in players})
    for tables in series:
        for table in tables:
            for p in table:
                if p in times and counts(table, p):
                    times[p] += 1
    return max(times.values()) - min(times.values()) if times else 0
