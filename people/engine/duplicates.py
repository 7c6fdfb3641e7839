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

The work is bounded however the names fall. A block of more than ``BLOCK_LIMIT`` people (in a
registry of tens of thousands, "mueller|t" holds every Thomas, Torsten and Tanja Müller) is
split by a second key, the *sound* of the whole name (the Kölner Phonetik of each word, in
order of the words): the same name, another order and most near spellings ("Meier"/"Meyer",
"Tomas"/"Thomas") sound alike and stay together. A part still larger than ``BLOCK_LIMIT``
(hundreds of players with one name) is compared as a *sorted neighbourhood*: in the order of
birth year, member number and id, each person with the next ``WINDOW`` ones, so the same
person typed twice (the same name and birth year) is still found and the block costs at most
``WINDOW`` comparisons a person. A person of a large block whose name holds an initial ("T.
Müller") is compared with the ``WINDOW`` people of the whole block on either side of him in
that order. Small blocks are compared all with all, as before.
"""

from __future__ import annotations

import gc
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
SEPARATORS = str.maketrans(dict.fromkeys("-.'’_/()", " "))
DEFAULT_THRESHOLD = 0.6
NEAR_SPELLING = 0.85  # the least similarity of two spellings that counts as "near"
BLOCK_LIMIT = 12  # a block of more people is split by the sound of the names
WINDOW = 12  # in a part still larger, each person is compared with this many neighbours

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


class Person(NamedTuple):
    """A person as compared (a tuple: a registry of tens of thousands is quick to make)."""

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


@lru_cache(maxsize=65_536)
def normal_name(name: str) -> tuple[str, ...]:
    """The words of a name as compared: lower case, umlauts and ß spelt out, no other accents,
    no punctuation, in reading order ("Müller, Hans" → ("hans", "mueller"))."""
    text = name.casefold().translate(TRANSLITERATION)
    if not text.isascii():  # most names are plain letters once umlauts and ß are spelt out
        text = "".join(
            char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
        )
    if "," in text:
        last, _, first = text.partition(",")
        text = f"{first.replace(',', ' ')} {last}"
    return tuple(text.translate(SEPARATORS).split())


def name_score(first: Sequence[str], second: Sequence[str]) -> tuple[float, str | None]:
    """How alike two normal names are (0 to 1), and why."""
    return _names(_Name.of(tuple(first)), _Name.of(tuple(second)))


class _Name(NamedTuple):
    """A normal name with what comparing it needs, worked out once."""

    words: tuple[str, ...]
    key: tuple[str, ...]  # the words in alphabetical order (another order is the same words)
    joined: str  # those words as one text (what a near spelling is measured on)
    initial: bool  # a word of the name is a single letter
    keys: tuple[str, ...]  # the blocks the name puts a person in (``_name_keys``)

    @classmethod
    def of(cls, words: tuple[str, ...]) -> _Name:
        key = tuple(sorted(words))
        initial = bool(words) and min(map(len, words)) == 1
        return cls(words, key, " ".join(key), initial, _name_keys(words))


def _names(first: _Name | _Known, second: _Name | _Known) -> tuple[float, str | None]:
    if not first.words or not second.words:
        return 0.0, None
    if first.words == second.words:
        return 1.0, SAME_NAME
    if first.key == second.key:
        return 0.95, NAME_ORDER
    if (first.initial and _initials_match(first.words, second.words)) or (
        second.initial and _initials_match(second.words, first.words)
    ):
        return 0.8, INITIALS
    one, other = first.joined, second.joined
    if 2 * min(len(one), len(other)) < NEAR_SPELLING * (len(one) + len(other)):
        return 0.0, None  # the lengths alone keep the similarity below "near"
    if 2 * _common_letters(one, other) < NEAR_SPELLING * (len(one) + len(other)):
        return 0.0, None  # the letters in common bound the similarity (difflib's quick ratio)
    similarity = SequenceMatcher(None, one, other).ratio()
    if similarity >= NEAR_SPELLING:
        return round(0.75 * similarity, 4), SIMILAR_NAME
    return 0.0, None


def _common_letters(one: str, other: str) -> int:
    """How many letters (with their repetitions) two texts have in common."""
    first, second = _unary(one), _unary(other)
    if first is not None and second is not None:
        return (first & second).bit_count()
    counts = _letters(one)
    return sum(min(count, counts.get(letter, 0)) for letter, count in _letters(other).items())


def _letters(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for letter in text:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


# The letters a normal name mostly has, each with a field of ``_UNARY_WIDTH`` bits in one int.
_UNARY_WIDTH = 16
_UNARY_SHIFTS = {
    letter: index * _UNARY_WIDTH
    for index, letter in enumerate(" 0123456789abcdefghijklmnopqrstuvwxyz")
}


@lru_cache(maxsize=65_536)
def _unary(text: str) -> int | None:
    """The letters of ``text`` as one int, each letter's count in unary in its own field (three
    "e" are 0b111 in the field of "e"), so that the letters two texts have in common are the
    bits their ints share: ``(one & other).bit_count()``. None for a text with a letter outside
    the fields or more of one letter than a field holds (then they are counted one by one)."""
    value = 0
    for letter in set(text):
        shift = _UNARY_SHIFTS.get(letter)
        count = text.count(letter)
        if shift is None or count > _UNARY_WIDTH:
            return None
        value |= ((1 << count) - 1) << shift
    return value


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
    return _score(
        first, second, _Name.of(normal_name(first.name)), _Name.of(normal_name(second.name))
    )


def _score(
    first: Person, second: Person, first_name: _Name | _Known, second_name: _Name | _Known
) -> tuple[float, tuple[str, ...]]:
    if _same_member(first, second):
        return 1.0, (SAME_MEMBER_NUMBER,)
    value, reason = _names(first_name, second_name)
    if reason is None:
        return 0.0, ()
    reasons = [reason]
    value, reasons = _weigh_birth_years(value, reasons, first.birth_year, second.birth_year)
    if (first.member_number and second.member_number) or _numbers_differ(first, second):
        value *= 0.2
        reasons.append(MEMBER_NUMBER_DIFFERS)
    return round(value, 4), tuple(reasons)


def _at_most(first: Person, second: Person) -> float:
    """The most ``score`` can give the pair, whatever their names (cheaper than the score)."""
    if _same_member(first, second):
        return 1.0
    most = 1.0
    if first.birth_year is not None and second.birth_year is not None:
        most = 0.3 if abs(first.birth_year - second.birth_year) > 1 else 1.0
    if (first.member_number and second.member_number) or _numbers_differ(first, second):
        most *= 0.2
    return most


def _same_member(first: Person, second: Person) -> bool:
    """The same member number, or the same number in one association."""
    if first.member_number and first.member_number == second.member_number:
        return True
    return bool(first.memberships) and not first.memberships.isdisjoint(second.memberships)


def _numbers_differ(first: Person, second: Person) -> bool:
    """Both are members of one association, with different numbers (the same number is
    caught before)."""
    if not first.memberships or not second.memberships:
        return False
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
    return _blocks(person, normal_name(person.name))


def _blocks(person: Person, words: Sequence[str]) -> set[str]:
    return _with_numbers(person, _name_keys(tuple(words)))


def _with_numbers(person: Person, name_keys: tuple[str, ...]) -> set[str]:
    keys = set(name_keys)
    if person.member_number:
        keys.add(f"#{person.member_number}")
    keys.update(f"#{association}:{number}" for association, number in person.memberships)
    return keys


def _name_keys(words: tuple[str, ...]) -> tuple[str, ...]:
    """The blocks of a name: each word of two letters or more with the first letter of each
    other word (or alone), each once."""
    if len(words) == 1:
        return (f"{words[0]}|",) if len(words[0]) > 1 else ()
    initials = [word[0] for word in words]
    keys: dict[str, None] = {}
    for index, word in enumerate(words):
        if len(word) > 1:
            for position, letter in enumerate(initials):
                if position != index:
                    keys[f"{word}|{letter}"] = None
    return tuple(keys)


class _Known(NamedTuple):
    """A person with what comparing needs, worked out once (a tuple: quick to make)."""

    person: Person
    words: tuple[str, ...]  # the name's, as ``_Name`` has them
    key: tuple[str, ...]
    joined: str
    initial: bool
    keys: tuple[str, ...]
    order: tuple[bool, int, str, int]  # birth year (unknown last), member number, id

    @classmethod
    def of(cls, person: Person) -> _Known:
        year = person.birth_year
        order = (year is None, year or 0, person.member_number or "", person.id)
        return cls(person, *_name(person.name), order)

    @property
    def sound(self) -> tuple[str, ...]:
        """How the name sounds (only a large block asks)."""
        return sound(self.words)


@lru_cache(maxsize=65_536)
def _name(name: str) -> _Name:
    return _Name.of(normal_name(name))


def candidates(
    people: Iterable[Person], *, threshold: float = DEFAULT_THRESHOLD
) -> list[Candidate]:
    """The pairs of ``people`` scoring ``threshold`` or more, best first (then by ids)."""
    with collection_paused():
        return _candidates(people, threshold)


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off meanwhile: making tens of thousands of small
    objects that form no cycles would otherwise start it again and again, each time going
    through every object of the process (it halves the time of a large registry)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _candidates(people: Iterable[Person], threshold: float) -> list[Candidate]:
    by_block: dict[str, list[_Known]] = defaultdict(list)
    for person in people:
        known = _Known.of(person)
        if person.member_number or person.memberships:
            keys: Iterable[str] = _with_numbers(person, known.keys)
        else:
            keys = known.keys  # the name's blocks alone, worked out once per name
        for key in keys:
            by_block[key].append(known)
    seen: set[tuple[int, int]] = set()
    found: list[Candidate] = []
    for members in by_block.values():
        if len(members) < 2:
            continue  # most blocks: a name no one else has
        for one, other in compared(members):
            first, second = (one, other) if one.person.id < other.person.id else (other, one)
            pair = (first.person.id, second.person.id)
            if pair in seen or pair[0] == pair[1]:
                continue
            seen.add(pair)
            if _at_most(first.person, second.person) < threshold:
                continue  # the years of birth or member numbers alone keep it below
            value, reasons = _score(first.person, second.person, first, second)
            if value >= threshold:
                found.append(Candidate(pair[0], pair[1], value, reasons))
    return sorted(found, key=lambda c: (-c.score, c.first, c.second))


def compared(members: Sequence[_Known]) -> Iterator[tuple[_Known, _Known]]:
    """The pairs of a block that are compared: all of a small block; in a large one, those of
    each part of one sound (all, or the sorted neighbourhood of a large part), and each person
    with an initial with his neighbours in the whole block."""
    if len(members) <= BLOCK_LIMIT:
        yield from combinations(members, 2)
        return
    parts: dict[tuple[str, ...], list[_Known]] = defaultdict(list)
    for member in members:
        parts[member.sound].append(member)
    for part in parts.values():
        if len(part) <= BLOCK_LIMIT:
            yield from combinations(part, 2)
        else:
            yield from _neighbours(sorted(part, key=lambda known: known.order))
    ordered = sorted(members, key=lambda known: known.order)
    for index, member in enumerate(ordered):
        if member.initial:
            for other in ordered[max(0, index - WINDOW) : index + WINDOW + 1]:
                if other is not member:
                    yield member, other


def _neighbours(ordered: Sequence[_Known]) -> Iterator[tuple[_Known, _Known]]:
    for index, member in enumerate(ordered):
        for other in ordered[index + 1 : index + 1 + WINDOW]:
            yield member, other


# Kölner Phonetik: the code of each letter (a normal name has only a-z left); "" for h.
_SOUNDS = dict.fromkeys("aeijouy", "0")
_SOUNDS |= dict.fromkeys("b", "1") | dict.fromkeys("fvw", "3") | dict.fromkeys("gkq", "4")
_SOUNDS |= {"l": "5", "m": "6", "n": "6", "r": "7", "s": "8", "z": "8", "h": ""}


def sound(words: Sequence[str]) -> tuple[str, ...]:
    """How the words of a normal name sound: the Kölner Phonetik of each ("meier", "meyer"
    and "maier" → "67"; "thomas" and "tomas" → "268")."""
    return tuple(_cologne(word) for word in words)


@lru_cache(maxsize=65_536)
def _cologne(word: str) -> str:
    codes = []
    for index, letter in enumerate(word):
        before = word[index - 1] if index else ""
        after = word[index + 1] if index + 1 < len(word) else ""
        codes.append(_code(letter, before, after, first=index == 0))
    collapsed: list[str] = []
    for code in "".join(codes):
        if not collapsed or collapsed[-1] != code:
            collapsed.append(code)
    return (
        collapsed[0] + "".join(code for code in collapsed[1:] if code != "0") if collapsed else ""
    )


def _code(letter: str, before: str, after: str, *, first: bool) -> str:
    if letter == "p":
        return "3" if after == "h" else "1"
    if letter in "dt":
        return "8" if after in ("c", "s", "z") and after else "2"
    if letter == "c":
        if first:
            return "4" if after and after in "ahkloqrux" else "8"
        return "4" if after and after in "ahkoqux" and before not in ("s", "z") else "8"
    if letter == "x":
        return "8" if before and before in "ckq" else "48"
    return _SOUNDS.get(letter, "")
