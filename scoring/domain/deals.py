"""Recording, correcting and voiding deals: checked by both engines, stored with their history.

Every write runs in a transaction holding the table's row lock (``select_for_update``), so two
captains saving at the same moment are serialised by the database: the second one sees the first
one's deal and gets a conflict (or, repeating an idempotency key, the stored deal back). The rules
engine computes every point; the series engine decides deal numbers, dealers and deal kinds.
Nothing is ever deleted: a correction or a void is a new revision, and standings read the current
revision of each deal.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from karlchen import limits
from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import Closed, Conflict, Problem, Refused, refused
from rules import DealScore, bock_triggers, doppelkopf, parse_rules, quick, schafkopf, score_deal
from rules.doppelkopf import DoppelkopfRules
from scoring.domain.totals import refresh_totals
from scoring.log import ScoringCode
from scoring.models import Deal, DealRevision, IdempotencyKey, RevisionPoints
from seating.domain.seating import table_with_tournament
from seating.models import Seat, Table
from tournaments.domain.frozen import key_share_lock
from tournaments.engine.series import (
    DealKind,
    NextDeal,
    PlayedDeal,
    SeriesRefused,
    SeriesSettings,
    TimelineEntry,
    bock_factor,
    bock_points,
    classify,
    replay,
    timeline,
)
from tournaments.enums import EntryMode, Game, SeriesStatus, TournamentStatus
from tournaments.models import Entry, Series, Tournament

EngineDeal = doppelkopf.DoppelkopfDeal | schafkopf.SchafkopfDeal | quick.QuickDeal


@dataclass
class _TableScope:
    """Everything a write needs about one table, loaded while its row is locked.

    The deals are loaded when first asked for (still under the lock): recording a deal needs
    only what was entered in the earlier ones, not their rows.
    """

    table: Table
    tournament: Tournament
    seats: dict[int, int]  # position → entry id

    @property
    def settings(self) -> SeriesSettings:
        return self.tournament.series_settings(len(self.seats))

    @property
    def entry_pins(self) -> dict[int, str]:
        pins = dict(Entry.objects.filter(pk__in=self.seats.values()).values_list("pk", "pin"))
        return {position: pins[entry] for position, entry in self.seats.items()}

    @cached_property
    def deals(self) -> list[Deal]:
        return list(
            Deal.objects.filter(table_id=self.table.pk).select_related("current").order_by("number")
        )

    @cached_property
    def played(self) -> tuple[PlayedDeal, ...]:
        if "deals" in self.__dict__:
            rows = [(deal.current.input, deal.current.voided) for deal in self.deals]
        else:
            rows = [(_json(data), voided) for (data, voided) in _select(PLAYED_SQL, self.table.pk)]
        return played_deals(self.tournament.game, self.tournament.rules, self.settings, rows)


def played_deals(
    game: str,
    rules: Mapping[str, Any],
    settings: SeriesSettings,
    rows: Sequence[tuple[Mapping[str, Any], bool]],
) -> tuple[PlayedDeal, ...]:
    """The deals as the series sees them, from what was entered and whether it was voided.

    Where the rules play Bock rounds, the rules engine says which deals start one (a voided
    deal starts none: it scored nothing).
    """
    if settings.bock is None:
        return tuple(PlayedDeal.of_result(game, data) for data, _voided in rows)
    engine_rules = parse_rules(game, rules)
    return tuple(
        PlayedDeal.of_result(
            game, data, bock_trigger=not voided and _starts_bock(game, engine_rules, data)
        )
        for data, voided in rows
    )


def _starts_bock(
    game: str, rules: doppelkopf.DoppelkopfRules | schafkopf.SchafkopfRules, data: Mapping[str, Any]
) -> bool:
    """Whether an entered deal starts a Bock round; one the engine refuses starts none (the
    scoring of that deal reports why). A quick entry starts none: it has no cards to say so."""
    if quick.is_quick(data):
        return False
    try:
        return bool(bock_triggers(rules, doppelkopf.deal_from_dict(data)))
    except Refused:
        return False


def _json(data: Any) -> Any:
    return json.loads(data) if isinstance(data, str) else data


def record_deal(
    table: Table,
    *,
    deal: Mapping[str, Any],
    by: Actor,
    number: int | None = None,
    idempotency_key: str | None = None,
) -> DealRevision:
    """Record the next deal of ``table`` (its number, dealer and kind come from the series).

    ``number``, where given, is the deal the client means to record: if another deal took that
    number first, the write is refused with a conflict instead of becoming the deal after it.
    """

    def write(scope: _TableScope) -> DealRevision:
        upcoming = _upcoming(scope)
        if number is not None and number != upcoming.number:
            raise Conflict("deal_number_taken", "number", number=number, next=upcoming.number)
        engine_deal, score, kind = _evaluate_new(scope, deal, upcoming)
        row = Deal.objects.create(
            table=scope.table,
            number=upcoming.number,
            kind=kind,
            dealer=upcoming.dealer,
            sitting_out=upcoming.sitting_out,
        )
        revision = _add_revision(scope, row, engine_deal, score, by=by)
        _mark_running(scope)
        return revision

    try:
        return _keyed_write(table, by, idempotency_key, ("record", number, deal), write)
    except IntegrityError as race:  # only without the lock, e.g. a writer outside Karlchen
        raise Conflict("deal_number_taken", "number", number=number) from race


def correct_deal(
    table: Table,
    number: int,
    *,
    deal: Mapping[str, Any],
    version: int,
    reason: str,
    by: Actor,
    idempotency_key: str | None = None,
) -> DealRevision:
    """Replace deal ``number``'s result by a new revision (the old ones stay as history).

    ``version`` is the version the client corrected; a newer one means someone else changed the
    deal meanwhile (conflict). The whole series is checked again, since a changed solo can change
    the kind and dealer of every later deal; those are updated too.
    """

    def write(scope: _TableScope) -> DealRevision:
        target = _deal_for_update(scope, number, version, reason)
        problems, entries = _corrected_timeline(scope, target, deal)
        players = tuple(p for p in sorted(scope.seats) if p != target.sitting_out)
        bock = _entry_bock(entries[number - 1] if entries else None)
        engine_deal, score = _score(scope, deal, players, problems, **bock)
        assert entries is not None  # without a timeline there were problems: _score refused
        revision = _add_revision(scope, target, engine_deal, score, by=by, reason=reason)
        _apply_timeline(scope, entries)
        return revision

    fingerprint = ("correct", number, deal, version, reason)
    return _keyed_write(table, by, idempotency_key, fingerprint, write)


def void_deal(
    table: Table,
    number: int,
    *,
    version: int,
    reason: str,
    by: Actor,
    idempotency_key: str | None = None,
) -> DealRevision:
    """Annul deal ``number`` (TSR 9: a void game scores 0 for everyone) as a new revision.

    The deal keeps its place in the series (it was dealt: the dealer moved on); a later
    correction can bring a result back.
    """

    def write(scope: _TableScope) -> DealRevision:
        target = _deal_for_update(scope, number, version, reason)
        revision = _new_revision(
            target,
            input=target.current.input,
            result=dict(VOID_RESULT),
            by=by,
            reason=reason,
            voided=True,
        )
        target.voided = True
        target.save(update_fields=["voided"])
        if scope.settings.bock is not None:  # a voided deal starts no Bock round any more
            scope.__dict__.pop("played", None)
            _apply_timeline(
                scope,
                timeline(scope.settings, scope.played, time_up_after=scope.table.time_up_after),
            )
        _after_commit(scope)
        return revision

    fingerprint = ("void", number, version, reason)
    return _keyed_write(table, by, idempotency_key, fingerprint, write)


@dataclass(frozen=True)
class DealPreview:
    """What recording (or correcting) a deal would store, computed without storing anything."""

    number: int
    kind: str
    dealer: int
    sitting_out: int | None
    score: DealScore
    points: dict[int, int]  # entry id → points


def preview_deal(
    table: Table, *, deal: Mapping[str, Any], number: int | None = None
) -> DealPreview:
    """Check ``deal`` by both engines as the next deal, or as a correction of deal ``number``.

    The same checks as ``record_deal`` and ``correct_deal``, so that what a captain is shown
    before saving is what saving will do; nothing is locked or written.
    """
    scope = _load(table.pk, lock=False)
    if number is not None and number <= len(scope.deals):
        target = scope.deals[number - 1]
        problems, entries = _corrected_timeline(scope, target, deal)
        players = tuple(p for p in sorted(scope.seats) if p != target.sitting_out)
        bock = _entry_bock(entries[number - 1] if entries else None)
        _engine_deal, score = _score(scope, deal, players, problems, **bock)
        assert entries is not None  # without a timeline there were problems: _score refused
        entry = entries[number - 1]
        kind, dealer, sitting_out = entry.kind, entry.deal.dealer, entry.deal.sitting_out
    else:
        upcoming = _upcoming(scope)
        if number is not None and number != upcoming.number:
            raise Conflict("deal_number_taken", "number", number=number, next=upcoming.number)
        _engine_deal, score, kind = _evaluate_new(scope, deal, upcoming)
        number, dealer, sitting_out = upcoming.number, upcoming.dealer, upcoming.sitting_out
    points = {scope.seats[seat]: value for seat, value in sorted(score.points.items())}
    return DealPreview(number, kind, dealer, sitting_out, score, points)


PIN_ATTEMPTS = 5  # wrong PINs per deal revision before confirming pauses
PIN_PAUSE_SECONDS = 300


def confirm_deal(
    table: Table, number: int, *, version: int, position: int, pin: str
) -> DealRevision:
    """A player of the other party confirms deal ``number`` (its ``version``) with their PIN.

    Confirming again is harmless (the first confirmation stays). Wrong PINs are counted per
    revision, outside the transaction, so that guessing is paused after a few tries.
    """
    with transaction.atomic():
        scope = _lock(table.pk)
        if scope.tournament.results_final:
            raise refused("results_final", "tournament")
        if not scope.tournament.confirmation_required:
            raise refused("confirmation_not_required", "deal")
        target = _deal_of(scope, number)
        if target.version != version:
            raise Conflict("stale_version", "version", current=target.version, given=version)
        revision = target.current
        if revision.voided:
            raise refused("deal_voided", "deal", number=number)
        if revision.confirmed_at is not None:
            return revision
        keeper = max(scope.seats)
        if position not in confirming_positions(scope.tournament.game, revision.input, keeper):
            raise refused("confirmer_not_eligible", "player", player=position)
        _check_pin(revision, scope.entry_pins[position], pin)
        revision.confirmed_by_id, revision.confirmed_at = scope.seats[position], timezone.now()
        revision.save(update_fields=["confirmed_by", "confirmed_at"])
        refresh_totals([scope.table.pk])  # what the public sees counts confirmed deals only
        _after_commit(scope)
    return revision


def confirming_positions(game: str, entered: Mapping[str, Any], keeper: int) -> tuple[int, ...]:
    """Who may confirm a deal: its players outside the list keeper's party (all, if they sat out).

    The list keeper (position 4, or 5 at a five-table) enters the deals; a player of the other
    party vouches for them, as opponents accept a Bridgemate entry.
    """
    players = tuple(entered["seats"])
    if game == Game.SCHAFKOPF:
        side = {entered.get("declarer"), entered.get("partner")} - {None}
        if not side:  # a Ramsch: everyone plays alone, so any other player confirms
            side = {keeper}
    elif quick.is_quick(entered):  # the winners are a side; with none, anyone else confirms
        side = set(entered["winners"]) or {keeper}
    else:
        side = set(entered["re"])
    if keeper not in players:
        return players
    keeper_side = side if keeper in side else set(players) - side
    return tuple(seat for seat in players if seat not in keeper_side)


def _check_pin(revision: DealRevision, expected: str, given: str) -> None:
    attempts_key = f"pin-attempts:{revision.pk}"
    if limits.hits(attempts_key) >= PIN_ATTEMPTS:
        raise refused("pin_attempts_exceeded", "pin", minutes=PIN_PAUSE_SECONDS // 60)
    if not hmac.compare_digest(expected.encode(), given.encode()):
        limits.hit(attempts_key, PIN_PAUSE_SECONDS)  # counted in Redis, else in this process
        raise refused("pin_wrong", "pin")


def _keyed_write(
    table: Table,
    by: Actor,
    key: str | None,
    request: tuple[object, ...],
    write: Callable[[_TableScope], DealRevision],
) -> DealRevision:
    """Run ``write`` with the table locked; a key seen before returns what it stored then."""
    fingerprint = _fingerprint(*request)
    with transaction.atomic():
        scope = _lock(table.pk)
        if stored := _stored_for_key(scope.table, key, fingerprint):
            return stored
        _check_writable(scope, by)
        revision = write(scope)
        refresh_totals([scope.table.pk])  # the standings read these, in this transaction
        _remember_key(scope.table, key, fingerprint, revision)
        if by.organiser:  # a captain's writes are in the revisions; an organiser's in the log too
            _log_organiser_write(scope, by, revision)
    return revision


def _log_organiser_write(scope: _TableScope, by: Actor, revision: DealRevision) -> None:
    if revision.voided:
        action = ScoringCode.DEAL_VOIDED
    else:
        action = ScoringCode.DEAL_RECORDED if revision.version == 1 else ScoringCode.DEAL_CORRECTED
    details: dict[str, object] = {"deal": revision.deal.number, "table": scope.table.number}
    details |= {"series": scope.table.series.number, "reason": revision.reason}
    log(scope.tournament, by, action, **details)


def _corrected_timeline(
    scope: _TableScope, target: Deal, deal: Mapping[str, Any]
) -> tuple[list[Problem], tuple[TimelineEntry, ...] | None]:
    """The series replayed with the corrected deal: its problems, and every deal's new kind."""
    index = scope.deals.index(target)
    played = list(scope.played)
    tournament = scope.tournament
    # a correction brings a voided deal back: the corrected result may start a Bock round
    players = [p for p in sorted(scope.seats) if p != target.sitting_out]
    entered = [({**_as_played(scope, deal, tuple(players)), "seats": players}, False)]
    (played[index],) = played_deals(tournament.game, tournament.rules, scope.settings, entered)
    try:
        entries = timeline(scope.settings, played, time_up_after=scope.table.time_up_after)
    except SeriesRefused as refusal:
        return [_series_problem(scope.tournament.game, refusal)], None
    return _later_deals_reseated(scope, entries, index), entries


