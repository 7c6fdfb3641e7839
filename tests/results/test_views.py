"""The spectator pages as the server renders them: ranking, player, beamer; what stays hidden."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from karlchen.changes import tournament_changed
from results.charts import course_chart
from results.domain.ranking_cache import public_ranking
from scoring.domain.deals import record_deal
from scoring.domain.series import close_series
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, seated_table
from tournaments.domain.entries import hide_publicly
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(django_capture_on_commit_callbacks):
    table = seated_table(4)
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    return publish(table.series.tournament)


def page(path: str):
    return Client().get(path)


def test_the_ranking_page_lists_every_player_and_the_tables(tournament):
    response = page(f"/t/{tournament.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert all(f"Spieler {n}" in html for n in range(1, 5))
    assert "Tische der Serie 1" in html
    assert 'id="spectator-data"' in html


def test_a_draft_has_no_spectator_pages():
    draft = seated_table(4).series.tournament
    assert page(f"/t/{draft.pk}/").status_code == 404
    assert page(f"/t/{draft.pk}/beamer/").status_code == 404


def test_unpublished_standings_are_said_so(tournament, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        update_tournament(tournament, standings_public=False, by=ORGA)
    html = page(f"/t/{tournament.pk}/").content.decode()
    assert "nicht veröffentlicht" in html
    assert 'id="ranking"' not in html


def test_the_player_page_draws_their_course(tournament):
    entry = tournament.entries.get(player__name="Spieler 1")
    html = page(f"/t/{tournament.pk}/players/{entry.pk}/").content.decode()
    assert "<svg" in html
    assert 'points="40.0,220.0 600.0,20.0"' in html  # from 0 to 1 after one deal


def test_a_hidden_player_has_no_page_and_no_name(tournament, django_capture_on_commit_callbacks):
    entry = tournament.entries.get(player__name="Spieler 1")
    with django_capture_on_commit_callbacks(execute=True):
        hide_publicly(entry, by=ORGA)
    assert page(f"/t/{tournament.pk}/players/{entry.pk}/").status_code == 404
    assert "Spieler 1" not in page(f"/t/{tournament.pk}/").content.decode()
    assert "Spieler 1" not in page(f"/t/{tournament.pk}/beamer/").content.decode()


def test_the_chart_marks_each_series_and_scales_to_the_extremes():
    deals = [
        {"series": 1, "total": 3},
        {"series": 1, "total": -2},
        {"series": 2, "total": 5},
    ]
    chart = course_chart(deals)
    assert [number for _x, number in chart.series] == [1, 2]
    assert [value for _y, value in chart.ticks] == [-2, 0, 5]
    assert chart.last[2] == 5
    assert course_chart([]).last is None
    close = course_chart([{"series": 1, "total": 2}, {"series": 1, "total": -26}])
    assert [value for _y, value in close.ticks] == [-26, 0]  # 2 would print over 0


def test_a_ranking_cached_while_a_draft_leaves_the_pages_up_once_published(
    django_capture_on_commit_callbacks,
):
    """Just after publishing (before the cache turns over after the commit, or while another
    reader recomputes) the public ranking can still be the draft's "absent": the pages then
    show no ranking instead of failing."""
    draft = seated_table(4).series.tournament
    assert public_ranking(draft.pk) is None  # a spectator asked while it was a draft
    publish(draft)  # the status only: the cached answers turn over after the commit
    assert page(f"/t/{draft.pk}/").status_code == 200
    assert page(f"/t/{draft.pk}/beamer/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        tournament_changed(draft.pk)
    assert "Spieler 1" in page(f"/t/{draft.pk}/").content.decode()


def provisional_mark(html: str) -> str | None:
    """The text of the page's provisional mark; None where it is hidden."""
    found = re.search(r'<p class="banner provisional" id="provisional"([^>]*)>(.*?)</p>', html)
    assert found, "the page has no provisional mark to keep current"
    return None if "hidden" in found.group(1) else found.group(2)


@pytest.mark.parametrize(
    ("language", "one_closed"),
    [
        ("de", "Vorläufiger Stand: 1 von 3 Serien abgeschlossen"),
        ("en", "Provisional standings: 1 of 3 series closed"),
    ],
)
def test_the_ranking_is_provisional_while_series_remain(
    tournament, language, one_closed, django_capture_on_commit_callbacks
):
    cache.clear()  # a tournament of an earlier test run may have had this id
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    paths = (f"/t/{tournament.pk}/", f"/t/{tournament.pk}/beamer/")
    first, *others = tournament.series.order_by("number")
    assert [provisional_mark(client.get(path).content.decode()) for path in paths] == [
        one_closed.replace("1", "0", 1)
    ] * 2

    with django_capture_on_commit_callbacks(execute=True):
        close_series(first, force=True, by=ORGA)
    assert [provisional_mark(client.get(path).content.decode()) for path in paths] == [
        one_closed
    ] * 2

    with django_capture_on_commit_callbacks(execute=True):
        for series in others:
            close_series(series, force=True, by=ORGA)
    assert [provisional_mark(client.get(path).content.decode()) for path in paths] == [None] * 2
