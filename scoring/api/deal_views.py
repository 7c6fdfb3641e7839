"""Table API: the table now, its score sheet, and recording, correcting and voiding its deals.

Captains send ``Authorization: Table <token>``; organisers log in. A captain's token opens only
its own table (another: 403 ``permission_denied``). Once the series is closed the captain still
reads the table and its sheet, but every write is refused (403 ``series_closed``); organisers
may still correct and void. See ``tournaments.api.permissions``.
"""

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from karlchen.api.base import (
    CODES,
    RESPONSE_400,
    RESPONSE_401,
    RESPONSE_403,
    RESPONSE_404,
    RESPONSE_409,
    valid,
)
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.changes import cached_body
from karlchen.refusals import Closed
from karlchen.strict_input import StrictIntegerField, StrictSerializer
from scoring.api.base import TableApi
from scoring.api.permissions import (
    is_own_captain,
    require_table_reader,
    table_actor,
    table_or_404,
)
from scoring.api.serializers import BOCK_KEYS, DealScoreOutput, is_quick_body
from scoring.contract import DoppelkopfDealInput, QuickDealInput, SchafkopfDealInput, plain
from scoring.domain.deals import (
    confirm_deal,
    correct_deal,
    preview_deal,
    record_deal,
    void_deal,
)
from scoring.domain.queries import table_state
from tournaments.api.permissions import sees_private
from tournaments.api.serializers import SeatOutput
from tournaments.enums import Game
from tournaments.visibility import sheets_closed

WRITE_ERRORS = {
    400: RESPONSE_400,
    401: RESPONSE_401,
    403: RESPONSE_403,
    404: RESPONSE_404,
    409: RESPONSE_409,
}


class WrittenDealOutput(serializers.Serializer):
    """A deal as a write left it: its place in the series and the revision's result."""

    number = serializers.IntegerField(source="deal.number")
    kind = serializers.CharField(source="deal.kind")
    dealer = serializers.IntegerField(source="deal.dealer")
    sitting_out = serializers.IntegerField(source="deal.sitting_out", allow_null=True)
    version = serializers.IntegerField()
    voided = serializers.BooleanField()
    result = DealScoreOutput(help_text="Points are per position; a voided deal has none.")
    points = serializers.SerializerMethodField(help_text="Points per player (entry id).")

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_points(self, revision) -> dict:
        return _points_by_entry(revision)

    @staticmethod
    def of(revision) -> dict:
        """The response body, built by hand like ``DealScoreOutput.of``: it is on the hot path
        of every recorded deal, and the serializer's per-instance field copies cost more than
        the rest of the answer. ``test_the_answer_built_by_hand_is_the_serializers`` keeps the
        two equal."""
        deal, result = revision.deal, revision.result
        return {
            "number": deal.number,
            "kind": deal.kind,
            "dealer": deal.dealer,
            "sitting_out": deal.sitting_out,
            "version": revision.version,
            "voided": revision.voided,
            "result": {
                "winner": result["winner"],
                "value": result["value"],
                "lines": [
                    {"code": line["code"], "party": line["party"], "points": line["points"]}
                    for line in result["lines"]
                ],
                "points": dict(result["points"]),
                **{key: result[key] for key in BOCK_KEYS if key in result},
            },
            "points": _points_by_entry(revision),
        }


def _points_by_entry(revision) -> dict:
    rows = getattr(revision, "stored_points", None) or revision.points.order_by("position")
    return {str(row.entry_id): row.points for row in rows}


QUICK = "quick"  # the inputs' key for a quick entry's body (either game)


def valid_for_game(inputs: dict, table, data) -> dict:
    """The body checked by the shape of the table's game, or of a quick entry where the deal
    names its ``entry`` (absent seats: the domain fills them)."""
    shape = QUICK if is_quick_body(data) else table.series.tournament.game
    serializer = inputs[shape](data=data)
    serializer.is_valid(raise_exception=True)
    return plain(serializer.validated_data)


NORMAL_DEAL = {"contract": "normal", "re": [1, 3], "re_points": 131}  # Re wins with 131


def deal_number_or_404(table, number: int) -> None:
    if not table.deals.filter(number=number).exists():
        raise NotFound()


