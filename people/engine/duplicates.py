"""Which people of the registry may be one person entered twice: candidate pairs with a score.

Pure Python (no Django). A name is compared in a normal form that forgets what a second typist
writes differently: case, spacing, umlauts and ß (``Müller`` = ``Mueller``, ``Strauß`` =
``Strauss``), other accents (``José`` = ``Jose``), hyphens and dots, and the order of a list
("Müller, Hans" = "Hans Müller"). Then:

- the same normal form scores 1, the same words in another order 0.95, an initial for a first
  name ("H. Müller") 0.8, a near spelling (one letter off: "Meier"/"Meyer") up to 0.75;
- the same year of birth lifts the score by 0.1 (at most to 1); years one apart weigh it by 0.7
  (a typo), further apart by 0.3;
- two different member numbers weigh it by 0.2 (two members are two people, or one number is
  wrong); the same member number is the same person (score 1, whatever the names).

Only pairs that share a *block* are compared (a word of the name with the first letter of
another word, or the member number), so a registry of many thousands is not compared pair by
pair; a pair that shares no word at all ("Hans Meier"/"Hanz Meyer") is not proposed.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import combinations

TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
SEPARATORS = str.maketrans(dict.fromkeys("-.'’_/()", " "))
DEFAULT_THRESHOLD = 0.6
NEAR_SPELLING = 0.85  # the least similarity of two spellings that counts as "near"

# Why a pair is proposed (the desk words them).
SAME_NAME = "same_name"
NAME_ORDER = "name_order"
INITIALS = "initials"
SIMILAR_NAME = "similar_name"
SAME_BIRTH_YEAR = "same_birth_year"
BIRTH_YEAR_NEAR = "birth_year_near"
BIRTH_YEAR_DIFFERS = "birth_year_differs"
SAME_MEMBER_NUMBER = "same_member_number"
MEMBER_NUMBER_DIFFERS = "member_number_differs"


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    birth_year: int | None = None
    member_number: str | None = None
    # (association id, member number) of each membership: one number per association
    memberships: frozenset[tuple[int, str]] = frozenset()


@dataclass(frozen=True)
class Candidate:
    """Two people who may be one: ``first`` has the smaller id."""

    first: int
    second: int
    score: float
    reasons: tuple[str, ...]


def normal_name(name: str) -> tuple[str, ...]:
    """The words of a name as compared: lower case, umlauts and ß spelt out, no other accents,
    no punctuation, in reading order ("Müller, Hans" → ("hans", "mueller"))."""
    text = name.casefold().translate(TRANSLITERATION)
    text = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    if "," in text:
        last, _, first = text.partition(",")
        text = f"{first.replace(',', ' ')} {last}"
    return tuple(text.translate(SEPARATORS).split())


def name_score(first: Sequence[str], second: Sequence[str]) -> tuple[float, str | None]:
    """How alike two normal names are (0 to 1), and why."""
    if not first or not second:
        return 0.0, None
    if tuple(first) == tuple(second):
        return 1.0, SAME_NAME
    if sorted(first) == sorted(second):
        return 0.95, NAME_ORDER
    if _initials_match(first, second) or _initials_match(second, first):
        return 0.8, INITIALS
    similarity = SequenceMatcher(None, " ".join(sorted(first)), " ".join(sorted(second))).ratio()
    if similarity >= NEAR_SPELLING:
        return round(0.75 * similarity, 4), SIMILAR_NAME
    return 0.0, None


def _initials_match(short: Sequence[str], full: Sequence[str]) -> bool:
    """``short`` is ``full`` with some words cut to their first letter ("h mueller")."""
    if len(short) != len(full) or short == full:
        return False
    return all(
        word == other or (len(word) == 1 and other.startswith(word))
        for word, other in zip(short, full, strict=True)
    )


def score(first: Person, second: Person) -> tuple[float, tuple[str, ...]]:
    """How likely two people are one (0 to 1), and the reasons."""
    if (
        first.member_number and first.member_number == second.member_number
    ) or first.memberships & second.memberships:
        return 1.0, (SAME_MEMBER_NUMBER,)
    value, reason = name_score(normal_name(first.name), normal_name(second.name))
    if reason is None:
        return 0.0, ()
    reasons = [reason]
    value, reasons = _weigh_birth_years(value, reasons, first.birth_year, second.birth_year)
    if (first.member_number and second.member_number) or _numbers_differ(first, second):
        value *= 0.2
        reasons.append(MEMBER_NUMBER_DIFFERS)
    return round(value, 4), tuple(reasons)


def _numbers_differ(first: Person, second: Person) -> bool:
    """Both are members of one association, with different numbers (the same number is
    caught before)."""
    theirs = {association for association, _number in second.memberships}
    return any(association in theirs for association, _number in first.memberships)


def _weigh_birth_years(
    value: float, reasons: list[str], first: int | None, second: int | None
) -> tuple[float, list[str]]:
    if first is None or second is None:
        return value, reasons
    if first == second:
        return min(1.0, value + 0.1), [*reasons, SAME_BIRTH_YEAR]
    if abs(first - second) == 1:
        return value * 0.7, [*reasons, BIRTH_YEAR_NEAR]
    return value * 0.3, [*reasons, BIRTH_YEAR_DIFFERS]


def blocks(person: Person) -> set[str]:
    """The keys under which ``person`` is compared with others: each word of two letters or
    more with the first letter of each other word (or alone), and the member numbers."""
    words = normal_name(person.name)
    keys = {f"#{person.member_number}"} if person.member_number else set()
    keys.update(f"#{association}:{number}" for association, number in person.memberships)
    for index, word in enumerate(words):
        if len(word) < 2:
            continue
        others = [other[0] for position, other in enumerate(words) if position != index]
        keys.update(f"{word}|{letter}" for letter in others or [""])
    return keys


def candidates(
    people: Iterable[Person], *, threshold: float = DEFAULT_THRESHOLD
) -> list[Candidate]:
    """The pairs of ``people`` scoring ``threshold`` or more, best first (then by ids)."""
    by_block: dict[str, list[Person]] = defaultdict(list)
    for person in people:
        for key in blocks(person):
            by_block[key].append(person)
    seen: set[tuple[int, int]] = set()
    found: list[Candidate] = []
    for members in by_block.values():
        for one, other in combinations(members, 2):
            first, second = sorted((one, other), key=lambda person: person.id)
            pair = (first.id, second.id)
            if pair in seen or first.id == second.id:
                continue
            seen.add(pair)
            value, reasons = score(first, second)
            if value >= threshold:
                found.append(Candidate(first.id, second.id, value, reasons))
    return sorted(found, key=lambda c: (-c.score, c.first, c.second))
