"""A competition team's squad through the API, the same under a league's and a cup's path
(``leagues.api``, ``cups.api`` load the team with their access rules): anyone who may read the
competition reads the squad (a private one is a 404; to spectators a player hidden at any of
its tournaments without id or name); its organisers add, change and remove players with
``competitions.domain.squads``, as the desk's squad page does.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from competitions.domain.squads import (
    add_to_squad,
    remove_from_squad,
    set_squad_role,
    squad_read,
)
from competitions.models import Entrant, SquadMember
from karlchen.actors import Actor
from karlchen.api.base import CODES, ORGANISER_ERRORS, READ_ERRORS, Api, valid
from karlchen.refusals import refused
from karlchen.strict_input import StrictIntegerField, StrictSerializer
from people.access import manageable_players
from tournaments.api.serializers import StrictBooleanField


class SquadPlayerOutput(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, help_text="The player's id (null: hidden).")
    name = serializers.CharField(allow_null=True, help_text="As the players API names them.")
    hidden = serializers.BooleanField(
        help_text="Hidden at one of the competition's tournaments (to spectators only)."
    )


class SquadTeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SquadOutput(serializers.Serializer):
    team = SquadTeamOutput()
    regulars = SquadPlayerOutput(many=True)
    substitutes = SquadPlayerOutput(many=True)


class SquadAddInput(StrictSerializer):
    player = StrictIntegerField(
        min_value=1,
        required=False,
        help_text="A known person (one the user may manage: `GET /players/?search=`).",
    )
    name = serializers.CharField(
        required=False,
        max_length=1000,
        help_text="A new person of this name, made only when no `player` is given.",
    )
    substitute = StrictBooleanField(required=False, default=False)


class SquadRoleInput(StrictSerializer):
    substitute = StrictBooleanField()


READ = (
    "The team's regulars and substitutes, each in the order they joined. Spectators read a "
    "public competition's squads; a player hidden at any of its tournaments is shown without "
    "id and name (`hidden`). A private competition is a 404 to anyone but its insiders."
)
WRITE = (
    "Organisers of the competition, as on the desk's squad page; logged in the season's log. "
    "A player plays for one team of a competition (`squad_player_taken`); a squad has at most "
    "20 players (`squad_full`).\n\n" + CODES
)


class SquadApiBase(Api):
    """What a league's and a cup's squad routes share; each loads its team (``team``)."""

    kind = ""

    def team(self, request, *, write: bool, **kwargs: Any) -> tuple[Entrant, bool]:
        """The team the path names and whether the user reads as an insider; 404 where they
        may not see it, 401/403 for a write they may not make."""
        raise NotImplementedError

    def answer(self, team: Entrant, *, public: bool, status_code: int = 200) -> Response:
        return Response(squad_read(team, public=public), status=status_code)


class SquadApi(SquadApiBase):
    def get(self, request, **kwargs):
        team, insider = self.team(request, write=False, **kwargs)
        return self.answer(team, public=not insider)

    def post(self, request, **kwargs):
        team, _insider = self.team(request, write=True, **kwargs)
        data = valid(SquadAddInput, request.data)
        if data.get("player") is not None:
            person = manageable_players(request.user).filter(
                pk=data["player"], erased_at__isnull=True
            )
            player: Any = person.first()
            if player is None:
                raise refused("person_unknown", "player")
        elif data.get("name") is not None:
            player = data["name"]
        else:
            raise refused("squad_player_or_name", "player")
        add_to_squad(
            team, by=Actor.of_user(request.user), player=player, substitute=data["substitute"]
        )
        return self.answer(team, public=False, status_code=status.HTTP_201_CREATED)


class SquadMemberApi(SquadApiBase):
    def member(self, team: Entrant, player_id: int) -> SquadMember:
        member = SquadMember.objects.filter(team=team, player_id=player_id).first()
        if member is None:
            raise NotFound()
        return member

    def patch(self, request, player_id, **kwargs):
        team, _insider = self.team(request, write=True, **kwargs)
        member = self.member(team, player_id)
        data = valid(SquadRoleInput, request.data)
        set_squad_role(member, by=Actor.of_user(request.user), substitute=data["substitute"])
        return self.answer(team, public=False)

    def delete(self, request, player_id, **kwargs):
        team, _insider = self.team(request, write=True, **kwargs)
        remove_from_squad(self.member(team, player_id), by=Actor.of_user(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


def squad_schemas(kind: str, where: str) -> dict[str, Any]:
    """The OpenAPI operations of a kind's squad routes (``kind``: league or cup), for
    ``extend_schema_view``: ``get``/``post`` of the squad, ``patch``/``delete`` of a player."""
    return {
        "get": extend_schema(
            operation_id=f"{kind}_team_squad",
            summary=f"A {where} team's squad: its regulars and substitutes",
            description=READ,
            responses={200: SquadOutput, **READ_ERRORS},
        ),
        "post": extend_schema(
            operation_id=f"{kind}_team_squad_add",
            summary=f"Add a player to a {where} team's squad (organisers)",
            description="A known person (`player`) or a new one (`name`), as a regular or a "
            "substitute. Answer 201: the squad.\n\n" + WRITE,
            request=SquadAddInput,
            responses={201: SquadOutput, **ORGANISER_ERRORS},
        ),
        "patch": extend_schema(
            operation_id=f"{kind}_team_squad_role",
            summary=f"Make a player of a {where} team's squad a regular or a substitute "
            "(organisers)",
            description="Answer: the squad.\n\n" + WRITE,
            request=SquadRoleInput,
            responses={200: SquadOutput, **ORGANISER_ERRORS},
        ),
        "delete": extend_schema(
            operation_id=f"{kind}_team_squad_remove",
            summary=f"Take a player out of a {where} team's squad (organisers)",
            description="The rosters of tournaments played keep them. Answer 204.\n\n" + WRITE,
            responses={204: None, **ORGANISER_ERRORS},
        ),
    }
