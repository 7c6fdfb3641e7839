"""GET /api/v1/tournaments/{id}/ranking-export/ and the desk's download: organisers only."""

import pytest

from results.domain.ranking_export import DDV_COLUMNS, ranking_csv
from tests.factories.api import client_for, public_tournament
from tests.factories.tournaments import organiser, seat_first_series

pytestmark = pytest.mark.django_db


def test_organisers_download_the_csv(orga_client):
    tournament, _ = public_tournament(4)
    response = orga_client.get(f"/api/v1/tournaments/{tournament.pk}/ranking-export/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="ranking-ddv-{tournament.pk}-{tournament.date}.csv"'
    )
    assert response.content == ranking_csv(tournament)
    header = response.content.decode().removeprefix("\ufeff").split("\r\n")[0]
    assert header.split(";") == DDV_COLUMNS
    assert tournament.actions.filter(action="exported").count() == 1


def test_spectators_and_strangers_may_not(anonymous, stranger_client):
    tournament, _ = public_tournament(4)
    url = f"/api/v1/tournaments/{tournament.pk}/ranking-export/"
    assert anonymous.get(url).status_code == 401
    assert stranger_client.get(url).status_code == 403
    assert not tournament.actions.filter(action="exported").exists()


def test_the_desk_offers_it_with_the_count_of_players_without_a_number():
    """Counted are the players of the file: the fifth, entered and never seated, is not."""
    tournament, entries = public_tournament(5, game="schafkopf")
    seat_first_series(tournament, entries[:4])
    client = client_for(organiser())
    page = client.get(f"/desk/{tournament.pk}/results/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "Ranking export for the Schafkopf association (CSV)" in text
    assert "4 players have no member number: flagged in the file." in text
    download = client.get(f"/desk/{tournament.pk}/export/ranking/")
    assert download.status_code == 200
    assert download["Content-Disposition"].endswith(
        f'filename="ranking-schafkopf-{tournament.pk}-{tournament.date}.csv"'
    )
    assert download.content.decode().removeprefix("\ufeff").startswith("turnier_id;")
