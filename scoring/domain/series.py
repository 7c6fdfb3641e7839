"""Ending a series: calling time (TSR 8.5) and closing it once every table is complete."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from karlchen.actors import Actor
from karlchen.changes import tournament_changed
from karlchen.log import log
from karlchen.refusals import refused
from scoring.domain.deals import played_deals
from scoring.log import ScoringCode
from scoring.ports import SERIES_CLOSED
from seating.models import Table
from tournaments.engine.series import replay
from tournaments.enums import SeriesStatus
from tournaments.models import Series


def call_time(series: Series, *, by: Actor) -> Series:
    """Time is up: at every table the remaining normal deals are struck; missing compulsory
    solos are still played, as forced solos."""
    with transaction.atomic():
        tables = _lock_tables(series)
        series = Series.objects.select_for_update().get(pk=series.pk)
        for table in tables:
            if table.time_up_after is None:
                table.time_up_after = table.deals.count()
                table.save(update_fields=["time_up_after"])
        series.time_called_at = series.time_called_at or timezone.now()
        series.save(update_fields=["time_called_at"])
        log(series.tournament, by, ScoringCode.TIME_CALLED, series=series.number)
        tournament_changed(series.tournament_id)
    return series


def incomplete_tables(series: Series) -> list[int]:
    """Numbers of the tables whose series still has deals to play."""
    tournament = series.tournament
    missing = []
    for table in series.tables.prefetch_related("seats", "deals__current"):
        settings = tournament.series_settings(len(table.seats.all()))
        rows = [(deal.current.input, deal.current.voided) for deal in table.deals.all()]
        played = played_deals(tournament.game, tournament.rules, settings, rows)
        if not replay(settings, played, time_up_after=table.time_up_after).complete:
            missing.append(table.number)
    return missing


def close_series(series: Series, *, by: Actor, force: bool = False) -> Series:
    """Close the series: captain links stop working; only organisers can still correct.

    Refused while a table has deals left, unless ``force`` (e.g. a table abandoned play).
    """
    with transaction.atomic():
        _lock_tables(series)  # no deal is being written while the series closes
        series = Series.objects.select_for_update().select_related("tournament").get(pk=series.pk)
        missing = incomplete_tables(series)
        if missing and not force:
            raise refused("series_incomplete", "series", tables=", ".join(map(str, missing)))
        series.status = SeriesStatus.CLOSED
        series.closed_at = timezone.now()
        series.save(update_fields=["status", "closed_at"])
        if missing:
            tables = ", ".join(map(str, missing))
            log(
                series.tournament,
                by,
                ScoringCode.SERIES_FORCE_CLOSED,
                series=series.number,
                tables=tables,
            )
        else:
            log(series.tournament, by, ScoringCode.SERIES_CLOSED, series=series.number)
        tournament_changed(series.tournament_id)
        for closed in SERIES_CLOSED.all():
            closed(series.tournament_id)
    return series


def _lock_tables(series: Series) -> list[Table]:
    """Lock the series' tables, in one order, before the series row: a deal being recorded
    holds its table's lock and then may update the series (to "running"), so taking the
    series first here could deadlock with it."""
    return list(Table.objects.select_for_update().filter(series_id=series.pk).order_by("pk"))
