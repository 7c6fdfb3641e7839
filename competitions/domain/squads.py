"""A team's squad for the whole competition: its regulars, whom each match day's roster lists,
and its substitutes, swapped in on a day (docs/TEAMS.md, "Squads").

The same for a league and a team cup. A player plays for one team of a competition: the
season's row is locked while a squad is checked and written, and the database holds it too
(``squad_player_once``). Each operation takes the acting person, runs in one transaction and
writes the season's log.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from competitions.log import CompetitionCode
from competitions.models import Entrant, SquadMember
from karlchen.actors import Actor
from karlchen.changes import season_changed
from karlchen.log import log
from karlchen.plaintext import typed_name
from karlchen.refusals import Refused
from people.models import Player
from seasons.models import Season
from tournaments.models import Tournament
from tournaments.visibility import hidden_players

MAX_SQUAD = 20  # players of one team's squad
PLAYER_NAME_LENGTH = 120  # the desk's name field (Player.name holds more)


def add_to_squad(
    team: Entrant, *, by: Actor, player: Player | str, substitute: bool = False
) -> SquadMember:
    """``player`` joins the team's squad as a regular or a substitute: a known person, or a new
    one of the name given (asked first at the desk: ``desk.person_forms``; refused at ``name``
    unless a typed name). Refused at ``player`` when they are gone from the registry, in this
    squad or another team's of the competition already, or the squad is full."""
    with transaction.atomic():
        team = _locked(team)
        if isinstance(player, str):
            name = typed_name(player, limit=PLAYER_NAME_LENGTH)
            if name is None:
                raise Refused.one("squad_player_name", "name", max=PLAYER_NAME_LENGTH)
            player = Player.objects.create(name=name)
        known = Player.objects.select_for_update().filter(pk=player.pk, erased_at__isnull=True)
        if not known.exists():
            raise Refused.one("person_unknown", "player")
        taken = (
            SquadMember.objects.filter(competition_id=team.competition_id, player=player)
            .select_related("team")
            .first()
        )
        if taken is not None:
            raise Refused.one(
                "squad_player_taken", "player", name=player.name, team=taken.team.name
            )
        squad = SquadMember.objects.filter(team=team)
        if squad.count() >= MAX_SQUAD:
            raise Refused.one("squad_full", "player", max=MAX_SQUAD)
        last = squad.aggregate(last=Max("position"))["last"] or 0
        try:
            with transaction.atomic():
                member = SquadMember.objects.create(
                    competition_id=team.competition_id,
                    team=team,
                    player=player,
                    position=last + 1,
                    substitute=substitute,
                )
        except IntegrityError as error:  # held by the database as well (squad_player_once)
            raise Refused.one(
                "squad_player_taken", "player", name=player.name, team=team.name
            ) from error
        _log(team, by, CompetitionCode.SQUAD_MEMBER_ADDED, player, substitute)
    return member


def set_squad_role(member: SquadMember, *, by: Actor, substitute: bool) -> SquadMember:
    """A regular becomes a substitute or back; unchanged: nothing is written."""
    with transaction.atomic():
        team = _locked(member.team)
        member = SquadMember.objects.select_related("player").get(pk=member.pk)
        if member.substitute == substitute:
            return member
        member.substitute = substitute
        member.save(update_fields=["substitute"])
        _log(team, by, CompetitionCode.SQUAD_MEMBER_CHANGED, member.player, substitute)
    return member


def remove_from_squad(member: SquadMember, *, by: Actor) -> None:
    """The player leaves the squad (the rosters of days played keep them)."""
    with transaction.atomic():
        team = _locked(member.team)
        current = SquadMember.objects.select_related("player").filter(pk=member.pk).first()
        if current is None:  # removed already (pressed twice): nothing more to do
            return
        current.delete()
        _log(team, by, CompetitionCode.SQUAD_MEMBER_REMOVED, current.player, current.substitute)


def squad(team: Entrant) -> list[SquadMember]:
    """The team's squad, regulars first, each in the order they joined."""
    return list(
        SquadMember.objects.filter(team=team)
        .select_related("player")
        .order_by("substitute", "position")
    )


def squad_read(team: Entrant, *, public: bool) -> dict[str, Any]:
    """The team's squad as clients read it: ``{"team": {"id", "name"}, "regulars": [...],
    "substitutes": [...]}``, each player ``{"id", "name", "hidden"}`` in the order they
    joined. ``public``: a player hidden at any of the competition's tournaments is hidden
    throughout, without id or name (``tournaments.visibility.hidden_players``, as the cup's
    and the league's reads name them)."""
    members = squad(team)
    hidden: set[int] = set()
    if public:
        evenings = Tournament.objects.filter(season_evenings__season_id=team.competition.season_id)
        hidden = hidden_players(evenings) & {member.player_id for member in members}
    return {
        "team": {"id": team.shown, "name": team.name},
        "regulars": [_shown(member, hidden) for member in members if not member.substitute],
        "substitutes": [_shown(member, hidden) for member in members if member.substitute],
    }


def _shown(member: SquadMember, hidden: set[int]) -> dict[str, Any]:
    if member.player_id in hidden:
        return {"id": None, "name": None, "hidden": True}
    return {"id": member.player_id, "name": member.player.name, "hidden": False}


def _locked(team: Entrant) -> Entrant:
    """The team, read again with its competition's season locked."""
    season_id = team.competition.season_id
    Season.objects.select_for_update().filter(pk=season_id).first()
    return Entrant.objects.select_related("competition__season").get(pk=team.pk)


def _log(team: Entrant, by: Actor, code: CompetitionCode, player: Player, substitute: bool) -> None:
    season = team.competition.season
    role = "substitute" if substitute else "regular"
    log(season, by, code, player=player.name, team=team.name, role=role)
    season_changed(season.pk)
