"""The facts of the deals in a scope, as the statistics engine reads them, in two queries.

A scope is a tournament, a season (its evenings), a club (its tournaments) or a player (every
tournament they played). Only deals that count: not voided, each by its current revision. For
the public (``public=True``) only what spectators may see of each tournament
(``tournaments.visibility``): not a draft, its standings published, confirmed deals only where
deals are confirmed, and while its standings are frozen the deals recorded by the freeze.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from karlchen.refusals import Problem, Refused
from rules.quick import is_quick
from scoring.models import Deal, RevisionPoints
from seasons.models import SeasonEvening
from seasons.visibility import evening_counts, public_season_condition
from stats.engine.figures import DealFacts
from tournaments.models import Tournament
from tournaments.visibility import (
    confirmed_only,
    deals_shown_until,
    hidden_players,
    public_tournaments,
    standings_published,
)


@dataclass(frozen=True)
class Scope:
    """What the figures are counted over: all of a player's tournaments (nothing set), or one
    tournament, season or club."""

    tournament: int | None = None
    season: int | None = None
    club: int | None = None

    @property
    def key(self) -> str:
        for name in ("tournament", "season", "club"):
            value = getattr(self, name)
            if value is not None:
                return f"{name}={value}"
        return "all"


SCOPES = ("tournament", "season", "club")
MAX_ID = 10**18 - 1


def parse_scope(query: Mapping[str, str]) -> Scope:
    """The scope a query string asks for (``?tournament=``, ``?season=`` or ``?club=``, at most
    one; none: all time); a value that is not an id, or more than one scope, is refused naming
    its field."""
    given = {name: (query.get(name) or "").strip() for name in SCOPES}
    given = {name: text for name, text in given.items() if text}
    problems = [
        Problem("stats_scope_invalid", name, {})
        for name, text in given.items()
        if not text.isdigit() or len(text) > len(str(MAX_ID)) or int(text) < 1
    ]
    problems += [Problem("stats_scope_several", name, {}) for name in list(given)[1:]]
    if problems:
        raise Refused(problems)
    return Scope(**{name: int(text) for name, text in given.items()})


def scope_tournaments(scope: Scope, *, player: int | None = None) -> list[int]:
    """The ids of the tournaments of the scope (those the player is entered in, if given); a
    season's evenings only where the public may see the season."""
    tournaments = Tournament.objects.all()
    if scope.tournament is not None:
        tournaments = tournaments.filter(pk=scope.tournament)
    if scope.season is not None:
        evenings = SeasonEvening.objects.filter(  # a season the public may not see: nothing
            public_season_condition("season__"), season_id=scope.season
        )
        tournaments = tournaments.filter(pk__in=evenings.values("tournament_id"))
    if scope.club is not None:
        tournaments = tournaments.filter(club_id=scope.club)
    if player is not None:
        tournaments = tournaments.filter(entries__player_id=player)
    return sorted(set(tournaments.values_list("pk", flat=True)))


def visible_deals(tournaments: Iterable[int], *, public: bool) -> QuerySet[Deal]:
    """The deals of the tournaments that count for the reader."""
    deals = Deal.objects.filter(voided=False, current__voided=False)
    ids = list(tournaments)
    if not public:
        return deals.filter(table__series__tournament_id__in=ids)
    shown = public_tournaments(Tournament.objects.filter(pk__in=ids)).only(
        "status", "standings_public", "confirmation_required", "standings_frozen_at"
    )
    plain: list[int] = []
    confirmed: list[int] = []
    frozen = Q(pk__in=[])
    for tournament in shown:
        if not (standings_published(tournament) and evening_counts(tournament)):
            continue
        until = deals_shown_until(tournament)
        if until is not None:  # frozen: the deals the frozen ranking counts
            counted = Q(table__series__tournament_id=tournament.pk, current__created_at__lte=until)
            if confirmed_only(tournament):
                counted &= Q(current__confirmed_at__isnull=False)
            frozen |= counted
        else:
            (confirmed if confirmed_only(tournament) else plain).append(tournament.pk)
    condition = (
        Q(table__series__tournament_id__in=plain)
        | Q(table__series__tournament_id__in=confirmed, current__confirmed_at__isnull=False)
        | frozen
    )
    return deals.filter(condition)


def deal_facts(deals: QuerySet[Deal]) -> list[DealFacts]:
    """One ``DealFacts`` per deal: one query for the deals, one for their points."""
    rows = list(
        deals.values_list(
            "current_id",
            "kind",
            "current__input",
            "current__result",
            "table__series__tournament_id",
            "table__series__number",
            "table__series__tournament__game",
        ).order_by("table__series__tournament_id", "table__series__number", "table_id", "number")
    )
    seated: dict[int, dict[int, int]] = {}
    points: dict[int, dict[int, int]] = {}
    for revision, position, scored, player in RevisionPoints.objects.filter(
        revision_id__in=deals.values("current_id")
    ).values_list("revision_id", "position", "points", "entry__player_id"):
        seated.setdefault(revision, {})[position] = player
        points.setdefault(revision, {})[position] = scored
    return [
        _facts(row, seated.get(row[0], {}), points.get(row[0], {}))
        for row in rows
        if row[0] in seated
    ]


def _facts(row: tuple[Any, ...], players: dict[int, int], points: dict[int, int]) -> DealFacts:
    _revision, kind, entered, result, tournament, series, game = row
    return DealFacts(
        game=game,
        quick=is_quick(entered),
        kind=kind,
        players=players,
        deal=entered,
        points=points,
        series=(tournament, series),
        winner=result.get("winner"),
        lines=tuple(line["code"] for line in result.get("lines") or ()),
    )


def hidden_in(tournaments: Iterable[int]) -> set[int]:
    """The players hidden at any of the tournaments: the public never sees them named."""
    return hidden_players(list(tournaments))
