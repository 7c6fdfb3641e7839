"""Scoring API: the stateless score preview (one view per operation)."""

from drf_spectacular.utils import OpenApiExample, PolymorphicProxySerializer, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from karlchen.api.errors import validation_response
from karlchen.api.schema import CODES_REFERENCE, ERROR_RESPONSES
from karlchen.api.throttling import AtomicScopedRateThrottle
from karlchen.messages import problem_errors
from karlchen.refusals import Refused
from karlchen.strict_input import flatten
from rules import parse_rules, score_deal
from scoring.api.serializers import (
    DealScoreOutput,
    DoppelkopfPreviewInput,
    GameInput,
    SchafkopfPreviewInput,
)

PREVIEW_INPUTS = {"doppelkopf": DoppelkopfPreviewInput, "schafkopf": SchafkopfPreviewInput}
PREVIEW_REQUEST = PolymorphicProxySerializer(
    component_name="ScorePreviewRequest",
    # the stub wants dict[str, Serializer | type[Serializer]] exactly (a dict is invariant)
    serializers=PREVIEW_INPUTS,  # type: ignore[arg-type]
    resource_type_field_name="game",
)


class ScorePreviewApi(APIView):
    """Compute a deal's result without storing anything: the same engine that records deals."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (AtomicScopedRateThrottle,)
    throttle_scope = "score_preview"

    @extend_schema(
        operation_id="score_preview",
        summary="Score one deal (nothing is stored)",
        description=CODES_REFERENCE,
        request=PREVIEW_REQUEST,
        responses={200: DealScoreOutput, **ERROR_RESPONSES},
        examples=[
            OpenApiExample(
                "Doppelkopf: Re wins with 131",
                request_only=True,
                value={
                    "game": "doppelkopf",
                    "rules": {"preset": "ddv"},
                    "deal": {"contract": "normal", "re": [1, 3], "re_points": 131},
                },
            )
        ],
    )
    def post(self, request):
        body = request.data
        game = body.get("game") if isinstance(body, dict) else None
        game = game if isinstance(game, str) else None
        serializer = PREVIEW_INPUTS.get(game or "", GameInput)(data=body)
        errors = [] if serializer.is_valid() else list(flatten(serializer.errors))
        rules = None
        options = body.get("rules", {}) if isinstance(body, dict) else None
        if game in PREVIEW_INPUTS and isinstance(options, dict):
            try:
                rules = parse_rules(game, options)
            except Refused as refusal:
                errors += problem_errors(refusal.problems)
        if errors:
            return validation_response(errors)
        assert rules is not None  # a valid body names a game: its rules were parsed
        try:
            score = score_deal(
                rules,
                serializer.fields["deal"].to_deal(serializer.validated_data["deal"]),
                bock_factor=serializer.validated_data.get("bock_factor", 1),
                bock_points=serializer.validated_data.get("bock_points", 0),
            )
        except Refused as refusal:
            return validation_response(problem_errors(refusal.problems))
        return Response(DealScoreOutput.of(score))