# --- loading and checks ----------------------------------------------------------------------


def _lock(table_id: int) -> _TableScope:
    return _load(table_id, lock=True)


def _load(table_id: int, *, lock: bool) -> _TableScope:
    # the table row only is locked, not the series and tournament rows all tables share
    table = table_with_tournament("id", table_id, lock=lock)
    if table is None:
        raise Table.DoesNotExist("Table matching query does not exist.")
    if lock:
        # A statement that waited for the lock saw the series as it was when it started; the
        # status read again now is the one a close committed meanwhile (PostgreSQL).
        # The same statement reads whether the results are final, under a lock that marking
        # them final waits for (tournaments.domain.final).
        status, final_at = _select(SERIES_STATUS_SQL + key_share_lock(), table.series_id)[0]
        table.series.status = status
        table.series.tournament.results_final_at = final_at
    return _TableScope(table, table.series.tournament, dict(_select(SEATS_SQL, table.pk)))


# Under the lock every write reads the table's seats, what was entered in its deals and its
# idempotency key. As querysets these three small reads cost more Python (compiling SQL) than
# the rest of recording a deal; written out once, a fraction of that. Plain SQL that PostgreSQL
# and SQLite both run; the tables' names come from the models.
SEATS_SQL = f'SELECT "position", entry_id FROM {Seat._meta.db_table} WHERE table_id = %s'
SERIES_STATUS_SQL = (
    f"SELECT series.status, tournament.results_final_at FROM {Series._meta.db_table} series"
    f" JOIN {Tournament._meta.db_table} tournament ON tournament.id = series.tournament_id"
    " WHERE series.id = %s"
)
PLAYED_SQL = (
    f"SELECT revision.input, revision.voided FROM {Deal._meta.db_table} deal"
    f" JOIN {DealRevision._meta.db_table} revision ON revision.id = deal.current_id"
    " WHERE deal.table_id = %s ORDER BY deal.number"
)
KEY_SQL = (
    f"SELECT fingerprint, revision_id FROM {IdempotencyKey._meta.db_table}"
    ' WHERE table_id = %s AND "key" = %s'
)


