"""A cup's final: the tournament its qualifiers meet in, created from the season.

The qualifiers are the players placed within the places of the season's individual cup
(``IndividualCup.places``, ``cup_places`` in the API; all those who share
the last of those places), ranked as the organisers see the season (every evening, live). They
are entered seeded by their season rank: the seed is their start number, and the final's
series are seated by the standings, so its first series (no deals yet) seats the seeds in order,
strongest at table 1. The final is linked to the season's cup (``IndividualCup.final``, with
its seeding), never as one of its evenings: it counts for no qualifying ranking.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from karlchen.actors import Actor
from karlchen.changes import season_changed, tournament_changed
from karlchen.log import log
from karlchen.refusals import refused
from people.models import Player
from seasons.domain.seasons import forget_cup, next_evening_date
from seasons.domain.standings import number, season_table
from seasons.engine.ranking import PlayerSeason, qualifiers
from seasons.log import SeasonCode
from seasons.models import IndividualCup, Season
from tournaments.domain.entries import enter_players
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import SeatingMethod
from tournaments.models import Tournament


def create_final(
    season: Season,
    *,
    by: Actor,
    date: datetime.date | None = None,
    name: str | None = None,
) -> Tournament:
    """The cup's final: a draft tournament with the season's rules and settings, seated by the
    standings, its organisers the season's, the qualifiers entered by seed. Refused where the
    season is no cup (``cup_places``), has a final already (``final``) or no qualifiers yet
    (``cup_places``)."""
    with transaction.atomic():
        locked = Season.objects.select_for_update().get(pk=season.pk)  # one final, however raced
        cup = IndividualCup.objects.filter(season=locked).select_related("final").first()
        if cup is None:
            raise refused("season_not_a_cup", "cup_places")
        if cup.final is not None:
            raise refused("final_exists", "final", name=cup.final.name)
        table, _found = season_table(locked, public=False)
        qualified = qualifiers(table, cup.places)
        if not qualified:
            raise refused("no_qualifiers", "cup_places")
        tournament = _final_tournament(locked, by, date, name)
        players = Player.objects.in_bulk([row.player for row in qualified])
        enter_players(tournament, [players[row.player] for row in qualified], by=by)
        cup.final = tournament
        cup.seeds = _seeds(qualified)
        cup.save(update_fields=["final", "seeds"])
        details: dict[str, Any] = {"name": tournament.name, "season": locked.name}
        log(
            (locked, tournament),
            by,
            SeasonCode.SEASON_FINAL_CREATED,
            **details,
            qualifiers=len(qualified),
        )
        season_changed(locked.pk)
        tournament_changed(tournament.pk)
    forget_cup(season)  # the caller's season reads its final
    return tournament


def _final_tournament(
    season: Season, by: Actor, date: datetime.date | None, name: str | None
) -> Tournament:
    tournament = create_tournament(
        by=by,
        name=name or _("%(season)s: final") % {"season": season.name},
        date=date or next_evening_date(season),
        game=season.game,
        rules=season.rules,
        series_count=season.series_count,
        normal_deals=season.normal_deals,
        venue=season.venue,
        entry_mode=season.entry_mode,
        club=season.club,  # the season's club is the evening's home
        seating_method=SeatingMethod.RANKING,
    )
    tournament.organisers.add(*season.organisers.all())
    return tournament


def _seeds(qualified: tuple[PlayerSeason, ...]) -> list[dict[str, Any]]:
    return [
        {"seed": seed, "player": row.player, "rank": row.rank, "score": number(row.score)}
        for seed, row in enumerate(qualified, start=1)
    ]
