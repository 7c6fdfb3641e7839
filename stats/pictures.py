"""The statistics' pictures as the pages draw them: the geometry from ``stats.engine.charts``,
the words here, the SVG in the templates (``stats/templates/stats/``: a player's pictures,
a season's and an evening's figures). Every picture comes with a
title, a description and its figures as a table, for readers who do not see it."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from stats.engine.charts import Frame, column_chart, line_chart, share_bars

SOLO_KINDS = {
    "compulsory_solo": lambda: _("Compulsory solo"),
    "voluntary_solo": lambda: _("Voluntary solo"),
    "forced_solo": lambda: _("Forced solo"),
}
LEVELS = {
    "announced": lambda: _("Re or Kontra"),
    "no90": lambda: _("No 90"),
    "no60": lambda: _("No 60"),
    "no30": lambda: _("No 30"),
    "schwarz": lambda: _("Schwarz"),
}
BAR_WIDTH = 96  # of the bars' 320 units: the labels take the left (112), the shares the right (112)
GLANCE_EVENINGS = 12  # the season at a glance shows its latest evenings


def player_pictures(overview: dict[str, Any] | None, prefix: str) -> dict[str, Any] | None:
    """What ``stats/_player_pictures.html`` draws for a player (``prefix``: unique ids on the
    page); None without a counted deal."""
    if overview is None or overview["figures"] is None:
        return None
    figures = overview["figures"]
    return {
        "prefix": prefix,
        "summary": _summary(figures),
        "form": _form(overview["form"]),
        "solos": _bars(
            [(SOLO_KINDS[kind](), tally) for kind, tally in _in_order(figures["solos_by_kind"])]
        ),
        "announcements": _bars(_announcements(figures["announcements"])),
        "season": _glance(overview["season"]),
        "quick_note": ngettext(
            "%(count)s of them entered as quick entry (no solos, no announcements).",
            "%(count)s of them entered as quick entry (no solos, no announcements).",
            figures["quick_deals"],
        )
        % {"count": figures["quick_deals"]}
        if figures["quick_deals"]
        else "",
    }


def _summary(figures: dict[str, Any]) -> list[tuple[str, str]]:
    share = round(100 * figures["won"] / figures["deals"]) if figures["deals"] else 0
    best = figures["best_series"]
    rows = [
        (_("Deals"), str(figures["deals"])),
        (_("Won"), f"{figures['won']} ({share} %)"),
        (_("Points"), str(figures["points"])),
        (_("Series played"), str(figures["series"])),
        (_("Points per series"), _number(figures["average_per_series"])),
    ]
    if best is not None:
        rows.append((_("Best series"), str(best["points"])))
    return rows


def _number(value: float | None) -> str:
    return "–" if value is None else number_format(value, 1)


def _in_order(tallies: dict[str, dict[str, int]]) -> list[tuple[str, dict[str, int]]]:
    return [(kind, tallies[kind]) for kind in SOLO_KINDS if kind in tallies]


def _announcements(tallies: dict[str, dict[str, int]]) -> list[tuple[str, dict[str, int]]]:
    """Each level's announcements of both parties together, lowest level first."""
    rows = []
    for level, label in LEVELS.items():
        played = sum(tallies.get(f"{party}:{level}", {}).get("played", 0) for party in PARTIES)
        won = sum(tallies.get(f"{party}:{level}", {}).get("won", 0) for party in PARTIES)
        if played:
            rows.append((label(), {"played": played, "won": won}))
    return rows


PARTIES = ("re", "kontra")


def _bars(rows: list[tuple[str, dict[str, int]]]) -> dict[str, Any] | None:
    if not rows:
        return None
    bars = share_bars(
        [(label, tally["played"], tally["won"]) for label, tally in rows], width=BAR_WIDTH
    )
    return {"bars": bars, "height": len(bars) * 24 + 4}


