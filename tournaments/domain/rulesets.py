"""Named rule sets: a club's house rules saved once and offered when a tournament is set up."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import IntegrityError, transaction

from karlchen.refusals import refused
from rules import parse_rules
from tournaments.models import RuleSet


def save_rule_set(*, name: str, game: str, rules: Mapping, by, description: str = "") -> RuleSet:
    """Store ``rules`` as the rule set ``name`` of ``game``; the engine checks them first."""
    name = name.strip()
    if not name:
        raise refused("name_required", "rule_set_name")
    parse_rules(game, rules)
    try:
        with transaction.atomic():
            return RuleSet.objects.create(
                name=name[:100],
                game=game,
                rules=dict(rules),
                description=description,
                created_by=by,
            )
    except IntegrityError as error:
        raise refused("rule_set_exists", "rule_set_name", name=name) from error
