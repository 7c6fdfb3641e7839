"""GET /api/v1/tournaments/{id}/standings/: the ranking, its ETag, and what changes it."""

import pytest
from django.core.cache import cache

from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from tests.factories.api import NORMAL, codes, publish
from tests.factories.leagues import commit_at_once
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table, tournament_with_players
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


def standings_url(table):
    return f"/api/v1/tournaments/{table.series.tournament_id}/standings/"


def row(entry, *, rank, total, series, deals=1, won=0, solos=0) -> dict:
    return {
        "rank": rank,
        "entry": entry.pk,
        "player": {
            "id": entry.player_id,
            "name": entry.player.name,
            "club": entry.player.club_name,
        },
        "hidden": False,
        "start_number": entry.start_number,
        "total": total,
        "series": series,
        "deals_played": deals,
        "compulsory_solos": solos,
        "series_won": won,
        "withdrawn": False,
    }


@pytest.fixture
def played(table):
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    return table


def test_anyone_reads_the_ranking_of_a_public_tournament(anonymous, played):
    first, second, third, fourth = played.series.tournament.entries.order_by("start_number")
    response = anonymous.get(standings_url(played))
    assert response.status_code == 200
    assert response.json() == [
        row(first, rank=1, total=1, series={"1": 1}, won=1),  # shared ranks: by start number
        row(third, rank=1, total=1, series={"1": 1}, won=1),
        row(second, rank=3, total=-1, series={"1": -1}),
        row(fourth, rank=3, total=-1, series={"1": -1}),
    ]


def test_an_unchanged_ranking_answers_304_to_its_etag(anonymous, played):
    first = anonymous.get(standings_url(played))
    etag = first.headers["ETag"]
    again = anonymous.get(standings_url(played), HTTP_IF_NONE_MATCH=etag)
    assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", etag)
    other = anonymous.get(standings_url(played), HTTP_IF_NONE_MATCH='"something-else"')
    assert (other.status_code, other.json()) == (200, first.json())


def test_a_correction_changes_the_ranking_and_its_etag(
    anonymous, captain, played, django_capture_on_commit_callbacks
):
    before = anonymous.get(standings_url(played))
    kontra_wins = {"contract": "normal", "re": [1, 3], "re_points": 110}
    with django_capture_on_commit_callbacks(execute=True):
        corrected = captain.put(
            f"/api/v1/tables/{played.pk}/deals/1/",
            {"deal": kontra_wins, "version": 1, "reason": "verzählt"},
            format="json",
        )
    assert corrected.status_code == 200
    after = anonymous.get(standings_url(played), HTTP_IF_NONE_MATCH=before.headers["ETag"])
    assert after.status_code == 200
    assert after.headers["ETag"] != before.headers["ETag"]
    assert [(r["start_number"], r["total"]) for r in after.json()] == [
        (2, 2),
        (4, 2),
        (1, -2),
        (3, -2),
    ]


def test_a_recorded_deal_shows_at_once(
    anonymous, captain, table, django_capture_on_commit_callbacks
):
    assert [r["total"] for r in anonymous.get(standings_url(table)).json()] == [0, 0, 0, 0]
    with django_capture_on_commit_callbacks(execute=True):
        captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": NORMAL}, format="json")
    assert [r["total"] for r in anonymous.get(standings_url(table)).json()] == [1, 1, -1, -1]


def test_the_standings_of_a_draft_are_404_to_the_public(anonymous, orga_client):
    tournament, _entries = tournament_with_players(4)
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    response = anonymous.get(url)
    assert (response.status_code, codes(response)) == (404, [("body", "not_found")])
    assert codes(anonymous.get("/api/v1/tournaments/999999/standings/")) == codes(response)
    assert orga_client.get(url).status_code == 200


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "Das Turnier ist noch nicht öffentlich: es beginnt bald."),
        ("en", "This tournament is not public yet: it starts soon."),
    ],
)
def test_a_draft_whose_tables_are_seated_starts_soon_to_the_public(anonymous, language, message):
    table = seated_table(4)
    tournament = table.series.tournament
    entry = tournament.entries.first()
    for path in ("standings/", f"players/{entry.pk}/", "series/"):
        response = anonymous.get(
            f"/api/v1/tournaments/{tournament.pk}/{path}", HTTP_ACCEPT_LANGUAGE=language
        )
        assert response.status_code == 404, path
        assert response.json() == {
            "errors": [{"field": "body", "code": "not_started", "message": message}]
        }, path


def test_the_standings_say_how_many_series_are_closed(
    anonymous, django_capture_on_commit_callbacks
):
    """Series-Closed and Series-Planned go with every answer, a 304 too: the live pages mark
    the ranking provisional while fewer series are closed than planned."""
    cache.clear()  # a tournament of an earlier test run may have had this id
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    url = standings_url(table)
    first = anonymous.get(url)
    assert first.status_code == 200
    assert (first["Series-Closed"], first["Series-Planned"]) == ("0", "3")

    series = list(tournament.series.order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        close_series(series[0], force=True, by=ORGA)
    after_one = anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after_one.status_code == 304  # the rows did not change, how far the tournament is did
    assert (after_one["Series-Closed"], after_one["Series-Planned"]) == ("1", "3")

    with django_capture_on_commit_callbacks(execute=True):
        for one in series[1:]:
            close_series(one, force=True, by=ORGA)
    final = anonymous.get(url)
    assert (final["Series-Closed"], final["Series-Planned"]) == ("3", "3")


def test_while_frozen_a_players_deals_are_those_the_frozen_ranking_counts(
    anonymous, orga_client, played, monkeypatch
):
    """Frozen until the award ceremony, a player's page must not tell the deals played since:
    spectators see the deals recorded by the freeze, their total the frozen one; organisers
    every deal; thawed, spectators every deal again."""
    commit_at_once(monkeypatch)  # each write turns the cached reads over
    tournament = played.series.tournament
    first = tournament.entries.get(start_number=1)
    url = f"/api/v1/tournaments/{tournament.pk}/players/{first.pk}/"
    update_tournament(tournament, by=ORGA, standings_frozen=True)
    record_deal(played, deal=NORMAL, by=CAPTAIN)
    frozen = anonymous.get(url).json()
    assert [deal["number"] for deal in frozen["deals"]] == [1]
    assert frozen["deals"][-1]["total"] == frozen["standing"]["total"] == 1
    live = orga_client.get(url).json()
    assert [deal["number"] for deal in live["deals"]] == [1, 2]
    assert live["deals"][-1]["total"] == live["standing"]["total"] == 2
    update_tournament(tournament, by=ORGA, standings_frozen=False)
    assert [deal["number"] for deal in anonymous.get(url).json()["deals"]] == [1, 2]
