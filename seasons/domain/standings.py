"""A season's standings: computed from its evenings' standings, never stored.

Each evening's ranking comes from ``results.domain.standings`` (its deals and penalty rows, the
one truth); the season engine (``seasons.engine.ranking``) ranks the season from those. The
result is cached like an evening's standings (``karlchen.changes.cached_season_body``): any
change of any of its evenings, or of the season, turns the cached bodies over after its commit.

Spectators see a public season over its public evenings whose standings are published, with
confirmed deals only where an evening asks for confirmations, an evening's frozen ranking while
it is frozen, and a player who asked not to be listed at any evening as ``hidden``. Organisers
see every evening live. An evening without any list played yet (one still to come) is not part
of the ranking, so a missed evening that counts 0 never counts before it took place. The
evenings' standings rank only the players who sat down (``results.domain.standings.took_part``):
a regular entered who stayed home has no result and no place there, so he moves nobody down and
is nobody's player beaten (docs/SEASONS.md, "What counts").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from karlchen.changes import Body, cached_season_body
from people.models import Player
from results.domain.standings import Standing, evenings_standings, one_snapshot
from scoring.models import AdjustmentLine
from seasons.engine.ranking import (
    Evening,
    EveningResult,
    PlayerSeason,
    SeasonTable,
    qualifiers,
    rank_season,
)
from seasons.models import Season, SeasonEvening, cup_places
from seasons.visibility import evening_counts, season_public
from tournaments.models import Tournament
from tournaments.visibility import frozen_ranking, standings_frozen


@dataclass
class SeasonInput:
    """What the engine ranks, and what the answer names."""

    evenings: list[Evening] = field(default_factory=list)
    results: list[EveningResult] = field(default_factory=list)
    tournaments: dict[int, Tournament] = field(default_factory=dict)
    hidden: set[int] = field(default_factory=set)  # players shown as hidden
    names: dict[int, tuple[str, str | None]] = field(default_factory=dict)  # name, club's name


def season_table(
    season: Season, *, public: bool, lines_for: Collection[int] | None = None
) -> tuple[SeasonTable, SeasonInput]:
    """The season ranked by its rule, from its evenings as this reader may see them.

    ``lines_for``: the players whose rows list each evening (all where None)."""
    found = season_input(season, public=public)
    table = rank_season(
        season.rule,
        found.evenings,
        found.results,
        as_of=timezone.localdate(),
        lines_for=lines_for,
        names=listing_names(found, public=public),
    )
    return table, found


def listing_names(found: SeasonInput, *, public: bool) -> dict[int, str]:
    """The names that list players sharing a rank; for spectators a hidden player's is left
    empty (listed first), so that the order tells nothing of it."""
    return {
        player: "" if public and player in found.hidden else name
        for player, (name, _club) in found.names.items()
    }


def season_input(season: Season, *, public: bool) -> SeasonInput:
    with one_snapshot():  # every evening as of one moment, never half of a write
        return _season_input(season, public=public)


def _season_input(season: Season, *, public: bool) -> SeasonInput:
    found = SeasonInput()
    memberships = [
        membership
        for membership in SeasonEvening.objects.filter(season=season).select_related("tournament")
        if not public or evening_counts(membership.tournament)
    ]
    live = evenings_standings(
        (
            membership.tournament
            for membership in memberships
            if not (public and standings_frozen(membership.tournament))
        ),
        confirmed_only=public,
    )
    for membership in memberships:
        tournament = membership.tournament
        if tournament.pk in live:
            results = _evening_results(tournament.pk, live[tournament.pk], found)
        else:
            results = _frozen_results(tournament, found)
        if not results:
            continue  # nothing played yet
        found.tournaments[tournament.pk] = tournament
        lists = max(len(result.lists) for result in results)
        found.evenings.append(
            Evening(tournament.pk, tournament.date, lists, ranking=membership.ranking_tournament)
        )
        found.results.extend(results)
    found.results = _with_penalties(found.results, public=public)
    return found


def _evening_results(
    tournament_id: int, rows: list[Standing], found: SeasonInput
) -> list[EveningResult]:
    """The evening's results; its hidden players and the players' names go into ``found``."""
    results = []
    for row in rows:
        if not row.per_series:
            continue  # entered, but played nothing (yet)
        if row.hidden:
            found.hidden.add(row.player_id)
        found.names[row.player_id] = (row.name, row.club)
        lists = tuple(dict(sorted(row.per_series.items())).values())  # in series order
        results.append(EveningResult(tournament_id, row.player_id, lists, row.rank))
    return results


def _frozen_results(tournament: Tournament, found: SeasonInput) -> list[EveningResult]:
    """The evening as its frozen ranking shows it (players hidden there are left out); the
    players' names as it shows them go into ``found``."""
    frozen: Mapping[str, Any] = frozen_ranking(tournament) or {}
    results = []
    for row in frozen.get("overall", []):
        player = row["player"]["id"]
        if player is None or not row["series"]:
            continue
        found.names.setdefault(player, (row["player"]["name"], row["player"]["club"]))
        lists = tuple(points for _number, points in sorted(row["series"].items(), key=_number))
        results.append(EveningResult(tournament.pk, player, lists, row["rank"]))
    return results


