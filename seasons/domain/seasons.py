"""Seasons: set one up, change it, add and remove its evenings, start its next evening.

Each operation takes the acting person, runs in one transaction and writes the season's log
(``karlchen.log``); what touches an evening is written there once, about that tournament, whose
log shows it as well. Anything that changes what a season's reads show calls
``season_changed``.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from karlchen.actors import Actor
from karlchen.changes import season_changed, tournament_changed
from karlchen.log import log
from karlchen.name_order import InNameOrder
from karlchen.refusals import refused
from people.models import Player
from results.domain.standings import took_part
from rules import parse_rules
from seasons.engine.ranking import parse_rule
from seasons.log import SeasonCode
from seasons.models import IndividualCup, Season, SeasonEvening, SeasonRegular
from tournaments.domain.entries import enter_players
from tournaments.domain.tournaments import create_tournament
from tournaments.enums import Game
from tournaments.models import Entry, Tournament

REGULARS_OF = 3  # the regulars of a new evening: who played at ...
REGULAR_AT = 2  # ... at least this many of the season's last REGULARS_OF evenings
EVENING_DAYS = 7  # a club meets weekly: the next evening a week after the last
# The season's field that is its individual cup's (``IndividualCup.places``): None, no cup.
CUP_PLACES = "cup_places"


def create_season(*, by: Actor, **fields: Any) -> Season:
    """A new season; ``by`` becomes its organiser. Its ranking rule and rule set are checked
    (fields ``ranking_rule.<option>``, ``rules.<option>``); ``cup_places`` makes it an
    individual cup."""
    places = fields.pop(CUP_PLACES, None)
    _check_rules(fields.get("game", Game.DOPPELKOPF), fields)
    with transaction.atomic():
        season = Season(**fields)
        season.full_clean()
        season.save()
        if places is not None:
            _new_cup(season, places)
        if by.user is not None:
            season.organisers.add(by.user)
        log(season, by, SeasonCode.SEASON_CREATED)
    return season


def update_season(season: Season, *, by: Actor, **fields: Any) -> Season:
    """Change a season's fields (name, ranking rule, public, the rules of new evenings, ...).
    ``cup_places`` is its individual cup's: a number makes the season a cup or changes its
    places, None makes it no cup, refused while the cup has its final (``cup_has_final``)."""
    cup_given, places = CUP_PLACES in fields, fields.pop(CUP_PLACES, None)
    _check_rules(fields.get("game", season.game), {"rules": season.rules, **fields})
    with transaction.atomic():
        changed = sorted(name for name, value in fields.items() if getattr(season, name) != value)
        if cup_given and _set_cup_places(season, places):
            changed = sorted([*changed, CUP_PLACES])
        for name, value in fields.items():
            setattr(season, name, value)
        season.full_clean()
        season.save()
        if changed:
            log(season, by, SeasonCode.SEASON_CHANGED, fields=changed)
        season_changed(season.pk)
    return season


def add_evening(
    season: Season, tournament: Tournament, *, by: Actor, ranking_tournament: bool = False
) -> SeasonEvening:
    """Make ``tournament`` an evening of the season (of its game). A tournament is an evening
    of one season of a club or of its organisers at most, its home season (whose earlier
    evenings its seating looks back on). Seasons of associations (ranking
    lists, leagues) may take it besides, so a club evening that is a ranking tournament counts
    for the club's season and the association's list at once."""
    if tournament.game != season.game:
        raise refused("season_game_differs", "tournament", game=season.get_game_display())
    cup = IndividualCup.objects.filter(final=tournament).select_related("season").first()
    if cup is not None:
        raise refused("evening_is_final", "tournament", season=cup.season.name)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        if season.association_id is None:
            home = home_evening(tournament)
            if home is not None and home.season_id != season.pk:
                raise refused("evening_in_other_season", "tournament", season=home.season.name)
        membership, _created = SeasonEvening.objects.update_or_create(
            season=season,
            tournament=tournament,
            defaults={"ranking_tournament": ranking_tournament},
        )
        _log_evening(
            season, tournament, by, SeasonCode.SEASON_EVENING_ADDED, ranking=ranking_tournament
        )
        season_changed(season.pk)
    return membership


def home_evening(tournament: Tournament | int) -> SeasonEvening | None:
    """The tournament's evening in a season of a club or of its organisers, if it has one."""
    return (
        SeasonEvening.objects.filter(tournament=tournament, season__association__isnull=True)
        .select_related("season")
        .first()
    )