def _select(sql: str, *params: int | str) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _check_writable(scope: _TableScope, by: Actor) -> None:
    if scope.tournament.results_final:
        raise refused("results_final", "tournament")
    if scope.table.series.status == SeriesStatus.CLOSED and not by.organiser:
        raise Closed("series_closed")
    if len(scope.seats) not in (4, 5):
        raise refused("table_not_seated", "table", seats=len(scope.seats))


def _upcoming(scope: _TableScope) -> NextDeal:
    state = replay(scope.settings, scope.played, time_up_after=scope.table.time_up_after)
    if state.next_deal is None:
        raise refused("series_complete", "deal")
    return state.next_deal


def _deal_of(scope: _TableScope, number: int) -> Deal:
    target = next((deal for deal in scope.deals if deal.number == number), None)
    if target is None:
        raise refused("deal_not_found", "number", number=number)
    return target


def _deal_for_update(scope: _TableScope, number: int, version: int, reason: str) -> Deal:
    target = _deal_of(scope, number)
    if target.version != version:
        raise Conflict("stale_version", "version", current=target.version, given=version)
    if not reason.strip():
        raise refused("reason_required", "reason")
    return target


def _stored_for_key(table: Table, key: str | None, fingerprint: str) -> DealRevision | None:
    if not key:
        return None
    # Nearly every key is new: its revision is loaded only when it is not.
    stored = _select(KEY_SQL, table.pk, key)
    if not stored:
        return None
    ((stored_fingerprint, revision_id),) = stored
    if stored_fingerprint != fingerprint:
        raise Conflict("idempotency_key_reused", "idempotency_key")
    return DealRevision.objects.get(pk=revision_id)


