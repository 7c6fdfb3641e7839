"""The engines' shared door: dispatch by game, and their purity (no Django, no translations)."""

import ast
from pathlib import Path

import pytest

from rules import parse_rules, score_deal
from rules.doppelkopf import DoppelkopfDeal, DoppelkopfRules
from rules.schafkopf import SchafkopfDeal, SchafkopfRules

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[2]
PURE_PACKAGES = [
    REPO / "rules",
    REPO / "tournaments" / "engine",
    REPO / "seating" / "engine",
    REPO / "seasons" / "engine",
    REPO / "teams" / "engine",
    REPO / "signups" / "engine",
    REPO / "people" / "engine",
    REPO / "stats" / "engine",
]
# What the engines share with the rest of Karlchen: the refusals and the German name order
# (pure Python as well).
SHARED = {"karlchen.refusals", "karlchen.collation"}


def test_parse_rules_builds_the_rules_of_the_named_game():
    assert isinstance(parse_rules("doppelkopf", {}), DoppelkopfRules)
    assert isinstance(parse_rules("schafkopf", {}), SchafkopfRules)


def test_score_deal_picks_the_engine_from_the_rules():
    doppelkopf = score_deal(DoppelkopfRules(), DoppelkopfDeal("normal", (1, 2), 121))
    schafkopf = score_deal(SchafkopfRules(), SchafkopfDeal("wenz", 1, 61))
    assert (doppelkopf.winner, schafkopf.winner) == ("re", "declarer")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", PURE_PACKAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_engines_import_only_the_standard_library(package):
    modules = {str(path): _imported_modules(path) for path in package.rglob("*.py")}
    assert modules, f"no modules in {package}"
    own = ".".join(package.relative_to(REPO).parts)
    for name, imported in modules.items():
        inside = {module for module in imported if module == own or module.startswith(own + ".")}
        foreign = {module.split(".")[0] for module in imported - inside - SHARED} - {
            "__future__",
            "collections",
            "dataclasses",
            "enum",
            "types",
            "typing",
            "itertools",
            "functools",
            "math",
            "random",
            "datetime",  # the season engine: evenings have dates
            "fractions",  # the season and side ranking engines: exact averages
            "bisect",  # the season engine: players beaten, by bisection
            "unicodedata",  # the registry's engine: names without accents
            "difflib",  # the registry's engine: near spellings
            "gc",  # the registry's engine: no collection pauses while comparing thousands
            "contextlib",  # the registry's engine: that pause as a context manager
            "re",  # the people search: a typed text split into words
            "csv",  # the bank statements' engine: CSV as German banks export it
            "io",  # ... read from the uploaded bytes
            "decimal",  # ... amounts in euros and cents, exactly
            "hashlib",  # ... each booking's fingerprint, so it is recorded once
            "xml",  # ... CAMT.053's parse errors (parsed by defusedxml)
            # The only libraries beyond the standard one, pure Python without a framework:
            "defusedxml",  # CAMT.053 parsed without DTDs or entities (an uploaded file)
            "openskill",  # the rating: Weng-Lin's published model, not written again here
        }
        assert foreign == set(), f"{name} imports {foreign}"


def test_schafkopf_deals_start_no_bock_round():
    from rules import bock_triggers, parse_rules
    from rules.schafkopf import deal_from_dict

    rules = parse_rules("schafkopf", {})
    deal = deal_from_dict(
        {"contract": "rufer", "declarer": 1, "partner": 2, "suit": "acorns", "declarer_points": 61}
    )
    assert bock_triggers(rules, deal) == frozenset()
