"""What every typed text is checked for, whichever app takes it (names, clubs, notes)."""

from __future__ import annotations

import unicodedata

# Cc: C0 and C1 controls (NUL, tab, line breaks, …); Cs: lone surrogates (from JSON "\ud800"),
# which no database text can hold.
CONTROL_CATEGORIES = {"Cc", "Cs"}


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(char) in CONTROL_CATEGORIES for char in text)


def typed_name(value: object, *, limit: int) -> str | None:
    """A name as typed for a team, a group, a division, a competition or a player: a text,
    stripped, of 1 to ``limit`` characters without control characters; ``None`` where it is not
    (its caller refuses it at its field with its own code). Only text is a name: a number, a
    list or null sent for one is refused, never turned into the text "5" or "['A']"."""
    if not isinstance(value, str):
        return None
    name = value.strip()
    if not name or len(name) > limit or has_control_characters(name):
        return None
    return name


def typed_optional(value: object, *, limit: int) -> str | None:
    """An optional text as typed (a team's club, a member number): ``""`` where it is left out
    (missing, null or blank), else as ``typed_name``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    return typed_name(value, limit=limit)