def _remember_key(table: Table, key: str | None, fingerprint: str, revision: DealRevision) -> None:
    if key:
        IdempotencyKey.objects.create(
            table=table, key=key, fingerprint=fingerprint, revision=revision
        )


def _fingerprint(*parts: object) -> str:
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


# --- the engines -----------------------------------------------------------------------------


def _evaluate_new(
    scope: _TableScope, deal: Mapping[str, Any], upcoming: NextDeal
) -> tuple[EngineDeal, DealScore, DealKind]:
    """Score the deal and classify it in the series, reporting both engines' problems at once."""
    problems, kind = [], None
    try:
        kind = classify(
            scope.settings,
            scope.played,
            PlayedDeal.of_result(scope.tournament.game, _as_played(scope, deal, upcoming.players)),
            time_up_after=scope.table.time_up_after,
        )
    except SeriesRefused as refusal:
        problems.append(_series_problem(scope.tournament.game, refusal))
    bock = {"bock_factor": 1, "bock_points": 0}
    if kind is not None:
        bock = {
            "bock_factor": bock_factor(scope.settings, upcoming, kind),
            "bock_points": bock_points(scope.settings, upcoming, kind),
        }
    engine_deal, score = _score(scope, deal, upcoming.players, problems, **bock)
    assert kind is not None  # without a kind there were problems: _score refused
    return engine_deal, score, kind


