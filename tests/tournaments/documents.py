"""Helpers of the document tests: tournaments to print, and what a PDF holds."""

from __future__ import annotations

import io
import random

from pypdf import PdfReader

from scoring.domain.deals import record_deal
from tests.factories.tournaments import CAPTAIN, tournament_with_players
from tournaments import demo
from tournaments.domain.seating import seat_series

NAMES = ["Jürgen Weiß", "Änne Öztürk", "Björn Strauß", "Zoë Müller-Lüdenscheidt", "Ulf Åberg"]


def seated_series(tables=(4,), *, game="doppelkopf", **fields):
    """Series 1 seated at tables of the given sizes; the first players have umlaut names."""
    tournament, entries = tournament_with_players(sum(tables), game=game, **fields)
    for entry, name in zip(entries, NAMES, strict=False):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    series = tournament.series.get(number=1)
    groups, start = [], 0
    for size in tables:
        groups.append(entries[start : start + size])
        start += size
    return series, seat_series(series, groups)


def play_series(table, *, seed=1, deals=None):
    """Record a whole series (or its first ``deals``) of valid generated deals at ``table``."""
    tournament = table.series.tournament
    settings = tournament.series_settings(table.seats.count())
    rng = random.Random(seed)
    generated = demo.generate_series(rng, settings, deals=deals, rules=tournament.rules)
    for deal in generated:
        record_deal(table, deal=deal.deal, by=CAPTAIN, number=deal.upcoming.number)
    return generated


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, as a reader's copy and paste would give it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
