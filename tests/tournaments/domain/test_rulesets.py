"""Named rule sets: checked by the engine, one name per game."""

import pytest

from karlchen.refusals import Refused
from tests.factories.tournaments import ORGA
from tournaments.domain.rulesets import save_rule_set

pytestmark = pytest.mark.django_db


def codes(refusal) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in refusal.value.problems]


def test_a_rule_set_is_saved_under_its_name_once_per_game():
    saved = save_rule_set(name=" Herz As ", game="doppelkopf", rules={"poverty": True}, by=ORGA)
    assert (saved.name, saved.rules) == ("Herz As", {"poverty": True})
    save_rule_set(name="Herz As", game="schafkopf", rules={"laufende_min": 2}, by=ORGA)
    with pytest.raises(Refused) as refusal:
        save_rule_set(name="Herz As", game="doppelkopf", rules={}, by=ORGA)
    assert codes(refusal) == [("rule_set_name", "rule_set_exists")]


def test_rules_the_engine_refuses_are_not_saved():
    with pytest.raises(Refused) as refusal:
        save_rule_set(name="Kaputt", game="doppelkopf", rules={"deck": "tarot"}, by=ORGA)
    assert codes(refusal) == [("rules.deck", "invalid_option")]
    with pytest.raises(Refused) as refusal:
        save_rule_set(name="  ", game="doppelkopf", rules={}, by=ORGA)
    assert codes(refusal) == [("rule_set_name", "name_required")]