def _score(
    scope: _TableScope,
    deal: Mapping[str, Any],
    players: tuple[int, ...],
    problems: list[Problem],
    *,
    bock_factor: int = 1,
    bock_points: int = 0,
) -> tuple[EngineDeal, DealScore]:
    """The engine's deal (seats: the positions playing this deal) and its score, or refuse."""
    tournament = scope.tournament
    if quick.is_quick(deal) and tournament.entry_mode == EntryMode.FULL:
        problems.append(Problem("quick_entry_off", "deal.entry"))
    return _scored(
        tournament.game,
        tournament.rules,
        deal,
        players,
        problems,
        bock_factor=bock_factor,
        bock_points=bock_points,
    )


def _entry_bock(entry: TimelineEntry | None) -> dict[str, int]:
    """The Bock keywords of scoring a deal at its place in the series."""
    if entry is None:
        return {"bock_factor": 1, "bock_points": 0}
    return {"bock_factor": entry.bock_factor, "bock_points": entry.bock_points}


def _scored(
    game: str,
    rules: Mapping[str, Any],
    deal: Mapping[str, Any],
    players: tuple[int, ...],
    problems: list[Problem],
    *,
    bock_factor: int = 1,
    bock_points: int = 0,
) -> tuple[EngineDeal, DealScore]:
    given = deal.get("seats")
    if given and sorted(given) != sorted(players):
        problems.append(Problem("seats_mismatch", "deal.seats", {"expected": _listed(players)}))
    if quick.is_quick(deal):
        return _scored_quick(game, rules, deal, players, problems)
    convert = schafkopf.deal_from_dict if game == Game.SCHAFKOPF else doppelkopf.deal_from_dict
    engine_deal, score = convert({**deal, "seats": list(players)}), None
    try:
        score = score_deal(
            parse_rules(game, rules),
            engine_deal,
            bock_factor=bock_factor,
            bock_points=bock_points,
        )
    except Refused as refusal:
        problems.extend(refusal.problems)
    if problems:
        raise Refused(problems)
    assert score is not None  # the engine scored it or refused it above
    return engine_deal, score


