"""The printed cup: the bracket's grid (each pairing between the two it follows) and the
document's text before the knock-out."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printing.domain.cup_printouts import bracket_grid, cup_bracket_pdf
from tests.cups.conftest import _writes_commit_at_once, make_cup  # noqa: F401
from tests.factories.documents import pdf_pages


def rounds_of(size: int):
    """A bracket of ``size`` places (a power of two) as the body words it: pairings only."""
    rounds, count, number = [], size // 2, 1
    while count >= 1:
        rounds.append({"pairings": [{"round": number, "position": p} for p in range(count)]})
        count //= 2
        number += 1
    return rounds


@pytest.mark.unit
@given(st.integers(min_value=1, max_value=7))
def test_every_pairing_spans_the_rows_of_the_two_it_follows(power):
    rounds = rounds_of(2**power)
    grid = bracket_grid(rounds)
    assert len(grid) == len(rounds[0]["pairings"])
    for number, round_ in enumerate(rounds, start=1):
        cells = [(index, cell) for index, row in enumerate(grid) for cell in row]
        own = [(index, cell) for index, cell in cells if cell.pairing["round"] == number]
        # each pairing once, in order, the round's cells tiling the rows without a gap
        assert [cell.pairing for _index, cell in own] == round_["pairings"]
        assert sum(cell.rows for _index, cell in own) == len(grid)
        starts = [index for index, _cell in own]
        assert starts == [position * 2 ** (number - 1) for position in range(len(own))]
    assert bracket_grid([]) == []


@pytest.mark.django_db
def test_the_printed_cup_before_its_knock_out():
    cup = make_cup()
    (text,) = pdf_pages(cup_bracket_pdf(cup).pdf)
    assert "Pokal 2026" in text
    assert "Gruppe A" in text  # German: the default language
    assert "K.-o.-Runde folgt" in text
