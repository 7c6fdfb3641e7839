"""A whole tournament as one JSON document, and back: the club's archive of an evening.

The archive holds what was entered and decided, not what follows from it: the rules, the
entries, every series with its seating, every deal with its full revision history (who, when,
why, confirmed by whom) and every penalty row. Importing it creates a new tournament (new
captain links; PINs and players' data as archived) whose standings are the archived ones.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from bisect import bisect_left
from collections.abc import Collection, Mapping
from itertools import islice
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from clubs.domain.names import affiliation
from clubs.models import Club
from karlchen.actors import Actor
from karlchen.log import log
from karlchen.plaintext import CODE as TEXT_CODE
from karlchen.plaintext import forbidden_fields
from karlchen.refusals import Problem, Refused, refused
from karlchen.strict_input import flatten
from people.models import Player
from results.domain.standings import standings
from results.log import ResultsCode
from results.ports import RESULTS_PARTS
from rules import doppelkopf, parse_rules
from scoring.contract import (
    MAX_LIST,
    DoppelkopfDealInput,
    QuickDealInput,
    SchafkopfDealInput,
    plain,
)
from scoring.domain.adjustments import check_adjustment
from scoring.domain.deals import (
    VOID_RESULT,
    confirming_positions,
    replay_entered,
    score_entered,
    stored_bock_factor,
    stored_bock_points,
)
from scoring.domain.totals import refresh_totals
from scoring.enums import AdjustmentKind, DealKind
from scoring.models import Adjustment, AdjustmentLine, Deal, DealRevision, RevisionPoints
from seating.domain.seating import new_table
from seating.models import Seat, Table
from tournaments.domain.tournaments import add_missing_series
from tournaments.engine.series import SeriesSettings, TimelineEntry
from tournaments.enums import (
    EntryMode,
    Game,
    SeatingMethod,
    SeriesStatus,
    TieBreak,
    TournamentStatus,
)
from tournaments.models import START_TIME_FORMAT, Entry, Series, Tournament

FORMAT = "karlchen-tournament"
VERSION = 1
TOURNAMENT_FIELDS = (
    "name",
    "venue",
    "game",
    "rules",
    "series_count",
    "normal_deals",
    "compulsory_solos",
    "confirmation_required",
    "status",
    "standings_public",
    "tie_breaks",
    "seating_method",
    "frozen_standings",
)
# Written only where it is not the default, so that an evening of full deals is archived as
# before quick entry existed (RULES.md §11.8); read where given.
# Written only where they differ from the default, so older archives read the same.
# The start time is written as "HH:MM" (local time, as the tournament's date is).
OPTIONAL_FIELDS = {
    "entry_mode": EntryMode.FULL.value,
    "region": "",
    "referee": "",
    "start_time": None,
}
START_TIME = re.compile(r"[0-9]{2}:[0-9]{2}")  # START_TIME_FORMAT's form
ENTRY_FLAGS = ("checked_in", "withdrawn", "hidden", "pin")


def export_archive(
    tournament: Tournament, *, players: dict[int, int] | None = None
) -> dict[str, Any]:
    """The tournament's archive. ``players``, where given, numbers the players of an archive of
    several tournaments (a season's): each entry says which (``player``), numbered in the order
    they first appear, so that the import knows one person across them."""
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}
    numbers = {pk: entry.start_number for pk, entry in entries.items()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": {
            **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS},
            **{
                name: getattr(tournament, name)
                for name, default in OPTIONAL_FIELDS.items()
                if getattr(tournament, name) != default
            },
            "date": tournament.date.isoformat(),
            **_start_time(tournament),
            "standings_frozen_at": _when(tournament.standings_frozen_at),
        },
        "entries": [
            _entry(entry, players) for entry in sorted(entries.values(), key=_start_number)
        ],
        "series": [_series(series, numbers) for series in tournament.series.order_by("number")],
        "standings": [
            {"start_number": row.start_number, "rank": row.rank, "total": row.total}
            for row in standings(tournament)
        ],
        **_exported_parts(tournament),
    }


def _start_time(tournament: Tournament) -> dict[str, str]:
    """The start time as the archive writes it, where the tournament has one."""
    if tournament.start_time is None:
        return {}
    return {"start_time": tournament.start_time.strftime(START_TIME_FORMAT)}


def _exported_parts(tournament: Tournament) -> dict[str, Any]:
    """The shares of the apps above (``results.parts``: the teams), each under its name; left
    out where an app has nothing to archive, so that an archive without them is as before."""
    found = {}
    for part in RESULTS_PARTS.all():
        if part.export is not None and part.restore is not None:
            share = part.export(tournament)
            if share is not None:
                found[part.name] = share
    return found


def parse_archive(raw: bytes) -> object:
    """The JSON of an archive file, read safely: refused (``archive``) if larger than
    ``ARCHIVE_MAX_BYTES``, nested deeper than the format ever is, not UTF-8 JSON, holding
    NaN, Infinity or a number too large for a float, or an object with a key twice; and refused
    at each text's path (``text_control_characters``, ``entries.0.name``) where a text holds
    what no text may (``karlchen.plaintext``: a NUL reached PostgreSQL, a 500)."""
    limit = settings.ARCHIVE_MAX_BYTES
    if len(raw) > limit:
        raise refused("archive_too_large", "archive", max=limit // 1_000_000 or 1)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise refused("archive_unreadable", "archive") from error
    _check_depth(text)
    try:
        archive = json.loads(
            text,
            parse_constant=_no_constant,
            parse_float=_finite_float,
            object_pairs_hook=_no_key_twice,
        )
    except _NotANumber as error:
        raise refused("archive_not_a_number", "archive", value=str(error)) from error
    except (ValueError, RecursionError) as error:  # JSONDecodeError; ints of > 4300 digits
        raise refused("archive_unreadable", "archive") from error
    fields = list(islice(forbidden_fields(archive), MAX_PROBLEMS))
    if fields:
        raise Refused([Problem(TEXT_CODE, field or "archive", {}) for field in fields])
    return archive


def import_archive(
    archive: object,
    *,
    by: Actor,
    players: dict[int, Player] | None = None,
    club: Club | None = None,
) -> Tournament:
    """A new tournament built from ``archive`` (parsed JSON), or refused whole. It belongs to
    ``club`` (one the importer runs tournaments of, checked by the caller), or to nobody's club:
    an archive never says where it belongs.

    ``players``, where given, is who the archive's ``player`` ids are: an entry whose id is in
    it is that player, and the players created for the others are added to it. An archive of
    several tournaments (a season's, ``seasons.domain.archive``) passes one mapping to each of
    them, so that a player is one person across its evenings, as when exported.

    Refused, with every problem found and its place in the file (``series.0.tables.1.deals.3
    .revisions.0.points``, docs/API.md §9.7): anything but the archive's shape (types, ranges,
    sizes, references between entries, series, tables and seats), a deal that recording it at
    the captain's page would refuse (both engines score every revision again), stored points,
    results, kinds or dealers other than those computed, and standings other than those of the
    imported deals. Nothing is left behind by a refusal: it all happens in one transaction.
    """
    data = _Shape().checked(archive)
    try:
        with transaction.atomic():
            tournament = _new_tournament(data["tournament"], by, club)
            entries = {
                row["start_number"]: _new_entry(tournament, row, players) for row in data["entries"]
            }
            problems: list[Problem] = []
            for index, row in enumerate(data["series"]):
                _restore_series(tournament, row, entries, f"series.{index}", problems)
            if problems:
                raise Refused(problems)
            _restore_parts(tournament, data, entries, by)
            _restore_frozen_standings(tournament, entries)
            _check_standings(tournament, data["standings"])
            log(tournament, by, ResultsCode.ARCHIVE_IMPORTED)
    except (ValidationError, IntegrityError) as error:  # a model rule the checks above missed
        raise refused("archive_invalid", "archive", detail=type(error).__name__) from error
    return tournament


# --- export ----------------------------------------------------------------------------------


def _start_number(entry: Entry) -> int:
    return entry.start_number


def _when(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _entry(entry: Entry, players: dict[int, int] | None) -> dict[str, Any]:
    player = entry.player
    row: dict[str, Any] = {"start_number": entry.start_number}
    if players is not None:
        row["player"] = players.setdefault(player.pk, len(players) + 1)
    return row | {
        "name": player.name,
        "club": player.club_name,
        "member_number": player.member_number,
        **{flag: getattr(entry, flag) for flag in ENTRY_FLAGS},
    }


def _series(series: Series, numbers: Mapping[int, int]) -> dict[str, Any]:
    tables = series.tables.prefetch_related("seats", "deals__revisions__points")
    return {
        "number": series.number,
        "status": series.status,
        "time_called_at": _when(series.time_called_at),
        "closed_at": _when(series.closed_at),
        "seating_method": series.seating_method,
        "seating_seed": series.seating_seed,
        "seating_report": series.seating_report,
        "tables": [_table(table, numbers) for table in tables.order_by("number")],
        "adjustments": [
            _adjustment(adjustment, numbers)
            for adjustment in series.adjustments.select_related("table").prefetch_related("lines")
        ],
    }


def _table(table: Table, numbers: Mapping[int, int]) -> dict[str, Any]:
    return {
        "number": table.number,
        "time_up_after": table.time_up_after,
        "seats": {str(seat.position): numbers[seat.entry_id] for seat in table.seats.all()},
        "deals": [
            {
                "number": deal.number,
                "kind": deal.kind,
                "dealer": deal.dealer,
                "sitting_out": deal.sitting_out,
                "voided": deal.voided,
                "revisions": [_revision(revision, numbers) for revision in deal.revisions.all()],
            }
            for deal in sorted(table.deals.all(), key=lambda deal: deal.number)
        ],
    }


def _revision(revision: DealRevision, numbers: Mapping[int, int]) -> dict[str, Any]:
    return {
        "version": revision.version,
        "input": revision.input,
        "result": revision.result,
        "voided": revision.voided,
        "author": revision.author_label,
        "reason": revision.reason,
        "created_at": _when(revision.created_at),
        "confirmed_by": (
            None if revision.confirmed_by_id is None else numbers.get(revision.confirmed_by_id)
        ),
        "confirmed_at": _when(revision.confirmed_at),
        "points": {str(line.position): line.points for line in revision.points.all()},
    }


def _adjustment(adjustment: Adjustment, numbers: Mapping[int, int]) -> dict[str, Any]:
    return {
        "kind": adjustment.kind,
        "reason": adjustment.reason,
        "table": adjustment.table.number if adjustment.table else None,
        "created_at": _when(adjustment.created_at),
        "lines": {str(numbers[line.entry_id]): line.points for line in adjustment.lines.all()},
    }


# --- reading the file ------------------------------------------------------------------------

MAX_DEPTH = 20  # the format nests 12 deep (series, tables, deals, revisions, input, extras)
# A string (skipped), a bracket (counted), or a quote that opens no string (the JSON is broken:
# the scan stops there, so that no quote is scanned to the end of the file twice).
_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|([\[\]{}])|(")')


class _NotANumber(ValueError):
    pass


def _check_depth(text: str) -> None:
    """Refuse deep nesting before the parser recurses into it (strings are skipped)."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        bracket, broken = match.groups()
        if broken:
            return  # json.loads refuses the file
        if bracket is None:
            continue
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise refused("archive_too_deep", "archive", max=MAX_DEPTH)
        else:
            depth -= 1


def _no_constant(name: str) -> float:
    raise _NotANumber(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(text[:20])
    return value


def _no_key_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("a key twice")
    return found


# --- the shape -------------------------------------------------------------------------------

MAX_PROBLEMS = 50  # reported at once; a file that is wholly wrong needs no thousand lines
MAX_INT = 2_147_483_647
MAX_POINTS = 100_000  # no deal or penalty row comes near; keeps sums far from overflow
MAX_ENTRIES = 2_000
MAX_TABLES = 500
MAX_DEALS = 300  # 200 normal deals × 5/4 at a five-table + 5 compulsory solos = 255
MAX_REVISIONS = 100
MAX_ADJUSTMENTS = 500
MAX_TEXT = 2_000
MAX_BLOB_ITEMS = 100_000  # rules, seating reports, frozen standings: free-form JSON
MAX_BLOB_TEXT = 200
SEAT_KEYS = ("1", "2", "3", "4", "5")
PIN = re.compile(r"[0-9]{4}")
NUMBER_KEY = re.compile(r"[1-9][0-9]{0,9}")
DEAL_KINDS = tuple(kind.value for kind in DealKind)


class _Shape:
    """Checks the archive's shape and its references, collecting every problem with its path;
    then scores every deal again. Returns the archive as given, or raises Refused."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, code: str, field: str, **params: object) -> bool:
        """Note a problem; False, for the checks that return whether all was right."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(code, field, params))
        return False

    def checked(self, archive: object) -> dict[str, Any]:
        if not isinstance(archive, dict) or archive.get("format") != FORMAT:
            raise refused("archive_invalid", "archive", detail="format")
        if archive.get("version") != VERSION:
            version = str(archive.get("version"))[:20]
            raise refused("archive_version", "archive", version=version, expected=VERSION)
        parts = ("format", "version", "tournament", "entries", "series", "standings")
        shares = [part.name for part in RESULTS_PARTS.all() if part.restore is not None]
        self.keys(archive, "", parts, optional=("exported_at", *shares))
        self.raise_if_any()
        tournament = self.tournament(archive.get("tournament"))
        numbers = self.entries(archive.get("entries"))
        self.all_series(archive.get("series"), tournament, numbers)
        self.standings(archive.get("standings"), numbers)
        self.raise_if_any()
        self.rescore(archive)
        self.raise_if_any()
        return archive

    def raise_if_any(self) -> None:
        if self.problems:
            raise Refused(self.problems)

    # - building blocks -

    def keys(
        self, row: object, path: str, required: Collection[str], optional: Collection[str] = ()
    ) -> bool:
        """``row`` is an object with every ``required`` key and no other than ``optional``."""
        if not isinstance(row, dict):
            self.add("archive_type", path or "archive", expected="object")
            return False
        known = set(required) | set(optional)
        for key in row:
            if key not in known:
                self.add("archive_unknown_field", _at(path, key))
        for key in required:
            if key not in row:
                self.add("archive_required", _at(path, key))
        return all(key in row for key in required)

    def integer(self, value: object, path: str, low: int, high: int, *, null: bool = False) -> bool:
        if value is None and null:
            return True
        if type(value) is not int:
            self.add("archive_type", path, expected="integer")
            return False
        if not low <= value <= high:
            self.add("archive_range", path, min=low, max=high)
            return False
        return True

    def text(
        self, value: object, path: str, longest: int, *, blank: bool = True, null: bool = False
    ) -> bool:
        if value is None and null:
            return True
        if not isinstance(value, str):
            self.add("archive_type", path, expected="string")
            return False
        if len(value) > longest:
            self.add("archive_too_long", path, max=longest)
            return False
        if not blank and not value.strip():
            self.add("archive_required", path)
            return False
        return True

    def boolean(self, value: object, path: str) -> bool:
        if type(value) is not bool:
            self.add("archive_type", path, expected="boolean")
            return False
        return True

    def choice(self, value: object, path: str, choices: Collection[str]) -> bool:
        if not isinstance(value, str) or value not in choices:
            self.add("archive_choice", path)
            return False
        return True

    def moment(self, value: object, path: str, *, null: bool = True) -> bool:
        if value is None and null:
            return True
        if not (isinstance(value, str) and len(value) <= 40 and _moment(value)):
            self.add("archive_type", path, expected="date-time")
            return False
        return True

    def items(
        self, value: object, path: str, longest: int, *, kind: type[Collection[Any]] = list
    ) -> bool:
        if not isinstance(value, kind):
            self.add("archive_type", path, expected="list" if kind is list else "object")
            return False
        if len(value) > longest:
            self.add("archive_too_long", path, max=longest)
            return False
        return True

    def blob(self, value: object, path: str, budget: list[int] | None = None) -> bool:
        """Free-form JSON (rules, a seating report): short strings, finite numbers, bounded."""
        budget = budget if budget is not None else [MAX_BLOB_ITEMS]
        budget[0] -= 1
        if budget[0] < 0:
            self.add("archive_too_long", path, max=MAX_BLOB_ITEMS)
            return False
        if isinstance(value, dict):
            return all(
                self.text(key, _at(path, key), MAX_BLOB_TEXT)
                and self.blob(item, _at(path, key), budget)
                for key, item in value.items()
            )
        if isinstance(value, list):
            return all(self.blob(item, _at(path, i), budget) for i, item in enumerate(value))
        if isinstance(value, str):
            return self.text(value, path, MAX_BLOB_TEXT)
        if type(value) is int:
            return self.integer(value, path, -(2**53), 2**53)
        return value is None or isinstance(value, bool | float)  # floats are finite (parser)

    # - the parts -

    def tournament(self, row: Any) -> dict[str, Any] | None:
        path = "tournament"
        required = ("name", "date", "game", "series_count", "normal_deals")
        optional = (
            *(set(TOURNAMENT_FIELDS) - set(required)),
            *OPTIONAL_FIELDS,
            "standings_frozen_at",
        )
        if not self.keys(row, path, required, optional):
            return None
        ok = self.text(row["name"], f"{path}.name", 150, blank=False)
        ok &= self.text(row.get("venue", ""), f"{path}.venue", 150)
        ok &= self.text(row.get("region", ""), f"{path}.region", 80)
        ok &= self.text(row.get("referee", ""), f"{path}.referee", 120)
        if not (isinstance(row["date"], str) and len(row["date"]) <= 10 and _date(row["date"])):
            ok = self.add("archive_type", f"{path}.date", expected="date")
        start = row.get("start_time")
        if start is not None and _start(start) is None:
            ok = self.add("archive_type", f"{path}.start_time", expected="time")
        ok &= self.choice(row["game"], f"{path}.game", Game.values)
        ok &= self.integer(row["series_count"], f"{path}.series_count", 1, 50)
        ok &= self.integer(row["normal_deals"], f"{path}.normal_deals", 1, 200)
        for flag in ("compulsory_solos", "confirmation_required", "standings_public"):
            if flag in row:
                ok &= self.boolean(row[flag], f"{path}.{flag}")
        if "status" in row:
            ok &= self.choice(row["status"], f"{path}.status", TournamentStatus.values)
        if "seating_method" in row:
            ok &= self.choice(row["seating_method"], f"{path}.seating_method", SeatingMethod.values)
        if "entry_mode" in row:
            ok &= self.choice(row["entry_mode"], f"{path}.entry_mode", EntryMode.values)
        breaks = row.get("tie_breaks", [])
        if self.items(breaks, f"{path}.tie_breaks", len(TieBreak.values)):
            for index, name in enumerate(breaks):
                ok &= self.choice(name, f"{path}.tie_breaks.{index}", TieBreak.values)
            if len(set(map(str, breaks))) != len(breaks):
                ok = self.add("archive_twice", f"{path}.tie_breaks", value="")
        else:
            ok = False
        ok &= self.moment(row.get("standings_frozen_at"), f"{path}.standings_frozen_at")
        ok &= self.frozen(row.get("frozen_standings"), f"{path}.frozen_standings")
        rules = row.get("rules", {})
        if self.items(rules, f"{path}.rules", 100, kind=dict) and self.blob(rules, f"{path}.rules"):
            ok &= self.rules(row, rules, path)
        else:
            ok = False
        return row if ok else None

    def rules(self, row: Mapping[str, Any], rules: Mapping[str, Any], path: str) -> bool:
        try:
            parse_rules(row["game"], rules)
        except Refused as refusal:
            for problem in refusal.problems:
                self.add(problem.code, f"{path}.{problem.field}", **problem.params)
            return False
        return True

    def frozen(self, value: Any, path: str) -> bool:
        """The public ranking kept by a freeze: ``{"overall": [row…], "series": {"n": [row…]}}``."""
        if value is None:
            return True
        if not self.keys(value, path, ("overall", "series"), optional=("parts",)):
            return False
        if not self.blob(value, path):
            return False
        if not self.frozen_parts(value.get("parts", {}), f"{path}.parts"):
            return False
        lists = [(f"{path}.overall", value["overall"])]
        if self.items(value["series"], f"{path}.series", 50, kind=dict):
            lists += [(f"{path}.series.{key}", rows) for key, rows in value["series"].items()]
        ok = True
        for where, rows in lists:
            if not self.items(rows, where, MAX_ENTRIES):
                ok = False
                continue
            for index, ranked in enumerate(rows):
                ok &= self.keys(ranked, f"{where}.{index}", FROZEN_ROW)
                if isinstance(ranked, dict) and "player" in ranked:
                    ok &= self.keys(ranked["player"], f"{where}.{index}.player", FROZEN_PLAYER)
        return ok

    def frozen_parts(self, value: Any, path: str) -> bool:
        """The shares of the apps above (``results.parts``) that the freeze kept: each known,
        and read again by its app when imported (``_restore_frozen_standings``)."""
        if not self.items(value, path, 20, kind=dict):
            return False
        ok = True
        for name in value:
            part = RESULTS_PARTS.find(name)
            if part is None or part.restore_frozen is None:
                ok = self.add("archive_unknown_field", _at(path, name))
        return ok

    def entries(self, rows: Any) -> dict[int, dict[str, Any]]:
        """The entries by start number (only those whose shape is right)."""
        path = "entries"
        numbers: dict[int, dict[str, Any]] = {}
        members: set[str | None] = set()
        players: set[int] = set()
        if not self.items(rows, path, MAX_ENTRIES):
            return numbers
        for index, row in enumerate(rows):
            where = f"{path}.{index}"
            optional = ("player", "club", "member_number", *ENTRY_FLAGS)
            if not self.keys(row, where, ("start_number", "name"), optional):
                continue
            ok = self.integer(row["start_number"], f"{where}.start_number", 1, MAX_INT)
            ok &= self.text(row["name"], f"{where}.name", 120, blank=False)
            ok &= self.text(row.get("club", ""), f"{where}.club", 120)
            member = row.get("member_number")
            ok &= self.text(member, f"{where}.member_number", 30, null=True)
            for flag in ("checked_in", "withdrawn", "hidden"):
                if flag in row:
                    ok &= self.boolean(row[flag], f"{where}.{flag}")
            if "pin" in row and not (isinstance(row["pin"], str) and PIN.fullmatch(row["pin"])):
                ok = self.add("archive_type", f"{where}.pin", expected="PIN")
            if "player" in row:
                ok &= self.integer(row["player"], f"{where}.player", 1, MAX_INT)
            if ok and row["start_number"] in numbers:
                self.add("archive_twice", f"{where}.start_number", value=row["start_number"])
            elif ok and member and member in members:
                self.add("archive_twice", f"{where}.member_number", value=member[:30])
            elif ok and row.get("player") in players:
                self.add("archive_twice", f"{where}.player", value=row["player"])
            elif ok:
                numbers[row["start_number"]] = row
                members.add(member)
                if "player" in row:
                    players.add(row["player"])
        return numbers

    def all_series(
        self, rows: Any, tournament: Mapping[str, Any] | None, numbers: Mapping[int, object]
    ) -> None:
        path = "series"
        seen: set[int] = set()
        if not self.items(rows, path, 50):
            return
        count = tournament["series_count"] if tournament else 50
        for index, row in enumerate(rows):
            where = f"{path}.{index}"
            optional: tuple[str, ...] = ("status", "time_called_at", "closed_at", "seating_method")
            optional += ("seating_seed", "seating_report", "adjustments")
            if not self.keys(row, where, ("number", "tables"), optional):
                continue
            number: object = row["number"]
            if type(number) is int and not 1 <= number <= count:
                self.add("archive_series_unknown", f"{where}.number", number=number, count=count)
            elif self.integer(number, f"{where}.number", 1, count) and number in seen:
                self.add("archive_twice", f"{where}.number", value=number)
            if type(number) is int:  # a list or an object cannot be looked up (and is refused)
                seen.add(number)
            if "status" in row:
                self.choice(row["status"], f"{where}.status", SeriesStatus.values)
            self.moment(row.get("time_called_at"), f"{where}.time_called_at")
            self.moment(row.get("closed_at"), f"{where}.closed_at")
            methods = ("", *SeatingMethod.values)
            self.choice(row.get("seating_method", ""), f"{where}.seating_method", methods)
            self.integer(row.get("seating_seed"), f"{where}.seating_seed", 0, 2**63 - 1, null=True)
            report = row.get("seating_report", {})
            if self.items(report, f"{where}.seating_report", 100, kind=dict):
                self.blob(report, f"{where}.seating_report")
            tables = self.tables(row["tables"], f"{where}.tables", numbers)
            self.adjustments(row.get("adjustments", []), f"{where}.adjustments", numbers, tables)

    def tables(self, rows: Any, path: str, numbers: Mapping[int, object]) -> set[int]:
        found: set[int] = set()
        seated: set[int] = set()
        if not self.items(rows, path, MAX_TABLES):
            return found
        for index, row in enumerate(rows):
            where = f"{path}.{index}"
            if not self.keys(row, where, ("number", "seats", "deals"), ("time_up_after",)):
                continue
            if self.integer(row["number"], f"{where}.number", 1, 32_767):
                if row["number"] in found:
                    self.add("archive_twice", f"{where}.number", value=row["number"])
                found.add(row["number"])
            size = self.seats(row["seats"], f"{where}.seats", numbers, seated)
            deals = row["deals"]
            if self.items(deals, f"{where}.deals", MAX_DEALS):
                for number, deal in enumerate(deals, start=1):
                    self.deal(deal, f"{where}.deals.{number - 1}", number, size)
                limit = len(deals)
                self.integer(
                    row.get("time_up_after"), f"{where}.time_up_after", 0, limit, null=True
                )
        return found

    def seats(
        self, seats: Any, path: str, numbers: Mapping[int, object], seated: set[int]
    ) -> int | None:
        """The table's size where its seats are right."""
        if not self.items(seats, path, 5, kind=dict):
            return None
        ok = True
        for key, number in seats.items():
            if key not in SEAT_KEYS:
                ok = self.add("archive_range", _at(path, key), min=1, max=5)
            elif not self.integer(number, f"{path}.{key}", 1, MAX_INT):
                ok = False
            elif number not in numbers:
                ok = self.add("archive_unknown_entry", f"{path}.{key}", number=number)
            elif number in seated:
                ok = self.add("archive_seated_twice", f"{path}.{key}", number=number)
            else:
                seated.add(number)
        size = len(seats)
        if ok and (size not in (4, 5) or sorted(seats) != list(SEAT_KEYS[:size])):
            self.add("archive_table_size", path, given=size)
            return None
        return size if ok else None

    def deal(self, row: Any, path: str, number: int, size: int | None) -> None:
        required = ("number", "kind", "dealer", "revisions")
        if not self.keys(row, path, required, ("sitting_out", "voided")):
            return
        if type(row["number"]) is int and row["number"] != number:
            self.add("archive_deal_numbers", f"{path}.number", expected=number)
        else:
            self.integer(row["number"], f"{path}.number", number, number)
        self.choice(row["kind"], f"{path}.kind", DEAL_KINDS)
        self.integer(row["dealer"], f"{path}.dealer", 1, size or 5)
        self.integer(row.get("sitting_out"), f"{path}.sitting_out", 1, size or 5, null=True)
        self.boolean(row.get("voided", False), f"{path}.voided")
        revisions = row["revisions"]
        if not self.items(revisions, f"{path}.revisions", MAX_REVISIONS):
            return
        if not revisions:
            self.add("archive_required", f"{path}.revisions")
        for version, revision in enumerate(revisions, start=1):
            self.revision(revision, f"{path}.revisions.{version - 1}", version, size)

    def revision(self, row: Any, path: str, version: int, size: int | None) -> None:
        required = ("version", "input", "result", "points")
        optional = ("voided", "author", "reason", "created_at", "confirmed_by", "confirmed_at")
        if not self.keys(row, path, required, optional):
            return
        if type(row["version"]) is int and row["version"] != version:
            self.add("archive_revision_numbers", f"{path}.version", expected=version)
        else:
            self.integer(row["version"], f"{path}.version", version, version)
        self.items(row["input"], f"{path}.input", 20, kind=dict)
        self.items(row["result"], f"{path}.result", 10, kind=dict)
        points = row["points"]
        if self.items(points, f"{path}.points", 5, kind=dict):
            for key, value in points.items():
                if key not in SEAT_KEYS[: size or 5]:
                    self.add("archive_range", _at(f"{path}.points", key), min=1, max=size or 5)
                else:
                    self.integer(value, f"{path}.points.{key}", -MAX_POINTS, MAX_POINTS)
        self.boolean(row.get("voided", False), f"{path}.voided")
        self.text(row.get("author"), f"{path}.author", 100, null=True)
        self.text(row.get("reason"), f"{path}.reason", MAX_TEXT, null=True)
        self.moment(row.get("created_at"), f"{path}.created_at")
        self.integer(row.get("confirmed_by"), f"{path}.confirmed_by", 1, MAX_INT, null=True)
        self.moment(row.get("confirmed_at"), f"{path}.confirmed_at")
        if (row.get("confirmed_by") is None) != (row.get("confirmed_at") is None):
            self.add("archive_required", f"{path}.confirmed_at")

    def adjustments(
        self, rows: Any, path: str, numbers: Mapping[int, object], tables: set[int]
    ) -> None:
        if not self.items(rows, path, MAX_ADJUSTMENTS):
            return
        for index, row in enumerate(rows):
            where = f"{path}.{index}"
            required = ("kind", "reason", "lines")
            if not self.keys(row, where, required, ("table", "created_at")):
                continue
            self.choice(row["kind"], f"{where}.kind", AdjustmentKind.values)
            self.text(row["reason"], f"{where}.reason", MAX_TEXT, blank=False)
            table = row.get("table")
            known = self.integer(table, f"{where}.table", 1, 32_767, null=True)
            if known and table and table not in tables:
                self.add("archive_unknown_table", f"{where}.table", number=table)
            self.moment(row.get("created_at"), f"{where}.created_at")
            lines = row["lines"]
            if not self.items(lines, f"{where}.lines", 5, kind=dict):
                continue
            for key, points in lines.items():
                if not NUMBER_KEY.fullmatch(key) or int(key) not in numbers:
                    self.add("archive_unknown_entry", _at(f"{where}.lines", key), number=key[:12])
                self.integer(points, _at(f"{where}.lines", key), -MAX_POINTS, MAX_POINTS)

    def standings(self, rows: Any, numbers: Mapping[int, object]) -> None:
        path = "standings"
        if not self.items(rows, path, MAX_ENTRIES):
            return
        for index, row in enumerate(rows):
            where = f"{path}.{index}"
            if not self.keys(row, where, ("start_number", "rank", "total")):
                continue
            self.integer(row["start_number"], f"{where}.start_number", 1, MAX_INT)
            self.integer(row["rank"], f"{where}.rank", 1, MAX_ENTRIES)
            self.integer(row["total"], f"{where}.total", -(2**31), 2**31)

    # - every deal scored again -

    def rescore(self, archive: Mapping[str, Any]) -> None:
        tournament = archive["tournament"]
        game, rules = tournament["game"], tournament.get("rules", {})
        settings_of = Tournament(
            game=game,
            normal_deals=tournament["normal_deals"],
            compulsory_solos=tournament.get("compulsory_solos", True),
            rules=rules,  # its Bock rounds are part of the series
        ).series_settings
        for index, series in enumerate(archive["series"]):
            for number, table in enumerate(series["tables"]):
                path = f"series.{index}.tables.{number}"
                settings = settings_of(len(table["seats"]))
                _Table(self, game, rules, settings, table, path).check()


def _with_current_codes(result: Any) -> Any:
    """An archived result with the extras' legacy codes read as today's (``fox_last_trick``)."""
    if not isinstance(result, Mapping) or not isinstance(result.get("lines"), list):
        return result
    legacy = doppelkopf.LEGACY_EXTRAS
    lines = [
        {**line, "code": legacy.get(str(line.get("code")), line.get("code"))}
        if isinstance(line, Mapping)
        else line
        for line in result["lines"]
    ]
    return {**result, "lines": lines}


def _bock_factor_of(revision: Mapping[str, Any]) -> int:
    """The Bock factor an archived revision says it was scored with (a sane one, else 1)."""
    result = revision.get("result")
    factor = stored_bock_factor(result) if isinstance(result, Mapping) else 1
    return factor if 1 <= factor <= doppelkopf.BOCK_FACTOR_MAX else 1


def _bock_points_of(revision: Mapping[str, Any], factor: int) -> int:
    """The points Bock added to an archived revision (a sane number, else 0; none where it
    was multiplied)."""
    result = revision.get("result")
    points = stored_bock_points(result) if isinstance(result, Mapping) else 0
    return points if factor == 1 and 0 <= points <= doppelkopf.BOCK_POINTS_MAX else 0


class _Table:
    """One table's deals replayed through the series engine and scored by the rules engine, as
    recording and correcting them at the captain's page did."""

    def __init__(
        self,
        shape: _Shape,
        game: str,
        rules: Mapping[str, Any],
        settings: SeriesSettings,
        table: Mapping[str, Any],
        path: str,
    ) -> None:
        self.shape, self.game, self.rules, self.settings = shape, game, rules, settings
        self.table, self.path = table, path
        self.inputs = DoppelkopfDealInput if game == Game.DOPPELKOPF else SchafkopfDealInput
        self.seats = {int(position): number for position, number in table["seats"].items()}

    def check(self) -> None:
        deals = self.table["deals"]
        entered = [
            [self.entered(r, self.at(i, j)) for j, r in enumerate(d["revisions"])]
            for i, d in enumerate(deals)
        ]
        if any(None in revisions for revisions in entered):
            return  # shape problems reported; the series cannot be replayed
        checked = [[data for data in revisions if data is not None] for revisions in entered]
        try:
            timeline = replay_entered(
                self.game,
                self.rules,
                self.settings,
                [
                    (revisions[-1], bool(deal["revisions"][-1].get("voided", False)))
                    for revisions, deal in zip(checked, deals, strict=True)
                ],
                time_up_after=self.table.get("time_up_after"),
            )
        except Refused as refusal:
            problem = refusal.problem
            index = problem.params.get("index")  # the series engine's: the deal refused
            if not isinstance(index, int):
                index = len(deals) - 1
            last = len(deals[index]["revisions"]) - 1
            self.shape.add(
                problem.code,
                self.input_field(self.at(index, last), problem.field),
                **problem.params,
            )
            return
        for index, (deal, entry) in enumerate(zip(deals, timeline, strict=True)):
            self.deal(deal, index, entry, checked[index])

    def at(self, deal: int, revision: int) -> str:
        return f"{self.path}.deals.{deal}.revisions.{revision}"

    def input_field(self, path: str, field: str) -> str:
        return f"{path}.input" + field.removeprefix("deal")

    def entered(self, revision: Mapping[str, Any], path: str) -> dict[str, Any] | None:
        """The revision's input checked by the contract's shape, as the captain's API does."""
        given = revision["input"]
        shape = QuickDealInput if isinstance(given, dict) and "entry" in given else self.inputs
        serializer = shape(data=given)
        if serializer.is_valid():
            data: dict[str, Any] = plain(serializer.validated_data)
            return data
        for error in flatten(serializer.errors, f"{path}.input"):
            code = DRF_CODES.get(error["code"], "archive_type")
            contract = {"expected": "the deal-result contract, API.md §4"}
            params = {"max": MAX_LIST} if code == "archive_too_long" else contract
            self.shape.add(code, error["field"], **params)
        return None

    def deal(
        self,
        deal: Mapping[str, Any],
        index: int,
        entry: TimelineEntry,
        entered: list[dict[str, Any]],
    ) -> None:
        where = f"{self.path}.deals.{index}"
        expected = {
            "kind": entry.kind.value,
            "dealer": entry.deal.dealer,
            "sitting_out": entry.deal.sitting_out,
            "voided": bool(deal["revisions"][-1].get("voided", False)),
        }
        for name, value in expected.items():
            stored = deal.get(name, None if name == "sitting_out" else False)
            if stored != value:
                self.shape.add(
                    "archive_deal_differs",
                    f"{where}.{name}",
                    stored=_shown(stored),
                    expected=_shown(value),
                )
        keeper = max(self.seats)
        current = len(entered) - 1
        for version, (revision, data) in enumerate(zip(deal["revisions"], entered, strict=True)):
            path = self.at(index, version)
            if revision.get("voided", False):
                self.voided(revision, index, version, entered)
                continue
            # The current revision has the Bock factor of the series as it stands; an earlier
            # one the factor it was scored with then (a correction before it may have moved it).
            if version == current:
                factor, added = entry.bock_factor, entry.bock_points
            else:
                factor = _bock_factor_of(revision)
                added = _bock_points_of(revision, factor)
            try:
                scored = score_entered(
                    self.game,
                    self.rules,
                    data,
                    entry.deal.players,
                    bock_factor=factor,
                    bock_points=added,
                )
            except Refused as refusal:
                for problem in refusal.problems:
                    self.shape.add(
                        problem.code, self.input_field(path, problem.field), **problem.params
                    )
                continue
            points = {str(position): value for position, value in sorted(scored.points.items())}
            if revision["points"] != points:
                self.shape.add("archive_points_differ", f"{path}.points", expected=_shown(points))
            elif _with_current_codes(revision["result"]) != scored.result:
                self.shape.add("archive_result_differs", f"{path}.result")
            revision["input"] = scored.entered  # stored as recording stores it
            self.confirmation(revision, path, scored.entered, keeper)

    def voided(
        self, revision: dict[str, Any], index: int, version: int, entered: list[dict[str, Any]]
    ) -> None:
        path = self.at(index, version)
        if version == 0:
            self.shape.add("archive_void_first", f"{path}.voided")
        elif entered[version] != entered[version - 1]:
            self.shape.add("archive_void_input", f"{path}.input")
        else:  # what a void stores: the input of the revision it voids
            revision["input"] = self.table["deals"][index]["revisions"][version - 1]["input"]
        if revision["points"]:
            self.shape.add("archive_points_differ", f"{path}.points", expected="{}")
        elif revision["result"] != VOID_RESULT:
            self.shape.add("archive_result_differs", f"{path}.result")
        if revision.get("confirmed_by") is not None:
            self.shape.add(
                "archive_confirmer", f"{path}.confirmed_by", number=revision["confirmed_by"]
            )

    def confirmation(
        self, revision: Mapping[str, Any], path: str, entered: Mapping[str, Any], keeper: int
    ) -> None:
        number = revision.get("confirmed_by")
        if number is None:
            return
        allowed = {self.seats[p] for p in confirming_positions(self.game, entered, keeper)}
        if number not in allowed:
            self.shape.add("archive_confirmer", f"{path}.confirmed_by", number=number)


DRF_CODES = {
    "required": "archive_required",
    "unknown_field": "archive_unknown_field",
    "invalid_choice": "archive_choice",
    "max_length": "archive_too_long",
}
FROZEN_ROW = (
    "rank",
    "entry",
    "player",
    "hidden",
    "start_number",
    "total",
    "series",
    "deals_played",
    "compulsory_solos",
    "series_won",
    "withdrawn",
)
FROZEN_PLAYER = ("id", "name", "club")


def _at(path: str, key: object) -> str:
    key = str(key)[:40]
    return f"{path}.{key}" if path else key


def _shown(value: object) -> str:
    return "null" if value is None else json.dumps(value) if isinstance(value, dict) else str(value)


def _moment(text: str | None) -> datetime.datetime | None:
    try:
        return parse_datetime(text) if text else None
    except ValueError:
        return None


def _start(value: object) -> datetime.time | None:
    """A start time written "HH:MM"; None for anything else."""
    if not (isinstance(value, str) and START_TIME.fullmatch(value)):
        return None
    try:
        return datetime.time.fromisoformat(value)
    except ValueError:  # 25:00
        return None


def _date(text: str) -> datetime.date | None:
    try:
        return parse_date(text)
    except ValueError:
        return None


# --- building the tournament -----------------------------------------------------------------


def _new_tournament(row: Mapping[str, Any], by: Actor, club: Club | None) -> Tournament:
    fields = {name: row[name] for name in (*TOURNAMENT_FIELDS, *OPTIONAL_FIELDS) if name in row}
    date = _date(row["date"])
    if date is None:  # _Shape refused it already; never a tournament without its date
        raise refused("archive_type", "tournament.date", expected="date")
    if fields.get("start_time") is not None:
        fields["start_time"] = _start(fields["start_time"])  # _Shape checked its form
    tournament = Tournament(
        **fields,
        date=date,
        standings_frozen_at=_moment(row.get("standings_frozen_at")),
        club=club,
    )
    tournament.full_clean()
    tournament.save()
    if by.user is not None:
        tournament.organisers.add(by.user)
    add_missing_series(tournament)
    return tournament


def _new_entry(
    tournament: Tournament, row: Mapping[str, Any], players: dict[int, Player] | None
) -> Entry:
    flags = {flag: row[flag] for flag in ENTRY_FLAGS if flag in row}
    known = None if players is None else players.get(row.get("player", 0))
    player = known or _new_player(row)
    if players is not None and "player" in row:
        players[row["player"]] = player
    return Entry.objects.create(
        tournament=tournament, player=player, start_number=row["start_number"], **flags
    )


def _new_player(row: Mapping[str, Any]) -> Player:
    club = affiliation(row.get("club"))  # the club as the archive names it: text, no new club
    number = row.get("member_number") or None
    if number:
        player = Player.objects.get_or_create(
            member_number=number, defaults={"name": row["name"], **club}
        )[0]
    else:
        player = Player.objects.create(name=row["name"], **club)
    return player


def _restore_series(
    tournament: Tournament,
    row: Mapping[str, Any],
    entries: Mapping[int, Entry],
    path: str,
    problems: list[Problem],
) -> None:
    series = tournament.series.get(number=row["number"])
    series.status = row.get("status", series.status)
    series.seating_method = row.get("seating_method", "")
    series.seating_seed = row.get("seating_seed")
    series.seating_report = row.get("seating_report", {})
    series.time_called_at = _moment(row.get("time_called_at"))
    series.closed_at = _moment(row.get("closed_at"))
    series.save()
    tables: dict[int, Table] = {}
    for table_row in row["tables"]:
        tables[table_row["number"]] = _restore_table(series, table_row, entries)
    refresh_totals([table.pk for table in tables.values()])
    for index, adjustment in enumerate(row.get("adjustments", [])):
        where = f"{path}.adjustments.{index}"
        try:
            _restore_adjustment(series, adjustment, entries, tables)
        except Refused as refusal:
            problems += [Problem(p.code, f"{where}.{p.field}", p.params) for p in refusal.problems]


def _restore_table(series: Series, row: Mapping[str, Any], entries: Mapping[int, Entry]) -> Table:
    """The table, its seats and its deals with every revision: a few bulk writes per table (an
    evening holds thousands of revisions)."""
    table = new_table(series, row["number"])
    table.time_up_after = row.get("time_up_after")
    table.save(update_fields=["time_up_after"])
    seats = {int(position): entries[number] for position, number in row["seats"].items()}
    Seat.objects.bulk_create(
        Seat(series=series, table=table, position=position, entry=entry)
        for position, entry in sorted(seats.items())
    )
    deals = Deal.objects.bulk_create(
        Deal(
            table=table,
            number=deal["number"],
            kind=deal["kind"],
            dealer=deal["dealer"],
            sitting_out=deal.get("sitting_out"),
            voided=deal.get("voided", False),
            version=len(deal["revisions"]),
        )
        for deal in row["deals"]
    )
    archived = [
        (d, rev) for d, deal in zip(deals, row["deals"], strict=True) for rev in deal["revisions"]
    ]
    revisions = DealRevision.objects.bulk_create(
        _revision_row(deal, revision, entries) for deal, revision in archived
    )
    for revision, (deal, archived_row) in zip(revisions, archived, strict=True):
        revision.created_at = _moment(archived_row.get("created_at")) or revision.created_at
        deal.current = revision  # the last one of each deal stays
    # ``auto_now_add`` stamped the import's time: the archived moments back
    DealRevision.objects.bulk_update(revisions, ["created_at"])
    Deal.objects.bulk_update(deals, ["current"])
    RevisionPoints.objects.bulk_create(
        RevisionPoints(revision=revision, entry=seats[int(p)], position=int(p), points=points)
        for revision, (_, archived_row) in zip(revisions, archived, strict=True)
        for p, points in archived_row["points"].items()
    )
    return table


def _revision_row(deal: Deal, row: Mapping[str, Any], entries: Mapping[int, Entry]) -> DealRevision:
    confirmed_by = entries[row["confirmed_by"]] if row.get("confirmed_by") else None
    return DealRevision(
        deal=deal,
        version=row["version"],
        input=row["input"],
        result=row["result"],
        voided=row.get("voided", False),
        author_label=row.get("author") or "",
        reason=row.get("reason") or "",
        confirmed_by=confirmed_by,
        confirmed_at=_moment(row.get("confirmed_at")),
    )


def _restore_adjustment(
    series: Series,
    row: Mapping[str, Any],
    entries: Mapping[int, Entry],
    tables: Mapping[int, Table],
) -> None:
    table = tables.get(row["table"]) if row.get("table") else None
    lines = {entries[int(number)]: points for number, points in row["lines"].items()}
    check_adjustment(series, kind=row["kind"], lines=lines, reason=row["reason"], table=table)
    adjustment = Adjustment.objects.create(
        series=series, table=table, kind=row["kind"], reason=row["reason"]
    )
    _keep_time(Adjustment, adjustment.pk, row.get("created_at"))
    AdjustmentLine.objects.bulk_create(
        AdjustmentLine(adjustment=adjustment, entry=entry, points=points)
        for entry, points in lines.items()
    )


def _keep_time(model: type[Adjustment], pk: int, created_at: str | None) -> None:
    """``auto_now_add`` stamps the import's time: put the archived moment back."""
    if created_at:
        model.objects.filter(pk=pk).update(created_at=_moment(created_at))


def _restore_parts(
    tournament: Tournament, data: Mapping[str, Any], entries: Mapping[int, Entry], by: Actor
) -> None:
    """The shares of the apps above, each built again by its app (after the entries and the
    series; before the frozen ranking, whose shares may name what they build)."""
    problems: list[Problem] = []
    for part in RESULTS_PARTS.all():
        if part.restore is None or part.name not in data:
            continue
        try:
            part.restore(tournament, data[part.name], entries, by)
        except Refused as refusal:
            problems += [
                Problem(p.code, _at(part.name, p.field) if p.field else part.name, p.params)
                for p in refusal.problems
            ]
    if problems:
        raise Refused(problems[:MAX_PROBLEMS])


def _restore_frozen_standings(tournament: Tournament, entries: Mapping[int, Entry]) -> None:
    """A frozen ranking names entries and players by their ids: those of the new tournament."""
    frozen = tournament.frozen_standings
    if frozen is None:
        return
    problems = []
    rows = [("tournament.frozen_standings.overall", frozen["overall"])]
    rows += [(f"tournament.frozen_standings.series.{n}", r) for n, r in frozen["series"].items()]
    for path, ranked in rows:
        for index, row in enumerate(ranked):
            number = row["start_number"]
            if number is None:  # a player listed as hidden: no ids either
                row["entry"], row["player"]["id"] = None, None
                continue
            entry = entries.get(number) if type(number) is int else None
            if entry is None:
                problems.append(
                    Problem(
                        "archive_unknown_entry",
                        f"{path}.{index}.start_number",
                        {"number": str(number)[:12]},
                    )
                )
                continue
            row["entry"], row["player"]["id"] = entry.pk, entry.player_id
    parts = frozen.get("parts", {})
    for name, share in parts.items():
        part = RESULTS_PARTS.find(name)
        restore = part.restore_frozen if part is not None else None
        assert restore is not None  # _Shape refused a share no app reads again
        try:
            parts[name] = restore(tournament, share, entries)
        except Refused as refusal:
            path = f"tournament.frozen_standings.parts.{name}"
            problems += [
                Problem(p.code, _at(path, p.field) if p.field else path, p.params)
                for p in refusal.problems
            ]
    if problems:
        raise Refused(problems[:MAX_PROBLEMS])
    tournament.save(update_fields=["frozen_standings"])


def ranks_without(ranks: list[int]) -> list[int]:
    """Archived ranks read again among themselves, without the rows left out: one more than
    the rows kept with a better rank (shared ranks stay shared)."""
    ordered = sorted(ranks)
    return [1 + bisect_left(ordered, rank) for rank in ranks]


def _check_standings(tournament: Tournament, archived: list[dict[str, Any]]) -> None:
    """The archived standings must be those the imported deals and penalty rows give.

    An archive made while every entry was ranked lists those who never sat down too, each with
    0 points and a place: they are left out (an entry of the archive with 0 points, else it is
    refused), and the others' ranks read as they are without them (``ranks_without``)."""
    ranking = standings(tournament)
    found = {(row.start_number, row.rank, row.total) for row in ranking}
    ranked = {row.start_number for row in ranking}
    entered = set(tournament.entries.values_list("start_number", flat=True))
    kept = [index for index, row in enumerate(archived) if row["start_number"] in ranked]
    ranks = dict(zip(kept, ranks_without([archived[i]["rank"] for i in kept]), strict=True))
    problems = [
        Problem("archive_standings_differ", f"standings.{index}", {})
        for index, row in enumerate(archived)
        if (
            (row["start_number"], ranks[index], row["total"]) not in found
            if index in ranks
            else row["total"] != 0 or row["start_number"] not in entered
        )
    ]
    if len(kept) != len(found) and not problems:
        problems.append(Problem("archive_standings_differ", "standings", {}))
    if problems:
        raise Refused(problems[:MAX_PROBLEMS])