# --- reading -----------------------------------------------------------------------------------


class BockOutput(serializers.Serializer):
    level = serializers.IntegerField(help_text="Overlapping Bock rounds (0: not a Bock deal).")
    factor = serializers.IntegerField(help_text="What the deal's value is multiplied by.")
    deals_left = serializers.IntegerField(help_text="Bock deals still to play, this one included.")
    points = serializers.IntegerField(
        help_text="What the deal's value gets added where Bock adds points (0: it multiplies)."
    )


class NextDealOutput(serializers.Serializer):
    bock = BockOutput(
        help_text="Bock rounds (RULES.md §2.3); a Pflichtsolo is not Bock where they pause."
    )
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    sitting_out = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(child=serializers.IntegerField())
    forced_soloist = serializers.IntegerField(
        allow_null=True, help_text="Vorführung: who must play the solo now."
    )


class TableStateApi(TableApi):
    class OutputSerializer(serializers.Serializer):
        class DealSerializer(serializers.Serializer):
            number = serializers.IntegerField()
            kind = serializers.CharField()
            dealer = serializers.IntegerField()
            sitting_out = serializers.IntegerField(allow_null=True)
            version = serializers.IntegerField()
            voided = serializers.BooleanField()
            points = serializers.DictField(child=serializers.IntegerField())
            deal = serializers.JSONField(source="entered", help_text="The deal as entered.")
            confirmed = serializers.BooleanField(
                help_text="Confirmed by a player (always true where none must confirm)."
            )
            confirmers = serializers.ListField(
                child=serializers.IntegerField(), help_text="Positions that may confirm it."
            )
            bock_factor = serializers.IntegerField(help_text="Its Bock factor (1: no Bock).")
            bock_points = serializers.IntegerField(
                help_text="The points Bock added to its value (0: none, or Bock multiplied)."
            )

        id = serializers.IntegerField(source="table.pk")
        number = serializers.IntegerField(source="table.number")
        tournament = serializers.IntegerField(source="series.tournament_id")
        game = serializers.CharField(source="series.tournament.game")
        series = serializers.IntegerField(source="series.number")
        status = serializers.CharField(source="series.status")
        seats = SeatOutput(many=True)
        deals = DealSerializer(many=True)
        totals = serializers.DictField(child=serializers.IntegerField())
        next_deal = NextDealOutput(allow_null=True)
        compulsory_solos = serializers.DictField(
            child=serializers.CharField(), help_text="done or owed per position"
        )
        deals_played = serializers.IntegerField()
        deals_total = serializers.IntegerField()
        complete = serializers.BooleanField()
        time_up = serializers.BooleanField()
        keeper = serializers.IntegerField(help_text="The list keeper's position (4 or 5).")
        confirmation_required = serializers.BooleanField(
            source="series.tournament.confirmation_required"
        )

    @extend_schema(
        operation_id="table_state",
        summary="The table now: seats, deals, totals, the next deal, compulsory solos",
        description="For the table's captain (also after the series is closed) and organisers.",
        responses={200: OutputSerializer, 401: RESPONSE_401, 403: RESPONSE_403, 404: RESPONSE_404},
    )
    def get(self, request, table_id):
        table = table_or_404(table_id, request)
        table_actor(request, table)
        return Response(TableStateApi.OutputSerializer(table_state(table)).data)


