"""Seating series: drawing a plan with the seating engine, storing it, captains' table links.

``draw_seating`` asks ``seating.engine`` for a plan (fewest repeat meetings, random,
by the standings, or an imported one) and stores it with its method, seed and quality report;
``seat_series`` stores one series as given, replacing its draft. Series already under way are
never changed. Running this as a background job is ``seating.domain.jobs``.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cached_property
from typing import TYPE_CHECKING, Any

from django.db import connection, transaction

from clubs.domain.names import club_key
from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import Problem, Refused, refused
from seating import engine
from seating import ports as seating_ports
from seating.log import SeatingCode
from seating.models import Seat, Table
from tournaments import ports
from tournaments.domain.frozen import check_not_final
from tournaments.enums import SeriesStatus, TeamSeating
from tournaments.models import Entry, Series, Tournament

if TYPE_CHECKING:
    from django.db.models import QuerySet


def seat_series(series: Series, tables: Sequence[Sequence[Entry]], *, by: Actor) -> list[Table]:
    """Seat ``series`` as given: one list of entries per table, in position order (1, 2, …).

    Replaces an earlier draft of the same series; refused once a deal has been recorded.
    """
    with transaction.atomic():
        created = _seat(series, tables)
        details = {"series": series.number, "method": engine.Method.FIXED.value, "seed": "—"}
        log(series.tournament, by, SeatingCode.SEATING_STARTED, **details)
    return created


def _seat(series: Series, tables: Sequence[Sequence[Entry]]) -> list[Table]:
    _check_plan(series, tables)
    with transaction.atomic():
        Series.objects.select_for_update().filter(pk=series.pk).first()  # one seating at a time
        # final results keep their seatings (after the series' lock: the order closing takes)
        check_not_final(series.tournament_id)
        if Table.objects.filter(series=series, deals__isnull=False).exists():
            raise refused("series_started", "series", number=series.number)
        series.tables.all().delete()
        created = [new_table(series, number) for number in range(1, len(tables) + 1)]
        Seat.objects.bulk_create(
            Seat(series=series, table=table, position=position, entry=entry)
            for table, entries in zip(created, tables, strict=True)
            for position, entry in enumerate(entries, start=1)
        )
        series.status = SeriesStatus.SEATED
        series.save(update_fields=["status"])
        tournament_changed(series.tournament_id)  # spectators see the new tables
    return created


def reissue_captain_token(table: Table, *, by: Actor) -> str:
    """Revoke the table's captain link and return the new secret."""
    with transaction.atomic():
        table.token_nonce = secrets.token_hex(16)
        table.token_hash = Table.hash_token(table.captain_token())
        table.save(update_fields=["token_nonce", "token_hash"])
        details = {"table": table.number, "series": table.series.number}
        log(table.series.tournament, by, SeatingCode.CAPTAIN_LINK_REISSUED, **details)
    return table.captain_token()


def table_for_token(token: str) -> Table | None:
    """The table a captain's secret opens, or None."""
    return table_with_tournament("token_hash", Table.hash_token(token))


def table_with_tournament(column: str, value: int | str, *, lock: bool = False) -> Table | None:
    """The table whose ``column`` (``id`` or ``token_hash``: both unique) is ``value``, with its
    series and tournament, as ``Table.objects.select_related("series__tournament")`` gives it;
    ``lock``: its row locked for update (the table's row only: not the series and tournament
    rows all tables share).

    Every deal a captain saves loads its table twice (the token, then the lock): compiling that
    queryset cost more Python than the rest of the two reads, so the statement is written out
    once and its rows are made into model instances as the ORM makes them."""
    assert column in ("id", "token_hash")
    sql = f"{_TABLE_SELECT} WHERE t.{connection.ops.quote_name(column)} = %s"
    if lock and connection.features.has_select_for_update:
        sql += " " + connection.ops.for_update_sql(of=("t",))
    with connection.cursor() as cursor:
        cursor.execute(sql, [value])
        row = cursor.fetchone()
    if row is None:
        return None
    table: Table
    table, series, tournament = (part.instance(row) for part in _TABLE_PARTS)
    Table.series.field.set_cached_value(table, series)
    Series.tournament.field.set_cached_value(series, tournament)
    return table