def _form(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    if len(rows) < 2:
        return None
    chart = line_chart([row["points"] for row in rows], Frame())
    points = [
        {
            **row,
            "x": point.x,
            "y": point.y,
            "when": date_format(datetime.date.fromisoformat(row["date"]), "SHORT_DATE_FORMAT"),
        }
        for row, point in zip(rows, chart.points, strict=True)
    ]
    return {
        "chart": chart,
        "points": points,
        "first": points[0]["when"],
        "last": points[-1]["when"],
        "best": max(row["points"] for row in rows),
        "worst": min(row["points"] for row in rows),
    }


def _glance(season: dict[str, Any] | None) -> dict[str, Any] | None:
    if season is None or not season["evenings"]:
        return None
    evenings = season["evenings"][-GLANCE_EVENINGS:]
    columns = _evening_columns(evenings, "points")
    return {
        "name": season["name"],
        "columns": columns,
        "evenings": evenings,
        "points": sum(row["points"] for row in season["evenings"]),
        "deals": sum(row["deals"] for row in season["evenings"]),
        "count": len(season["evenings"]),
    }


def _evening_columns(evenings: list[dict[str, Any]], figure: str) -> dict[str, Any]:
    dates = [datetime.date.fromisoformat(row["date"]) for row in evenings]
    chart = column_chart(
        [
            (date_format(date, "d.m."), row[figure])
            for date, row in zip(dates, evenings, strict=True)
        ]
    )
    every = max(1, len(chart.columns) // 6)  # at most about six dates under the columns
    return {
        "chart": chart,
        "labels": [
            {"x": round(column.x + column.width / 2, 2), "text": column.label}
            for index, column in enumerate(chart.columns)
            if index % every == 0
        ],
    }


def evening_line(totals: dict[str, Any], game: str) -> list[str]:
    """The evening (or season) in figures as short phrases: "13 solos, 9 won", "4 foxes
    caught"…; only what happened."""
    phrases = [
        ngettext("%(count)s deal", "%(count)s deals", totals["deals"]) % {"count": totals["deals"]}
    ]
    solos = totals["solos"]
    if solos["played"]:
        phrases.append(
            ngettext("%(count)s solo, %(won)s won", "%(count)s solos, %(won)s won", solos["played"])
            % {"count": solos["played"], "won": solos["won"]}
        )
    announced = totals["announcements"]
    if announced["played"]:
        phrases.append(
            ngettext(
                "%(count)s announcement, %(won)s won",
                "%(count)s announcements, %(won)s won",
                announced["played"],
            )
            % {"count": announced["played"], "won": announced["won"]}
        )
    extras = totals["extras"]
    for kind, phrase in EXTRA_PHRASES.items():
        if extras.get(kind):
            phrases.append(phrase(extras[kind]) % {"count": extras[kind]})
    if game == "schafkopf":
        for contract, tally in sorted(
            totals["contracts"].items(), key=lambda item: -item[1]["played"]
        )[:3]:
            phrases.append(
                _("%(count)s × %(contract)s, %(won)s won")
                % {"count": tally["played"], "contract": contract.title(), "won": tally["won"]}
            )
    return phrases


EXTRA_PHRASES: dict[str, Callable[[int], str]] = {
    "fox": lambda count: ngettext("%(count)s fox caught", "%(count)s foxes caught", count),
    "doppelkopf": lambda count: ngettext("%(count)s Doppelkopf", "%(count)s Doppelkopfs", count),
    "karlchen": lambda count: ngettext(
        "%(count)s Karlchen won the last trick", "%(count)s Karlchen won the last trick", count
    ),
}


def evening_pictures(totals: dict[str, Any], game: str, prefix: str) -> dict[str, Any]:
    """What ``stats/_evening_figures.html`` draws: the phrases and the solos' and
    announcements' bars."""
    rows = [(_("Solos"), totals["solos"])]
    if game != "schafkopf":
        rows.append((_("Announcements"), totals["announcements"]))
    return {
        "prefix": prefix,
        "phrases": evening_line(totals, game),
        "bars": _bars([row for row in rows if row[1]["played"]]),
        "deals": totals["deals"],
    }


def season_pictures(season: dict[str, Any] | None, game: str, prefix: str) -> dict[str, Any] | None:
    """What ``stats/_season_figures.html`` draws for a season: its figures in words, the deals
    and solos per evening."""
    if season is None or not season["totals"]["deals"]:
        return None
    evenings = [
        {**row, "solos_played": row["solos"]["played"], "solos_won": row["solos"]["won"]}
        for row in season["evenings"]
    ]
    return {
        "prefix": prefix,
        "name": season["season"]["name"],
        "id": season["season"]["id"],
        "phrases": evening_line(season["totals"], game),
        "players": season["players"],
        "evenings": evenings,
        "count": len(evenings),
        "columns": _evening_columns(evenings[-GLANCE_EVENINGS:], "deals"),
        "bars": evening_pictures(season["totals"], game, prefix)["bars"],
    }
