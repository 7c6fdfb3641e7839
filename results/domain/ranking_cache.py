"""The ranking as clients read it: JSON bodies with their ETags, cached until the next change
(the cache itself is ``karlchen.changes``; the computation is ``results.domain.standings``).

Spectators get the public view: only if the tournament and its standings are published, the
frozen ranking while it is frozen, confirmed deals only where deals are confirmed, and players
who asked not to be listed as ``hidden``. Organisers always get the live ranking. A body is
computed from one database snapshot (``standings``), so it never mixes two deals' updates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from karlchen.changes import Body, cached, cached_views, json_body
from karlchen.refusals import Closed
from results.domain.standings import Interim, Standing, series_progress, standings
from results.ports import RESULTS_PARTS
from tournaments.models import Tournament
from tournaments.visibility import (
    confirmed_only,
    frozen_ranking,
    shown_as_hidden,
    spectators_may_see,
    standings_published,
)

ABSENT, HIDDEN = "absent", "hidden"  # cached answers for spectators without a ranking
FROZEN = "frozen"  # a part beside the ranking that a freeze made before it did not keep
PROGRESS = "series-progress"


def public_ranking(tournament_id: int, *, series: int | None = None) -> Body | None:
    """What spectators see; None where there is no public tournament of that id.

    Raises ``Closed`` where the tournament is public but its organisers hide the standings.
    """
    return _spectators(
        cached(tournament_id, f"public:{series or 'all'}", _public_build(tournament_id, series))
    )


def public_ranking_and_progress(tournament_id: int) -> tuple[Body | None, Interim | None]:
    """``public_ranking`` (overall) and ``ranking_progress`` in one cache round trip: what a
    spectator's poll of the standings reads."""
    found = cached_views(
        tournament_id,
        {
            "public:all": _public_build(tournament_id, None),
            PROGRESS: _progress_build(tournament_id),
        },
    )
    return _spectators(found["public:all"]), found[PROGRESS]


def public_part(
    tournament_id: int,
    part: str,
    live: Callable[[Tournament], dict[str, Any]],
    as_frozen: Callable[[Tournament, dict[str, Any]], dict[str, Any]],
) -> Body | None:
    """What spectators see of a ranking beside the players' one (a ``results.parts`` part: the
    teams', the categories'), cached under the tournament's generation: ``live`` while the
    standings are live, what the freeze kept (``as_frozen``) while they are frozen; None where
    there is no public tournament of that id. Raises ``Closed`` where the standings are hidden,
    or frozen by a freeze that did not keep this part (computed live, it would tell what the
    frozen ranking hides)."""
    found = cached(
        tournament_id,
        f"part:{part}:public",
        lambda: _public_part_body(tournament_id, part, live, as_frozen),
    )
    if found == FROZEN:
        raise Closed("side_rankings_frozen", "standings")
    return _spectators(found)


def _public_part_body(
    tournament_id: int,
    part: str,
    live: Callable[[Tournament], dict[str, Any]],
    as_frozen: Callable[[Tournament, dict[str, Any]], dict[str, Any]],
) -> Body | str:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not spectators_may_see(tournament):
        return ABSENT
    if not standings_published(tournament):
        return HIDDEN
    frozen = frozen_ranking(tournament)
    if frozen is not None:
        kept = (frozen.get("parts") or {}).get(part)
        return FROZEN if kept is None else json_body(as_frozen(tournament, kept))
    return json_body(live(tournament))


def _public_build(tournament_id: int, series: int | None) -> Callable[[], Body | str]:
    return lambda: _public_body(Tournament.objects.filter(pk=tournament_id).first(), series)


def _spectators(found: Body | str) -> Body | None:
    if found == HIDDEN:
        raise Closed("standings_hidden", "standings")
    return None if isinstance(found, str) else found  # a string left: ABSENT


def _public_body(tournament: Tournament | None, series: int | None) -> Body | str:
    if tournament is None or not spectators_may_see(tournament):
        return ABSENT
    if not standings_published(tournament):
        return HIDDEN
    frozen = frozen_ranking(tournament)
    if frozen is not None:
        rows = frozen["overall"] if series is None else frozen["series"].get(str(series), [])
        return json_body(rows)
    return json_body(_live_public_rows(tournament, series))


def ranking_progress(tournament_id: int) -> Interim | None:
    """How many of the tournament's series are closed, of how many planned: what says whether
    the ranking is provisional (cached like the ranking; closing a series draws a new
    generation). None where there is no such tournament."""

    return cached(tournament_id, PROGRESS, _progress_build(tournament_id))


def _progress_build(tournament_id: int) -> Callable[[], Interim | None]:
    def build() -> Interim | None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        return None if tournament is None else series_progress(tournament)

    return build


def organiser_ranking(tournament: Tournament, *, series: int | None = None) -> Body:
    """The live ranking with every deal and every name, for the tournament's organisers."""
    return cached(
        tournament.pk,
        f"organiser:{series or 'all'}",
        lambda: json_body(
            [_row(row, public=False) for row in standings(tournament, series=series)]
        ),
    )


def public_snapshot(tournament: Tournament) -> dict[str, Any]:
    """What spectators see now, overall and per series: the standings a freeze keeps, with what
    the apps above add to it (``parts``: the side rankings, ``results.parts``)."""
    snapshot: dict[str, Any] = {
        "overall": _live_public_rows(tournament, None),
        "series": {
            str(number): _live_public_rows(tournament, number)
            for number in tournament.series.values_list("number", flat=True)
        },
    }
    parts = {
        part.name: part.frozen(tournament)
        for part in RESULTS_PARTS.all()
        if part.frozen is not None
    }
    if parts:
        snapshot["parts"] = parts
    return snapshot


def _live_public_rows(tournament: Tournament, series: int | None) -> list[dict[str, Any]]:
    ranking = standings(tournament, confirmed_only=confirmed_only(tournament), series=series)
    return [_row(row, public=True) for row in ranking]


def _row(row: Standing, *, public: bool) -> dict[str, Any]:
    hidden = shown_as_hidden(row.hidden, public=public)
    return {
        "rank": row.rank,
        "entry": None if hidden else row.entry_id,
        "player": {
            "id": None if hidden else row.player_id,
            "name": None if hidden else row.name,
            "club": None if hidden else row.club,
        },
        "hidden": hidden,
        "start_number": None if hidden else row.start_number,
        "total": row.total,
        "series": {str(number): points for number, points in sorted(row.per_series.items())},
        "deals_played": row.deals_played,
        "compulsory_solos": row.compulsory_solos,
        "series_won": row.series_won,
        "withdrawn": row.withdrawn,
    }
