"""A whole tournament as one JSON document, and back: the club's archive of an evening.

The archive holds what was entered and decided, not what follows from it: the rules, the
entries, every series with its seating, every deal with its full revision history (who, when,
why, confirmed by whom) and every penalty row. Importing it creates a new tournament (new
captain links; PINs and players' data as archived) whose standings are the archived ones.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from karlchen.actors import Actor
from karlchen.refusals import Refused, refused
from results.domain.standings import standings
from scoring.models import Adjustment, AdjustmentLine, Deal, DealRevision, RevisionPoints
from seating.domain.seating import new_table
from seating.models import Seat, Table
from tournaments.domain.log import log_action
from tournaments.domain.tournaments import add_missing_series
from tournaments.models import Club, Entry, Player, Series, Tournament

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
ENTRY_FLAGS = ("checked_in", "withdrawn", "hidden", "pin")


def export_archive(tournament: Tournament) -> dict[str, Any]:
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player__club")}
    numbers = {pk: entry.start_number for pk, entry in entries.items()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": {
            **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS},
            "date": tournament.date.isoformat(),
            "standings_frozen_at": _when(tournament.standings_frozen_at),
        },
        "entries": [_entry(entry) for entry in sorted(entries.values(), key=_start_number)],
        "series": [_series(series, numbers) for series in tournament.series.order_by("number")],
        "standings": [
            {"start_number": row.start_number, "rank": row.rank, "total": row.total}
            for row in standings(tournament)
        ],
    }


def import_archive(archive: object, *, by: Actor) -> Tournament:
    """A new tournament built from ``archive``; refused whole (``archive`` field) if it is not
    one, and checked afterwards: its standings must be the archived ones."""
    data = _checked(archive)
    try:
        with transaction.atomic():
            tournament = _new_tournament(data["tournament"], by)
            entries = {row["start_number"]: _new_entry(tournament, row) for row in data["entries"]}
            for row in data["series"]:
                _restore_series(tournament, row, entries)
            _check_standings(tournament, data.get("standings"))
            log_action(tournament, by, "archive_imported")
    except Refused:
        raise  # a ValueError too, but already worded
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        ValidationError,
        DatabaseError,
    ) as error:
        raise refused("archive_invalid", "archive", detail=type(error).__name__) from error
    return tournament


# --- export ----------------------------------------------------------------------------------


def _start_number(entry: Entry) -> int:
    return entry.start_number


def _when(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _entry(entry: Entry) -> dict[str, Any]:
    player = entry.player
    return {
        "start_number": entry.start_number,
        "name": player.name,
        "club": player.club.name if player.club else "",
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
        "confirmed_by": numbers.get(revision.confirmed_by_id) if revision.confirmed_by_id else None,
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


# --- import ----------------------------------------------------------------------------------


def _checked(archive: object) -> dict[str, Any]:
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise refused("archive_invalid", "archive", detail="format")
    if archive.get("version") != VERSION:
        version = str(archive.get("version"))
        raise refused("archive_version", "archive", version=version, expected=VERSION)
    for part in ("tournament", "entries", "series"):
        if part not in archive:
            raise refused("archive_invalid", "archive", detail=part)
    return archive


def _moment(text: str | None) -> datetime.datetime | None:
    return parse_datetime(text) if text else None


def _new_tournament(row: dict[str, Any], by: Actor) -> Tournament:
    fields = {name: row[name] for name in TOURNAMENT_FIELDS if name in row}
    tournament = Tournament(
        **fields,
        # a date parse_date cannot read is None: full_clean() refuses it (archive_invalid)
        date=parse_date(row["date"]),  # type: ignore[misc]
        standings_frozen_at=_moment(row.get("standings_frozen_at")),
    )
    tournament.full_clean()
    tournament.save()
    if by.user is not None:
        tournament.organisers.add(by.user)
    add_missing_series(tournament)
    return tournament


def _new_entry(tournament: Tournament, row: dict[str, Any]) -> Entry:
    club = Club.objects.get_or_create(name=row["club"])[0] if row.get("club") else None
    number = row.get("member_number") or None
    if number:
        player = Player.objects.get_or_create(
            member_number=number, defaults={"name": row["name"], "club": club}
        )[0]
    else:
        player = Player.objects.create(name=row["name"], club=club)
    flags = {flag: row[flag] for flag in ENTRY_FLAGS if flag in row}
    return Entry.objects.create(
        tournament=tournament, player=player, start_number=int(row["start_number"]), **flags
    )


def _restore_series(
    tournament: Tournament, row: dict[str, Any], entries: Mapping[int, Entry]
) -> None:
    series = tournament.series.get(number=row["number"])
    for name in ("status", "seating_method", "seating_seed", "seating_report"):
        setattr(series, name, row[name])
    series.time_called_at = _moment(row.get("time_called_at"))
    series.closed_at = _moment(row.get("closed_at"))
    series.save()
    tables = {}
    for table_row in row["tables"]:
        tables[table_row["number"]] = _restore_table(series, table_row, entries)
    for adjustment in row["adjustments"]:
        _restore_adjustment(series, adjustment, entries, tables)


def _restore_table(series: Series, row: dict[str, Any], entries: Mapping[int, Entry]) -> Table:
    table = new_table(series, row["number"])
    table.time_up_after = row.get("time_up_after")
    table.save(update_fields=["time_up_after"])
    seats = {int(position): entries[number] for position, number in row["seats"].items()}
    Seat.objects.bulk_create(
        Seat(series=series, table=table, position=position, entry=entry)
        for position, entry in sorted(seats.items())
    )
    for deal in row["deals"]:
        _restore_deal(table, deal, seats, entries)
    return table


def _restore_deal(
    table: Table, row: dict[str, Any], seats: Mapping[int, Entry], entries: Mapping[int, Entry]
) -> None:
    deal = Deal.objects.create(
        table=table,
        number=row["number"],
        kind=row["kind"],
        dealer=row["dealer"],
        sitting_out=row.get("sitting_out"),
        voided=row.get("voided", False),
        version=max(revision["version"] for revision in row["revisions"]),
    )
    for revision_row in sorted(row["revisions"], key=lambda revision: revision["version"]):
        revision = _restore_revision(deal, revision_row, seats, entries)
    deal.current = revision
    deal.save(update_fields=["current"])


def _restore_revision(
    deal: Deal, row: dict[str, Any], seats: Mapping[int, Entry], entries: Mapping[int, Entry]
) -> DealRevision:
    confirmed_by = entries[row["confirmed_by"]] if row.get("confirmed_by") else None
    revision = DealRevision.objects.create(
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
    _keep_time(DealRevision, revision.pk, row.get("created_at"))
    RevisionPoints.objects.bulk_create(
        RevisionPoints(revision=revision, entry=seats[int(p)], position=int(p), points=points)
        for p, points in row["points"].items()
    )
    return revision


def _restore_adjustment(
    series: Series, row: dict[str, Any], entries: Mapping[int, Entry], tables: Mapping[int, Table]
) -> None:
    table = tables.get(row["table"]) if row.get("table") else None
    adjustment = Adjustment.objects.create(
        series=series, table=table, kind=row["kind"], reason=row["reason"]
    )
    _keep_time(Adjustment, adjustment.pk, row.get("created_at"))
    AdjustmentLine.objects.bulk_create(
        AdjustmentLine(adjustment=adjustment, entry=entries[int(number)], points=points)
        for number, points in row["lines"].items()
    )


def _keep_time(
    model: type[DealRevision] | type[Adjustment], pk: int, created_at: str | None
) -> None:
    """``auto_now_add`` stamps the import's time: put the archived moment back."""
    if created_at:
        model.objects.filter(pk=pk).update(created_at=_moment(created_at))


def _check_standings(tournament: Tournament, archived: list[dict[str, Any]] | None) -> None:
    if archived is None:
        return
    expected = {(row["start_number"], row["rank"], row["total"]) for row in archived}
    found = {(row.start_number, row.rank, row.total) for row in standings(tournament)}
    if expected != found:
        raise refused("archive_standings_differ", "archive")
