"""Organisers' writes through the API land in the tournament's log, as the desk's do."""

import pytest

from tests.factories.api import NORMAL, record

pytestmark = pytest.mark.django_db


def logged(tournament) -> list[tuple[str, str]]:
    return [(a.user_label, a.action) for a in tournament.actions.order_by("pk")]


def test_every_organiser_write_through_the_api_is_logged_with_who(table, orga_client, captain):
    tournament = table.series.tournament
    base = f"/api/v1/tournaments/{tournament.pk}/"
    entry = tournament.entries.first()
    before = tournament.actions.count()  # what setting the table up logged
    orga_client.patch(base, {"standings_frozen": True}, format="json")
    orga_client.post(base + "entries/", {"name": "Nachzügler"}, format="json")
    orga_client.patch(base + f"entries/{entry.pk}/", {"checked_in": True}, format="json")
    record(captain, table)  # a captain's deal: in the revisions, not in the organisers' log
    body = {"deal": {**NORMAL, "re_points": 100}, "version": 1, "reason": "verzählt"}
    orga_client.put(f"/api/v1/tables/{table.pk}/deals/1/", body, format="json")
    orga_client.post(f"/api/v1/tables/{table.pk}/captain-token/", {}, format="json")
    orga_client.post(base + "series/1/call-time/", {}, format="json")
    assert logged(tournament)[before:] == [
        ("orga", "frozen"),
        ("orga", "entry_added"),
        ("orga", "checked_in"),
        ("orga", "deal_corrected"),
        ("orga", "captain_link_reissued"),
        ("orga", "time_called"),
    ]
    correction = tournament.actions.get(action="deal_corrected")
    assert correction.text() == "hat Spiel 1 an Tisch 1 der Serie 1 korrigiert: verzählt"
