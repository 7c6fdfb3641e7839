"""Names in the order a German reader looks them up (DIN 5007, list of names): one key for every
list Karlchen sorts by name, from the printed seating list to the teams sharing a rank.

Pure Python (no Django): the engines order ties with it too.
"""

from __future__ import annotations

import re
import unicodedata

_DIGITS = re.compile(r"(\d+)")


def sort_key(name: str) -> tuple[int | str, ...]:
    """Names sorted as a German reader looks them up: Ä with A, ß as ss, case ignored, and
    numbers by their value ("Tisch 9" before "Tisch 10")."""
    plain = unicodedata.normalize("NFKD", name)
    letters = "".join(char for char in plain if not unicodedata.combining(char)).casefold()
    # split() alternates text and digit runs, so two keys compare str with str, int with int
    return tuple(int(part) if part.isdigit() else part for part in _DIGITS.split(letters))