class TableSheetApi(TableApi):
    class OutputSerializer(serializers.Serializer):
        class DealSerializer(serializers.Serializer):
            number = serializers.IntegerField()
            kind = serializers.CharField()
            dealer = serializers.IntegerField()
            voided = serializers.BooleanField()
            points = serializers.DictField(child=serializers.IntegerField())
            totals = serializers.DictField(
                child=serializers.IntegerField(), help_text="Running totals after this deal."
            )
            bock_factor = serializers.IntegerField(help_text="Its Bock factor (1: no Bock).")
            bock_points = serializers.IntegerField(
                help_text="The points Bock added to its value (0: none, or Bock multiplied)."
            )
            counted = serializers.BooleanField(
                help_text=(
                    "Whether its points are in the running totals. Where deals must be "
                    "confirmed, spectators' totals count confirmed deals only, as their "
                    "standings do; a deal not confirmed yet is listed with its points and "
                    "false here."
                )
            )

        id = serializers.IntegerField(source="table.pk")
        number = serializers.IntegerField(source="table.number")
        series = serializers.IntegerField(source="series.number")
        players = SeatOutput(many=True, source="seats")
        deals = DealSerializer(many=True)
        totals = serializers.DictField(child=serializers.IntegerField())

    @extend_schema(
        operation_id="table_sheet",
        summary="The score sheet: every deal with points per position and running totals",
        description=(
            "Anyone, once the tournament is public (a draft: organisers, the captain). "
            "Spectators, and the captains of other tables, see players who asked not to be "
            "listed as hidden (name null). The sheets add up to the live standings: spectators "
            "read them while the standings are published (else 403 `standings_hidden`) and not "
            "frozen (else 403 `sheets_frozen`). "
            "Cached, with an ETag: `If-None-Match` answers 304 while nothing changed."
        ),
        parameters=[ETAG_PARAMETER],
        responses={
            200: OutputSerializer,
            304: NOT_MODIFIED,
            401: RESPONSE_401,
            403: RESPONSE_403,
            404: RESPONSE_404,
        },
    )
    def get(self, request, table_id):
        table = table_or_404(table_id, request)
        require_table_reader(request, table)
        insider = is_own_captain(request, table) or sees_private(
            request.user, table.series.tournament
        )
        closed = None if insider else sheets_closed(table.series.tournament)
        if closed is not None:
            raise Closed(closed, "standings")

        def build():
            context = {"public": not insider}
            state = table_state(table, public=not insider)
            return TableSheetApi.OutputSerializer(state, context=context).data

        view = f"sheet:{table.pk}:{'insider' if insider else 'public'}"
        body = cached_body(table.series.tournament_id, view, build)
        return json_answer(request, body, organiser=insider)


# --- writing -----------------------------------------------------------------------------------


class RecordDealApi(TableApi):
    class DoppelkopfInputSerializer(StrictSerializer):
        deal: serializers.Field = DoppelkopfDealInput()  # Schafkopf's redeclares it
        number = StrictIntegerField(
            required=False, min_value=1, help_text="The deal the client means to record."
        )
        idempotency_key = serializers.CharField(
            required=False, max_length=100, help_text="A retry with the same key stores once."
        )

    class SchafkopfInputSerializer(DoppelkopfInputSerializer):
        deal = SchafkopfDealInput()

    class QuickInputSerializer(DoppelkopfInputSerializer):
        deal = QuickDealInput()

    inputs = {
        Game.DOPPELKOPF: DoppelkopfInputSerializer,
        Game.SCHAFKOPF: SchafkopfInputSerializer,
        QUICK: QuickInputSerializer,
    }

    @extend_schema(
        operation_id="deal_record",
        summary="Record the next deal (the table's captain, organisers)",
        description=(
            "The series decides the deal's number, dealer and kind; `deal.seats` may be left "
            "out (the table knows who plays). A retry with the same "
            "`idempotency_key` answers 201 with the deal stored the first time and stores "
            "nothing; the same key with another body is a 409.\n\n" + CODES
        ),
        request=PolymorphicProxySerializer(
            component_name="RecordDealRequest",
            serializers=[DoppelkopfInputSerializer, SchafkopfInputSerializer, QuickInputSerializer],
            resource_type_field_name=None,
        ),
        responses={201: WrittenDealOutput, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Doppelkopf: Re (positions 1 and 3) wins with 131",
                request_only=True,
                value={"deal": NORMAL_DEAL, "idempotency_key": "table-1-phone-a-deal-4"},
            )
        ],
    )
    def post(self, request, table_id):
        table = table_or_404(table_id, request)
        author = table_actor(request, table)
        data = valid_for_game(RecordDealApi.inputs, table, request.data)
        revision = record_deal(
            table,
            deal=data["deal"],
            by=author,
            number=data.get("number"),
            idempotency_key=data.get("idempotency_key"),
        )
        return Response(WrittenDealOutput.of(revision), status=status.HTTP_201_CREATED)


