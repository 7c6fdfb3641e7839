"""A league through the API: its set-up, its tables, its match days; the organisers' writes.

Reads are cached JSON bodies with ETags (``leagues.domain.reads``), as the season ranking:
``If-None-Match`` with the current ETag answers 304, and a spectator's plain GET is answered
from the cache without DRF's machinery. A private season is a 404 to anyone but its organisers;
a season that is no league (or a day it does not have) is a 404 as well.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound

from competitions.api.squads import SquadApi, SquadMemberApi, squad_schemas
from competitions.models import Entrant, Fixture, FixtureTeam, Group, Kind, shown
from karlchen.actors import Actor
from karlchen.api.base import CODES, ORGANISER_ERRORS, READ_ERRORS, RESPONSE_400, Api, valid
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.changes import Body
from karlchen.refusals import Refused
from karlchen.strict_input import JSONObjectField, StrictIntegerField, StrictSerializer
from leagues.domain.leagues import (
    add_match_day,
    change_division,
    create_league,
    set_day_final,
    set_lineup,
    start_match_day,
)
from leagues.domain.reads import league_read, public_league
from leagues.models import League
from seasons.api.permissions import organised_season, season_for
from teams.models import Team
from tournaments.api.permissions import organised_tournament
from tournaments.api.serializers import StrictBooleanField

LIST = {"type": "array", "items": {"type": "object"}}  # the tables, the match days
LEAGUE_READ = (
    "Cached with an ETag: send `If-None-Match` to get a 304 while nothing changed. A change "
    "of the league or of any match day's tournament (a deal corrected on day 1) turns it over "
    "at once. Spectators read a public season's league as its organisers do, players who "
    "asked not to be listed without their names."
)


def _read(request, season_id: int, view: str):
    """The league read for a logged-in reader (organisers: private seasons too)."""
    season, organiser = season_for(request, season_id)
    body = league_read(season, view, public=not organiser)
    if body.content == b"null":
        raise NotFound()
    return json_answer(request, body, organiser=organiser)


def _spectator(season_id: int, view: str, request):
    body: Body | None = public_league(season_id, view)
    return None if body is None else json_answer(request, body)


def _league(request, season_id: int) -> League:
    """The league of a season the user organises (404 where it is none)."""
    season = organised_season(request, season_id)
    league = League.objects.filter(season=season).select_related("season").first()
    if league is None:
        raise NotFound()
    return league


def _day(league: League, number: int) -> Fixture:
    day = Fixture.objects.filter(competition=league, number=number).first()
    if day is None:
        raise NotFound()
    return day


class LeagueDetailApi(Api):
    @extend_schema(
        operation_id="league_detail",
        summary="A season's league: its divisions with their rules and teams, its match days",
        description=LEAGUE_READ,
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, season_id):
        if not request.user.is_authenticated:
            answer = self.spectator_read(request, season_id)
            if answer is None:
                raise NotFound()
            return answer
        return _read(request, season_id, "detail")

    def spectator_read(self, request, season_id):
        return _spectator(season_id, "detail", request)


class LeagueCreateApi(Api):
    class InputSerializer(StrictSerializer):
        divisions = serializers.ListField(
            child=JSONObjectField(),
            help_text="Each `{name, rule, teams}`: the rule's options (docs/TEAMS.md) and the "
            "teams' names.",
        )

    @extend_schema(
        operation_id="league_create",
        summary="Make the season a league with its divisions and teams (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={201: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def post(self, request, season_id):
        season = organised_season(request, season_id)
        data = valid(LeagueCreateApi.InputSerializer, request.data)
        create_league(season, by=Actor.of_user(request.user), divisions=data["divisions"])
        return _created(request, season, "detail")


def _created(request, season, view: str):
    """What a write created, as the league's organisers read it."""
    answer = json_answer(request, league_read(season, view, public=False), organiser=True)
    answer.status_code = status.HTTP_201_CREATED
    return answer


class LeagueApi(LeagueDetailApi, LeagueCreateApi):
    pass  # ``GET``/``POST seasons/{id}/league/``: two operations


