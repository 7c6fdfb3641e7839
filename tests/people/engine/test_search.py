"""Finding a known person as a name is typed: the normal form, what matches, the order."""

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from karlchen.collation import sort_key
from people.engine.search import (
    ACCENTS,
    MEMBER_NUMBER,
    NAME_BEGINS,
    WORD_BEGINS,
    Candidate,
    best,
    matches,
    normal_form,
    rank,
    shared_names,
    words,
)

pytestmark = [pytest.mark.unit]

LETTERS = "abcdeilmnorsuzäöüßéèçñÄÖÜÉMSZ"
name_words = st.text(alphabet=LETTERS, min_size=1, max_size=8)
names = st.lists(name_words, min_size=1, max_size=3).map(" ".join)


def plain(text: str) -> str:
    """The normal form computed another way: Unicode's decomposition and case folding."""
    decomposed = unicodedata.normalize("NFKD", text)
    letters = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    spaced = " ".join(re.findall(r"[a-z0-9]+", letters))
    for written, vowel in (("ae", "a"), ("oe", "o"), ("ue", "u")):
        spaced = spaced.replace(written, vowel)
    return spaced


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Müller", "Jürgen Müller"),
        ("Mueller", "Jürgen Müller"),
        ("muller", "Jürgen Müller"),
        ("MÜ", "Jürgen Mueller"),
        ("jur mul", "Jürgen Müller"),
        ("Weiss", "Hans-Peter Weiß"),
        ("peter", "Hans-Peter Weiß"),
        ("jose", "José Ñúñez"),
        ("nun", "José Ñúñez"),
        ("o'b", "Sean O’Brien"),
        ("muller h", "Müller, Hans"),
    ],
)
def test_a_name_is_found_however_it_is_typed(typed, name):
    assert matches(typed, name)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("ller", "Jürgen Müller"),  # inside a word, not at its start
        ("Hans Meier", "Hans Müller"),  # every word must begin one of the name's
        ("", "Hans Müller"),
        (" - ", "Hans Müller"),  # nothing but marks: no word typed
    ],
)
def test_what_does_not_match(typed, name):
    assert not matches(typed, name)


def test_the_normal_form():
    assert normal_form("  Hans-Peter  WEIß ") == "hans peter weiss"
    assert normal_form("Müller") == normal_form("Mueller") == normal_form("muller") == "muller"
    assert normal_form("İlker Østergård Łukasz") == "ilker ostergard lukasz"
    assert normal_form("Ærø") == "ro"  # a letter of two is no letter here
    assert words("Kühn, Käthe") == ["kuhn", "kathe"]
    assert ACCENTS["Ä"] == ACCENTS["ä"] == "a"
    assert "æ" not in ACCENTS
    assert "ß" not in ACCENTS


@given(names)
def test_the_normal_form_is_that_of_unicode(name):
    assert normal_form(name) == plain(name)


@given(names, st.data())
def test_every_beginning_of_a_name_finds_it(name, data):
    cut = data.draw(st.integers(1, len(name)))
    typed = name[:cut]
    assert matches(typed, name) == bool(words(typed))


def test_the_rank_of_a_match():
    hans = Candidate(1, "Hans Müller", ("D-4711", "R-12"))
    assert rank("d-4711", hans) == MEMBER_NUMBER
    assert rank("R-12", hans) == MEMBER_NUMBER
    assert rank("Hans Mü", hans) == NAME_BEGINS
    assert rank("mueller", hans) == WORD_BEGINS
    assert rank("mueller hans", hans) == WORD_BEGINS
    assert rank("D-47", hans) is None
    assert rank("  ", hans) is None


def test_the_best_matches_come_first_in_german_order_and_are_cut():
    people = [
        Candidate(1, "Zacharias Müller", ()),
        Candidate(2, "Käthe Müller", ()),
        Candidate(3, "Müller, Anna", ()),
        Candidate(4, "Klaus Müller", ()),
        Candidate(5, "Mueller, Anna", ()),
        Candidate(6, "Hans Maier", ("mu",)),
        Candidate(7, "Anna Schmidt", ()),
    ]
    assert [c.id for c in best("mu", people, 10)] == [6, 5, 3, 2, 4, 1]
    assert [c.id for c in best("mu", people, 2)] == [6, 5]
    assert best("xyz", people, 10) == []


@given(st.lists(names, max_size=8), st.text(alphabet=LETTERS + " -", max_size=6))
def test_best_is_every_match_in_order(people_names, typed):
    people = [Candidate(n, name, ()) for n, name in enumerate(people_names)]
    found = best(typed, people, len(people))
    expected = [c for c in people if matches(typed, c.name)]
    expected.sort(key=lambda c: (rank(typed, c), sort_key(c.name), c.id))
    assert found == expected


def test_shared_names():
    assert shared_names(["Hans Müller", "Hans Mueller", "Anna Schmidt"]) == {"hans muller"}
    assert shared_names(["Hans Müller", "Anna Schmidt"]) == set()
