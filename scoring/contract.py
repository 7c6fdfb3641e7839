"""The deal-result contract's shape (API.md §4) as DRF serializers: the keys and their types
here, their meaning in the engines. The captain's API checks every deal it records by them, and
an archive's import each revision it restores, so both refuse the same shapes.

A serializer only checks that the JSON has the contract's keys with the right types; every rule
(ranges, counts, what the rule set allows) is the engine's to check, so that the preview, deal
recording and direct engine users refuse exactly the same deals.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from karlchen.strict_input import ContractInput, StrictChoiceField, StrictIntegerField
from rules import doppelkopf, quick, schafkopf

MAX_LIST = 12  # no list of the contract is longer; longer ones are refused before any work


def _seat_list(**kwargs) -> serializers.ListField:
    return serializers.ListField(child=StrictIntegerField(), max_length=MAX_LIST, **kwargs)


class AnnouncementsInput(ContractInput):
    re = StrictChoiceField(choices=doppelkopf.RE_LEVELS[1:], allow_null=True, default=None)
    kontra = StrictChoiceField(choices=doppelkopf.KONTRA_LEVELS[1:], allow_null=True, default=None)


class ExtraInput(ContractInput):
    # the legacy code stays accepted (stored deals, archives, older clients): RULES.md §6
    type = StrictChoiceField(choices=(*doppelkopf.EXTRA_TYPES, *doppelkopf.LEGACY_EXTRAS))
    party = StrictChoiceField(choices=doppelkopf.PARTIES)


class DoppelkopfDealInput(ContractInput):
    one_of_required = ("re_points", "re_band")
    contract = StrictChoiceField(choices=doppelkopf.CONTRACTS)
    solo = StrictChoiceField(choices=doppelkopf.SOLO_TYPES, allow_null=True, default=None)
    re = _seat_list(help_text="Seats of the Re party: 2 in normal games, 1 in solos.")
    seats = _seat_list(
        required=False, help_text="The four active seats; default 1–4 (at a table: its players)."
    )
    re_points = StrictIntegerField(
        allow_null=True, default=None, help_text="Re's card points (Augen), 0–240; or re_band."
    )
    re_band = StrictChoiceField(
        choices=tuple(doppelkopf.POINT_BANDS),
        allow_null=True,
        default=None,
        help_text="Instead of re_points: the band Re's card points fell in (they score alike).",
    )
    kontra_points = StrictIntegerField(allow_null=True, default=None)
    re_tricks = StrictIntegerField(
        allow_null=True, default=None, help_text="Re's tricks; needed when a side has 0 points."
    )
    announcements = AnnouncementsInput(required=False)
    # many=True makes a ListSerializer, which takes max_length (drf-stubs type the child's init)
    extras = ExtraInput(many=True, required=False, max_length=MAX_LIST)  # type: ignore[call-arg]

    to_deal = staticmethod(doppelkopf.deal_from_dict)


class SeatMapField(serializers.DictField):
    """An object keyed by seat number ("1" to "5" as JSON keys) with a whole number each; the
    keys stay strings (as stored), the engine reads them as seats and checks them."""

    child = StrictIntegerField()
    # the request format's codes (karlchen.api.errors), worded as there
    default_error_messages = {
        "not_an_object": _("A JSON object is required."),
        "invalid": _("The value has the wrong type or format."),
    }

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_an_object")
        if len(data) > MAX_LIST or not all(_is_seat_key(key) for key in data):
            self.fail("invalid")
        return super().to_internal_value(data)


def _is_seat_key(key: object) -> bool:
    return isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2


class SchafkopfDealInput(ContractInput):
    contract = StrictChoiceField(choices=schafkopf.CONTRACTS)
    declarer = StrictIntegerField(
        required=False, allow_null=True, help_text="Every game but a Ramsch has one."
    )
    partner = StrictIntegerField(
        allow_null=True, default=None, help_text="Only in a Rufer or a Hochzeit."
    )
    suit = StrictChoiceField(choices=schafkopf.SUITS, allow_null=True, default=None)
    seats = _seat_list(
        required=False, help_text="The four active seats; default 1–4 (at a table: its players)."
    )
    declarer_points = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="Card points of the declarer's side, 0–120 (none in a Ramsch; a Bettel may "
        "leave them out).",
    )
    declarer_band = StrictChoiceField(
        choices=tuple(schafkopf.POINT_BANDS),
        required=False,
        allow_null=True,
        help_text="Instead of declarer_points: the band they fell in (they score alike).",
    )
    declarer_tricks = StrictIntegerField(allow_null=True, default=None)
    laufende = StrictIntegerField(default=0)
    knocked = _seat_list(
        required=False, help_text="Seats that knocked (Klopfen) before the bidding; each doubles."
    )
    kontra = StrictIntegerField(
        required=False, allow_null=True, help_text="The defender who gave Kontra (Stoß)."
    )
    re = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="The player of the declarer's side who answered the Kontra with Re.",
    )
    ramsch_points = SeatMapField(
        required=False, allow_null=True, help_text='Ramsch: card points by seat, e.g. {"1": 30}.'
    )
    ramsch_tricks = SeatMapField(
        required=False, allow_null=True, help_text="Ramsch: tricks by seat, where they decide."
    )
    ramsch_top_trump = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="Ramsch: of the players level on the most points, who took the highest trump "
        "(only where the rule set's ramsch_tie lets it decide).",
    )

    to_deal = staticmethod(schafkopf.deal_from_dict)


class QuickDealInput(ContractInput):
    """A quick entry (RULES.md §11.8): the game value and the winners, or each player's
    points. Either game; the table's entry mode must allow it."""

    entry = StrictChoiceField(
        choices=quick.QUICK_ENTRIES,
        help_text="value: the game value and the winners; points: each player's points.",
    )
    value = StrictIntegerField(
        required=False, allow_null=True, help_text="entry value: the game value, 0 or more."
    )
    winners = _seat_list(
        required=False,
        help_text="entry value: the winning side's positions (a solo's soloist alone, or the "
        "three who beat the soloist); none for a value of 0.",
    )
    points = SeatMapField(
        required=False, allow_null=True, help_text='entry points: points by position, {"1": 3}.'
    )
    contract = StrictChoiceField(
        choices=quick.CONTRACTS,
        required=False,
        allow_null=True,
        help_text="The game, where the pattern does not say it: one against three is a solo "
        "unless this says silent_wedding or wedding.",
    )
    soloist = StrictIntegerField(
        required=False, allow_null=True, help_text="A solo's soloist (needed only at value 0)."
    )
    seats = _seat_list(required=False, help_text="The four active seats (at a table: its players).")


def plain(value: Any) -> Any:
    """Validated data as plain dicts and lists (what the domain stores and fingerprints)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value
