"""The statistics as readers get them, cached like the other public reads.

Each tournament's figures (every player's and pair's, from the deals the public may see) are
cached under the tournament's generation (``tournament_figures``); a player's figures over many
tournaments merge theirs (``counted``), so that after a deal only its tournament is counted
again. On top, a player's figures, their partners and opponents, and a head-to-head are cached
as bodies under the person's generation (and a season's, where they are counted over one:
``karlchen.changes.cached_player_body``), which every change of a tournament they are entered
at turns over with it (``players_of``, the port ``karlchen.ports.PLAYERS_OF``), as it turns its
seasons over: a cached read is one cache round trip and no query, however long the history. A
tournament's figures per player are cached under the tournament's generation (``cached_body``).
A deal recorded, corrected or voided (an evening's a year ago as well), a change of what the
public may see, a consent recorded: each turns them over through the same change signals as
the standings.

Who may be named (docs/STATISTICS.md, "Who is shown"): to the public, only a player who agreed
to a public profile (``Player.profile_public``) and who is not hidden at any tournament counted.
A player's own figures are no public read at all without that consent (None: a 404). Whether
the *other* players shown beside them consented is asked on each read (one small query), so
that a consent withdrawn turns every read that named them over at once.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from karlchen.changes import (
    Body,
    cached,
    cached_body,
    cached_player_body,
    cached_season_body,
    json_body,
)
from people.models import Player, public_profile_condition
from seasons.models import Season, SeasonEvening
from seasons.visibility import public_season_condition
from stats.domain.facts import Scope, hidden_in, scope_tournaments
from stats.domain.stored import player_figures, tournaments_figures, tournaments_totals
from stats.engine.figures import Statistics, compute, merge
from tournaments.models import Entry, Tournament
from tournaments.visibility import public_tournaments

ALL_TIME = Scope()


def player_statistics(player_id: int, scope: Scope = ALL_TIME) -> Body | None:
    """A player's figures over the scope, as the public may see them; None where there is no
    public statistic of that player (no consent, hidden there, or no such player)."""
    body = cached_player_body(
        player_id,
        f"stats:{scope.key}",
        lambda: _player_figures(player_id, scope_tournaments(scope, player=player_id)),
        seasons=_seasons(scope),
    )
    return None if body.content == b"null" else body


def players_of(tournament_id: int) -> list[int]:
    """The persons whose reads show the tournament: those entered there (the port
    ``karlchen.ports.PLAYERS_OF``: ``tournament_changed`` turns their reads over with it)."""
    with connection.cursor() as cursor:  # every deal saved asks: plain SQL, nothing to compile
        cursor.execute(PLAYERS_OF_SQL, [tournament_id])
        return sorted({player for (player,) in cursor.fetchall()})


PLAYERS_OF_SQL = f"SELECT player_id FROM {Entry._meta.db_table} WHERE tournament_id = %s"


def _seasons(scope: Scope) -> list[int]:
    """The season a scope reads over: its own changes (an evening added or removed, what the
    public may see of it) turn a player's reads over it as well."""
    return [] if scope.season is None else [scope.season]


def _player_figures(player_id: int, tournaments: list[int]) -> dict[str, Any] | None:
    player = _public_player(player_id)
    if player is None or player_id in hidden_in(tournaments):
        return None
    figures = counted(tournaments, player=player_id).players.get(player_id)
    return {
        "player": {"id": player.pk, "name": player.name},
        "figures": None if figures is None else figures.as_json(),
    }


def partners(player_id: int, scope: Scope = ALL_TIME) -> Body | None:
    """With whom and against whom the player played over the scope, as the public may see it:
    only the others who may be named; None as for ``player_statistics``."""
    body = cached_player_body(
        player_id,
        f"partners:{scope.key}",
        lambda: _partners(player_id, scope_tournaments(scope, player=player_id)),
        seasons=_seasons(scope),
    )
    found = json.loads(body.content)
    if found is None:
        return None
    named = _nameable({row["other"] for row in found["rows"]})
    rows = [{**row, "other": named[row["other"]]} for row in found["rows"] if row["other"] in named]
    return json_body({"player": found["player"], "rows": rows})


