"""Names in the order a German reader looks them up, written out by hand (DIN 5007: Ä with A,
Ö with O, ß as ss, case ignored, numbers by their value): the oracle the rankings' tie orders
are checked against, independent of ``karlchen.collation``."""

from __future__ import annotations

# Each line a place in the German list; names on one line are the same to a reader.
GERMAN_ORDER: tuple[tuple[str, ...], ...] = (
    ("Adler",),
    ("Ärzte",),
    ("Asse", "asse", "ASSE"),
    ("Bube",),
    ("Ober",),
    ("Öko",),
    ("Schäfer", "Schafer"),
    ("Straße", "Strasse"),
    ("Stroh",),
    ("Tisch 2",),
    ("Tisch 9",),
    ("Tisch 10",),
    ("Zehner",),
)
NAMES = tuple(name for line in GERMAN_ORDER for name in line)
PLACE = {name: place for place, line in enumerate(GERMAN_ORDER) for name in line}


def german_place(name: str) -> int:
    """Where a name of ``NAMES`` stands in the German list (equal names share the place)."""
    return PLACE[name]
