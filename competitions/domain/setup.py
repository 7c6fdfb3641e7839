"""The one check of what sets a competition up: its groups' and teams' names, a team's club.

A league and a team cup are set up alike (docs/TEAMS.md, "One competition model"): groups (a
league's divisions) with names unique in the competition, teams with names unique in the whole
competition, a team's club as typed. Each kind words its refusals in its own codes (a league
speaks of divisions, a cup of groups), handed in as ``Codes``; the rules are these, once. A
name is checked as every typed name is (``karlchen.plaintext.typed_name``: a text of 1 to
``limit`` characters, no control characters), names compared without case.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from karlchen.plaintext import typed_name, typed_optional
from karlchen.refusals import Problems

GROUP_NAME_LENGTH = 100  # Group.name
TEAM_NAME_LENGTH = 120  # Entrant.name, Entrant.club_name


@dataclass(frozen=True)
class Codes:
    """A kind's problem codes (``karlchen.messages``) for the checks below."""

    group_name: str  # a group's name missing or too long (``max``)
    group_name_taken: str  # another group of the competition has it (``name``)
    team_name: str  # a team's name missing or too long (``max``)
    team_name_taken: str  # another team of the competition has it (``name``)
    team_club: str = ""  # a club's name too long (``max``); empty: the kind types no club


LEAGUE = Codes(
    group_name="league_division_name",
    group_name_taken="league_division_name_taken",
    team_name="league_team_name",
    team_name_taken="league_team_name_taken",
)
CUP = Codes(
    group_name="cup_group_name",
    group_name_taken="cup_group_name_taken",
    team_name="cup_team_name",
    team_name_taken="cup_team_name_taken",
    team_club="cup_team_club",
)


class Names:
    """The names taken in one competition so far (compared without case)."""

    def __init__(self, taken: Iterable[str] = ()) -> None:
        self._taken = {name.casefold() for name in taken}

    def take(self, name: str) -> bool:
        """Take ``name``; whether it was free."""
        key = name.casefold()
        free = key not in self._taken
        self._taken.add(key)
        return free


def group_name(raw: object, field: str, taken: Names, problems: Problems, codes: Codes) -> str:
    """A group's name as typed ("" where refused, the problem added at ``field``)."""
    return _unique_name(
        raw, field, taken, problems, GROUP_NAME_LENGTH, codes.group_name, codes.group_name_taken
    )


def team_name(raw: object, field: str, taken: Names, problems: Problems, codes: Codes) -> str:
    """A team's name as typed ("" where refused, the problem added at ``field``)."""
    return _unique_name(
        raw, field, taken, problems, TEAM_NAME_LENGTH, codes.team_name, codes.team_name_taken
    )


def _unique_name(
    raw: object,
    field: str,
    taken: Names,
    problems: Problems,
    limit: int,
    refused: str,
    refused_taken: str,
) -> str:
    name = typed_name(raw, limit=limit) or ""
    if not name:
        problems.add(refused, field, max=limit)
    elif not taken.take(name):
        problems.add(refused_taken, field, name=name)
    return name


def club_name(raw: object, field: str, problems: Problems, codes: Codes) -> str:
    """A team's club as typed, "" where left out (or refused, the problem added at ``field``):
    text only, never a club made (``clubs.domain.names.affiliation`` links it where it names
    one)."""
    club = typed_optional(raw, limit=TEAM_NAME_LENGTH)
    if club is None:
        problems.add(codes.team_club, field, max=TEAM_NAME_LENGTH)
        return ""
    return club
