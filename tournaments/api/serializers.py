"""Serializers shared by several tournament operations; an operation's own ones sit in its view."""

from rest_framework import serializers

from karlchen.strict_input import StrictSerializer, TextOrNullField
from tournaments.models import START_TIME_FORMAT
from tournaments.visibility import shown_as_hidden

MAX_ID = 10**18  # ids beyond any database integer are refused before they reach a query


class StrictBooleanField(serializers.BooleanField):
    """A boolean must be JSON true or false: no "yes", no 1 (DRF's message says so)."""

    def to_internal_value(self, data):
        if type(data) is not bool:
            self.fail("invalid")
        return data


def start_time_field() -> serializers.TimeField:
    """The start time a tournament is created or changed with: "HH:MM", or null for none."""
    return serializers.TimeField(
        format=START_TIME_FORMAT,
        input_formats=[START_TIME_FORMAT],
        required=False,
        allow_null=True,
        help_text="When play begins (HH:MM, local time); null: no time, the day.",
    )


class TournamentOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    start_time = serializers.TimeField(
        format=START_TIME_FORMAT,
        allow_null=True,
        help_text="When play begins (HH:MM, local time); null: the day, no time given.",
    )
    venue = serializers.CharField()
    club_name = serializers.CharField(source="club.name", allow_null=True, default=None)
    region = serializers.CharField(help_text="Free text; the public calendar filters by it.")
    referee = serializers.CharField(help_text="The referee (Turnierleiter), for the report.")
    game = serializers.CharField()
    rules = serializers.JSONField()
    series_count = serializers.IntegerField()
    normal_deals = serializers.IntegerField(help_text="Normal deals per four-table and series.")
    compulsory_solos = serializers.BooleanField()
    confirmation_required = serializers.BooleanField(
        help_text="Players confirm deals with a PIN; the public ranking counts confirmed ones."
    )
    entry_mode = serializers.CharField(
        help_text="How captains enter deals: full, value (game value and winners) or points."
    )
    status = serializers.CharField(help_text="draft, open, running or finished")
    club = serializers.IntegerField(
        source="club_id",
        allow_null=True,
        help_text="Its club, the host (null: a private tournament).",
    )
    ranking_tournament = serializers.BooleanField()
    standings_public = serializers.BooleanField()
    standings_frozen_at = serializers.DateTimeField(
        allow_null=True, help_text="Since when spectators see frozen standings (null: live)."
    )
    protest_minutes = serializers.IntegerField(
        help_text="The protest period after the last series closes."
    )
    results_status = serializers.SerializerMethodField(
        help_text="provisional, or final once the organisers marked the results final."
    )
    results_final_at = serializers.DateTimeField(allow_null=True)

    def get_results_status(self, tournament) -> str:
        return "final" if tournament.results_final else "provisional"


class EntryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    start_number = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")
    club = TextOrNullField(source="player.club_name")
    member_number = serializers.CharField(source="player.member_number", allow_null=True)
    checked_in = serializers.BooleanField()
    withdrawn = serializers.BooleanField()
    pin = serializers.CharField(help_text="The player's PIN for confirming deals (organisers).")
    hidden = serializers.BooleanField(help_text="Listed as hidden to spectators.")


class SeatOutput(serializers.Serializer):
    """A seat; with ``context={"public": True}`` a player who asked not to be listed shows as
    ``hidden`` with no name."""

    position = serializers.IntegerField()
    hidden = serializers.BooleanField(help_text="Not listed by name to spectators.")
    entry = serializers.IntegerField(source="entry_id", allow_null=True)
    player = serializers.IntegerField(source="player_id", allow_null=True)
    name = serializers.CharField(allow_null=True)
    club = serializers.CharField(allow_null=True)
    start_number = serializers.IntegerField(allow_null=True)

    def to_representation(self, instance):
        seat = super().to_representation(instance)
        if shown_as_hidden(seat["hidden"], public=bool(self.context.get("public"))):
            seat.update(entry=None, player=None, name=None, club=None, start_number=None)
        else:
            seat["hidden"] = False
        return seat


class SeriesOutput(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="planned, seated, running or closed")
    time_called_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)


class EmptyInput(StrictSerializer):
    """A POST that carries nothing (an empty body or ``{}``)."""