def _as_played(
    scope: _TableScope, deal: Mapping[str, Any], players: tuple[int, ...]
) -> Mapping[str, Any]:
    """A quick entry as the series sees it: with the game and soloist its points give (as
    entered where it is refused; scoring it reports why)."""
    if not quick.is_quick(deal):
        return deal
    tournament = scope.tournament
    try:
        completed, _score = _scored_quick(tournament.game, tournament.rules, deal, players, [])
    except Refused:
        return deal
    assert isinstance(completed, quick.QuickDeal)
    return quick.entered(completed)


def _scored_quick(
    game: str,
    rules: Mapping[str, Any],
    deal: Mapping[str, Any],
    players: tuple[int, ...],
    problems: list[Problem],
) -> tuple[EngineDeal, DealScore]:
    """A quick entry (RULES.md §11.8): the value entered is the deal's value as the table
    wrote it, so no Bock factor is applied to it."""
    engine_rules = parse_rules(game, rules)
    multiplier = engine_rules.solo_multiplier if isinstance(engine_rules, DoppelkopfRules) else 3
    given = quick.quick_deal_from_dict({**deal, "seats": list(players)})
    completed, score = given, None
    try:
        completed, score = quick.score_quick(given, solo_multiplier=multiplier)
    except Refused as refusal:
        problems.extend(refusal.problems)
    if problems:
        raise Refused(problems)
    assert score is not None
    return completed, score


