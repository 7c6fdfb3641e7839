"""docs/REGISTRY.md shows the three forms of a name side by side; each row must be what the
three functions give, so that the page stays true when one of them changes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from karlchen.collation import sort_key
from people.engine.duplicates import normal_name
from people.engine.search import normal_form

pytestmark = pytest.mark.unit

REGISTRY = Path(__file__).resolve().parents[2] / "docs" / "REGISTRY.md"
ROW = re.compile(r"^\| ([^|`]+) \| `([^`]*)` \| `([^`]*)` \| `([^`]*)` \|$", re.MULTILINE)


def documented_rows() -> list[tuple[str, str, str, str]]:
    section = REGISTRY.read_text().split("## Three forms of a name", 1)[1].split("\n## ", 1)[0]
    return [(name.strip(), *forms) for name, *forms in ROW.findall(section)]


def test_the_page_shows_examples() -> None:
    assert len(documented_rows()) >= 5


@pytest.mark.parametrize("row", documented_rows(), ids=lambda row: row[0])
def test_each_documented_row_is_what_the_three_forms_give(row: tuple[str, str, str, str]) -> None:
    name, sorting, search, duplicates = row
    assert "".join(str(part) for part in sort_key(name)) == sorting
    assert normal_form(name) == search
    assert " ".join(normal_name(name)) == duplicates


def test_the_forms_differ_where_the_page_says_they_do() -> None:
    # ordering keeps "Mueller" apart from "Müller"; the search finds both by "muller"; the
    # duplicates' form makes Müller and Mueller one name but leaves "Muller" another
    assert sort_key("Mueller") != sort_key("Müller")
    assert normal_form("Mueller") == normal_form("Müller") == normal_form("Muller")
    assert normal_name("Mueller") == normal_name("Müller") != normal_name("Muller")