def _number(item: tuple[str, int]) -> int:
    return int(item[0])


def _with_penalties(results: list[EveningResult], *, public: bool) -> list[EveningResult]:
    """The penalty points inside each result (shown beside the points), in one query."""
    penalties = {
        (row["adjustment__series__tournament_id"], row["entry__player_id"]): row["points"]
        for row in AdjustmentLine.objects.filter(
            adjustment__series__tournament_id__in={result.evening for result in results}
        )
        .values("adjustment__series__tournament_id", "entry__player_id")
        .annotate(points=Sum("points"))
        .order_by()
    }
    return [
        replace(result, penalties=penalties[(result.evening, result.player)])
        if (result.evening, result.player) in penalties
        else result
        for result in results
    ]


# --- what clients read -----------------------------------------------------------------------


def season_ranking(season: Season, *, public: bool) -> Body:
    """The season table as clients read it (cached until the season or an evening changes)."""
    return cached_season_body(
        season.pk,
        "public" if public else "organiser",
        lambda: _ranking_rows(season, public=public),
    )


def public_season_ranking(season_id: int) -> Body | None:
    """What a spectator reads: the public table, or None where there is no public season of
    that id. The look-up is cached with the body (the same as ``season_ranking``'s public one;
    making a season private turns it over), so a spectator's cached read runs no query."""

    def build() -> list[dict[str, Any]] | None:
        season = Season.objects.select_related("club").filter(pk=season_id).first()
        return _ranking_rows(season, public=True) if season and season_public(season) else None

    body = cached_season_body(season_id, "public", build)
    return None if body.content == b"null" else body


def player_season(season: Season, player_id: int, *, public: bool) -> Body:
    """One player's season: their row and each evening, what counted and what was dropped."""
    view = f"player:{player_id}:{'public' if public else 'organiser'}"
    return cached_season_body(
        season.pk,
        view,
        lambda: _player_body(season, player_id, public=public),
    )


def seasons_of(tournament_id: int) -> list[int]:
    """The seasons whose reads show the tournament (``karlchen.changes`` turns them over with
    it)."""
    with connection.cursor() as cursor:  # every deal saved asks: plain SQL, nothing to compile
        cursor.execute(SEASONS_OF_SQL, [tournament_id])
        return [season for (season,) in cursor.fetchall()]


SEASONS_OF_SQL = (
    f"SELECT season_id FROM {SeasonEvening._meta.db_table} WHERE tournament_id = %s"
    " ORDER BY season_id"
)


