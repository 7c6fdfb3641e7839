"""The cached ranking: a new body after each change, one computation at a time."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from karlchen.changes import _body_key, _epoch_key, _generation_key
from results.domain.ranking_cache import public_ranking
from scoring.domain.deals import record_deal
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    cache.clear()
    return publish(seated_table(4).series.tournament)


def test_a_body_is_computed_once_per_change(
    tournament, django_assert_num_queries, django_capture_on_commit_callbacks
):
    first = public_ranking(tournament.pk)
    with django_assert_num_queries(0):
        assert public_ranking(tournament.pk) == first
    table = tournament.series.get(number=1).tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    assert public_ranking(tournament.pk).etag != first.etag


def test_while_another_reader_computes_the_last_body_is_served(
    tournament, django_assert_num_queries, django_capture_on_commit_callbacks
):
    before = public_ranking(tournament.pk)
    table = tournament.series.get(number=1).tables.get()
    with django_capture_on_commit_callbacks(execute=True):
        record_deal(table, deal=NORMAL, by=CAPTAIN)
    generation = f"{cache.get(_epoch_key())}:{cache.get(_generation_key(tournament.pk))}"
    computing = f"{_body_key(tournament.pk, 'public:all')}:computing:{generation}"
    cache.add(computing, 1, 30)  # another reader computes the new body
    with django_assert_num_queries(0):
        assert public_ranking(tournament.pk) == before
    cache.delete(computing)
    assert public_ranking(tournament.pk) != before


def test_a_lost_generation_only_costs_a_recomputation(tournament):
    first = public_ranking(tournament.pk)
    cache.delete(f"ranking-generation:{tournament.pk}")
    assert public_ranking(tournament.pk).content == first.content


def test_a_new_release_computes_every_body_afresh(
    tournament, monkeypatch, django_assert_num_queries
):
    """A finished tournament changes no more: without this, a release that shapes its body
    differently would serve the old body for ever."""
    from karlchen import changes

    public_ranking(tournament.pk)
    with django_assert_num_queries(0):
        public_ranking(tournament.pk)
    monkeypatch.setattr(changes, "release", lambda: "the-next-release")
    with CaptureQueriesContext(connection) as queries:
        public_ranking(tournament.pk)
    assert len(queries) > 0


def test_the_release_is_the_code_s_fingerprint(tmp_path):
    from karlchen.release import fingerprint

    (tmp_path / "app").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "app" / "views.py").write_text("ANSWER = 1\n")
    first = fingerprint(tmp_path)
    (tmp_path / "tests" / "test_views.py").write_text("assert True\n")
    (tmp_path / "app" / "notes.md").write_text("not code\n")
    assert fingerprint(tmp_path) == first
    (tmp_path / "app" / "views.py").write_text("ANSWER = 2\n")
    assert fingerprint(tmp_path) != first
