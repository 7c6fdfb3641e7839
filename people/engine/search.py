"""Finding a known person as a name is typed: the normal form both the name and the typed text
are compared in, and the order the matches are offered in.

Pure Python (no Django). The normal form forgets what one typist writes differently from the
next: case, accents (``José`` = ``Jose``), umlauts written out or not (``Müller`` = ``Mueller``
= ``muller``: ä, ö, ü and ae, oe, ue all become a, o, u), ß as ss, and every mark between the
words (hyphens, dots, commas, apostrophes are spaces). The database computes the same form
(``people.domain.search``) with the tables below, so a name is found there exactly when
``matches`` says so here.

A typed text matches a name when each of its words begins a word of the name (``Mü`` finds
Jürgen Müller; ``j mu`` finds him too; ``ller`` does not), or when it is the person's member
number. Matches are offered in this order: member numbers first, then names that begin with the
typed text, then the rest; within each, by name in German order (``karlchen.collation``), then
by id.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from karlchen.collation import sort_key


def _accent_table() -> dict[str, str]:
    """Every Latin letter with a mark (Latin-1 and Latin Extended-A and -B) to its base letter,
    in lower case: ``É`` and ``é`` to ``e``; of the letters without a decomposition, those
    that are a plain letter with a stroke (``ø``, ``ł``, ``đ``) too. Applied before lower case
    (``İ`` lowered would grow a mark). Any other letter is a mark between words."""
    table = dict.fromkeys("Øø", "o") | dict.fromkeys("Łł", "l") | dict.fromkeys("Đđ", "d")
    for code in range(0xC0, 0x250):
        char = chr(code)
        base = unicodedata.normalize("NFKD", char)[:1]
        if base != char and base.isascii() and base.isalpha():
            table[char] = base.lower()
    return table


ACCENTS = _accent_table()
# Written out, in the order applied: the database replaces in the same order.
SPELLINGS = (("ß", "ss"), ("ae", "a"), ("oe", "o"), ("ue", "u"))
SEPARATOR = re.compile(r"[^a-z0-9]+")
SEPARATOR_SQL = "[^a-z0-9]+"  # the same class, in PostgreSQL's regular expressions
_ACCENTS = str.maketrans(ACCENTS)

MEMBER_NUMBER = 0  # the typed text is the person's member number
NAME_BEGINS = 1  # the name begins with the typed text
WORD_BEGINS = 2  # each typed word begins a word of the name


def normal_form(text: str) -> str:
    """The form names are compared in: lower case, unaccented, words separated by one space.
    Umlauts spelt out become the plain vowel (after the words are separated, so that ``ue``
    never spans two words)."""
    letters = text.translate(_ACCENTS).lower().replace("ß", "ss")
    spaced = SEPARATOR.sub(" ", letters)
    for written, plain in SPELLINGS[1:]:
        spaced = spaced.replace(written, plain)
    return spaced.strip()


def words(text: str) -> list[str]:
    """The typed text's words in the normal form."""
    return normal_form(text).split()


def matches(typed: str, name: str) -> bool:
    """Whether each word typed begins a word of ``name``."""
    typed_words = words(typed)
    name_words = normal_form(name).split()
    return bool(typed_words) and all(
        any(word.startswith(part) for word in name_words) for part in typed_words
    )


class Candidate(NamedTuple):
    """A person the database found for the typed text."""

    id: int
    name: str
    member_numbers: tuple[str, ...]  # the DDV number and those of the memberships


def rank(typed: str, candidate: Candidate) -> int | None:
    """How well ``candidate`` matches the typed text (smaller is better), or None: not at all."""
    number = typed.strip().casefold()
    if number and any(number == own.casefold() for own in candidate.member_numbers):
        return MEMBER_NUMBER
    if not matches(typed, candidate.name):
        return None
    if normal_form(candidate.name).startswith(" ".join(words(typed))):
        return NAME_BEGINS
    return WORD_BEGINS


def best(typed: str, candidates: Iterable[Candidate], limit: int) -> list[Candidate]:
    """The ``limit`` best matches of the typed text among ``candidates``, best first."""
    ranked = []
    for candidate in candidates:
        found = rank(typed, candidate)
        if found is not None:
            ranked.append((found, sort_key(candidate.name), candidate.id, candidate))
    ranked.sort(key=lambda row: row[:3])
    return [row[3] for row in ranked[:limit]]


def shared_names(names: Sequence[str]) -> set[str]:
    """The names (in their normal form) that two or more of ``names`` share: where a list
    offers both, it tells them apart by more than the name."""
    seen: set[str] = set()
    shared = set()
    for name in names:
        form = normal_form(name)
        if form in seen:
            shared.add(form)
        seen.add(form)
    return shared
