"""The ranking as clients read it: JSON bodies with their ETags, cached until the next change.

Many phones poll the standings in the last minutes of a series, so a read must cost a cache
lookup, not a query. Each tournament has a *generation* token in the cache; every recorded,
corrected or voided deal, every penalty row and every change of what the public may see draws
a new token after its commit (``bump``). Bodies are cached under the token they were computed
for, so a body computed while a deal was being saved can never outlive that deal: its key is
one nobody asks for any more. A body is computed from one database snapshot
(``standings``), so it never mixes two deals' updates.

Spectators get the public view: only if the tournament and its standings are published, the
frozen ranking while it is frozen, confirmed deals only where deals are confirmed, and players
who asked not to be listed as ``hidden``. Organisers always get the live ranking.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from scoring.domain.errors import Gone
from tournaments.domain.standings import Standing, standings
from tournaments.models import Tournament

BODY_SECONDS = 3600
COMPUTING_SECONDS = 30  # should a computing reader die, another one takes over after this


@dataclass(frozen=True)
class RankingBody:
    etag: str
    content: bytes  # the JSON list of ranking rows

    @property
    def rows(self) -> list[dict]:
        return json.loads(self.content)


def bump(tournament_id: int) -> None:
    """After the current transaction commits, every cached view of the tournament is stale."""
    transaction.on_commit(lambda: cache.set(_generation_key(tournament_id), _token(), None))


ABSENT, HIDDEN = "absent", "hidden"  # cached answers for spectators without a ranking


def public_ranking(tournament_id: int, *, series: int | None = None) -> RankingBody | None:
    """What spectators see; None where there is no public tournament of that id.

    Raises ``Gone`` where the tournament is public but its organisers hide the standings.
    """
    found = _cached(
        tournament_id,
        f"public:{series or 'all'}",
        lambda: _public_body(Tournament.objects.filter(pk=tournament_id).first(), series),
    )
    if found == HIDDEN:
        raise Gone("standings_hidden", "standings")
    return None if found == ABSENT else found


def _public_body(tournament: Tournament | None, series: int | None) -> RankingBody | str:
    if tournament is None or not tournament.is_public:
        return ABSENT
    if not tournament.standings_public:
        return HIDDEN
    frozen = tournament.frozen_standings
    if frozen is not None:
        rows = frozen["overall"] if series is None else frozen["series"].get(str(series), [])
        return _body(rows)
    return _body(_live_public_rows(tournament, series))


def organiser_ranking(tournament: Tournament, *, series: int | None = None) -> RankingBody:
    """The live ranking with every deal and every name, for the tournament's organisers."""
    return _cached(
        tournament.pk,
        f"organiser:{series or 'all'}",
        lambda: _body([_row(row, public=False) for row in standings(tournament, series=series)]),
    )


def cached_body(tournament_id: int, view: str, build) -> RankingBody:
    """Any other read of a tournament (a score sheet, the tables' progress) as a cached body:
    ``build()`` returns plain JSON data; it is called again only after the next change."""
    return _cached(tournament_id, view, lambda: _body(build()))


def _cached(tournament_id: int, view: str, build):
    """The view's body for the current generation, computed by one reader at a time.

    When a deal makes the ranking stale while many phones poll, one of them computes the new
    body; the others meanwhile get the last one computed (a consistent, slightly older state)
    instead of all querying at once and slowing down the captains' writes.
    """
    key = _body_key(tournament_id, view)
    found = cache.get(key)
    if found is not None:
        return found
    latest_key = f"ranking-latest:{tournament_id}:{view}"
    if not cache.add(key + ":computing", 1, COMPUTING_SECONDS):
        stale = cache.get(latest_key)
        if stale is not None:
            return stale
    found = build()
    cache.set_many({key: found, latest_key: found}, BODY_SECONDS)
    return found


def freeze_standings(tournament: Tournament, frozen: bool) -> Tournament:
    """Freeze what spectators see (overall and per series) as it is now, or thaw it."""
    with transaction.atomic():
        if frozen:
            tournament.frozen_standings = {
                "overall": _live_public_rows(tournament, None),
                "series": {
                    str(number): _live_public_rows(tournament, number)
                    for number in tournament.series.values_list("number", flat=True)
                },
            }
            tournament.standings_frozen_at = timezone.now()
        else:
            tournament.frozen_standings, tournament.standings_frozen_at = None, None
        tournament.save(update_fields=["frozen_standings", "standings_frozen_at"])
        bump(tournament.pk)
    return tournament


def _live_public_rows(tournament: Tournament, series: int | None) -> list[dict]:
    ranking = standings(tournament, confirmed_only=tournament.confirmation_required, series=series)
    return [_row(row, public=True) for row in ranking]


def _row(row: Standing, *, public: bool) -> dict:
    hidden = public and row.hidden
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


def _body(data) -> RankingBody:
    content = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    etag = f'"{hashlib.sha256(content).hexdigest()[:32]}"'
    return RankingBody(etag=etag, content=content)


def _body_key(tournament_id: int, view: str) -> str:
    generation = cache.get(_generation_key(tournament_id))
    if generation is None:
        generation = _token()
        if not cache.add(_generation_key(tournament_id), generation, None):
            generation = cache.get(_generation_key(tournament_id), generation)
    return f"ranking:{tournament_id}:{generation}:{view}"


def _generation_key(tournament_id: int) -> str:
    return f"ranking-generation:{tournament_id}"


def _token() -> str:
    # A fresh random token, not a counter: should the cache lose it, no old body comes back.
    return uuid.uuid4().hex
