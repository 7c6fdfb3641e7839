"""The score preview's request (a game, its rules and one deal of the contract) and the scored
result's answer, as DRF serializers; the deal's own shape is ``scoring.contract``'s."""

from rest_framework import serializers

from karlchen.messages import MESSAGES
from karlchen.strict_input import (
    ContractInput,
    JSONObjectField,
    StrictChoiceField,
    StrictIntegerField,
)
from rules import GAMES, doppelkopf
from scoring.contract import DoppelkopfDealInput, SchafkopfDealInput


def is_quick_body(data: object) -> bool:
    """Whether a request's ``deal`` is a quick entry (it names its ``entry``)."""
    return isinstance(data, dict) and isinstance(data.get("deal"), dict) and "entry" in data["deal"]


class GameInput(ContractInput):
    """The first look at a request: which game, and where its rules and deal are."""

    game = StrictChoiceField(choices=GAMES)
    rules = JSONObjectField(required=False, help_text="Preset and overrides (RULES.md §1.10).")
    deal: serializers.Field = JSONObjectField()  # each game's input redeclares it


class DoppelkopfPreviewInput(GameInput):
    deal = DoppelkopfDealInput()
    bock_factor = StrictIntegerField(
        required=False,
        default=1,
        min_value=1,
        max_value=doppelkopf.BOCK_FACTOR_MAX,
        help_text="The deal's Bock factor (RULES.md §2.3); at a table the series gives it.",
    )
    bock_points = StrictIntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=doppelkopf.BOCK_POINTS_MAX,
        help_text="The points Bock adds to the deal's value (RULES.md §2.3, bock_mode add).",
    )

    def validate(self, attrs):
        if attrs.get("bock_factor", 1) > 1 and attrs.get("bock_points", 0):
            message = MESSAGES["bock_factor_and_points"]
            raise serializers.ValidationError(
                {"bock_points": message}, code="bock_factor_and_points"
            )
        return attrs


class SchafkopfPreviewInput(GameInput):
    deal = SchafkopfDealInput()


class LineOutput(serializers.Serializer):
    code = serializers.CharField()
    party = serializers.CharField()
    points = serializers.IntegerField()


class DealScoreOutput(serializers.Serializer):
    winner = serializers.CharField(allow_null=True)
    value = serializers.IntegerField()
    lines = LineOutput(many=True)
    points = serializers.DictField(child=serializers.IntegerField())
    bock_factor = serializers.IntegerField(
        required=False, help_text="Only for a Bock deal: what its value was multiplied by."
    )
    bock_points = serializers.IntegerField(
        required=False, help_text="Only for a Bock deal that adds: the points Bock added."
    )
    bock_triggers = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Only where the deal starts a Bock round: the rule set's triggers it fired.",
    )

    @staticmethod
    def of(score) -> dict:
        """The response body; built by hand because it is on the hot path of every preview."""
        body = {
            "winner": score.winner,
            "value": score.value,
            "lines": [
                {"code": line.code, "party": line.party, "points": line.points}
                for line in score.lines
            ],
            "points": {str(seat): points for seat, points in sorted(score.points.items())},
        }
        return body | bock_fields(score)


BOCK_KEYS = ("bock_factor", "bock_points", "bock_triggers")  # a result's keys for Bock deals only


def bock_fields(score) -> dict:
    """The Bock keys of a result: present only for a Bock deal or one that starts a round."""
    fields: dict = {}
    if score.bock_factor > 1:
        fields["bock_factor"] = score.bock_factor
    if score.bock_points:
        fields["bock_points"] = score.bock_points
    if score.bock_triggers:
        fields["bock_triggers"] = sorted(score.bock_triggers)
    return fields