def _partners(player_id: int, tournaments: list[int]) -> dict[str, Any] | None:
    player = _public_player(player_id)
    hidden = hidden_in(tournaments)
    if player is None or player_id in hidden:
        return None
    rows = counted(tournaments).partners(player_id)
    return {
        "player": {"id": player.pk, "name": player.name},
        "rows": [row for row in rows if row["other"] not in hidden],
    }


def head_to_head(first: int, second: int) -> Body | None:
    """Two players across every deal both played, as the public may see it: None unless both
    may be named."""
    if first == second:
        return None
    low, high = sorted((first, second))
    body = cached_player_body(low, f"h2h:{high}", lambda: _head_to_head(low, high))
    found = json.loads(body.content)
    named = _nameable({first, second})
    if found is None or len(named) < 2:
        return None
    row = found if first == low else _turned(found)
    return json_body({"player": named[first], "other": named[second], **row})


def _head_to_head(low: int, high: int) -> dict[str, int] | None:
    """Over the tournaments both are entered at: each is one of ``low``'s, so a change of any
    of them turns the body (cached under ``low``'s generation) over."""
    shared = sorted(
        set(scope_tournaments(ALL_TIME, player=low)) & set(scope_tournaments(ALL_TIME, player=high))
    )
    if {low, high} & hidden_in(shared):
        return None
    row = counted(shared).head_to_head(low, high)
    return {key: value for key, value in row.items() if key != "other"}


def _turned(row: dict[str, int]) -> dict[str, int]:
    return {**row, "won_against": row["lost_against"], "lost_against": row["won_against"]}


def tournament_statistics(tournament_id: int) -> Body | None:
    """Every player's figures at one tournament, as the public may see them: only the players
    who may be named (an empty list where its standings are not published); None where the
    public may not see the tournament at all (a draft, or no such tournament)."""
    body = cached_body(tournament_id, "stats:public", lambda: _tournament(tournament_id))
    rows = json.loads(body.content)
    if rows is None:
        return None
    named = _nameable({row["player"] for row in rows})
    listed = [{**row, "player": named[row["player"]]} for row in rows if row["player"] in named]
    return json_body({"tournament": tournament_id, "rows": listed})


def _tournament(tournament_id: int) -> list[dict[str, Any]] | None:
    if not public_tournaments(Tournament.objects.filter(pk=tournament_id)).exists():
        return None
    hidden = hidden_in([tournament_id])
    figures = tournament_figures(tournament_id)
    return [
        stats.as_json() for player, stats in sorted(figures.players.items()) if player not in hidden
    ]


def counted(tournaments: list[int], *, player: int | None = None) -> Statistics:
    """Every figure over the tournaments, as the public may see them: each tournament's
    stored figures merged (``stats.domain.stored``), so that after a deal only its tournament
    is counted again; with ``player``, only that player's own figures (no pairs)."""
    if player is None:
        return merge(tournaments_figures(tournaments).values())
    return merge(player_figures(tournaments, player).values())


def tournament_figures(tournament_id: int) -> Statistics:
    """Every player's and pair's figures at one tournament, from the deals the public may see,
    cached under the tournament's generation (every deal written turns it over)."""
    return cached(
        tournament_id,
        "stats:figures:public",
        lambda: tournaments_figures([tournament_id]).get(tournament_id, compute(())),
    )


def _public_player(player_id: int) -> Player | None:
    player = Player.objects.filter(pk=player_id).only(*_PLAYER_FIELDS).first()
    return player if player is not None and player.profile_public else None


def _nameable(ids: set[int]) -> dict[int, dict[str, Any]]:
    """Of the players, those the public may see named: id → {id, name}. One query."""
    found = Player.objects.filter(public_profile_condition(), pk__in=ids).values_list("pk", "name")
    return {pk: {"id": pk, "name": name} for pk, name in found}


_PLAYER_FIELDS = ("name", "listing_consent", "profile_hidden", "erased_at")


FORM_SERIES = 30  # the form curve shows the player's latest series