class CorrectDealApi(TableApi):
    class DoppelkopfInputSerializer(StrictSerializer):
        deal: serializers.Field = DoppelkopfDealInput()  # Schafkopf's redeclares it
        version = StrictIntegerField(min_value=1, help_text="The version that was corrected.")
        reason = serializers.CharField(max_length=2000, allow_blank=True)
        idempotency_key = serializers.CharField(required=False, max_length=100)

    class SchafkopfInputSerializer(DoppelkopfInputSerializer):
        deal = SchafkopfDealInput()

    class QuickInputSerializer(DoppelkopfInputSerializer):
        deal = QuickDealInput()

    inputs = {
        Game.DOPPELKOPF: DoppelkopfInputSerializer,
        Game.SCHAFKOPF: SchafkopfInputSerializer,
        QUICK: QuickInputSerializer,
    }

    @extend_schema(
        operation_id="deal_correct",
        summary="Correct a deal (the captain while the series runs, organisers always)",
        description="A `version` other than the deal's current one is a 409.\n\n" + CODES,
        request=PolymorphicProxySerializer(
            component_name="CorrectDealRequest",
            serializers=[DoppelkopfInputSerializer, SchafkopfInputSerializer, QuickInputSerializer],
            resource_type_field_name=None,
        ),
        responses={200: WrittenDealOutput, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Doppelkopf: the card points were miscounted",
                request_only=True,
                value={"deal": NORMAL_DEAL, "version": 1, "reason": "Augen verzählt"},
            )
        ],
    )
    def put(self, request, table_id, number):
        table = table_or_404(table_id, request)
        author = table_actor(request, table)
        deal_number_or_404(table, number)
        data = valid_for_game(CorrectDealApi.inputs, table, request.data)
        revision = correct_deal(
            table,
            number,
            deal=data["deal"],
            version=data["version"],
            reason=data["reason"],
            by=author,
            idempotency_key=data.get("idempotency_key"),
        )
        return Response(WrittenDealOutput.of(revision))


# An idempotency key in the query: a line (karlchen.plaintext) that is not blank once trimmed.
_LINE = "[^\\u0000-\\u001f\\u007f-\\u009f]"
KEY_PATTERN = f"^{_LINE}*[^\\s\\u0000-\\u001f\\u007f-\\u009f]{_LINE}*$"


