"""What changed: the one signal that a tournament's derived reads are stale, and the cache
that serves those reads until then.

Many phones poll the standings, the tables' progress and the score sheets in the last minutes
of a series, so a read must cost a cache lookup, not a query. Each tournament has a
*generation* token in the cache; every write that changes what its reads show (a deal recorded,
corrected or voided, a penalty row, a withdrawal, a change of what the public may see) draws a
new token after its commit (``tournament_changed``). A body is cached with the token it was
computed for and served only while that token is current, so a body computed while a deal was
being saved can never outlive that deal.

Each process also holds the bodies it read or computed last, with the generation each was
computed under (``_Recent``): while that generation is still the cache's, a read fetches only the
tokens and serves the held body, which is what the cache would have answered (a spectator's poll
of the standings then moves a few dozen bytes from Redis, not the whole ranking).

The cache is only a cache (``karlchen.cache``): with Redis unreachable a read is a miss and is
computed from the database, and a new token is not stored. So that no body from before such a
lost write is served once Redis answers again, every token belongs to an *epoch* as well, which
the process that noticed the outage replaces when it reconnects (``_new_epoch``): every cached
read is then stale at once.

With a read replica (``DATABASE_REPLICA_URL``) the bodies are computed there, but only once it
has replayed the commit that drew their generation (``karlchen.replica``): a body computed on a
lagging replica would otherwise be cached as current.

A season's reads (``cached_season_body``) depend on many tournaments. Rather than checking the
token of each of its evenings on every read, a change of a tournament draws a new token for the
season it belongs to as well (the port ``karlchen.ports.SEASONS_OF``: the seasons app says
which, from the database, in the writing transaction), so a deal corrected months ago turns the
season's reads over at once and a season's cached read costs what an evening's does: one round
trip, no query. A person's reads over everything they played (their statistics) are kept the
same way: a change of a tournament draws a new token for every person entered there as well
(the port ``karlchen.ports.PLAYERS_OF``), so such a read checks no tournament's token.

The writers live in every app and the readers mostly in ``results``: this module is their only
meeting point, so no app has to import a later one to say that something changed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.base import BaseCache
from django.core.signals import setting_changed
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.dispatch import receiver

from karlchen import replica
from karlchen.cache import reconnected, values
from karlchen.ports import PLAYERS_OF, SEASONS_OF
from karlchen.release import release

T = TypeVar("T")

BODY_SECONDS = 3600
COMPUTING_SECONDS = 30  # should a computing reader die, another one takes over after this


@dataclass(frozen=True)
class Body:
    """A JSON answer as clients read it, with its ETag."""

    etag: str
    content: bytes

    @property
    def rows(self) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = json.loads(self.content)
        return rows


def tournament_changed(tournament_id: int) -> None:
    """After the current transaction commits, every cached read of the tournament is stale, and
    so is every read of the season it belongs to and of each person entered there."""
    keys = [_generation_key(tournament_id)]
    keys += [_season_generation_key(season) for season in SEASONS_OF.get()(tournament_id)]
    keys += [_player_generation_key(player) for player in PLAYERS_OF.get()(tournament_id)]
    transaction.on_commit(lambda: cache.set_many(dict.fromkeys(keys, _token()), None))


def cached_body(tournament_id: int, view: str, build: Callable[[], object]) -> Body:
    """Any read of a tournament as a cached body: ``build()`` returns plain JSON data; it is
    called again only after the next change."""
    return cached(tournament_id, view, lambda: json_body(build()))


def cached(tournament_id: int, view: str, build: Callable[[], T]) -> T:
    """The view's body for the current generation, computed by one reader at a time.

    One cache round trip per read: the epoch, the generation token and the view's last body,
    which is stored with the (epoch, generation) it was computed for. When a deal makes it
    stale while many phones poll, one of them computes the new body; the others meanwhile get
    the last one (a consistent, slightly older state) instead of all querying at once and
    slowing down the captains' writes.
    """
    return _cached([_generation_key(tournament_id)], _body_key(tournament_id, view), build)


def season_changed(season_id: int) -> None:
    """After the current transaction commits, every cached read of the season is stale (its
    rule, its evenings or what the public may see changed; its evenings' own changes turn its
    reads over by their tournaments' generations)."""
    transaction.on_commit(lambda: cache.set(_season_generation_key(season_id), _token(), None))


def cached_season_body(season_id: int, view: str, build: Callable[[], object]) -> Body:
    """A read of a season over its evenings, cached like a tournament's (``cached``): it stays
    current while neither the season nor any of its evenings changes (``tournament_changed``
    turns the season over too), so a deal corrected at an evening months ago turns the
    season's reads over at once."""
    keys = [_season_generation_key(season_id)]
    return _cached(keys, _season_body_key(season_id, view), lambda: json_body(build()))


def season_read_keys(season_id: int, view: str) -> list[str]:
    """The keys a season's cached read fetches in its one round trip: the epoch, the season's
    generation (a body is served only while both are those it was computed under) and the
    body (bench/season_scale.py reads the same keys without the project's code)."""
    return [_epoch_key(), _season_generation_key(season_id), _season_body_key(season_id, view)]


def player_changed(player_id: int) -> None:
    """After the current transaction commits, the person's public profile is stale (their name,
    consent or profile choice changed, they were merged or erased)."""
    transaction.on_commit(lambda: cache.set(_player_generation_key(player_id), _token(), None))


def cached_player_body(
    player_id: int,
    view: str,
    build: Callable[[], object],
    *,
    tournaments: Iterable[int] = (),
    seasons: Iterable[int] = (),
) -> Body:
    """A read of one person over the tournaments and seasons they played (their public
    profile, their statistics): current while neither the person nor any of those tournaments
    and seasons changes; one cache round trip. A change of a tournament turns over every person
    entered there (``tournament_changed``), so a read over the tournaments a person is entered
    at need not name them (the statistics do not: their read checks three tokens, whatever the
    history); the caller names the seasons it reads over (a season's own changes, such as an
    evening added, turn only the season over), and tournaments it reads beyond those."""
    keys = [
        _player_generation_key(player_id),
        *(_generation_key(tournament) for tournament in sorted(set(tournaments))),
        *(_season_generation_key(season) for season in sorted(set(seasons))),
    ]
    return _cached(keys, f"player:{player_id}:{view}", lambda: json_body(build()))


REGISTRY_GENERATION_KEY = "registry-generation"


_REGISTRY_TURN_OVER = "karlchen_registry_turn_over"  # the connection's pending one


class _RegistryTurnOver:
    """The registry's new generation, drawn once when the transaction that changed it
    commits, however many changes it made (an import of a hundred players: one write)."""

    def __init__(self) -> None:
        self.done = False

    def __call__(self) -> None:
        if not self.done:
            self.done = True
            cache.set(REGISTRY_GENERATION_KEY, _token(), None)


def registry_changed() -> None:
    """A person of the registry was added, changed, merged or erased, or a membership changed:
    every cached read over the registry (its likely duplicates) is stale once the current
    transaction commits. A new token then, one for the whole transaction: each change
    registers the transaction's one turn-over (so that a change whose savepoint is rolled back
    takes only its own registration with it), and the first to run draws the token. Until
    then this transaction's own reads over the registry are not cached (``cached_registry``);
    reads elsewhere see the state before it, which the new token then makes stale."""
    connection = connections[DEFAULT_DB_ALIAS]
    turn_over = _pending_turn_over(connection)
    if turn_over is None:
        turn_over = _RegistryTurnOver()
        setattr(connection, _REGISTRY_TURN_OVER, turn_over)
    transaction.on_commit(turn_over)


def _pending_turn_over(connection: Any) -> _RegistryTurnOver | None:
    """The turn-over the connection's current transaction waits for, if it changed the
    registry (outside a transaction none waits: it ran, or its transaction was rolled back)."""
    turn_over: _RegistryTurnOver | None = getattr(connection, _REGISTRY_TURN_OVER, None)
    if turn_over is None or turn_over.done or not connection.in_atomic_block:
        return None
    # A rolled-back transaction (or savepoint) takes its callbacks with it and leaves the
    # connection's mark behind: one no longer waiting to run is not this transaction's.
    if not any(callback[1] is turn_over for callback in connection.run_on_commit):
        return None
    return turn_over


def cached_registry(view: str, build: Callable[[], T]) -> T:
    """A read over the registry, computed again only after the registry changes
    (``registry_changed``); ``view`` names it and what it was asked for. Inside a transaction
    that changed the registry it is computed from what the transaction sees, and not cached:
    no one else may be served a state that is not committed."""
    if _pending_turn_over(connections[DEFAULT_DB_ALIAS]) is not None:
        return build()
    return _cached([REGISTRY_GENERATION_KEY], f"registry:{view}", build)


def cached_views(tournament_id: int, builds: Mapping[str, Callable[[], Any]]) -> dict[str, Any]:
    """Several views of a tournament, each as ``cached`` gives it, in one cache round trip (a
    spectator's poll of the standings reads the ranking and how far the series are)."""
    keys = {view: _body_key(tournament_id, view) for view in builds}
    return _cached_many([_generation_key(tournament_id)], keys, builds)


def _cached(generation_keys: list[str], body_key: str, build: Callable[[], T]) -> T:
    tokens = [_epoch_key(), *generation_keys]
    held = _recent.get(body_key)
    if held is not None and tuple(values(_default_cache(), tokens)) == held[0]:
        return cast(T, _value(held))
    *found, last = values(_default_cache(), [*tokens, body_key])
    return _current(last, _generation(tokens, found), body_key, build)


def _cached_many(
    generation_keys: list[str],
    body_keys: Mapping[str, str],
    builds: Mapping[str, Callable[[], Any]],
) -> dict[str, Any]:
    tokens = [_epoch_key(), *generation_keys]
    held = [kept for key in body_keys.values() if (kept := _recent.get(key)) is not None]
    if len(held) == len(body_keys):
        generation = tuple(values(_default_cache(), tokens))
        if all(kept[0] == generation for kept in held):
            return {view: _value(kept) for view, kept in zip(body_keys, held, strict=True)}
    found = values(_default_cache(), [*tokens, *body_keys.values()])
    generation = _generation(tokens, found[: len(tokens)])
    return {
        view: _current(last, generation, key, builds[view])
        for (view, key), last in zip(body_keys.items(), found[len(tokens) :], strict=True)
    }


def _generation(keys: list[str], found: list[str | None]) -> tuple[str, ...]:
    """The epoch's and the generations' tokens as read; a missing one is drawn."""
    return tuple(token or _first_token(key) for key, token in zip(keys, found, strict=True))


def _current(
    last: tuple[Any, ...] | None,
    generation: tuple[str, ...],
    body_key: str,
    build: Callable[[], T],
) -> T:
    if last is not None and last[0] == generation:
        _recent.hold(body_key, last)
        return cast(T, _value(last))  # the cache holds (generation, what build() returned)
    computing_key = f"{body_key}:computing:{_digest(generation)}"
    if last is not None and not cache.add(computing_key, 1, COMPUTING_SECONDS):
        return cast(T, _value(last))
    body = replica.build_as_of(generation, build)
    kept = _kept(generation, body)
    cache.set(body_key, kept, BODY_SECONDS)
    cache.delete(computing_key)
    _recent.hold(body_key, kept)
    return body


def _kept(generation: tuple[str, ...], value: object) -> tuple[Any, ...]:
    """What the cache holds for a value computed under ``generation``: a ``Body`` as its two
    fields (unpickling an instance of a class looks the class up by name, which costs a cached
    read more than the rest of its Python does), anything else as it is."""
    if type(value) is Body:
        return (generation, value.etag, value.content)
    return (generation, value)


def _value(kept: tuple[Any, ...]) -> Any:
    return Body(kept[1], kept[2]) if len(kept) == 3 else kept[1]


class _Recent:
    """The bodies this process read or computed last, each as the cache holds it (with the
    generation it was computed under), so that a read whose generation is still current takes
    only the tokens from the cache, not the body again (a tournament's standings are some
    100 kB, its tokens a few dozen bytes). The tokens are read on every read all the same: a
    body held here is served exactly while the cache's would be. Only values no caller can
    change are held (a body, a text, a frozen record of such), at most ``SIZE`` of them and
    ``BYTES`` of bodies; the first held goes first."""

    SIZE = 256
    BYTES = 32_000_000

    def __init__(self) -> None:
        self._held: dict[str, tuple[Any, ...]] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self.get = self._held.get

    def hold(self, key: str, kept: tuple[Any, ...]) -> None:
        held = self._held.get(key)
        if held is kept or (held is not None and held[0] == kept[0]) or not _fixed(kept):
            return
        with self._lock:
            self._drop(key)
            self._held[key] = kept
            self._bytes += _size(kept)
            while len(self._held) > self.SIZE or self._bytes > self.BYTES:
                self._drop(next(iter(self._held)))

    def clear(self) -> None:
        with self._lock:
            self._held.clear()
            self._bytes = 0

    def _drop(self, key: str) -> None:
        dropped = self._held.pop(key, None)
        if dropped is not None:
            self._bytes -= _size(dropped)


_FIXED_TYPES = (str, bytes, int, float, bool, type(None))


def _fixed(kept: tuple[Any, ...]) -> bool:
    """Whether what the cache holds can be handed to every reader as it is: no one can change
    it (what ``get`` unpickles is each reader's own copy; a value held here is shared)."""
    if len(kept) == 3:
        return True  # a Body: its ETag and bytes
    value = kept[1]
    if type(value) in _FIXED_TYPES:
        return True
    params = getattr(value, "__dataclass_params__", None)
    return bool(params and params.frozen) and all(
        type(getattr(value, field.name)) in _FIXED_TYPES for field in dataclasses.fields(value)
    )


def _size(kept: tuple[Any, ...]) -> int:
    return len(kept[2]) + 100 if len(kept) == 3 else 100


_recent = _Recent()


_held = threading.local()
_settings_changes = [0]  # how often the cache settings changed (tests change them)


def _default_cache() -> BaseCache:
    """Django's default cache of this thread, held by the thread: looking it up in ``caches``
    (a context-local) each time costs a cached read a few µs, as much as its generation check.
    A change of the cache settings (tests) looks it up again."""
    held = getattr(_held, "cache", None)
    if held is None or held[0] != _settings_changes[0]:
        held = _held.cache = (_settings_changes[0], caches[DEFAULT_CACHE_ALIAS])
    return held[1]


@receiver(setting_changed, dispatch_uid="karlchen.changes.cache_settings")
def _cache_settings_changed(*, setting: str, **kwargs: Any) -> None:
    if setting == "CACHES":
        _settings_changes[0] += 1
        _recent.clear()


def _digest(generation: tuple[str, ...]) -> str:
    # a season's generation holds a token per evening: a short key for any number of them
    return (
        ":".join(generation)
        if len(generation) <= 2
        else hashlib.sha256(":".join(generation).encode()).hexdigest()[:32]
    )


@receiver(reconnected, dispatch_uid="karlchen.changes.new_epoch")
def _new_epoch(**kwargs: Any) -> None:
    """Redis is back after an error: whatever this process changed meanwhile was not recorded
    there, so nothing cached before counts any more."""
    kwargs["cache"].set(_epoch_key(), _token(), None)


def json_body(data: object) -> Body:
    content = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    etag = f'"{hashlib.sha256(content).hexdigest()[:32]}"'
    return Body(etag=etag, content=content)


def _body_key(tournament_id: int, view: str) -> str:
    return f"ranking:{tournament_id}:{view}"


def _first_token(key: str) -> str:
    """A first (or lost) token; another reader's, should it have been quicker."""
    token = _token()
    if not cache.add(key, token, None):
        token = cache.get(key, token)
    return token


def _epoch_key() -> str:
    """The key of the token every cached body is computed under, one per release: a new
    release computes every body afresh (``karlchen.release``), and the old ones expire."""
    return f"ranking-epoch:{release()}"


def _generation_key(tournament_id: int) -> str:
    return f"ranking-generation:{tournament_id}"


def _season_generation_key(season_id: int) -> str:
    return f"season-generation:{season_id}"


def _season_body_key(season_id: int, view: str) -> str:
    return f"season:{season_id}:{view}"


def _player_generation_key(player_id: int) -> str:
    return f"player-generation:{player_id}"


def _token() -> str:
    """A fresh random token, not a counter: should the cache lose it, no old body comes back.
    With a read replica it names the primary's WAL position, which the replica must have
    replayed before it computes reads of this generation (``karlchen.replica``)."""
    position = replica.primary_position()
    return f"{uuid.uuid4().hex}{replica.POSITION_MARK}{position}" if position else uuid.uuid4().hex