@dataclass(frozen=True)
class ScoredDeal:
    """A deal as recording it stores it: what was entered, the result and the points."""

    entered: dict[str, Any]  # ``DealRevision.input``
    result: dict[str, Any]  # ``DealRevision.result``
    points: dict[int, int]  # position → points (``RevisionPoints``)


def score_entered(
    game: str,
    rules: Mapping[str, Any],
    deal: Mapping[str, Any],
    players: tuple[int, ...],
    *,
    bock_factor: int = 1,
    bock_points: int = 0,
) -> ScoredDeal:
    """``deal`` (its shape checked by the contract's serializer) scored for ``players`` exactly
    as recording or correcting it scores it (with the Bock factor or points the series gave
    it); refused with the same problems (``deal.…``)."""
    engine_deal, score = _scored(
        game, rules, deal, players, [], bock_factor=bock_factor, bock_points=bock_points
    )
    return ScoredDeal(_entered(engine_deal), _result(score), dict(score.points))


def replay_entered(
    game: str,
    rules: Mapping[str, Any],
    settings: SeriesSettings,
    deals: Sequence[tuple[Mapping[str, Any], bool]],
    *,
    time_up_after: int | None,
) -> tuple[TimelineEntry, ...]:
    """The series at a table from its deals as entered (the current revisions, each with
    whether it is voided), checked as recording them one after another checks them: each
    deal's kind, dealer, players and Bock factor."""
    played = played_deals(game, rules, settings, deals)
    try:
        return timeline(settings, played, time_up_after=time_up_after)
    except SeriesRefused as refusal:
        raise Refused([_series_problem(game, refusal)]) from refusal


def _later_deals_reseated(
    scope: _TableScope, entries: Sequence[TimelineEntry], index: int
) -> list[Problem]:
    """At a five-table a changed dealer changes who sat out later, which already happened."""
    return [
        Problem("correction_reseats_later_deal", "deal", {"number": deal.number})
        for deal, entry in zip(scope.deals[index + 1 :], entries[index + 1 :], strict=True)
        if sorted(deal.current.input["seats"]) != sorted(entry.deal.players)
    ][:1]


def _series_problem(game: str, refusal: SeriesRefused) -> Problem:
    """The series engine speaks of a soloist; the deal format names it re or declarer."""
    soloist_field = "deal.declarer" if game == Game.SCHAFKOPF else "deal.re"
    field = soloist_field if refusal.field == "deal.soloist" else refusal.field
    return Problem(refusal.code, field, refusal.params)


def _listed(positions: Sequence[int]) -> str:
    return ", ".join(map(str, positions))


# --- storing ---------------------------------------------------------------------------------


def _add_revision(
    scope: _TableScope,
    row: Deal,
    engine_deal: EngineDeal,
    score: DealScore,
    *,
    by: Actor,
    reason: str = "",
) -> DealRevision:
    revision = _new_revision(
        row, input=_entered(engine_deal), result=_result(score), by=by, reason=reason
    )
    # kept on the revision, so that whoever answers with it needs no query for them
    revision.stored_points = RevisionPoints.objects.bulk_create(
        RevisionPoints(
            revision=revision,
            entry_id=scope.seats[position],
            position=position,
            points=points,
        )
        for position, points in sorted(score.points.items())
    )
    if row.voided:
        row.voided = False
        row.save(update_fields=["voided"])
    _after_commit(scope)
    return revision


def _new_revision(
    row: Deal,
    *,
    input: dict[str, Any],
    result: dict[str, Any],
    by: Actor,
    reason: str,
    voided: bool = False,
) -> DealRevision:
    version = row.version + 1 if row.current_id else 1
    revision = DealRevision.objects.create(
        deal=row,
        version=version,
        input=input,
        result=result,
        voided=voided,
        author=by.user,
        author_label=by.label[:100],
        reason=reason,
    )
    row.current, row.version = revision, version
    row.save(update_fields=["current", "version"])
    return revision


