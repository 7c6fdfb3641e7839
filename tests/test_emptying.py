"""A test that commits is followed by emptied tables (``tests/conftest.py``, quicker than
Django's flush): the next test finds none of its rows, and the content types and permissions as
the migrations made them, made again where the test changed them. The two tests run in this
order (pytest keeps a file's order); the second checks what the first left."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType

from people.models import Player
from tests.factories.tournaments import tournament_with_players
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_test_commits_rows_and_changes_the_migrations_rows():
    tournament_with_players(4)
    Permission.objects.filter(codename="add_tournament").delete()
    ContentType.objects.filter(app_label="tournaments", model="entry").update(model="renamed")
    assert Tournament.objects.exists()


def test_the_next_finds_the_rows_gone_and_the_migrations_rows_made_again():
    assert not Tournament.objects.exists()
    assert not Entry.objects.exists()
    assert not Player.objects.exists()
    assert Permission.objects.filter(codename="add_tournament").exists()
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(Entry).model == "entry"
    assert not ContentType.objects.filter(model="renamed").exists()
