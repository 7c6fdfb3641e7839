"""The port through which apps above ``seasons`` add their share to a season's archive.

A league (app ``leagues``) is a season with divisions, teams and match days; ``seasons`` may not
import it (docs/DESIGN.md), yet a season's archive must carry it. An app registers a
``SeasonPart`` in its ``AppConfig.ready()``; the season archive (``seasons.domain.archive``)
writes each part's export under the part's name, checks what an archive holds there before
anything is created, and restores it once the evenings are imported, in the import's
transaction. An archive naming a part no installed app reads is refused as an unknown field.
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


_parts: dict[str, SeasonPart] = {}


def register_part(part: SeasonPart) -> None:
    _parts[part.name] = part


def season_parts() -> list[SeasonPart]:
    return list(_parts.values())
