"""The public calendar and results index over the API (no login; cached, with ETags)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers

from karlchen.api.base import CODES, RESPONSE_400, Api
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from listings.domain.filters import MAX_ID, MAX_PAGE, MAX_REGION, Filters, parse_filters
from listings.domain.listings import calendar_page, results_page

# A day as the filters take it (``listings.domain.filters``): YYYY-MM-DD of a year 2000-2999
# (a 29 February left out: not every year has one), or empty for none.
DAY = {
    "type": "string",
    "pattern": "^(?:2[0-9]{3}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])"
    "|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31))?$",
}
FILTER_PARAMETERS = [
    OpenApiParameter("game", str, enum=["doppelkopf", "schafkopf"], description="The game."),
    OpenApiParameter(
        "region",
        {"type": "string", "maxLength": MAX_REGION},
        description=f"The region, any case (at most {MAX_REGION} characters).",
    ),
    OpenApiParameter(
        "club",
        {"type": "integer", "minimum": 1, "maximum": MAX_ID},
        description="The host club's id.",
    ),
    OpenApiParameter(
        "date_from", DAY, description="From this day on (YYYY-MM-DD, a year 2000 to 2999)."
    ),
    OpenApiParameter(
        "date_to",
        DAY,
        description="Up to this day (YYYY-MM-DD, a year 2000 to 2999; not before `date_from`: "
        "`listing_dates_reversed`).",
    ),
    OpenApiParameter(
        "page",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
        description="The page, from 1 (20 tournaments a page).",
    ),
]


class ListedClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ListedTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    start_time = serializers.CharField(
        allow_null=True, help_text="When play begins (HH:MM, local time); null: no time given."
    )
    venue = serializers.CharField()
    region = serializers.CharField()
    club = ListedClubSerializer(allow_null=True)
    game = serializers.CharField()
    status = serializers.CharField(help_text="draft (announced only), open, running, finished")
    url = serializers.CharField(
        allow_null=True, help_text="The spectators' page (null while a draft)."
    )


class CalendarApi(Api):
    class OutputSerializer(serializers.Serializer):
        class RowSerializer(ListedTournamentSerializer):
            class SignUpSerializer(serializers.Serializer):
                state = serializers.ChoiceField(choices=["open", "waiting_list", "closed"])
                cap = serializers.IntegerField(allow_null=True)
                places_left = serializers.IntegerField(allow_null=True)
                waiting = serializers.IntegerField(help_text="On the waiting list now.")
                deadline = serializers.DateTimeField(allow_null=True)
                url = serializers.CharField(help_text="The announcement with the form.")

            signup = SignUpSerializer(allow_null=True, help_text="null: not announced.")

        count = serializers.IntegerField()
        page = serializers.IntegerField()
        pages = serializers.IntegerField()
        results = RowSerializer(many=True)

    @extend_schema(
        operation_id="calendar",
        summary="Coming tournaments: announced for sign-up, or public (no login)",
        description=(
            "From today on, the earliest first, 20 a page; cached for a minute (send "
            "`If-None-Match` for a 304). The same as `/calendar/` and its iCal feed "
            "`/calendar.ics`.\n\n" + CODES
        ),
        parameters=[ETAG_PARAMETER, *FILTER_PARAMETERS],
        responses={200: OutputSerializer, 304: NOT_MODIFIED, 400: RESPONSE_400},
    )
    def get(self, request):
        filters, page = parse_filters(request.query_params)
        return json_answer(request, calendar_page(filters, page))

    def spectator_read(self, request):  # the unfiltered first page: one cache round trip
        return json_answer(request, calendar_page(Filters(), 1))


class ResultsIndexApi(Api):
    class OutputSerializer(serializers.Serializer):
        class RowSerializer(ListedTournamentSerializer):
            class PlaceSerializer(serializers.Serializer):
                rank = serializers.IntegerField()
                name = serializers.CharField(allow_null=True)
                club = serializers.CharField(allow_null=True)
                hidden = serializers.BooleanField()
                total = serializers.IntegerField()

            podium = PlaceSerializer(
                many=True, allow_null=True, help_text="null: the standings are not published."
            )

        count = serializers.IntegerField()
        page = serializers.IntegerField()
        pages = serializers.IntegerField()
        results = RowSerializer(many=True)

    @extend_schema(
        operation_id="results_index",
        summary="Past public tournaments with their first three places (no login)",
        description=(
            "Before today (or finished today), the newest first, 20 a page; cached for a "
            "minute (send `If-None-Match` for a 304).\n\n" + CODES
        ),
        parameters=[ETAG_PARAMETER, *FILTER_PARAMETERS],
        responses={200: OutputSerializer, 304: NOT_MODIFIED, 400: RESPONSE_400},
    )
    def get(self, request):
        filters, page = parse_filters(request.query_params)
        return json_answer(request, results_page(filters, page))

    def spectator_read(self, request):
        return json_answer(request, results_page(Filters(), 1))
