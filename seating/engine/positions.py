"""Positions at the table: who sits at position 1 and deals first.

Every table of the open series needs one player at position 1, and the times anyone has it
should differ by at most one. Tables are served one by one: one of its players still under the
cap takes position 1, or, along an alternating path, a player under the cap takes over another
table's position 1 from its holder, who then takes this one (augmenting paths of a bipartite
b-matching). The cap is ⌊average⌋ first; the tables left over then get ⌈average⌉, raised
further only where no path exists. Frozen series count as played. The lot orders tables and
players, and the positions 2.. .

Only position 1 is balanced: a five-table's dealer sits out, so at a five-table every position
sits out equally often; position 1 deals (and there sits out) first.

It does NOT decide who sits at which table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .model import Series


def with_positions(
    series: Sequence[Sequence[Sequence[int]]],
    frozen: Mapping[int, Series],
    rng: random.Random,
) -> tuple[Series, ...]:
    """``series`` (tables as unordered id lists; frozen ones are taken from ``frozen``)."""
    tables = [
        sorted(table)
        for number, tables in enumerate(series, start=1)
        if number not in frozen
        for table in tables
    ]
    played = Counter(table[0] for tables in frozen.values() for table in tables if table)
    firsts = _FirstSeats(tables, played).assign(rng)
    ordered = []
    open_tables = iter(zip(tables, firsts, strict=True))
    for number, series_tables in enumerate(series, start=1):
        if number in frozen:
            ordered.append(frozen[number])
            continue
        placed = []
        for _ in series_tables:
            table, first = next(open_tables)
            others = [p for p in table if p != first]
            rng.shuffle(others)
            placed.append((first, *others))
        ordered.append(tuple(placed))
    return tuple(ordered)


class _FirstSeats:
    def __init__(self, tables: list[list[int]], played: Counter[int]) -> None:
        self.tables = tables
        self.count = Counter({p: played[p] for table in tables for p in table})
        self.first: list[int | None] = [None] * len(tables)
        self.held: dict[int, list[int]] = {p: [] for p in self.count}  # tables held at 1
        # Tables from which no player under the cap can be reached: later paths only fill such
        # players up, so these stay dead until the cap is raised.
        self.dead: set[int] = set()

    def assign(self, rng: random.Random) -> list[int]:
        """Position 1 for every table: first nobody above ⌊average⌋, then above ⌈average⌉
        (raised further only where that is impossible)."""
        total = sum(self.count.values()) + len(self.tables)
        cap = total // max(len(self.count), 1)
        order = list(range(len(self.tables)))
        rng.shuffle(order)
        for table in order:
            rng.shuffle(self.tables[table])
        pending = [table for table in order if not self._augment(table, cap)]
        cap += 1
        self.dead.clear()
        for table in pending:
            while not self._augment(table, cap):
                cap += 1
                self.dead.clear()
        return [p for p in self.first if p is not None]

    def _augment(self, start: int, cap: int) -> bool:
        """Give table ``start`` a position 1 without anyone exceeding ``cap``, if possible."""
        via: dict[int, tuple[int, int] | None] = {start: None}  # table: (table before, holder)
        queue = [start]
        for table in queue:
            for p in self.tables[table]:
                if self.count[p] < cap:
                    self._flip(table, p, via)
                    return True
                for other in self.held[p]:
                    if other not in via and other not in self.dead:
                        via[other] = (table, p)
                        queue.append(other)
        self.dead.update(via)
        return False

    def _flip(self, table: int, player: int, via: dict[int, tuple[int, int] | None]) -> None:
        """``player`` takes ``table``; each holder along the path moves one table back."""
        self.count[player] += 1
        step: tuple[int, int] | None = (table, player)
        while step is not None:
            table, player = step
            holder = self.first[table]
            if holder is not None:
                self.held[holder].remove(table)
            self.first[table] = player
            self.held[player].append(table)
            step = via[table]
