"""A season as a spreadsheet: its ranking with each evening's points per player (CSV, XLSX).

The cells come from one computation of the season table, cached like the season's other reads
(``karlchen.changes.cached_season_body``, per reader and language: the headers are words), so
a file carries the ETag of what it was made from and a client that has it gets a 304. The files
are written by ``results.domain.exports`` (no cell ever a formula).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from karlchen.actors import Actor
from karlchen.changes import Body, cached_season_body
from karlchen.log import log
from people.models import Player
from results.domain.exports import Cell, Sheet, table_csv, table_xlsx
from results.log import ResultsCode
from seasons.domain.standings import SeasonInput, number, season_table
from seasons.engine.ranking import PlayerSeason
from seasons.models import Season, cup_places
from tournaments.visibility import shown_as_hidden

KINDS = ("csv", "xlsx")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def season_export_body(season: Season, *, public: bool) -> Body:
    """The export's cells as a cached JSON body: ``{"ranking": rows, "evenings": rows}``."""
    view = f"export:{'public' if public else 'organiser'}:{get_language()}"
    return cached_season_body(season.pk, view, lambda: _cells(season, public=public))


def season_export(season: Season, kind: str, *, public: bool) -> tuple[bytes, str]:
    """The file of ``kind`` (``csv``: the ranking; ``xlsx``: the ranking and a sheet of every
    evening of every player) and the ETag it answers to."""
    body = season_export_body(season, public=public)
    tables: dict[str, list[list[Cell]]] = body.rows  # type: ignore[assignment]
    if kind == "csv":
        return table_csv(tables["ranking"]), _etag(body.etag, kind)
    sheets = [
        Sheet(_("Season ranking"), tables["ranking"], {"B": 28, "C": 24}),
        Sheet(_("Evenings"), tables["evenings"], {"A": 28, "C": 28}),
    ]
    return table_xlsx(sheets), _etag(body.etag, kind)


def season_export_for_organiser(season: Season, kind: str, *, by: Actor) -> tuple[bytes, str]:
    """The file of ``kind`` as an organiser downloads it (every evening live), noted in the
    season's log."""
    with transaction.atomic():
        exported = season_export(season, kind, public=False)
        log(season, by, ResultsCode.EXPORTED, format=kind.upper())
    return exported


def _etag(etag: str, kind: str) -> str:
    return f'{etag[:-1]}-{kind}"' if etag.endswith('"') else f"{etag}-{kind}"


def _cells(season: Season, *, public: bool) -> dict[str, Any]:
    table, found = season_table(season, public=public)
    players = Player.objects.in_bulk([row.player for row in table.rows])
    names = {
        row.player: _name(
            players[row.player], hidden=shown_as_hidden(row.player in found.hidden, public=public)
        )
        for row in table.rows
    }
    return {
        "ranking": _ranking(season, table.rows, table.evenings, names, found),
        "evenings": _evenings(table.rows, names, found),
    }


def _name(player: Player, *, hidden: bool) -> tuple[str, str]:
    if hidden:
        return _("hidden"), ""
    return player.name, player.club_name


def _ranking(
    season: Season,
    rows: tuple[PlayerSeason, ...],
    evenings: tuple[Any, ...],
    names: dict[int, tuple[str, str]],
    found: SeasonInput,
) -> list[list[Cell]]:
    """A row per player, ranked first; a column of points per evening (empty: missed)."""
    header: list[Cell] = [_("Rank"), _("Name"), _("Club"), _("Score"), _("Evenings")]
    header += [_("Lists counted"), _("Lists played"), _("Attendance bonus")]
    places = cup_places(season)
    if places is not None:
        header.append(_("Qualified"))
    tournaments = [found.tournaments[evening.id] for evening in evenings]
    header += [f"{tournament.date:%Y-%m-%d} {tournament.name}" for tournament in tournaments]
    table = [header]
    for row in rows:
        name, club = names[row.player]
        line: list[Cell] = [row.rank, name, club, number(row.score), row.evenings_played]
        line += [row.lists_counted, row.lists_played, row.bonus]
        if places is not None:
            line.append(_("yes") if row.rank is not None and row.rank <= places else "")
        played = {evening.evening: evening for evening in row.evenings if evening.played}
        line += [
            played[evening.id].points if evening.id in played else None for evening in evenings
        ]
        table.append(line)
    return table


def _evenings(
    rows: tuple[PlayerSeason, ...], names: dict[int, tuple[str, str]], found: SeasonInput
) -> list[list[Cell]]:
    """A row per player and evening the rule counts: what it was worth, and whether it counted."""
    header: list[Cell] = [_("Name"), _("Date"), _("Evening"), _("Place"), _("Points")]
    header += [_("Penalties"), _("Worth"), _("Counted")]
    table = [header]
    for row in rows:
        for evening in row.evenings:
            tournament = found.tournaments[evening.evening]
            line: list[Cell] = [names[row.player][0], str(tournament.date), tournament.name]
            line += [evening.place, evening.points if evening.played else None]
            line += [evening.penalties, number(evening.value)]
            line.append(_("yes") if evening.counted else _("no"))
            table.append(line)
    return table
