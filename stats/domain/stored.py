"""Each tournament's figures, stored, and counted again only where they are stale.

A read over many tournaments (a player's all time, a season, a club) needs every tournament's
figures. Counting them from the deals each time reads every deal's JSON, far too slow for a
long history; so each tournament's figures are stored (``stats.TournamentFigures``) with the
*fingerprint* of what they were counted from. One query gives every asked tournament's current
fingerprint: the number of its deals, the sum of their current revisions' ids (a correction or
a void draws a new, higher one), how many are voided and how many confirmed, who sits at its
entries (a merge of two players moves an entry), what the public may see of it (draft, standings
published, confirmation, the freeze) and the engine's version. Where the stored one differs or
is missing, those tournaments are counted again, all at once (two queries), and stored. The
deals' and the entries' parts are the one fingerprint idea the rating shares
(``stats.domain.fingerprint``).

The fingerprint is read before the deals: figures counted from deals newer than their
fingerprint are counted again by the next reader, never served as current for a state they do
not show.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, F, Q

from scoring.models import Deal
from seating.models import Table
from stats.domain.facts import deal_facts, visible_deals
from stats.domain.fingerprint import deals_print, digest, people_print
from stats.engine.figures import (
    DealFacts,
    Statistics,
    Totals,
    compute,
    dump,
    load,
    load_player,
    load_totals,
)
from stats.models import TournamentFigures
from tournaments.models import Entry, Tournament

# Raise with every change of the engine or the facts that changes a stored figure.
ENGINE_VERSION = 2  # 2: Laufende won and lost per player


def fingerprints(tournaments: Iterable[int]) -> dict[int, str]:
    """Each tournament's fingerprint now: a few grouped queries, whatever their number. The
    deals are read only where they may still change: a tournament whose results are final
    refuses every deal written, corrected, voided or confirmed (``scoring.domain.deals``), so
    the moment it was marked final stands for them (marked final again after a reopening, it
    is a new moment); their confirmations only where the public sees confirmed deals only."""
    ids = list(tournaments)
    shown = list(
        Tournament.objects.filter(pk__in=ids).values_list(
            "pk",
            "results_final_at",
            "status",
            "standings_public",
            "confirmation_required",
            "standings_frozen_at",
            "game",
        )
    )
    open_ = [pk for pk, final, *_rest in shown if final is None]
    confirming = [
        pk for pk, final, _s, _p, confirmed, *_rest in shown if final is None and confirmed
    ]
    parts: dict[int, list[Any]] = {row[0]: [ENGINE_VERSION, *row[1:]] for row in shown}
    for tournament, *figures in _deal_figures(open_, confirming):
        parts[tournament] += figures
    entries = Entry.objects.filter(tournament_id__in=ids)
    for tournament, *figures in people_print(entries, per="tournament_id"):
        parts[tournament] += figures
    return {tournament: digest(part) for tournament, part in parts.items()}


def _deal_figures(tournaments: list[int], confirming: list[int]) -> list[tuple[Any, ...]]:
    """Per table of the tournaments (as (tournament, table, figures…)): the number of its deals,
    the sum of their current revisions' ids and how many are voided; of ``confirming`` also how
    many are confirmed."""
    if not tournaments:
        return []
    tables = dict(
        Table.objects.filter(series__tournament_id__in=tournaments).values_list(
            "pk", "series__tournament_id"
        )
    )
    deals = deals_print(
        Deal.objects.filter(table__in=Table.objects.filter(series__tournament_id__in=tournaments)),
        per="table_id",
        voided=Count("pk", filter=Q(voided=True)),  # a void is a new revision too
    )
    confirmed = (
        Deal.objects.filter(
            table__series__tournament_id__in=confirming, current__confirmed_at__isnull=False
        )
        .values_list("table_id")
        .annotate(confirmed=Count("pk"))
        .order_by()
    )
    rows = [*deals, *(confirmed if confirming else ())]
    return [(tables[table], table, *figures) for table, *figures in rows]


def tournaments_figures(tournaments: Iterable[int]) -> dict[int, Statistics]:
    """Every player's and pair's figures at each tournament, from the deals the public may see:
    the stored ones where current, the others counted again and stored."""
    ids = list(tournaments)
    current = fingerprints(ids)
    stored = TournamentFigures.objects.filter(pk__in=ids).values_list(
        "pk", "fingerprint", "players", "pairs", "totals"
    )
    found = {
        pk: load({"players": _unkeyed(players), "pairs": pairs, "totals": totals})
        for pk, printed, players, pairs, totals in stored
        if current.get(pk) == printed
    }
    return found | _counted_again([pk for pk in current if pk not in found], current)


def player_figures(tournaments: Iterable[int], player: int) -> dict[int, Statistics]:
    """As ``tournaments_figures``, with only the player's own figures read (no pairs, no one
    else's): what a player's figures need, a small part of each stored row."""
    ids = list(tournaments)
    current = fingerprints(ids)
    stored = TournamentFigures.objects.filter(pk__in=ids).values_list(
        "pk", "fingerprint", F(f"players__{_key(player)}")
    )
    found = {
        pk: Statistics({} if mine is None else {player: load_player(mine)}, {})
        for pk, printed, mine in stored
        if current.get(pk) == printed
    }
    return found | _counted_again([pk for pk in current if pk not in found], current)


def tournaments_totals(tournaments: Iterable[int]) -> dict[int, tuple[Totals, set[int]]]:
    """Each tournament's deals counted once each (``Totals``) and who played them: what a
    season in figures needs, without anyone's own figures or pairs."""
    ids = list(tournaments)
    current = fingerprints(ids)
    stored = TournamentFigures.objects.filter(pk__in=ids).values_list(
        "pk", "fingerprint", "totals", "player_ids"
    )
    found = {
        pk: (load_totals(totals), set(players))
        for pk, printed, totals, players in stored
        if current.get(pk) == printed
    }
    again = _counted_again([pk for pk in current if pk not in found], current)
    return found | {pk: (figures.totals, set(figures.players)) for pk, figures in again.items()}


def _counted_again(stale: list[int], current: dict[int, str]) -> dict[int, Statistics]:
    if not stale:
        return {}
    by_tournament: dict[int, list[DealFacts]] = defaultdict(list)
    for facts in deal_facts(visible_deals(stale, public=True)):
        by_tournament[facts.series[0]].append(facts)
    counted = {tournament: compute(by_tournament[tournament]) for tournament in stale}
    TournamentFigures.objects.bulk_create(
        [_stored(pk, current[pk], figures) for pk, figures in counted.items()],
        update_conflicts=True,
        unique_fields=["tournament"],
        update_fields=["fingerprint", "players", "pairs", "totals", "player_ids"],
    )
    return counted


def _stored(tournament: int, fingerprint: str, figures: Statistics) -> TournamentFigures:
    data = dump(figures)
    players = {_key(int(player)): stats for player, stats in data["players"].items()}
    return TournamentFigures(
        tournament_id=tournament,
        fingerprint=fingerprint,
        players=players,
        pairs=data["pairs"],
        totals=data["totals"],
        player_ids=sorted(figures.players),
    )


def _key(player: int) -> str:
    """A player's key in the stored ``players``: not a bare number, which a JSON path reads as
    an array's index."""
    return f"p{player}"


def _unkeyed(players: dict[str, Any]) -> dict[str, Any]:
    return {key.removeprefix("p"): stats for key, stats in players.items()}
