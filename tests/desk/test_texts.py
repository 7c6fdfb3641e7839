"""How the organisers' log words what was printed."""

import pytest
from django.utils import translation

from desk.texts import action_text
from tournaments.models import OrganiserAction


@pytest.mark.parametrize(
    ("details", "german"),
    [
        ({"kind": "score_sheets", "series": 2, "filled": True}, "Spiellisten, Serie 2, ausgefüllt"),
        ({"kind": "score_sheets", "series": 1, "filled": False}, "Spiellisten, Serie 1, leer"),
        ({"kind": "seating_list", "series": 3}, "Sitzplan, Serie 3"),
        ({"kind": "certificates", "top": 3}, "Urkunden, Plätze 1–3"),
        ({"kind": "standings"}, "Rangliste"),
        ({"kind": "Spielzettel"}, "Spielzettel"),  # an entry from before codes were logged
    ],
)
def test_the_log_names_what_was_printed(details, german):
    action = OrganiserAction(action="documents_started", details=details)
    with translation.override("de"):
        assert action_text(action) == f"hat gedruckt: {german}"
