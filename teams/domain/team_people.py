"""A team's roster with a person added by name at the desk: a person known already (picked) or
a new one, entered in the tournament first if they are not, then listed among the team's
players; all in one transaction, so a roster refused leaves nobody entered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.db import transaction

from karlchen.actors import Actor
from karlchen.refusals import Refused
from people.models import Player
from teams.domain.teams import create_team, roster_by_start_numbers, update_team
from teams.models import Team
from tournaments.domain.entries import add_entry
from tournaments.models import Tournament


def save_team_with_person(
    tournament: Tournament,
    *,
    by: Actor,
    name: str,
    members: Sequence[int],
    substitutes: Sequence[int] = (),
    captain: int | None = None,
    team: Team | None = None,
    person: Player | None = None,
    new_name: str = "",
) -> Team:
    """Set up ``team`` (None: a new one) with the players of these start numbers and one more:
    ``person`` (known), or a new person named ``new_name``; entered in the tournament unless
    they are. A refusal names the field of ``teams.domain.teams``, or the entry's under
    ``person.`` (``person.name``, ``person.player``), and changes nothing."""
    with transaction.atomic():
        entry = None
        if person is not None:
            entry = tournament.entries.filter(player=person).first()
        if entry is None:
            try:
                entry = add_entry(tournament, by=by, name=new_name, player=person)
            except Refused as refusal:  # the person's fields, not the team's
                raise Refused(
                    [
                        replace(problem, field=f"person.{problem.field}")
                        for problem in refusal.problems
                    ]
                ) from refusal
        listed = [*members] if entry.start_number in members else [*members, entry.start_number]
        roster = roster_by_start_numbers(
            tournament, members=listed, substitutes=substitutes, captain=captain
        )
        if team is None:
            return create_team(tournament, by=by, name=name, roster=roster)
        return update_team(team, by=by, name=name, roster=roster)
