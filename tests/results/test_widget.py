"""/t/<id>/widget/: the standings for a club's website, in a frame; the desk's snippet."""

import pytest
from django.test import Client, override_settings

from tests.factories.api import public_tournament, publish
from tests.factories.documents import play_series, seated_series
from tests.factories.tournaments import (
    ORGA,
    organiser,
    seat_first_series,
    tournament_with_players,
)
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def played():
    series, (table,) = seated_series((4,))
    play_series(table, seed=5, deals=3)
    return publish(series.tournament)


def test_the_widget_may_be_framed_by_any_site_and_no_other_page_may(client):
    tournament = played()
    widget = client.get(f"/t/{tournament.pk}/widget/")
    assert widget.status_code == 200
    assert "X-Frame-Options" not in widget
    assert widget["Content-Security-Policy"] == "frame-ancestors *"
    live = client.get(f"/t/{tournament.pk}/")
    assert live["X-Frame-Options"] == "DENY"
    assert "Content-Security-Policy" not in live


@override_settings(WIDGET_FRAME_ANCESTORS="https://www.dokoclub.de")
def test_the_sites_that_may_frame_it_are_a_setting(client):
    widget = client.get(f"/t/{played().pk}/widget/")
    assert widget["Content-Security-Policy"] == "frame-ancestors https://www.dokoclub.de"


def test_the_widget_shows_the_first_rows_without_the_sites_chrome_and_polls_with_its_etag(
    client,
):
    tournament, entries = public_tournament(12)
    seat_first_series(tournament, entries)
    page = client.get(f"/t/{tournament.pk}/widget/", {"rows": "5"})
    text = page.content.decode()
    assert text.count('<td class="rank">') == 5
    assert 'class="brand"' not in text
    assert "languages" not in text
    assert "spectator/widget.css" in text
    assert "spectator/widget.js" in text
    data = page.context["page_data"]
    assert data["rows"] == 5
    assert data["standings"] == f"/api/v1/tournaments/{tournament.pk}/standings/"
    api = client.get(data["standings"], HTTP_IF_NONE_MATCH=data["etag"])
    assert api.status_code == 304  # what the widget's poll gets while nothing changed


@pytest.mark.parametrize(("asked", "shown"), [("0", 1), ("1000", 100), ("x", 10), (None, 10)])
def test_the_rows_asked_for_are_kept_within_range(client, asked, shown):
    tournament, _ = public_tournament(2)
    query = {} if asked is None else {"rows": asked}
    assert client.get(f"/t/{tournament.pk}/widget/", query).context["page_data"]["rows"] == shown


def test_a_draft_or_hidden_standings_say_so_in_the_frame(client):
    draft, _ = tournament_with_players(4)
    page = client.get(f"/t/{draft.pk}/widget/")
    assert page.status_code == 404
    assert page["Content-Security-Policy"] == "frame-ancestors *"
    assert "X-Frame-Options" not in page
    assert "There is no public tournament at this address" in page.content.decode()
    tournament = played()
    update_tournament(tournament, by=ORGA, standings_public=False)
    hidden = client.get(f"/t/{tournament.pk}/widget/")
    assert "have not published the standings" in hidden.content.decode()
    assert "<table" not in hidden.content.decode()


def test_the_desk_shows_the_snippet_to_copy(client):
    tournament = played()
    client.force_login(organiser())
    page = client.get(f"/desk/{tournament.pk}/results/")
    snippet = page.context["widget_snippet"]
    assert str(snippet) == snippet
    assert not hasattr(snippet, "__html__")
    assert snippet == (
        f'<iframe src="http://testserver/t/{tournament.pk}/widget/?rows=10" '
        f'title="Standings: {tournament.name}" width="100%" height="450" loading="lazy" '
        'style="border:0"></iframe>'
    )
    assert "&lt;iframe src=" in page.content.decode()  # shown as text in the textarea
