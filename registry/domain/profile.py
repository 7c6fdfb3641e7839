"""A person's public profile (``/p/<id>/``): their public tournaments with place and points,
and their public seasons with place and score, as spectators see each of them.

Shown only where the person agreed to a public listing and did not hide the profile (and was
not erased); otherwise there is no profile (a 404, as if there were no such person: a page
that said "hidden" would tell that the person plays). A tournament where they asked to be
hidden, a draft, and a tournament whose standings are not published show no place; a hidden
entry, and one that never sat down (entered but never came: ranked nowhere, ``took_part``), is
left out altogether. The body is cached under the person's generation and each of
those tournaments' and seasons' (``karlchen.changes.cached_player_body``): a read is one small
query (which tournaments and seasons) and one cache round trip.
"""

from __future__ import annotations

from typing import Any

from karlchen.changes import Body, cached_player_body
from karlchen.refusals import Closed
from people.models import Player
from results.domain.ranking_cache import public_ranking
from results.domain.standings import took_part
from seasons.domain.standings import public_season_ranking
from seasons.models import Season, SeasonEvening
from seasons.visibility import public_seasons
from tournaments.enums import TournamentStatus
from tournaments.models import Entry
from tournaments.visibility import listed_entries


def public_profile(player_id: int) -> Body | None:
    """The profile's body; None where there is no public profile of that id."""
    entries = Entry.objects.filter(player_id=player_id).values_list("tournament_id", flat=True)
    tournaments = list(entries)
    seasons = SeasonEvening.objects.filter(tournament_id__in=tournaments).values_list(
        "season_id", flat=True
    )
    body = cached_player_body(
        player_id,
        "public",
        lambda: _profile(player_id),
        tournaments=tournaments,
        seasons=list(seasons),
    )
    return None if body.content == b"null" else body


def _profile(player_id: int) -> dict[str, Any] | None:
    player = Player.objects.filter(pk=player_id).first()
    if player is None or not player.profile_public:
        return None
    return {
        "player": {
            "id": player.pk,
            "name": player.name,
            "club": player.club_name or None,
            "guest": player.guest,
        },
        "tournaments": _tournaments(player),
        "seasons": _seasons(player),
    }


def _tournaments(player: Player) -> list[dict[str, Any]]:
    entries = (
        took_part(listed_entries(Entry.objects.filter(player=player)))
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament_id")
    )
    return [
        {
            "id": entry.tournament.pk,
            "name": entry.tournament.name,
            "date": entry.tournament.date.isoformat(),
            "game": entry.tournament.game,
            "finished": entry.tournament.status == TournamentStatus.FINISHED,
            **_place(entry.tournament_id, player.pk),
        }
        for entry in entries
    ]


def _place(tournament_id: int, player_id: int) -> dict[str, Any]:
    try:
        body = public_ranking(tournament_id)
    except Closed:  # the standings are not published
        body = None
    row = None if body is None else _row_of(body.rows, player_id)
    return {"rank": row["rank"] if row else None, "points": row["total"] if row else None}


def _seasons(player: Player) -> list[dict[str, Any]]:
    seasons = (
        public_seasons(Season.objects.filter(evenings__tournament__entries__player=player))
        .distinct()
        .order_by("-created_at", "-pk")
    )
    found = []
    for season in seasons:
        body = public_season_ranking(season.pk)
        row = None if body is None else _row_of(body.rows, player.pk)
        if row is None:
            continue  # hidden in the season's table
        found.append(
            {"id": season.pk, "name": season.name, "rank": row["rank"], "score": row["score"]}
        )
    return found


def _row_of(rows: list[dict[str, Any]], player_id: int) -> dict[str, Any] | None:
    return next((row for row in rows if (row.get("player") or {}).get("id") == player_id), None)
