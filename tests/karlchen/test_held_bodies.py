"""The bodies a process holds beside the cache (``karlchen.changes._Recent``): only values no
caller can change, and no more than their bounds."""

import pytest

from karlchen import changes
from karlchen.changes import Body

pytestmark = pytest.mark.django_db


def test_a_list_read_over_the_registry_is_each_readers_own():
    first = changes.cached_registry("held-test", lambda: [1, 2])
    first.append(3)  # a reader that changes what it got
    assert changes.cached_registry("held-test", lambda: [9]) == [1, 2]


def test_a_body_is_held_and_handed_out_as_it_was_computed():
    body = changes.json_body([{"rank": 1}])
    assert changes.cached_registry("held-body", lambda: body) == body
    assert changes._recent.get("registry:held-body") is not None


def test_the_held_bodies_keep_within_their_bounds(monkeypatch):
    recent = changes._Recent()
    monkeypatch.setattr(changes._Recent, "SIZE", 3)
    monkeypatch.setattr(changes._Recent, "BYTES", 1000)
    for n in range(5):
        recent.hold(f"key-{n}", (("epoch", f"token-{n}"), '"etag"', b"x"))
    assert [recent.get(f"key-{n}") is not None for n in range(5)] == [
        False,
        False,
        True,
        True,
        True,
    ]
    recent.hold("big", (("epoch", "token"), '"etag"', b"x" * 800))
    assert [recent.get(key) is not None for key in ("key-3", "key-4", "big")] == [
        False,
        False,
        True,
    ]
    assert Body('"etag"', b"x" * 800) == changes._value(recent.get("big"))