class _Part:
    """One model's columns in ``_TABLE_SELECT``: where they are in a row, and how the ORM
    converts what the database returned (``SQLCompiler.get_converters``)."""

    def __init__(self, model: type[Any], alias: str, start: int) -> None:
        self.model, self.alias, self.start = model, alias, start
        self.fields = model._meta.concrete_fields
        self.names = [field.attname for field in self.fields]

    def columns(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    @cached_property
    def converters(self) -> list[tuple[int, Any, list[Any]]]:
        found = []
        for index, field in enumerate(self.fields):
            column = field.get_col(self.alias)
            ops, own = (
                connection.ops.get_db_converters(column),
                column.get_db_converters(connection),
            )
            if ops or own:
                found.append((index, column, ops + own))
        return found

    def instance(self, row: Sequence[Any]) -> Any:
        values = list(row[self.start : self.start + len(self.fields)])
        for index, column, converters in self.converters:
            for convert in converters:
                values[index] = convert(values[index], column, connection)
        return self.model.from_db(connection.alias, self.names, values)


_TABLE_PARTS = (
    table_part := _Part(Table, "t", 0),
    series_part := _Part(Series, "s", len(table_part.fields)),
    _Part(Tournament, "r", len(table_part.fields) + len(series_part.fields)),
)
_TABLE_SELECT = (
    f"SELECT {', '.join(part.columns() for part in _TABLE_PARTS)}"
    f" FROM {Table._meta.db_table} t"
    f" JOIN {Series._meta.db_table} s ON s.id = t.series_id"
    f" JOIN {Tournament._meta.db_table} r ON r.id = s.tournament_id"
)


def new_table(series: Series, number: int) -> Table:
    table = Table(series=series, number=number, token_nonce=secrets.token_hex(16))
    table.token_hash = Table.hash_token(table.captain_token())
    table.save()
    return table


def _check_plan(series: Series, tables: Sequence[Sequence[Entry]]) -> None:
    if not tables:
        raise refused("seating_empty", "tables")
    for index, entries in enumerate(tables):
        if len(entries) not in (4, 5):
            raise refused("table_size", f"tables.{index}", size=len(entries))
    seated = [entry.pk for entries in tables for entry in entries]
    if len(seated) != len(set(seated)):
        raise refused("seated_twice", "tables")
    if any(entry.tournament_id != series.tournament_id for entries in tables for entry in entries):
        raise refused("not_entered", "tables")
    withdrawn = [str(e.start_number) for entries in tables for e in entries if e.withdrawn]
    if withdrawn:
        raise refused("entry_withdrawn", "tables", start_numbers=", ".join(withdrawn))


def usual_team_seating(tournament: Tournament) -> str:
    """How the tournament's teams sit unless the organiser says otherwise: against each other
    at a match of teams (a league's match day, a cup's round) whose teams are set up so that
    every table can hold each team equally, else apart (which a refusal would otherwise stop)."""
    seated = [entry.pk for entry in _seatable(tournament)]
    return _usual_team_seating(tournament, seating_ports.TEAMS_OF.get()(tournament), seated)


def _usual_team_seating(
    tournament: Tournament, team_of: Mapping[int, int], seated: Sequence[int]
) -> str:
    if not seated or any(pk not in team_of for pk in seated):
        return TeamSeating.APART
    sizes = Counter(team_of[pk] for pk in seated).values()
    if engine.team_pattern_fits(list(sizes)) and seating_ports.is_team_match(tournament):
        return TeamSeating.AGAINST
    return TeamSeating.APART


def draw_seating(
    tournament: Tournament,
    *,
    method: str,
    seed: int,
    series: Sequence[int] | None = None,
    separate_clubs: str = engine.ClubSeparation.FIRST,
    fixed: Sequence[engine.Series] | None = None,
    teams: str | None = None,
) -> dict[str, Any]:
    """Draw and store the seating of ``series`` (default: every series not yet under way).

    The same tournament, method and seed give the same plan. Series with deals stay as they are
    and count as played meetings; for an evening of a season, so do (less) the meetings of its
    earlier evenings (``seating.ports.EARLIER_MEETINGS``), and the report counts the pairs who
    meet again. The tournament's teams (``seating.ports.TEAMS_OF``) sit as ``teams`` says:
    ``apart``, ``against`` (a match day's pattern) or ``none`` (not considered); without a
    choice, ``against`` for a match of teams (a league's match day, a cup's round:
    ``seating.ports.is_team_match``) whose teams are set up, else ``apart``. Returns the plan's
    quality report and the series seated.
    """
    entries = {e.pk: e for e in _seatable(tournament)}
    team_of = {} if teams == TeamSeating.NONE else seating_ports.TEAMS_OF.get()(tournament)
    if teams is None:
        teams = _usual_team_seating(tournament, team_of, list(entries))
    frozen = _frozen_series(tournament)
    wanted = set(series or range(1, tournament.series_count + 1)) - set(frozen)
    request = engine.SeatingRequest(
        players=[
            engine.Player(pk, club=_club(entry), team=_team(team_of, pk))
            for pk, entry in entries.items()
        ],
        series_count=tournament.series_count,
        method=method,
        seed=seed,
        frozen=frozen,
        ranking=_ranking(tournament, method),
        fixed=fixed,
        separate_clubs=separate_clubs,
        history=seating_ports.EARLIER_MEETINGS.get()(tournament),
        teams=engine.TeamSeating.APART if teams == TeamSeating.NONE else teams,
    )
    try:
        plan = engine.seat(request)
    except engine.SeatingRefused as refusal:
        raise Refused([_problem(refusal, entries)]) from refusal
    report = asdict(plan.report)
    with transaction.atomic():
        for row in tournament.series.filter(number__in=wanted).order_by("number"):
            tables = [[entries[pk] for pk in table] for table in plan.series[row.number - 1]]
            _seat(row, tables)
            row.seating_method, row.seating_seed, row.seating_report = method, seed, report
            row.save(update_fields=["seating_method", "seating_seed", "seating_report"])
    return {"series": sorted(wanted), "method": str(plan.method), "seed": seed, "report": report}


PLAYER_PARAMS = ("id", "ids", "missing", "unknown")  # entry ids, shown as start numbers


def _problem(refusal: engine.SeatingRefused, entries: dict[int, Entry]) -> Problem:
    """The engine's refusal in the organiser's terms: start numbers, lists as text."""

    def readable(key: str, value: object) -> object:
        values = value if isinstance(value, list | tuple) else [value]
        if key in PLAYER_PARAMS:
            values = [entries[pk].start_number if pk in entries else pk for pk in values]
        return ", ".join(map(str, values)) if isinstance(value, list | tuple) else values[0]

    params = {key: readable(key, value) for key, value in refusal.params.items()}
    return Problem(refusal.code, refusal.field, params)


def _seatable(tournament: Tournament) -> QuerySet[Entry]:
    return (
        tournament.entries.filter(withdrawn=False).select_related("player").order_by("start_number")
    )


def _club(entry: Entry) -> str | None:
    """Who counts as a club mate: the club as typed, case and spacing aside (docs/CLUBS.md)."""
    return club_key(entry.player.club_name) or None


def _team(team_of: Mapping[int, int], entry_id: int) -> str | None:
    """The engine names a team by a string (as a club)."""
    return str(team_of[entry_id]) if entry_id in team_of else None


def _frozen_series(tournament: Tournament) -> dict[int, tuple[tuple[int, ...], ...]]:
    """The seating of every series with deals: played meetings the plan must count."""
    started = tournament.series.filter(tables__deals__isnull=False).distinct()
    frozen = {}
    for row in started.prefetch_related("tables__seats"):
        frozen[row.number] = tuple(
            tuple(seat.entry_id for seat in table.seats.all()) for table in row.tables.all()
        )
    return frozen


def _ranking(tournament: Tournament, method: str) -> tuple[int, ...]:
    if method != engine.Method.RANKING:
        return ()
    return ports.STANDINGS.get().ranking_order(tournament)
