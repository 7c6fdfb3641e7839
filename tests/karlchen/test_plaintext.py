"""The one check of a typed name (teams, groups, divisions, competitions, players) and of an
optional typed text (a club, a member number), as leagues and cups both call it."""

import pytest

from karlchen.plaintext import has_control_characters, typed_name, typed_optional


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Asse", "Asse"),
        ("  Köln Asse  ", "Köln Asse"),
        ("x" * 10, "x" * 10),
        ("x" * 11, None),  # longer than the limit
        ("", None),
        ("   ", None),
        ("Asse\n", "Asse"),  # stripped: surrounding white space is not part of a name
        ("As\nse", None),  # a line break inside
        ("As\tse", None),
        ("As\x00se", None),
        ("As\x85se", None),  # a C1 control
        ("As\ud800se", None),  # a lone surrogate (from JSON "\ud800")
        (5, None),  # only text is a name: never "5"
        (5.0, None),
        (True, None),
        (None, None),
        (["A"], None),
        ({"name": "A"}, None),
    ],
)
def test_a_name_is_text_of_one_to_limit_characters_without_controls(value, name):
    assert typed_name(value, limit=10) == name


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, ""),
        ("", ""),
        ("  ", ""),
        (" DKV Asse ", "DKV Asse"),
        ("x" * 11, None),
        ("DKV\x07", None),
        (12345, None),  # a member number sent as a number is refused, not dropped
        (["DKV"], None),
    ],
)
def test_an_optional_text_is_empty_when_left_out_else_a_name(value, text):
    assert typed_optional(value, limit=10) == text


def test_what_a_name_accepts_has_no_control_characters_and_keeps_its_length():
    for value in ("Asse", " Kreuzbube ", "Ä" * 10, "Tisch\u00a010"):
        name = typed_name(value, limit=10)
        assert name is not None
        assert not has_control_characters(name)
        assert name == value.strip()
        assert 1 <= len(name) <= 10
