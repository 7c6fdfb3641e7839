"""Names ordered in the database as a German reader looks them up, the same as ``sort_key``."""

import sqlite3
from itertools import pairwise
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karlchen.collation import sort_key
from karlchen.name_order import COLLATION, InNameOrder, register_on_sqlite
from people.models import Player

FIRST = ["Käthe", "Klaus", "Karl", "Ärger", "Zoe", "Özil", "Otto", "Grete", "Günther", "Gustav"]
LAST = ["Müller", "Mueller", "Muller", "Weiß", "Weiss", "Weis", "Abel", "Übel", "Ulm", ""]
names = st.builds(
    lambda first, last, number: " ".join(part for part in (first, last, number) if part),
    st.sampled_from(FIRST),
    st.sampled_from(LAST),
    st.one_of(st.just(""), st.integers(1, 120).map(str)),
)


def in_german_order(ordered: list[str]) -> bool:
    """Each name's key at most the next one's: equal keys ("Müller", "Muller") in any order."""
    keys = [sort_key(name) for name in ordered]
    return all(left <= right for left, right in pairwise(keys))


@pytest.mark.django_db
def test_the_database_orders_names_as_a_german_reader():
    for name in ("Zoe", "Klaus", "Ärger", "Käthe", "Tisch 10", "Tisch 9", "Karl"):
        Player.objects.create(name=name)
    ordered = list(
        Player.objects.order_by(InNameOrder("name"), "pk").values_list("name", flat=True)
    )
    assert ordered == ["Ärger", "Karl", "Käthe", "Klaus", "Tisch 9", "Tisch 10", "Zoe"]


@pytest.mark.django_db
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(names, min_size=2, max_size=12))
def test_the_database_order_agrees_with_sort_key(batch):
    Player.objects.all().delete()
    Player.objects.bulk_create(Player(name=name) for name in batch)
    ordered = list(
        Player.objects.order_by(InNameOrder("name"), "pk").values_list("name", flat=True)
    )
    assert sorted(ordered) == sorted(batch)
    assert in_german_order(ordered)


@given(st.lists(names, max_size=12))
def test_sqlite_gets_the_same_order(batch):
    raw = sqlite3.connect(":memory:")
    register_on_sqlite(None, SimpleNamespace(vendor="sqlite", connection=raw))
    register_on_sqlite(None, SimpleNamespace(vendor="postgresql", connection=None))  # not its own
    raw.execute("create table t (name text)")
    raw.executemany("insert into t values (?)", [(name,) for name in batch])
    rows = raw.execute(f'select name from t order by name collate "{COLLATION}"').fetchall()
    ordered = [name for (name,) in rows]
    assert sorted(ordered) == sorted(batch)
    assert in_german_order(ordered)