class DivisionApi(Api):
    class InputSerializer(StrictSerializer):
        name = serializers.CharField(required=False, allow_blank=True, max_length=1000)
        rule = JSONObjectField(required=False, help_text="The table's rule (docs/TEAMS.md).")
        teams = serializers.ListField(
            child=JSONObjectField(),
            required=False,
            help_text="The division's teams as they are to be: `{id, name}` for a team it has "
            "(renamed if the name differs), `{name}` for a new one; a team left out is removed "
            "(refused while it has played a match day).",
        )

    @extend_schema(
        operation_id="league_division_change",
        summary="Change a division: its name, its rule, its teams (organisers)",
        description="Only the fields sent change; the tables follow a new rule at once.\n\n"
        + CODES,
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def patch(self, request, season_id, division_id):
        league = _league(request, season_id)
        division = Group.objects.filter(shown(division_id), competition=league).first()
        if division is None:
            raise NotFound()
        data = valid(DivisionApi.InputSerializer, request.data)
        change_division(division, by=Actor.of_user(request.user), **data)
        return json_answer(
            request, league_read(league.season, "detail", public=False), organiser=True
        )


class LeagueTablesApi(Api):
    class QuerySerializer(StrictSerializer):
        final_only = serializers.BooleanField(required=False, default=False)

    @extend_schema(
        operation_id="league_tables",
        summary="Each division's league table: provisional, or final only",
        description=(
            'Ranked by the division\'s rule (docs/TEAMS.md, "Leagues"). Without `final_only` '
            "every match day with results counts and the table says whether it is "
            "`provisional` (counts a day not marked final); with `final_only=true` only the "
            "days marked final count. A day or group without results counts nowhere; a team "
            "that has not played has `rank` null and no mark, after the ranked teams. "
            "`mark`: promotion, relegation, or a rank shared across the line "
            "(`promotion_tie`, `relegation_tie`).\n\n" + LEAGUE_READ
        ),
        parameters=[
            ETAG_PARAMETER,
            OpenApiParameter("final_only", bool, description="Only the days marked final."),
        ],
        responses={
            200: LIST,
            304: NOT_MODIFIED,
            400: RESPONSE_400,
            **READ_ERRORS,
        },
    )
    def get(self, request, season_id):
        query = request.query_params
        query = valid(LeagueTablesApi.QuerySerializer, query.dict()) if query else {}
        view = "tables:final" if query.get("final_only") else "tables"
        if not request.user.is_authenticated:
            answer = _spectator(season_id, view, request)
            if answer is None:
                raise NotFound()
            return answer
        return _read(request, season_id, view)

    def spectator_read(self, request, season_id):
        return _spectator(season_id, "tables", request)


class MatchDaysApi(Api):
    @extend_schema(
        operation_id="league_days",
        summary="The league's match days with their results",
        description=(
            "Each day: its tournament, whether it is final, whether it has been `played` (a "
            "group of it has results), and its groups (each `played` or not), each team with "
            "its day score (`given`: a score as the organiser entered it, else its roster's "
            "results), place, ranking points (null in a group not played yet), roster and who "
            "played (substitutes marked).\n\n" + LEAGUE_READ
        ),
        parameters=[ETAG_PARAMETER],
        responses={200: LIST, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, season_id):
        if not request.user.is_authenticated:
            answer = self.spectator_read(request, season_id)
            if answer is None:
                raise NotFound()
            return answer
        return _read(request, season_id, "days")

    def spectator_read(self, request, season_id):
        return _spectator(season_id, "days", request)


class MatchDayAddApi(Api):
    class InputSerializer(StrictSerializer):
        number = StrictIntegerField(min_value=1, max_value=1000)
        groups = serializers.ListField(
            child=serializers.ListField(child=StrictIntegerField(min_value=1)),
            help_text="The groups, each a list of league teams' ids (of one division).",
        )
        tournament = StrictIntegerField(
            min_value=1,
            required=False,
            help_text="An existing tournament (organised by the user); without it the season's "
            "next evening is started (as `POST …/next-evening/`).",
        )
        date = serializers.DateField(required=False, help_text="A new evening's date.")
        name = serializers.CharField(max_length=150, required=False)

    @extend_schema(
        operation_id="league_day_add",
        summary="Add a match day: a tournament of the season with its groups (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={201: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def post(self, request, season_id):
        league = _league(request, season_id)
        data = valid(MatchDayAddApi.InputSerializer, request.data)
        by = Actor.of_user(request.user)
        if "tournament" in data:
            if "date" in data or "name" in data:
                raise Refused.one("league_day_new_only", "tournament")
            tournament = organised_tournament(request, data["tournament"])
            day = add_match_day(
                league, tournament, by=by, number=data["number"], groups=data["groups"]
            )
        else:
            day = start_match_day(
                league,
                by=by,
                number=data["number"],
                groups=data["groups"],
                date=data.get("date"),
                name=data.get("name"),
            )
        return _created(request, league.season, f"day:{day.number}")


class MatchDaysCollectionApi(MatchDaysApi, MatchDayAddApi):
    pass  # ``GET``/``POST seasons/{id}/league/days/``


class MatchDayApi(Api):
    @extend_schema(
        operation_id="league_day",
        summary="One match day with its results",
        description=LEAGUE_READ,
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request, season_id, number):
        if not request.user.is_authenticated:
            answer = self.spectator_read(request, season_id, number)
            if answer is None:
                raise NotFound()
            return answer
        return _read(request, season_id, f"day:{number}")

    def spectator_read(self, request, season_id, number):
        return _spectator(season_id, f"day:{number}", request)


class LineupApi(Api):
    class InputSerializer(StrictSerializer):
        team = StrictIntegerField(
            min_value=1,
            required=False,
            allow_null=True,
            help_text="Its roster: a team of the day's tournament (null: none).",
        )
        score = StrictIntegerField(
            required=False,
            allow_null=True,
            help_text="Its day score as given (null: its roster's results count).",
        )

    @extend_schema(
        operation_id="league_lineup",
        summary="A league team's line-up on a match day: its roster, its day score (organisers)",
        description="Only the fields sent change; setting a score again corrects it.\n\n" + CODES,
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def patch(self, request, season_id, number, team_id):
        league = _league(request, season_id)
        day = _day(league, number)
        league_team = Entrant.objects.filter(shown(team_id), competition=league).first()
        lineup = FixtureTeam.objects.filter(fixture=day, entrant=league_team).first()
        if lineup is None:
            raise NotFound()
        data = valid(LineupApi.InputSerializer, request.data)
        team = lineup.team
        if "team" in data:
            team = None if data["team"] is None else Team.objects.filter(pk=data["team"]).first()
            if data["team"] is not None and team is None:
                raise Refused.one("league_roster_other_tournament", "team")
        score = data.get("score", lineup.score)
        set_lineup(lineup, by=Actor.of_user(request.user), team=team, score=score)
        body = league_read(league.season, f"day:{day.number}", public=False)
        return json_answer(request, body, organiser=True)


class DayFinalApi(Api):
    class InputSerializer(StrictSerializer):
        final = StrictBooleanField(
            help_text="true: the day's tournament's results final (refused while a series of it "
            "is open: `match_series_open`); false: reopened, provisional again."
        )
        reason = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=2000,
            help_text="Why the final results are reopened (required with `final: false` on a "
            "final day; logged).",
        )

    @extend_schema(
        operation_id="league_day_final",
        summary="Mark a match day's results final, or provisional again (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, **ORGANISER_ERRORS},
    )
    def put(self, request, season_id, number):
        league = _league(request, season_id)
        day = _day(league, number)
        data = valid(DayFinalApi.InputSerializer, request.data)
        set_day_final(
            day, by=Actor.of_user(request.user), final=data["final"], reason=data.get("reason", "")
        )
        body = league_read(league.season, f"day:{day.number}", public=False)
        return json_answer(request, body, organiser=True)


SQUAD = squad_schemas("league", "league")


def _league_team(request, season_id: int, team_id: int, *, write: bool) -> tuple[Entrant, bool]:
    """A team of the season's league (by the id it is shown by) and whether the user reads as
    an insider; 404 where they may not see it (or it is none), 401/403 for a write."""
    if write:
        season, insider = organised_season(request, season_id), True
    else:
        season, insider = season_for(request, season_id)
    team = (
        Entrant.objects.filter(
            shown(team_id), competition__season=season, competition__kind=Kind.LEAGUE
        )
        .select_related("competition__season")
        .first()
    )
    if team is None:
        raise NotFound()
    return team, insider


@extend_schema_view(get=SQUAD["get"], post=SQUAD["post"])
class LeagueSquadApi(SquadApi):
    def team(self, request, *, write: bool, **kwargs):
        return _league_team(request, kwargs["season_id"], kwargs["team_id"], write=write)


@extend_schema_view(patch=SQUAD["patch"], delete=SQUAD["delete"])
class LeagueSquadMemberApi(SquadMemberApi):
    def team(self, request, *, write: bool, **kwargs):
        return _league_team(request, kwargs["season_id"], kwargs["team_id"], write=write)