class VoidDealApi(TableApi):
    class InputSerializer(StrictSerializer):
        version = StrictIntegerField(min_value=1)
        reason = serializers.CharField(max_length=2000, allow_blank=True)
        idempotency_key = serializers.CharField(max_length=100, required=False)

    class QuerySerializer(StrictSerializer):
        version = serializers.IntegerField(min_value=1)
        reason = serializers.CharField(max_length=2000, allow_blank=True)
        idempotency_key = serializers.CharField(max_length=100, required=False)

    @extend_schema(
        operation_id="deal_void",
        summary="Void a deal: it keeps its place and scores 0 (a correction can restore it)",
        description=(
            "`version` and `reason` come as query parameters (as below: both required, "
            "`idempotency_key` optional, no other) or, instead, as a JSON body "
            '`{"version", "reason", "idempotency_key"?}`. A stale `version` is a 409.\n\n' + CODES
        ),
        parameters=[
            OpenApiParameter(
                "version",
                {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
                required=True,
                description="The deal's current version (unless in the body).",
            ),
            OpenApiParameter(
                "reason",
                {"type": "string", "maxLength": 2000},
                required=True,
                description="Why (may be empty; unless in the body).",
            ),
            OpenApiParameter(
                "idempotency_key",
                {"type": "string", "maxLength": 100, "pattern": KEY_PATTERN},
                description="Sent again with the same key, the void is stored once (not blank).",
            ),
        ],
        request=None,
        responses={200: WrittenDealOutput, **WRITE_ERRORS},
    )
    def delete(self, request, table_id, number):
        table = table_or_404(table_id, request)
        author = table_actor(request, table)
        deal_number_or_404(table, number)
        if request.data:
            serializer: serializers.Serializer = VoidDealApi.InputSerializer(data=request.data)
        else:
            serializer = VoidDealApi.QuerySerializer(data=request.query_params.dict())
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        revision = void_deal(
            table,
            number,
            version=data["version"],
            reason=data["reason"],
            by=author,
            idempotency_key=data.get("idempotency_key"),
        )
        return Response(WrittenDealOutput.of(revision))


class PreviewDealApi(TableApi):
    class DoppelkopfInputSerializer(StrictSerializer):
        deal: serializers.Field = DoppelkopfDealInput()  # Schafkopf's redeclares it
        number = StrictIntegerField(
            required=False,
            min_value=1,
            help_text="A played deal's number: preview its correction. Default: the next deal.",
        )

    class SchafkopfInputSerializer(DoppelkopfInputSerializer):
        deal = SchafkopfDealInput()

    class OutputSerializer(serializers.Serializer):
        number = serializers.IntegerField()
        kind = serializers.CharField()
        dealer = serializers.IntegerField()
        sitting_out = serializers.IntegerField(allow_null=True)
        result = DealScoreOutput(source="score", help_text="Points are per position.")
        points = serializers.DictField(
            child=serializers.IntegerField(), help_text="Points per player (entry id)."
        )

    class QuickInputSerializer(DoppelkopfInputSerializer):
        deal = QuickDealInput()

    inputs = {
        Game.DOPPELKOPF: DoppelkopfInputSerializer,
        Game.SCHAFKOPF: SchafkopfInputSerializer,
        QUICK: QuickInputSerializer,
    }

    @extend_schema(
        operation_id="deal_preview",
        summary="Check and score a deal at this table without storing it",
        description=(
            "The same checks as recording (or, with `number` of a played deal, correcting): "
            "both the rules and the series (Pflichtsolo, Vorführung, who sits out). "
            "Nothing is stored.\n\n" + CODES
        ),
        request=PolymorphicProxySerializer(
            component_name="PreviewDealRequest",
            serializers=[DoppelkopfInputSerializer, SchafkopfInputSerializer, QuickInputSerializer],
            resource_type_field_name=None,
        ),
        responses={200: OutputSerializer, **WRITE_ERRORS},
        examples=[
            OpenApiExample(
                "Doppelkopf: the next deal, Re wins with 131",
                request_only=True,
                value={"deal": NORMAL_DEAL},
            )
        ],
    )
    def post(self, request, table_id):
        table = table_or_404(table_id, request)
        table_actor(request, table)
        data = valid_for_game(PreviewDealApi.inputs, table, request.data)
        preview = preview_deal(table, deal=data["deal"], number=data.get("number"))
        body = PreviewDealApi.OutputSerializer(preview).data
        body["result"] = DealScoreOutput.of(preview.score)  # the Bock keys only where they apply
        body["points"] = {str(entry): points for entry, points in preview.points.items()}
        return Response(body)


class ConfirmDealApi(TableApi):
    class InputSerializer(StrictSerializer):
        version = StrictIntegerField(min_value=1, help_text="The version being confirmed.")
        player = StrictIntegerField(min_value=1, max_value=5, help_text="Position confirming.")
        pin = serializers.RegexField(r"^[0-9]{4}$", help_text="That player's four-digit PIN.")

    @extend_schema(
        operation_id="deal_confirm",
        summary="A player of the other party confirms a deal with their PIN",
        description=(
            "Only where the tournament asks for confirmations. A correction needs a new "
            "confirmation; after a few wrong PINs the deal pauses confirming for some "
            "minutes.\n\n" + CODES
        ),
        request=InputSerializer,
        responses={200: WrittenDealOutput, **WRITE_ERRORS},
    )
    def post(self, request, table_id, number):
        table = table_or_404(table_id, request)
        table_actor(request, table)
        deal_number_or_404(table, number)
        data = valid(ConfirmDealApi.InputSerializer, request.data)
        revision = confirm_deal(
            table, number, version=data["version"], position=data["player"], pin=data["pin"]
        )
        return Response(WrittenDealOutput.of(revision))


class DealApi(CorrectDealApi, VoidDealApi):
    pass  # ``PUT``/``DELETE tables/{id}/deals/{number}/``: two operations
