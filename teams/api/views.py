"""The teams of a tournament and its side rankings through the API (under /api/v1/).

Reads are cached JSON bodies with ETags (``karlchen.changes``), like the standings: anyone reads
a public tournament's teams and side rankings (players listed as hidden unnamed); organisers
read them live and write teams and the ranking rules.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_403,
    RESPONSE_409,
    Api,
    get_or_404,
    valid,
)
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.changes import Body, json_body
from karlchen.strict_input import JSONObjectField, StrictIntegerField, StrictSerializer
from results.api.views import not_public
from teams.domain.rankings import (
    organiser_side_rankings,
    public_side_rankings,
    rules_of,
    team_rows,
    teams_body,
)
from teams.domain.teams import (
    UNCHANGED,
    Roster,
    create_team,
    delete_team,
    set_side_rankings,
    team_roster,
    update_team,
)
from teams.models import Team
from tournaments.api.permissions import organised_tournament, readable_tournament, sees_private
from tournaments.api.serializers import StrictBooleanField
from tournaments.models import Tournament

MAX_ID = 10**18 - 1  # as the paths' ids (karlchen.api.paths)


class MemberOutput(serializers.Serializer):
    entry = serializers.IntegerField(allow_null=True)
    start_number = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True, help_text="null: listed as hidden.")
    hidden = serializers.BooleanField()
    substitute = serializers.BooleanField()
    captain = serializers.BooleanField()


class TeamOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    members = MemberOutput(many=True, help_text="Regulars first, then substitutes.")


class TeamInput(StrictSerializer):
    name = serializers.CharField(max_length=200, trim_whitespace=False)
    members = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=200,
        help_text="Entry ids of the regulars.",
    )
    substitutes = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=200,
        help_text="Entry ids of the substitutes.",
    )
    captain = StrictIntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        allow_null=True,
        help_text="The captain's entry id.",
    )


def _reader(request, tournament_id: int) -> tuple[Tournament, bool]:
    try:
        tournament = readable_tournament(request, tournament_id)
    except NotFound:
        raise not_public(tournament_id) from None
    return tournament, sees_private(request.user, tournament)


def _roster(data: dict, current: Roster | None = None) -> Roster:
    base = current or Roster()
    return Roster(
        members=tuple(data.get("members", base.members)),
        substitutes=tuple(data.get("substitutes", base.substitutes)),
        captain=data.get("captain", base.captain),
    )


def _team_data(team: Team) -> dict:
    """The team as written (not the cached list: it turns over only after the commit)."""
    return team_rows(team.tournament, public=False, team_id=team.pk)[0]


class TeamListApi(Api):
    @extend_schema(
        operation_id="teams_list",
        summary="The tournament's teams with their rosters (with an ETag)",
        parameters=[ETAG_PARAMETER],
        responses={200: TeamOutput(many=True), 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament, organiser = _reader(request, tournament_id)
        body = teams_body(tournament, public=not organiser)
        return json_answer(request, body, organiser=organiser)


class TeamCreateApi(Api):
    @extend_schema(
        operation_id="teams_create",
        summary="Set up a team with its roster (organisers)",
        description=CODES,
        request=TeamInput,
        responses={201: TeamOutput, 409: RESPONSE_409, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(TeamInput, request.data)
        team = create_team(
            tournament, by=Actor.of_user(request.user), name=data["name"], roster=_roster(data)
        )
        return Response(_team_data(team), status=status.HTTP_201_CREATED)


class TeamsApi(TeamListApi, TeamCreateApi):
    pass  # ``GET``/``POST tournaments/{id}/teams/``: two operations


class TeamApi(Api):
    class UpdateInput(TeamInput):
        name = serializers.CharField(max_length=200, trim_whitespace=False, required=False)

    def _team(self, request, tournament_id, team_id) -> Team:
        tournament = organised_tournament(request, tournament_id)
        team = get_or_404(Team.objects.filter(tournament=tournament), team_id)
        team.tournament = tournament
        return team

    @extend_schema(
        operation_id="team_detail",
        summary="One team with its roster",
        parameters=[ETAG_PARAMETER],
        responses={200: TeamOutput, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, tournament_id, team_id):
        tournament, organiser = _reader(request, tournament_id)
        rows = teams_body(tournament, public=not organiser).rows
        row = next((row for row in rows if row["id"] == team_id), None)
        if row is None:
            raise NotFound()
        return json_answer(request, json_body(row), organiser=organiser)

    @extend_schema(
        operation_id="team_update",
        summary="Rename a team or change its roster (organisers)",
        description=(
            "A roster given replaces the team's: `members`, `substitutes` and `captain` left "
            "out stay as they are.\n\n" + CODES
        ),
        request=UpdateInput,
        responses={200: TeamOutput, 409: RESPONSE_409, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id, team_id):
        team = self._team(request, tournament_id, team_id)
        data = valid(TeamApi.UpdateInput, request.data)
        roster = UNCHANGED
        if {"members", "substitutes", "captain"} & set(data):
            roster = _roster(data, team_roster(team))
        update_team(
            team, by=Actor.of_user(request.user), name=data.get("name", UNCHANGED), roster=roster
        )
        return Response(_team_data(team))

    @extend_schema(
        operation_id="team_delete",
        summary="Delete a team (its players stay entered; organisers)",
        responses={204: None, 403: RESPONSE_403, **ORGANISER_ERRORS},
    )
    def delete(self, request, tournament_id, team_id):
        team = self._team(request, tournament_id, team_id)
        delete_team(team, by=Actor.of_user(request.user))
        return Response(status=status.HTTP_204_NO_CONTENT)


class RuleOutput(serializers.Serializer):
    method = serializers.ChoiceField(choices=["sum", "best", "average"])
    best = serializers.IntegerField(allow_null=True)
    ties = serializers.ChoiceField(choices=["best_member", "shared"])


class UnitOutput(serializers.Serializer):
    class UnitMemberOutput(MemberOutput):
        points = serializers.IntegerField(help_text="The player's total in the standings.")
        played = serializers.BooleanField()
        counted = serializers.BooleanField(help_text="Their points make the unit's score.")

    rank = serializers.IntegerField(allow_null=True, help_text="null: not ranked.")
    ranked = serializers.BooleanField()
    id = serializers.IntegerField(allow_null=True, help_text="The team's id; null for a club.")
    name = serializers.CharField()
    score = serializers.FloatField(help_text="Sums whole; an average to 2 decimals.")
    played = serializers.IntegerField(help_text="How many of its players played.")
    members = UnitMemberOutput(many=True)


class SideRankingsOutput(serializers.Serializer):
    class RulesOutput(serializers.Serializer):
        teams = RuleOutput()
        clubs = RuleOutput()

    rules = RulesOutput()
    frozen_at = serializers.DateTimeField(
        allow_null=True,
        help_text="Spectators while the standings are frozen: the moment of the freeze, the "
        "rankings as they were then. null: live.",
    )
    clubs_shown = serializers.BooleanField()
    teams = UnitOutput(many=True)
    clubs = UnitOutput(many=True, help_text="Empty to spectators where it is not shown.")


class SideRankingsApi(Api):
    @extend_schema(
        operation_id="side_rankings",
        summary="The teams' and the clubs' rankings (with an ETag for cheap polling)",
        description=(
            "Computed from the standings by the tournament's rules (docs/TEAMS.md). Spectators "
            "see them while the standings are published (else 403 `standings_hidden`), and "
            "while the standings are frozen as they were at the freeze (`frozen_at`; 403 "
            "`side_rankings_frozen` for a freeze older than that copy); organisers always, "
            "live.\n\n" + CODES
        ),
        parameters=[ETAG_PARAMETER],
        responses={200: SideRankingsOutput, 304: NOT_MODIFIED, 403: RESPONSE_403, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        body: Body | None
        if request.user.is_authenticated:
            tournament = get_or_404(Tournament.objects.all(), tournament_id)
            if sees_private(request.user, tournament):
                return json_answer(request, organiser_side_rankings(tournament), organiser=True)
        body = public_side_rankings(tournament_id)
        if body is None:
            raise not_public(tournament_id)
        return json_answer(request, body)


class SideRankingRulesApi(Api):
    class InputSerializer(StrictSerializer):
        team_rule = JSONObjectField(required=False, help_text="method, best, ties")
        club_rule = JSONObjectField(required=False, help_text="method, best, ties")
        clubs_shown = StrictBooleanField(required=False)

    class OutputSerializer(serializers.Serializer):
        team_rule = RuleOutput()
        club_rule = RuleOutput()
        clubs_shown = serializers.BooleanField()

    @extend_schema(
        operation_id="side_ranking_rules",
        summary="Choose how teams and clubs are ranked (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: OutputSerializer, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(SideRankingRulesApi.InputSerializer, request.data)
        set_side_rankings(tournament, by=Actor.of_user(request.user), **data)
        team_rule, club_rule, clubs_shown = rules_of(tournament)
        return Response(
            {
                "team_rule": team_rule.to_json(),
                "club_rule": club_rule.to_json(),
                "clubs_shown": clubs_shown,
            }
        )
