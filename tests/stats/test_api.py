"""The statistics' API: the answers, their ETags, the scopes and their refusals, the 404s."""

from __future__ import annotations

import pytest

from scoring.domain.deals import record_deal
from tests.factories.api import NORMAL, codes, publish
from tests.factories.tournaments import CAPTAIN, seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    players = {
        seat.position: seat.entry.player for seat in table.seats.select_related("entry__player")
    }
    for position in (1, 2, 3):
        players[position].listing_consent = True
        players[position].save(update_fields=["listing_consent"])
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    return tournament, players


def test_a_players_statistics_with_its_etag(anonymous, played):
    tournament, players = played
    url = f"/api/v1/players/{players[1].pk}/statistics/"
    response = anonymous.get(url)
    assert response.status_code == 200
    figures = response.json()["figures"]
    assert (figures["deals"], figures["won"], figures["points"]) == (2, 2, 2)
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    scoped = anonymous.get(url, {"tournament": tournament.pk})
    assert scoped.json()["figures"] == figures
    assert anonymous.get(url, {"club": 999}).json()["figures"] is None
    assert anonymous.get(f"/api/v1/players/{players[4].pk}/statistics/").status_code == 404


def test_a_scope_is_one_id(anonymous, played):
    _tournament, players = played
    url = f"/api/v1/players/{players[1].pk}/statistics/"
    response = anonymous.get(url, {"tournament": "x", "season": "1", "club": "2"})
    assert response.status_code == 400
    assert codes(response) == [
        ("tournament", "stats_scope_invalid"),
        ("season", "stats_scope_several"),
        ("club", "stats_scope_several"),
    ]
    assert codes(anonymous.get(f"/api/v1/players/{players[1].pk}/partners/", {"season": "0"})) == [
        ("season", "stats_scope_invalid")
    ]


def test_partners_head_to_head_and_the_tournament(anonymous, played):
    tournament, players = played
    rows = anonymous.get(f"/api/v1/players/{players[1].pk}/partners/").json()["rows"]
    assert [(row["other"]["id"], row["together"], row["against"]) for row in rows] == [
        (players[3].pk, 2, 0),
        (players[2].pk, 0, 2),
    ]
    pair = anonymous.get(f"/api/v1/players/{players[2].pk}/head-to-head/{players[1].pk}/")
    assert (pair.json()["against"], pair.json()["lost_against"]) == (2, 2)
    assert (
        anonymous.get(f"/api/v1/players/{players[1].pk}/head-to-head/{players[4].pk}/").status_code
        == 404
    )
    listed = anonymous.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()["rows"]
    assert [row["player"]["id"] for row in listed] == sorted(players[n].pk for n in (1, 2, 3))
