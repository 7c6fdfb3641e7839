"""Sections that apps above ``results`` add to the spectators' ranking page.

The ranking page (``results.views.SpectatorView``) belongs to ``results``, which imports none of
the apps above it; an app that ranks something else from the standings (``teams``: the teams'
and clubs' rankings) provides a ``SectionProvider`` through the port ``results.ports.SECTIONS``
when Django starts (its ``AppConfig.ready``). For each tournament the page asks every provider
for a ``Section``: a template the page includes beside the players' ranking with the section's
context, and the scripts it needs. A provider answers None where it has nothing to show for
that tournament. A section whose ``place`` is ``"title"`` (where the evening belongs: its season,
its league) is shown under the tournament's name, the others below the ranking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from results.ports import BEAMER_SECTIONS, SECTIONS

if TYPE_CHECKING:
    from tournaments.models import Tournament


@dataclass(frozen=True)
class Section:
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    scripts: tuple[str, ...] = ()  # static paths, loaded after the page's own script
    place: str = "below"  # "title": under the tournament's name; "below": after the ranking


SectionProvider = Callable[["Tournament"], Section | None]


def spectator_sections(tournament: Tournament) -> list[Section]:
    sections = (provider(tournament) for provider in SECTIONS.all())
    return [section for section in sections if section is not None]


def beamer_sections(tournament: Tournament) -> list[Section]:
    sections = (provider(tournament) for provider in BEAMER_SECTIONS.all())
    return [section for section in sections if section is not None]
