"""Named rule sets: a club's house rules saved once and offered when a tournament is set up."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import IntegrityError, transaction

from karlchen.actors import Actor
from karlchen.log import log
from karlchen.refusals import refused
from rules import parse_rules
from tournaments.log import TournamentCode
from tournaments.models import RuleSet, Tournament


def save_rule_set(
    *,
    name: str,
    game: str,
    rules: Mapping[str, object],
    by: Actor,
    description: str = "",
    tournament: Tournament | None = None,
) -> RuleSet:
    """Store ``rules`` as the rule set ``name`` of ``game``; the engine checks them first.
    Saved from a tournament's set-up, the tournament's log notes it."""
    name = name.strip()
    if not name:
        raise refused("name_required", "rule_set_name")
    parse_rules(game, rules)
    try:
        with transaction.atomic():
            rule_set = RuleSet.objects.create(
                name=name[:100],
                game=game,
                rules=dict(rules),
                description=description,
                created_by=by.user,
            )
            if tournament is not None:
                log(tournament, by, TournamentCode.RULE_SET_SAVED, name=rule_set.name)
            return rule_set
    except IntegrityError as error:
        raise refused("rule_set_exists", "rule_set_name", name=name) from error
