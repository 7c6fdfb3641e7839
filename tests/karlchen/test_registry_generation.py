"""The registry's generation turns over once per transaction that changed the registry (an
import of a hundred players: one write to the cache, after the commit), not once per player;
a transaction's own reads over the registry see its changes and are not cached."""

from unittest import mock

import pytest
from django.db import transaction

from karlchen import changes
from people.domain.duplicates import duplicate_pairs
from people.models import Player
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.entry_files import import_entry_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn_overs(monkeypatch):
    """The registry's generation tokens written to the cache, in order."""
    written = []
    real_set = changes.cache.set

    def counting_set(key, value, *args, **kwargs):
        if key == changes.REGISTRY_GENERATION_KEY:
            written.append(value)
        return real_set(key, value, *args, **kwargs)

    monkeypatch.setattr(changes.cache, "set", counting_set)
    return written


def test_an_import_of_a_hundred_players_turns_the_registry_over_once(
    turn_overs, django_capture_on_commit_callbacks
):
    tournament, _ = tournament_with_players(0)
    rows = [{"name": f"Spieler {n}", "member_number": f"M-{n}"} for n in range(100)]
    before = Player.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        import_entry_rows(tournament, rows, by=ORGA, file="liste.csv")
        assert turn_overs == []  # nothing while the transaction runs
    assert Player.objects.count() == before + 100
    assert len(turn_overs) == 1


def entered_then_rolled_back(name):
    with transaction.atomic():
        Player.objects.create(name=name)
        raise RuntimeError


def test_a_change_rolled_back_with_its_savepoint_keeps_the_others_turn_over(
    turn_overs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        Player.objects.create(name="Anna Kern")
        with pytest.raises(RuntimeError):
            entered_then_rolled_back("Bert Kern")
        Player.objects.create(name="Carl Kern")
    assert len(turn_overs) == 1
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        entered_then_rolled_back("Dora Kern")
    assert len(turn_overs) == 1  # only a change rolled back: nothing turns over


def test_a_transaction_reads_its_own_changes_and_caches_none_of_them(
    turn_overs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        Player.objects.create(name="Hans Müller", birth_year=1970)
    committed = [(p.first.name, p.second.name) for p in duplicate_pairs(Player.objects.all())]
    assert committed == []
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        Player.objects.create(name="Müller, Hans", birth_year=1970)
        inside = duplicate_pairs(Player.objects.all())
        assert [(p.first.name, p.second.name) for p in inside] == [("Hans Müller", "Müller, Hans")]
        with mock.patch.object(changes, "_cached", side_effect=AssertionError("cached")):
            assert len(duplicate_pairs(Player.objects.all())) == 1  # not from the cache
    assert len(turn_overs) == 2
    assert len(duplicate_pairs(Player.objects.all())) == 1  # the new generation's


@pytest.mark.django_db(transaction=True)
def test_each_change_outside_a_transaction_turns_the_registry_over_at_once(turn_overs):
    Player.objects.create(name="Anna Kern")
    assert len(turn_overs) == 1
    Player.objects.filter(name="Anna Kern").get().save()
    assert len(turn_overs) == 2


def test_a_change_rolled_back_leaves_the_reads_of_later_transactions_cached():
    """A transaction that changed the registry and was rolled back left its mark on the
    connection: every later transaction on it took its reads over the registry for its own
    changes and computed them afresh, never cached (the order of the tests showed it)."""

    @transaction.atomic
    def change_then_fail() -> None:
        changes.registry_changed()
        raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        change_then_fail()
    with transaction.atomic():
        assert changes.cached_registry("after-a-rollback", lambda: [1]) == [1]
        assert changes.cached_registry("after-a-rollback", lambda: [2]) == [1]


def test_a_transactions_own_change_still_keeps_its_reads_uncached():
    with transaction.atomic():
        changes.registry_changed()
        assert changes.cached_registry("own-change", lambda: [1]) == [1]
        assert changes.cached_registry("own-change", lambda: [2]) == [2]
