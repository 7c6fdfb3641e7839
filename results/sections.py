"""Sections that apps above ``results`` add to the spectators' ranking page: a port.

The ranking page (``results.views.SpectatorView``) belongs to ``results``, which imports none of
the apps above it; an app that ranks something else from the standings (``teams``: the teams'
and clubs' rankings) registers a provider here when Django starts (its ``AppConfig.ready``).
For each tournament the page asks every provider for a ``Section``: a template the page
includes beside the players' ranking with the section's context, and the scripts it needs.
A provider answers None where it has nothing to show for that tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Tournament


@dataclass(frozen=True)
class Section:
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    scripts: tuple[str, ...] = ()  # static paths, loaded after the page's own script


SectionProvider = Callable[[Tournament], Section | None]
_providers: list[SectionProvider] = []


def register_section(provider: SectionProvider) -> None:
    """Add ``provider``'s section to the ranking page (once, however often ``ready`` runs)."""
    if provider not in _providers:
        _providers.append(provider)


def spectator_sections(tournament: Tournament) -> list[Section]:
    sections = (provider(tournament) for provider in _providers)
    return [section for section in sections if section is not None]
