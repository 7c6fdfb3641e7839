"""What spectators may see of a tournament: the one answer every public reader asks.

Every page, API read, widget, listing, feed, profile and export that anyone may open without a
role asks here, never the fields themselves (docs/PUBLISHING.md, "What spectators see"):

- a **draft** is not public: a 404, as if it did not exist (``spectators_may_see``,
  ``public_tournaments``); organisers see their drafts through ``clubs.access``;
- its **standings** are shown only where the organisers publish them
  (``standings_published``), as they were at the freeze while they are frozen
  (``frozen_ranking``, ``standings_frozen``; a player's deals as recorded by then:
  ``deals_shown_until``); what builds on the live standings (a league's
  day, a cup's round) counts only what is ``live_for_spectators``;
- a table's **score sheet** adds up to the live standings: spectators read it only where
  those are published and not frozen (``sheets_closed``);
- where deals are confirmed, spectators' figures count **confirmed deals only**
  (``confirmed_only``);
- a player who asked not to be listed is **hidden**: no name, no number, no link
  (``shown_as_hidden``, ``listed_entries``, ``hidden_players``).

A season (and so a league and a cup) has its own flag on top: ``seasons.visibility``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet

from tournaments.enums import TournamentStatus
from tournaments.models import Entry, Tournament

# The tournaments the public may know of, as a condition (``prefix``: the path to the
# tournament from another model, e.g. "tournament__").


def public_condition(prefix: str = "") -> Q:
    """The condition ``spectators_may_see`` puts in a query: not a draft."""
    return ~Q(**{f"{prefix}status": TournamentStatus.DRAFT})


def public_tournaments(queryset: QuerySet[Tournament] | None = None) -> QuerySet[Tournament]:
    """The tournaments spectators may see (of ``queryset``, by default all)."""
    return (Tournament.objects.all() if queryset is None else queryset).filter(public_condition())


def spectators_may_see(tournament: Tournament) -> bool:
    """Whether the tournament is public at all (a draft is a 404 to spectators)."""
    return tournament.status != TournamentStatus.DRAFT


def standings_published(tournament: Tournament) -> bool:
    """Whether spectators see a ranking of it (live or frozen)."""
    return spectators_may_see(tournament) and tournament.standings_public


def frozen_ranking(tournament: Tournament) -> dict[str, Any] | None:
    """The ranking as it was at the freeze, which spectators see instead of the live one
    (its ``overall`` rows, its ``series``, the ``parts`` beside it); None: not frozen."""
    return tournament.frozen_standings


def standings_frozen(tournament: Tournament) -> bool:
    """Whether spectators see the ranking as it was at the freeze rather than the live one."""
    return frozen_ranking(tournament) is not None


def deals_shown_until(tournament: Tournament, *, public: bool = True) -> datetime | None:
    """Up to when the deals are shown to ``public`` readers (a player's deals beside the
    ranking): while the standings are frozen, the deals recorded by the freeze, as the frozen
    ranking counts them; None: all of them."""
    return tournament.standings_frozen_at if public else None


def live_for_spectators(tournament: Tournament) -> bool:
    """Whether spectators see the tournament's standings as they are now: it is public, its
    standings are published and not frozen. What builds on them for spectators (a league's
    day, a cup's round) shows nothing of one that is not."""
    return standings_published(tournament) and not standings_frozen(tournament)


def sheets_closed(tournament: Tournament) -> str | None:
    """Why spectators may not read the tournament's score sheets, as a refusal's code, or None
    where they may: the sheets add up to the live standings, so they are closed to spectators
    wherever those are (not published: ``standings_hidden``; frozen: ``sheets_frozen``)."""
    if not standings_published(tournament):
        return "standings_hidden"
    if standings_frozen(tournament):
        return "sheets_frozen"
    return None


def confirmed_only(tournament: Tournament, *, public: bool = True) -> bool:
    """Whether the figures counted for ``public`` readers take confirmed deals only (the
    organisers' figures count every deal)."""
    return public and tournament.confirmation_required


def shown_as_hidden(hidden: bool, *, public: bool = True) -> bool:
    """Whether an entry flagged ``hidden`` is shown without name, number or link: to
    spectators, yes; to organisers, never."""
    return public and hidden


def listed_entries(queryset: QuerySet[Entry] | None = None) -> QuerySet[Entry]:
    """The entries spectators may name: not hidden, at a public tournament."""
    entries = Entry.objects.all() if queryset is None else queryset
    return entries.filter(public_condition("tournament__"), hidden=False)


def hidden_players(tournaments: Iterable[int] | QuerySet[Tournament]) -> set[int]:
    """The players hidden at any of the tournaments: a season, a league or a cup over them
    hides them throughout (their name would tell where they played)."""
    return set(
        Entry.objects.filter(tournament__in=tournaments, hidden=True).values_list(
            "player_id", flat=True
        )
    )
