"""The replica's bookkeeping without a replica (tests/test_replica.py runs a real one): WAL
positions compared as numbers, the position a generation needs, the router's choices, and
tokens that name no position where no replica is configured."""

import pytest

from karlchen import changes, replica
from karlchen.replica import ReplicaRouter, build_as_of, lsn, needed_position

pytestmark = pytest.mark.unit


def test_wal_positions_compare_as_numbers_not_as_text():
    assert lsn("0/A") == 10
    assert lsn("1/0") == 2**32
    assert lsn("0/FFFFFFFF") < lsn("1/0")
    assert lsn("0/9") < lsn("0/10")  # as text "0/9" > "0/10"


def test_a_generation_needs_the_latest_position_its_tokens_name():
    assert needed_position(["a@0/10", "b@1/2", "c@0/FF"]) == lsn("1/2")


def test_a_token_without_a_position_sends_the_generation_to_the_primary():
    assert needed_position(["a@0/10", "b"]) is None
    assert needed_position(["a@"]) is None
    assert needed_position([]) is None


def test_the_router_writes_to_the_primary_and_never_migrates_the_replica():
    router = ReplicaRouter()
    assert router.db_for_read(object) is None  # outside a replica build: the default
    assert router.db_for_write(object) == "default"
    assert router.allow_migrate("replica", "scoring") is False
    assert router.allow_migrate("default", "scoring") is None


def test_without_a_replica_a_build_runs_once_on_the_default_database():
    calls = []

    def build():
        calls.append(ReplicaRouter().db_for_read(object))
        return "body"

    assert not replica.configured()
    assert build_as_of(["a@0/10"], build) == "body"
    assert calls == [None]


def test_without_a_replica_tokens_name_no_position():
    assert replica.POSITION_MARK not in changes._token()


def test_a_read_that_fails_on_the_replica_is_computed_again_on_the_primary(monkeypatch):
    from django.db import OperationalError

    paused, on = [], []
    monkeypatch.setattr(replica, "_replica_caught_up", lambda needed: True)
    monkeypatch.setattr(replica, "_pause", lambda: paused.append(True))

    def build():
        on.append(ReplicaRouter().db_for_read(object))
        if len(on) == 1:
            raise OperationalError("canceling statement due to conflict with recovery")
        return "body"

    assert build_as_of(["a@0/10"], build) == "body"
    assert on == ["replica", None]
    assert paused == [True]


def test_an_error_of_the_read_itself_is_not_taken_for_a_failing_replica(monkeypatch):
    from django.db import ProgrammingError

    paused = []
    monkeypatch.setattr(replica, "_replica_caught_up", lambda needed: True)
    monkeypatch.setattr(replica, "_pause", lambda: paused.append(True))

    def build():
        raise ProgrammingError("a bad query is bad on the primary too")

    with pytest.raises(ProgrammingError):
        build_as_of(["a@0/10"], build)
    assert paused == []
