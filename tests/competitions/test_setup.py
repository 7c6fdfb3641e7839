"""The one set-up check of a league's and a cup's names (``competitions.domain.setup``): each
kind refuses the same inputs, in its own words, at the field it is given."""

import pytest

from competitions.domain.setup import CUP, LEAGUE, Names, club_name, group_name, team_name
from karlchen.refusals import Problems, Refused


def found(problems: Problems) -> list[tuple[str, str, dict]]:
    with pytest.raises(Refused) as refusal:
        problems.raise_if_any()
    return [(p.code, p.field, dict(p.params)) for p in refusal.value.problems]


@pytest.mark.parametrize("codes", [LEAGUE, CUP])
def test_a_group_name_is_typed_and_unique_without_case(codes):
    problems, taken = Problems(), Names(["Nord"])
    assert group_name("  Süd ", "a", taken, problems, codes) == "Süd"
    assert group_name("NORD", "b", taken, problems, codes) == "NORD"
    assert group_name("süd", "c", taken, problems, codes) == "süd"
    assert group_name("", "d", taken, problems, codes) == ""
    assert group_name(5, "e", taken, problems, codes) == ""
    assert group_name("x" * 101, "f", taken, problems, codes) == ""
    assert group_name("Ost\x07", "g", taken, problems, codes) == ""
    assert group_name("x" * 100, "h", taken, problems, codes) == "x" * 100
    assert found(problems) == [
        (codes.group_name_taken, "b", {"name": "NORD"}),
        (codes.group_name_taken, "c", {"name": "süd"}),
        (codes.group_name, "d", {"max": 100}),
        (codes.group_name, "e", {"max": 100}),
        (codes.group_name, "f", {"max": 100}),
        (codes.group_name, "g", {"max": 100}),
    ]


@pytest.mark.parametrize("codes", [LEAGUE, CUP])
def test_a_team_name_is_typed_and_unique_in_the_competition(codes):
    problems, taken = Problems(), Names()
    assert team_name("Asse", "a", taken, problems, codes) == "Asse"
    assert team_name("asse ", "b", taken, problems, codes) == "asse"
    assert team_name(None, "c", taken, problems, codes) == ""
    assert team_name("x" * 121, "d", taken, problems, codes) == ""
    assert team_name("x" * 120, "e", taken, problems, codes) == "x" * 120
    assert found(problems) == [
        (codes.team_name_taken, "b", {"name": "asse"}),
        (codes.team_name, "c", {"max": 120}),
        (codes.team_name, "d", {"max": 120}),
    ]


def test_a_club_is_text_as_typed_or_left_out():
    problems = Problems()
    assert club_name(" SC Eiche ", "a", problems, CUP) == "SC Eiche"
    assert club_name(None, "b", problems, CUP) == ""
    assert club_name("  ", "c", problems, CUP) == ""
    assert club_name("x" * 121, "d", problems, CUP) == ""
    assert club_name(["SC"], "e", problems, CUP) == ""
    assert found(problems) == [
        ("cup_team_club", "d", {"max": 120}),
        ("cup_team_club", "e", {"max": 120}),
    ]
