"""The statistics as spreadsheets for the organisers' desk (CSV and XLSX), written the way the
results are (``results.domain.exports``: semicolons and a BOM for German Excel, no cell ever a
formula: a name typed as ``=…`` stays text).

- A player's statistics: every figure of ``docs/STATISTICS.md`` over every deal the public may
  see (what the desk's player page shows), and in the workbook a second sheet with each series'
  points.
- A tournament's statistics: one row per player with the main figures, counted over **every**
  deal of the tournament (the organisers' view: unconfirmed deals too, hidden players named),
  noted in the tournament's log as the results' exports are.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from karlchen.actors import Actor
from karlchen.log import log
from people.models import Player
from results.domain.exports import Cell, Sheet, table_csv, table_xlsx
from results.log import ResultsCode
from stats.domain.facts import deal_facts, scope_tournaments, visible_deals
from stats.domain.reads import ALL_TIME, counted
from stats.engine.figures import PlayerStats, compute
from tournaments.models import Entry, Tournament

FORMATS = ("csv", "xlsx")


def player_rows(player: Player) -> list[list[Cell]]:
    """The header and one row per figure: its name, how often played (or the value) and won."""
    tournaments = scope_tournaments(ALL_TIME, player=player.pk)
    stats = counted(tournaments, player=player.pk).players.get(player.pk, PlayerStats(player.pk))
    figures = stats.as_json()
    rows: list[list[Cell]] = [[_("Figure"), _("Value"), _("Won")]]
    rows += [
        [_("Player"), player.name, ""],
        [_("Deals"), figures["deals"], figures["won"]],
        [_("Of them quick entry"), figures["quick_deals"], ""],
        [_("Points"), figures["points"], ""],
        [_("Points per deal"), _decimal(figures["average_per_deal"]), ""],
        [_("Series"), figures["series"], ""],
        [_("Points per series"), _decimal(figures["average_per_series"]), ""],
    ]
    rows += _tally_rows(_("Party"), figures["parties"])
    rows += _tally_rows(_("Solo"), figures["solos_by_kind"])
    rows += _tally_rows(_("Solo type"), figures["solos_by_type"])
    rows += _tally_rows(_("Announcement"), figures["announcements"])
    rows += [
        [f"{_('Extra point won')}: {kind}", count, ""]
        for kind, count in figures["extras_won"].items()
    ]
    rows += [
        [f"{_('Extra point lost')}: {kind}", count, ""]
        for kind, count in figures["extras_lost"].items()
    ]
    rows += _tally_rows(_("Game"), figures["contracts"])
    return rows


def _tally_rows(label: str, tallies: dict[str, dict[str, int]]) -> list[list[Cell]]:
    return [[f"{label}: {key}", tally["played"], tally["won"]] for key, tally in tallies.items()]


def _decimal(value: float | None) -> Cell:
    return "" if value is None else value


def series_rows(player: Player) -> list[list[Cell]]:
    """The header and each series the player played: tournament, date, series, points."""
    tournaments = scope_tournaments(ALL_TIME, player=player.pk)
    stats = counted(tournaments, player=player.pk).players.get(player.pk, PlayerStats(player.pk))
    played = {
        pk: (name, date)
        for pk, name, date in Tournament.objects.filter(pk__in=tournaments).values_list(
            "pk", "name", "date"
        )
    }
    rows: list[list[Cell]] = [[_("Tournament"), _("Date"), _("Series"), _("Points")]]
    for (tournament, number), points in sorted(
        stats.series.items(), key=lambda item: (played[item[0][0]][1], item[0])
    ):
        name, date = played[tournament]
        rows.append([name, date.isoformat(), number, points])
    return rows


def player_export(player: Player, kind: str) -> bytes:
    """A player's statistics as ``csv`` (the figures) or ``xlsx`` (the figures and the
    series)."""
    if kind == "csv":
        return table_csv(player_rows(player))
    return table_xlsx(
        [
            Sheet(_("Statistics"), player_rows(player), {"A": 36, "B": 24}),
            Sheet(_("Series"), series_rows(player), {"A": 36}),
        ]
    )


def tournament_rows(tournament: Tournament) -> list[list[Cell]]:
    """The header and one row per player who played a deal, by start number."""
    figures = compute(deal_facts(visible_deals([tournament.pk], public=False))).players
    entries = Entry.objects.filter(tournament=tournament, player_id__in=figures).order_by(
        "start_number"
    )
    rows: list[list[Cell]] = [
        [
            _("Start number"),
            _("Name"),
            _("Deals"),
            _("Won"),
            _("Lost"),
            _("Points"),
            _("Points per deal"),
            _("Solos"),
            _("Solos won"),
            _("Announcements"),
            _("Announcements won"),
            _("Foxes caught by their party"),
        ]
    ]
    for entry in entries.select_related("player"):
        rows.append([entry.start_number, entry.player.name, *_main(figures[entry.player_id])])
    return rows


def _main(stats: PlayerStats) -> list[Cell]:
    figures: dict[str, Any] = stats.as_json()
    solos = figures["solos_by_kind"].values()
    announced = figures["announcements"].values()
    return [
        figures["deals"],
        figures["won"],
        figures["lost"],
        figures["points"],
        _decimal(figures["average_per_deal"]),
        sum(tally["played"] for tally in solos),
        sum(tally["won"] for tally in solos),
        sum(tally["played"] for tally in announced),
        sum(tally["won"] for tally in announced),
        figures["extras_won"].get("fox", 0),
    ]


def tournament_export(tournament: Tournament, kind: str, *, by: Actor) -> bytes:
    """A tournament's statistics per player as ``csv`` or ``xlsx``, noted in its log."""
    with transaction.atomic():
        rows = tournament_rows(tournament)
        if kind == "csv":
            content = table_csv(rows)
        else:
            content = table_xlsx([Sheet(_("Statistics"), rows, {"B": 30})])
        log(tournament, by, ResultsCode.EXPORTED, format=f"{kind.upper()} ({_('Statistics')})")
    return content