def open_for_season(season: Season, tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Of ``tournaments``, those of the season's game that may become its evenings: not yet
    its own, and for a season of a club or of organisers in no other such season."""
    taken = SeasonEvening.objects.filter(tournament=OuterRef("pk"))
    if season.association_id is None:
        taken = taken.filter(Q(season=season) | Q(season__association__isnull=True))
    else:
        taken = taken.filter(season=season)
    return tournaments.filter(game=season.game).exclude(Exists(taken))


def remove_evening(season: Season, tournament: Tournament, *, by: Actor) -> None:
    """The tournament is no evening of the season any more (its results stay its own)."""
    with transaction.atomic():
        deleted, _rows = SeasonEvening.objects.filter(season=season, tournament=tournament).delete()
        if not deleted:
            raise refused("not_an_evening", "tournament")
        _log_evening(season, tournament, by, SeasonCode.SEASON_EVENING_REMOVED)
        season_changed(season.pk)


def new_evening(
    season: Season,
    *,
    by: Actor,
    date: datetime.date | None = None,
    name: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    players: Sequence[Player] | None = None,
) -> Tournament:
    """The season's next evening: a draft tournament with the season's rules and settings, dated
    a week after the last evening (today at the earliest), its organisers those of the season,
    and the regulars of the last evenings entered for a one-tap check-in (``players``: these
    instead, as a league's match day enters its teams' squads)."""
    date = date or next_evening_date(season)
    with transaction.atomic():
        tournament = create_tournament(
            by=by,
            name=name or f"{season.name} {date:%d.%m.%Y}",
            date=date,
            game=season.game,
            rules=season.rules,
            series_count=season.series_count,
            normal_deals=season.normal_deals,
            venue=season.venue,
            entry_mode=season.entry_mode,
            club=season.club,  # the season's club is the evening's home
            **dict(overrides or {}),
        )
        tournament.organisers.add(*season.organisers.all())
        regulars = season_regulars(season) if players is None else list(players)
        enter_players(tournament, regulars, by=by)
        SeasonEvening.objects.create(season=season, tournament=tournament)
        _log_evening(
            season, tournament, by, SeasonCode.SEASON_EVENING_STARTED, regulars=len(regulars)
        )
        season_changed(season.pk)
        tournament_changed(tournament.pk)
    return tournament


def next_evening_date(season: Season, today: datetime.date | None = None) -> datetime.date:
    today = today or timezone.localdate()
    last = (
        SeasonEvening.objects.filter(season=season)
        .order_by("-tournament__date")
        .values_list("tournament__date", flat=True)
        .first()
    )
    if last is None:
        return today
    return max(today, last + datetime.timedelta(days=EVENING_DAYS))


def season_regulars(season: Season) -> list[Player]:
    """The people the organisers named regulars (``name_regular``), and who played at least
    REGULAR_AT of the season's last REGULARS_OF evenings (by name):
    sat down there (``results.domain.standings.took_part``) and did not withdraw. Entered and
    not come is not played, and an evening nobody has sat down at yet (the draft just started)
    is none of the last evenings."""
    played = took_part(Entry.objects.filter(tournament__season_evenings__season=season))
    last = list(
        SeasonEvening.objects.filter(season=season, tournament_id__in=played.values("tournament"))
        .order_by("-tournament__date", "-tournament_id")
        .values_list("tournament_id", flat=True)[:REGULARS_OF]
    )
    times = Counter(
        took_part(Entry.objects.filter(tournament_id__in=last, withdrawn=False)).values_list(
            "player_id", flat=True
        )
    )
    needed = min(REGULAR_AT, len(last))
    ids = [player for player, count in times.items() if count >= needed]
    named = SeasonRegular.objects.filter(season=season).values("player")
    found = Player.objects.filter(Q(pk__in=ids) | Q(pk__in=named), erased_at__isnull=True)
    return list(found.order_by(InNameOrder("name"), "pk"))


def named_regulars(season: Season) -> list[Player]:
    """The people the organisers named regulars of the season, in name order."""
    named = SeasonRegular.objects.filter(season=season).values("player")
    return list(Player.objects.filter(pk__in=named).order_by(InNameOrder("name"), "pk"))


def name_regular(season: Season, player: Player, *, by: Actor) -> bool:
    """Name ``player`` a regular of the season: entered at every evening it starts. Whether
    that changed anything (named already: nothing, no log entry; the database keeps one row).
    An erased person is refused (``player_erased`` at ``player``)."""
    if player.erased_at is not None:
        raise refused("player_erased", "player")
    with transaction.atomic():
        _row, created = SeasonRegular.objects.get_or_create(season=season, player=player)
        if created:
            log(season, by, SeasonCode.SEASON_REGULAR_NAMED, name=player.name, season=season.name)
    return created


def drop_regular(season: Season, player: Player, *, by: Actor) -> bool:
    """Name ``player`` a regular no longer (one who plays often stays one by the evenings);
    whether that changed anything."""
    with transaction.atomic():
        dropped, _kinds = SeasonRegular.objects.filter(season=season, player=player).delete()
        if dropped:
            log(season, by, SeasonCode.SEASON_REGULAR_DROPPED, name=player.name, season=season.name)
    return bool(dropped)


def _new_cup(season: Season, places: int) -> IndividualCup:
    cup = IndividualCup(season=season, places=places)
    cup.full_clean()
    cup.save()
    return cup


def _set_cup_places(season: Season, places: int | None) -> bool:
    """Make the season an individual cup of ``places``, or no cup (None); whether that changed
    anything. A cup with its final stays one (field ``cup_places``)."""
    Season.objects.select_for_update().filter(pk=season.pk).first()  # as create_final does
    cup = IndividualCup.objects.filter(season=season).select_related("final").first()
    forget_cup(season)
    if cup is None:
        if places is not None:
            _new_cup(season, places)
        return places is not None
    if places is None:
        if cup.final is not None:
            raise refused("cup_has_final", CUP_PLACES, name=cup.final.name)
        cup.delete()
        return True
    if cup.places == places:
        return False
    cup.places = places
    cup.full_clean()
    cup.save(update_fields=["places"])
    return True


def forget_cup(season: Season) -> None:
    """Read the season's individual cup anew at its next use (it was created, changed or
    removed since the season was read)."""
    relation = Season.individual_cup.related  # the one-to-one's side on the season
    if relation.is_cached(season):
        relation.delete_cached_value(season)


def _check_rules(game: str, fields: Mapping[str, Any]) -> None:
    """Refuse a ranking rule or rule set the engines do not accept, naming each option."""
    parse_rule(fields.get("ranking_rule", {}))
    parse_rules(game, fields.get("rules", {}))


def _log_evening(
    season: Season, tournament: Tournament, by: Actor, action: SeasonCode, **details: object
) -> None:
    """Once, in the season's log about the evening (its tournament's log shows it too)."""
    log((season, tournament), by, action, name=tournament.name, season=season.name, **details)
