"""The players' statistics, read-only, as the public may see them (docs/STATISTICS.md): a
player's figures, their partners and opponents, two players head to head, and a tournament's
figures per player. Each answers a cached body with its ETag (a 304 to a client that sends it
back); a player who did not agree to a public profile, or who is hidden there, is a 404 as if
there were no such player."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound

from karlchen.api.base import CODES, READ_ERRORS, RESPONSE_400, Api, OptionalPagination
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.changes import Body, json_body
from stats.domain.facts import MAX_ID, parse_scope
from stats.domain.rating import public_rating, public_ratings
from stats.domain.reads import head_to_head, partners, player_statistics, tournament_statistics

SCOPE_PARAMETERS = [
    OpenApiParameter(
        name,
        {"type": "integer", "minimum": 1, "maximum": MAX_ID},
        description=f"Count over this {name} only (at most one of tournament, season, club; "
        "none: every tournament the player played).",
    )
    for name in ("tournament", "season", "club")
]
NOT_PUBLIC = (
    "A 404 where the player did not agree to a public profile, hid it, was erased or is "
    "hidden where the figures are counted (as if there were no such player)."
)


def _answer(request, body: Body | None):
    if body is None:
        raise NotFound()
    return json_answer(request, body)


class PlayerStatisticsApi(Api):
    @extend_schema(
        operation_id="stats_player",
        summary="A player's statistics from every deal spectators may see (anyone)",
        description=f"{NOT_PUBLIC}\n\n{CODES}",
        parameters=[ETAG_PARAMETER, *SCOPE_PARAMETERS],
        responses={200: OpenApiTypes.OBJECT, 304: None, 400: RESPONSE_400, **READ_ERRORS},
    )
    def get(self, request, player_id):
        return _answer(request, player_statistics(player_id, parse_scope(request.query_params)))

    def spectator_read(self, request, player_id):
        body = player_statistics(player_id, parse_scope(request.GET))
        return None if body is None else json_answer(request, body)


class PartnersApi(Api):
    @extend_schema(
        operation_id="stats_partners",
        summary="With whom and against whom a player played, and who won (anyone)",
        description=f"{NOT_PUBLIC} Only players who may be named are listed.\n\n{CODES}",
        parameters=[ETAG_PARAMETER, *SCOPE_PARAMETERS],
        responses={200: OpenApiTypes.OBJECT, 304: None, 400: RESPONSE_400, **READ_ERRORS},
    )
    def get(self, request, player_id):
        return _answer(request, partners(player_id, parse_scope(request.query_params)))

    def spectator_read(self, request, player_id):
        body = partners(player_id, parse_scope(request.GET))
        return None if body is None else json_answer(request, body)


class HeadToHeadApi(Api):
    @extend_schema(
        operation_id="stats_head_to_head",
        summary="Two players across every deal both played (anyone)",
        description="A 404 unless both players may be named (a public profile, not hidden).",
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: None, **READ_ERRORS},
    )
    def get(self, request, player_id, other_id):
        return _answer(request, head_to_head(player_id, other_id))

    def spectator_read(self, request, player_id, other_id):
        body = head_to_head(player_id, other_id)
        return None if body is None else json_answer(request, body)


class TournamentStatisticsApi(Api):
    @extend_schema(
        operation_id="stats_tournament",
        summary="A tournament's statistics per player, as spectators may see it (anyone)",
        description="Only players who may be named are listed; an empty list where the "
        "standings are not published; a 404 for a draft.",
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: None, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        return _answer(request, tournament_statistics(tournament_id))

    def spectator_read(self, request, tournament_id):
        body = tournament_statistics(tournament_id)
        return None if body is None else json_answer(request, body)


class PlayerRatingApi(Api):
    @extend_schema(
        operation_id="stats_rating",
        summary="A player's rating across every tournament, with its uncertainty (anyone)",
        description=f"{NOT_PUBLIC} ``rating`` is null while no series of the player was rated."
        '\n\nThe rating is `mu - 3 sigma` (docs/STATISTICS.md, "The rating").',
        parameters=[ETAG_PARAMETER],
        responses={200: OpenApiTypes.OBJECT, 304: None, **READ_ERRORS},
    )
    def get(self, request, player_id):
        return _answer(request, public_rating(player_id))

    def spectator_read(self, request, player_id):
        body = public_rating(player_id)
        return None if body is None else json_answer(request, body)


class RatedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RatingRowSerializer(serializers.Serializer):
    player = RatedPlayerSerializer()
    rating = serializers.FloatField(help_text="`mu - 3 sigma`, what is shown.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    deals = serializers.IntegerField(help_text="The deals rated.")


class RatingsApi(Api):
    pagination_class = OptionalPagination

    @extend_schema(
        operation_id="stats_ratings",
        summary="Every rating the public may see, best first (anyone)",
        description="Only players with a public profile who are hidden at no tournament; "
        "best first (the rating, then the player's id). `limit` (and `offset`) page the list; "
        "each answer (the whole list, or a page) has its ETag.",
        parameters=[ETAG_PARAMETER],
        responses={200: RatingRowSerializer(many=True), 304: NOT_MODIFIED, **READ_ERRORS},
    )
    def get(self, request):
        rows = public_ratings()
        paginator = OptionalPagination()  # as karlchen.api.base.listing pages the other lists
        page: list[Any] | None = paginator.paginate_queryset(rows, request, view=self)  # type: ignore[arg-type]
        data = rows if page is None else paginator.get_paginated_response(page).data
        return json_answer(request, json_body(data))
