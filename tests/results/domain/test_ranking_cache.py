"""The cached ranking: a new body after each change, one computation at a time."""

import pytest
from django.core.cache import cache

from karlchen.changes import EPOCH_KEY, _body_key, _generation_key
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
    generation = f"{cache.get(EPOCH_KEY)}:{cache.get(_generation_key(tournament.pk))}"
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
