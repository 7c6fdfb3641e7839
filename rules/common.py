"""Types shared by the pure rules engines: what a scored deal looks like, and seat checks.

Nothing here knows about Django, HTTP or translations. Refusals are ``karlchen.refusals``: stable
codes and field paths, which the web layer words in the user's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from karlchen.refusals import InvariantViolation, Problems


@dataclass(frozen=True, slots=True)
class Line:
    """One scoring item of the breakdown: ``points`` count for ``party``."""

    code: str
    party: str
    points: int


@dataclass(frozen=True, slots=True)
class DealScore:
    """The engine's answer for one deal.

    ``winner`` is a party name (``re``/``kontra``, ``declarer``/``defenders``) or None where
    nobody won; ``value`` is the net game value for one player of the winning party (of the
    party ahead where nobody won), negative where extra points turn it; ``points`` maps every
    active seat to its points for this deal and always sums to 0.
    """

    winner: str | None
    value: int
    lines: tuple[Line, ...]
    points: Mapping[int, int]
    scored_as_solo: bool
    bock_factor: int = 1  # Doppelkopf: the Bock factor the series gave the deal (RULES.md §2.3)
    bock_triggers: frozenset[str] = frozenset()  # Doppelkopf: the deal starts a Bock round
    # Doppelkopf: the points Bock adds to the value (RULES.md §2.3), as the series gave them also
    # where the deal scores nothing (as a factor is kept for a deal worth 0)
    bock_points: int = 0

    def __post_init__(self) -> None:
        if sum(self.points.values()) != 0:
            raise InvariantViolation(f"points do not sum to 0: {dict(self.points)}")


def validate_seats(seats: tuple[int, ...], problems: Problems, *, max_seat: int = 5) -> bool:
    """Four distinct seats from 1..max_seat play a deal; returns whether the seats are usable."""
    ok = True
    if len(seats) != 4:
        problems.add("seats_count", "deal.seats", expected=4, given=len(seats))
        ok = False
    if len(set(seats)) != len(seats):
        problems.add("seats_duplicate", "deal.seats")
        ok = False
    for index, seat in enumerate(seats):
        if not 1 <= seat <= max_seat:
            problems.add("seat_out_of_range", f"deal.seats.{index}", seat=seat, max=max_seat)
            ok = False
    return ok


def split_points(
    seats: tuple[int, ...], side: tuple[int, ...], side_value: int, *, side_factor: int
) -> dict[int, int]:
    """Points per seat: each seat of ``side`` gets ``side_factor × side_value``, every other
    active seat the negative of ``side_value`` (solo: factor 3 for one seat; partners: 1)."""
    return {seat: side_factor * side_value if seat in side else -side_value for seat in seats}


def band_holding(bands: Mapping[str, tuple[int, int]], points: int) -> str:
    """The code of the band (lowest, highest card points) that holds ``points``."""
    return next(code for code, (low, high) in bands.items() if low <= points <= high)