def player_overview(player_id: int, *, public: bool) -> dict[str, Any] | None:
    """What the pictures of a player show (their form, solos, announcements, their latest
    season at a glance), from the deals the public may see; for the public (``public``) only
    as ``player_statistics`` allows (None otherwise), for the desk always."""
    body = cached_player_body(
        player_id,
        "stats:overview:public" if public else "stats:overview",
        lambda: _overview(player_id, scope_tournaments(ALL_TIME, player=player_id), public=public),
    )
    found: dict[str, Any] | None = json.loads(body.content)
    return found


def _overview(player_id: int, tournaments: list[int], *, public: bool) -> dict[str, Any] | None:
    if public and (_public_player(player_id) is None or player_id in hidden_in(tournaments)):
        return None
    per_tournament = {
        tournament: figures.players[player_id]
        for tournament, figures in player_figures(tournaments, player_id).items()
        if player_id in figures.players
    }
    played = Tournament.objects.filter(pk__in=per_tournament).values_list("pk", "name", "date")
    evenings = {pk: {"id": pk, "name": name, "date": date.isoformat()} for pk, name, date in played}
    in_order = sorted(evenings, key=lambda pk: (evenings[pk]["date"], pk))
    figures = merge(Statistics({player_id: stats}, {}) for stats in per_tournament.values())
    mine = figures.players.get(player_id)
    form = [
        {**evenings[tournament], "series": number, "points": points}
        for tournament in in_order
        for (_tournament, number), points in sorted(per_tournament[tournament].series.items())
    ][-FORM_SERIES:]
    return {
        "figures": None if mine is None else mine.as_json(),
        "form": form,
        "season": _season_glance(in_order, evenings, per_tournament),
    }


def _season_glance(
    in_order: list[int], evenings: dict[int, dict[str, Any]], per_tournament: dict[int, Any]
) -> dict[str, Any] | None:
    """The latest public season the player played an evening of: each evening's points."""
    latest = (
        SeasonEvening.objects.filter(
            public_season_condition("season__"), tournament_id__in=in_order
        )
        .order_by("-tournament__date", "-tournament_id")
        .values_list("season_id", "season__name")
        .first()
    )
    if latest is None:
        return None
    season, name = latest
    of_season = set(
        SeasonEvening.objects.filter(season_id=season).values_list("tournament_id", flat=True)
    )
    rows = [
        {**evenings[pk], "points": per_tournament[pk].points, "deals": per_tournament[pk].deals}
        for pk in in_order
        if pk in of_season
    ]
    return {"id": season, "name": name, "evenings": rows}


def evening_figures(tournament_id: int) -> dict[str, Any]:
    """The evening in figures (its deals counted once each: solos, announcements, extra
    points), as the public may see them; no names."""
    body = cached_body(
        tournament_id, "stats:evening", lambda: tournament_figures(tournament_id).totals.as_json()
    )
    found: dict[str, Any] = json.loads(body.content)
    return found


def season_figures(season_id: int) -> dict[str, Any] | None:
    """A public season in figures: over all its evenings the public may see, and each evening's
    (deals, solos, announcements, foxes caught); no names. None: no such public season."""
    body = cached_season_body(season_id, "stats:season", lambda: _season(season_id))
    found: dict[str, Any] | None = json.loads(body.content)
    return found


def _season(season_id: int) -> dict[str, Any] | None:
    season = (
        Season.objects.filter(public_season_condition(""), pk=season_id)
        .values("pk", "name")
        .first()
    )
    if season is None:
        return None
    evenings = list(
        SeasonEvening.objects.filter(season_id=season_id)
        .order_by("tournament__date", "tournament_id")
        .values_list("tournament_id", "tournament__name", "tournament__date")
    )
    per_evening = tournaments_totals(pk for pk, _name, _date in evenings)
    rows = [
        {
            "id": pk,
            "name": name,
            "date": date.isoformat(),
            **per_evening[pk][0].as_json(),
            "players": len(per_evening[pk][1]),
        }
        for pk, name, date in evenings
        if pk in per_evening and per_evening[pk][0].deals
    ]
    total = merge(Statistics({}, {}, totals) for totals, _players in per_evening.values())
    players = set().union(*(players for _totals, players in per_evening.values()))
    return {
        "season": {"id": season["pk"], "name": season["name"]},
        "totals": total.totals.as_json(),
        "players": len(players),
        "evenings": rows,
    }
