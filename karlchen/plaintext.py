"""What every typed text is checked for, whichever app takes it (names, clubs, notes), and the
one rule for text that comes in at all (docs/API.md §3, "Text").

Two rules, decided here and nowhere else:

- **No text anywhere** holds a control character other than tab and line breaks, nor a lone
  surrogate (``has_forbidden_characters``): NUL cannot be stored in PostgreSQL's text at all,
  and the others are no writing. Every way text comes in applies it before anything reads the
  text: the API's JSON bodies (``karlchen.api.parsers``), every query string and form field of
  every page and endpoint (``karlchen.middleware.PlainTextMiddleware``) and every archive file
  (``results.domain.archive.parse_archive``); each refusal is a 400 ``text_control_characters``
  naming the field (its dotted path in a document).
- **A line of text** (a name, a club, a member number, a search) holds no control character at
  all, tab and line breaks included (``has_control_characters``): the domain functions that take
  one check it themselves, so a text of several lines (a reason, a protest, an announcement's
  details) keeps its line breaks. Query parameters are always lines.

The OpenAPI schema says the same of every string (``TEXT_PATTERN``, ``LINE_PATTERN``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

# Cc: C0 and C1 controls (NUL, tab, line breaks, …); Cs: lone surrogates (from JSON "\ud800"),
# which no database text can hold.
CONTROL_CATEGORIES = {"Cc", "Cs"}
LINE_BREAKS = frozenset("\t\n\r")  # what a text of several lines keeps
CODE = "text_control_characters"

# The same rules as JSON Schema patterns (ECMA 262 and Python's re read them alike).
LINE_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"
# A text that must not be blank once trimmed (DRF's CharField strips it): one character that is
# neither a space nor a control character, between any allowed ones.
_TEXT = "[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]"
FILLED_TEXT_PATTERN = f"^{_TEXT}*[^\\s\\u0000-\\u001f\\u007f-\\u009f]{_TEXT}*$"


def has_control_characters(text: str) -> bool:
    """Whether ``text`` is no line: it holds any control character (tab, line break, NUL …)."""
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


def has_forbidden_characters(text: str) -> bool:
    """Whether ``text`` holds what no text may: a control character other than tab and line
    breaks, or a lone surrogate."""
    return any(
        unicodedata.category(char) in CONTROL_CATEGORIES and char not in LINE_BREAKS
        for char in text
    )


def forbidden_fields(data: object, path: str = "") -> Iterator[str]:
    """The dotted paths (``deal.extras.1.type``) of the texts in a JSON document (``data``, as
    parsed) that hold forbidden characters, keys included (a key's path names the key), in
    document order. Walked without recursion: a body may be nested as deep as the parser goes."""
    stack: list[tuple[object, str]] = [(data, path)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if has_forbidden_characters(item):
                yield at
        elif isinstance(item, dict):
            children = []
            for key, value in item.items():
                inner = f"{at}.{key}" if at else str(key)
                if isinstance(key, str) and has_forbidden_characters(key):
                    children.append((key, printable(inner)))  # the key itself: a text at fault
                else:
                    children.append((value, inner))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(
                reversed([(value, f"{at}.{i}" if at else str(i)) for i, value in enumerate(item)])
            )


def printable(name: str) -> str:
    """A field's name as it can be shown: its control characters as escapes (``\\x00``)."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in CONTROL_CATEGORIES
        else char
        for char in name
    )