def _ranking_rows(season: Season, *, public: bool) -> list[dict[str, Any]]:
    table, found = season_table(season, public=public, lines_for=())
    names = found.names | _players(
        row.player for row in table.rows if row.player not in found.names
    )
    qualified = _qualified(season, table)
    return [
        _row(row, names, hidden=public and row.player in found.hidden, qualified=qualified)
        for row in table.rows
    ]


def _qualified(season: Season, table: SeasonTable) -> set[int]:
    """A cup's qualifiers (none where the season is no cup)."""
    places = cup_places(season)
    if places is None:
        return set()
    return {row.player for row in qualifiers(table, places)}


def _player_body(season: Season, player_id: int, *, public: bool) -> dict[str, Any] | None:
    table, found = season_table(season, public=public, lines_for={player_id})
    row = next((row for row in table.rows if row.player == player_id), None)
    if row is None or (public and player_id in found.hidden):
        return None
    return _player_dict(row, _players([player_id]), found, _qualified(season, table))


def every_player_season(season: Season, *, public: bool) -> list[dict[str, Any]]:
    """Every player's season (as ``player_season`` answers it), in the order of the season
    ranking, from one computation of the table (the printed season sheets); not cached."""
    table, found = season_table(season, public=public)
    names = _players(row.player for row in table.rows)
    qualified = _qualified(season, table)
    return [
        _player_dict(row, names, found, qualified)
        for row in table.rows
        if not (public and row.player in found.hidden)
    ]


def _player_dict(
    row: PlayerSeason,
    names: Mapping[int, tuple[str, str | None]],
    found: SeasonInput,
    qualified: set[int],
) -> dict[str, Any]:
    return {
        "standing": _row(row, names, hidden=False, qualified=qualified),
        "evenings": [
            _evening(line_index, row, found.tournaments) for line_index in range(len(row.evenings))
        ],
    }


def _players(ids: Iterable[int]) -> dict[int, tuple[str, str | None]]:
    """Each player's name and club's name (of those only in a frozen evening)."""
    ids = set(ids)
    if not ids:
        return {}
    return {
        pk: (name, club or None)
        for pk, name, club in Player.objects.filter(pk__in=ids).values_list(
            "pk", "name", "club_name"
        )
    }


def _row(
    row: PlayerSeason,
    names: Mapping[int, tuple[str, str | None]],
    *,
    hidden: bool,
    qualified: set[int],
) -> dict[str, Any]:
    name, club = names[row.player]
    return {
        "rank": row.rank,
        "ranked": row.ranked,
        "player": {
            "id": None if hidden else row.player,
            "name": None if hidden else name,
            "club": None if hidden else club,
        },
        "hidden": hidden,
        "score": number(row.score),
        "evenings_played": row.evenings_played,
        "lists_played": row.lists_played,
        "lists_counted": row.lists_counted,
        "bonus": row.bonus,
        "decided_by": row.decided_by,
        "tie_figures": {name: number(value) for name, value in row.tie_figures.items()},
        "qualified": row.player in qualified,
    }


def _evening(
    index: int, row: PlayerSeason, tournaments: Mapping[int, Tournament]
) -> dict[str, Any]:
    line = row.evenings[index]
    tournament = tournaments[line.evening]
    units = [unit for unit in row.units if unit.evening == line.evening]
    return {
        "tournament": {"id": tournament.pk, "name": tournament.name, "date": str(tournament.date)},
        "played": line.played,
        "place": line.place,
        "points": line.points,
        "lists": list(line.lists),
        "penalties": line.penalties,
        "value": number(line.value),
        "counted": line.counted,
        "units": [
            {
                "list": unit.list_number,
                "value": number(unit.value),
                "counted": unit.counted,
                "missed": unit.missed,
            }
            for unit in units
        ],
    }


def number(value: Fraction) -> int | float:
    """A score as JSON: whole numbers as integers, averages to two decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)
