"""What every typed text is checked for, whichever app takes it (names, clubs, notes)."""

from __future__ import annotations

import unicodedata

# Cc: C0 and C1 controls (NUL, tab, line breaks, …); Cs: lone surrogates (from JSON "\ud800"),
# which no database text can hold.
CONTROL_CATEGORIES = {"Cc", "Cs"}


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(char) in CONTROL_CATEGORIES for char in text)