def _entered(engine_deal: EngineDeal) -> dict[str, Any]:
    if isinstance(engine_deal, quick.QuickDeal):
        return quick.entered(engine_deal)
    stored: dict[str, Any] = json.loads(json.dumps(asdict(engine_deal)))  # lists, not tuples
    return stored


VOID_RESULT: dict[str, Any] = {
    "voided": True,
    "winner": None,
    "value": 0,
    "lines": [],
    "points": {},
}


def _result(score: DealScore) -> dict[str, Any]:
    result: dict[str, Any] = {
        "winner": score.winner,
        "value": score.value,
        "lines": [asdict(line) for line in score.lines],
        "points": {str(seat): points for seat, points in sorted(score.points.items())},
    }
    # only Bock deals and those starting a round carry the Bock keys (docs/API.md §4)
    if score.bock_factor > 1:
        result["bock_factor"] = score.bock_factor
    if score.bock_points:
        result["bock_points"] = score.bock_points
    if score.bock_triggers:
        result["bock_triggers"] = sorted(score.bock_triggers)
    return result


def stored_bock_factor(result: Mapping[str, Any]) -> int:
    """The Bock factor a stored result was scored with (1: none, or a void)."""
    factor = result.get("bock_factor", 1)
    return factor if isinstance(factor, int) else 1


def stored_bock_points(result: Mapping[str, Any]) -> int:
    """The points Bock added to a stored result (0: none, a void, or a multiplying Bock)."""
    points = result.get("bock_points", 0)
    return points if isinstance(points, int) else 0


def _apply_timeline(scope: _TableScope, entries: Sequence[TimelineEntry]) -> None:
    """Store the kinds and dealers a corrected series now has (usually nothing changes), and
    score again the deals whose Bock factor (or points) it moved."""
    changed = []
    for deal, entry in zip(scope.deals, entries, strict=True):
        values = (entry.kind.value, entry.deal.dealer, entry.deal.sitting_out)
        if (deal.kind, deal.dealer, deal.sitting_out) != values:
            deal.kind, deal.dealer, deal.sitting_out = values
            changed.append(deal)
        current = deal.current
        stored = (stored_bock_factor(current.result), stored_bock_points(current.result))
        if (
            not current.voided
            and not quick.is_quick(current.input)  # its value is as written: no Bock
            and stored != (entry.bock_factor, entry.bock_points)
        ):
            _rescore(scope, current, entry)
    Deal.objects.bulk_update(changed, ["kind", "dealer", "sitting_out"])


def _rescore(scope: _TableScope, revision: DealRevision, entry: TimelineEntry) -> None:
    """A correction (or void) of an earlier deal moved the Bock rounds over this deal.

    Its result is derived from what was entered AND its place in the series: the current
    revision keeps its input, version and confirmation, and its result and points are worked
    out again with the new factor or points in the same transaction (RULES.md §2.3, "Corrections").
    """
    entered = revision.input
    players = tuple(entered["seats"])
    tournament = scope.tournament
    _engine_deal, score = _scored(
        tournament.game, tournament.rules, entered, players, [], **_entry_bock(entry)
    )
    revision.result = _result(score)
    revision.save(update_fields=["result"])
    stored = {row.position: row for row in RevisionPoints.objects.filter(revision=revision)}
    for position, points in score.points.items():
        stored[position].points = points
    RevisionPoints.objects.bulk_update(stored.values(), ["points"])


def _mark_running(scope: _TableScope) -> None:
    series, tournament = scope.table.series, scope.tournament
    if series.status in (SeriesStatus.PLANNED, SeriesStatus.SEATED):
        series.status = SeriesStatus.RUNNING
        series.save(update_fields=["status"])
    if tournament.status == TournamentStatus.OPEN:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])


def _after_commit(scope: _TableScope) -> None:
    tournament_changed(
        scope.tournament.pk
    )  # standings and sheets are read anew once this write commits
