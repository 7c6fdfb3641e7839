"""The statistics as readers get them, cached like the other public reads.

Each tournament's figures (every player's and pair's, from the deals the public may see) are
cached under the tournament's generation (``tournament_figures``); a player's figures over many
tournaments merge theirs (``counted``), so that after a deal only its tournament is counted
again. On top, a player's figures, their partners and opponents, and a head-to-head are cached
as bodies under the person's generation and each of the tournaments (and the season) they are
counted over (``karlchen.changes.cached_player_body``); a tournament's figures per player under
the tournament's (``cached_body``). A deal recorded, corrected or voided, a change of what the
public may see, a new entry: each turns them over through the same change signals as the
standings.

Who may be named (docs/STATISTICS.md, "Who is shown"): to the public, only a player who agreed
to a public profile (``Player.profile_public``) and who is not hidden at any tournament counted.
A player's own figures are no public read at all without that consent (None: a 404). Whether
the *other* players shown beside them consented is asked on each read (one small query), so
that a consent withdrawn turns every read that named them over at once.
"""

from __future__ import annotations

import json
from typing import Any

from karlchen.changes import Body, cached, cached_body, cached_player_body, json_body
from people.models import Player, public_profile_condition
from stats.domain.facts import Scope, deal_facts, hidden_in, scope_tournaments, visible_deals
from stats.engine.figures import Statistics, compute, merge
from tournaments.models import Tournament
from tournaments.visibility import public_tournaments

ALL_TIME = Scope()


def player_statistics(player_id: int, scope: Scope = ALL_TIME) -> Body | None:
    """A player's figures over the scope, as the public may see them; None where there is no
    public statistic of that player (no consent, hidden there, or no such player)."""
    tournaments = scope_tournaments(scope, player=player_id)
    body = cached_player_body(
        player_id,
        f"stats:{scope.key}",
        lambda: _player_figures(player_id, tournaments),
        tournaments=tournaments,
        seasons=[] if scope.season is None else [scope.season],
    )
    return None if body.content == b"null" else body


def _player_figures(player_id: int, tournaments: list[int]) -> dict[str, Any] | None:
    player = _public_player(player_id)
    if player is None or player_id in hidden_in(tournaments):
        return None
    figures = counted(tournaments).players.get(player_id)
    return {
        "player": {"id": player.pk, "name": player.name},
        "figures": None if figures is None else figures.as_json(),
    }


def partners(player_id: int, scope: Scope = ALL_TIME) -> Body | None:
    """With whom and against whom the player played over the scope, as the public may see it:
    only the others who may be named; None as for ``player_statistics``."""
    tournaments = scope_tournaments(scope, player=player_id)
    body = cached_player_body(
        player_id,
        f"partners:{scope.key}",
        lambda: _partners(player_id, tournaments),
        tournaments=tournaments,
        seasons=[] if scope.season is None else [scope.season],
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
    shared = sorted(
        set(scope_tournaments(ALL_TIME, player=first))
        & set(scope_tournaments(ALL_TIME, player=second))
    )
    low, high = sorted((first, second))
    body = cached_player_body(
        low,
        f"h2h:{high}",
        lambda: _head_to_head(low, high, shared),
        tournaments=shared,
        seasons=[],
    )
    found = json.loads(body.content)
    named = _nameable({first, second})
    if found is None or len(named) < 2:
        return None
    row = found if first == low else _turned(found)
    return json_body({"player": named[first], "other": named[second], **row})


def _head_to_head(low: int, high: int, shared: list[int]) -> dict[str, int] | None:
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


def counted(tournaments: list[int]) -> Statistics:
    """Every figure over the tournaments, as the public may see them: each tournament's
    figures merged (``tournament_figures``), so that after a deal only its tournament is
    counted again."""
    return merge(tournament_figures(tournament) for tournament in tournaments)


def tournament_figures(tournament_id: int) -> Statistics:
    """Every player's and pair's figures at one tournament, from the deals the public may see,
    cached under the tournament's generation (every deal written turns it over)."""
    return cached(
        tournament_id,
        "stats:figures:public",
        lambda: compute(deal_facts(visible_deals([tournament_id], public=True))),
    )


def _public_player(player_id: int) -> Player | None:
    player = Player.objects.filter(pk=player_id).only(*_PLAYER_FIELDS).first()
    return player if player is not None and player.profile_public else None


def _nameable(ids: set[int]) -> dict[int, dict[str, Any]]:
    """Of the players, those the public may see named: id → {id, name}. One query."""
    found = Player.objects.filter(public_profile_condition(), pk__in=ids).values_list("pk", "name")
    return {pk: {"id": pk, "name": name} for pk, name in found}


_PLAYER_FIELDS = ("name", "listing_consent", "profile_hidden", "erased_at")
