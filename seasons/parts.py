"""What an app above ``seasons`` adds to a season's archive (a league): a ``SeasonPart``,
provided through the port ``seasons.ports.SEASON_PARTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from karlchen.actors import Actor
from karlchen.refusals import Problem
from seasons.models import Season
from tournaments.models import Tournament


@dataclass(frozen=True)
class SeasonPart:
    name: str
    # The part of the season (None: it has none), given its evenings' tournament ids in the
    # order of the archive's ``evenings``.
    export: Callable[[Season, Sequence[int]], Any]
    # The problems of what an archive holds at ``name`` (their fields start with ``name.``).
    check: Callable[[Any], list[Problem]]
    # Restores the part on the imported season, given the imported evenings in the file's
    # order; refuses (``Refused``, fields from ``name.``) what only the database can tell.
    restore: Callable[[Season, Any, Sequence[Tournament], Actor], None]
