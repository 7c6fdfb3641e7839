"""One log: every entry is written by ``karlchen.log.log`` and worded by the app that wrote it."""

import re
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import translation

from karlchen.actors import Actor
from karlchen.log import LogCode, LogEntry, codes, log, text_of
from karlchen.ports import LOG_CODES
from tournaments.log import TournamentCode
from tournaments.models import OrganiserAction

REPO = Path(__file__).resolve().parent.parent.parent
SYSTEM = Actor.system()


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


def test_every_apps_codes_are_handed_to_the_port_and_no_code_is_twice():
    provided = LOG_CODES.all()
    declared = [enum for enum in _all_subclasses(LogCode) if enum.__module__.endswith(".log")]
    assert sorted(e.__name__ for e in declared) == sorted(e.__name__ for e in provided)
    values = [member.value for enum in provided for member in enum]
    assert len(values) == len(set(values))
    for enum in provided:  # each app words its codes in its own log.py, never in desk
        assert enum.__module__ == f"{enum.__module__.split('.')[0]}.log"
        assert not enum.__module__.startswith("desk")


def test_every_code_any_writer_can_write_is_known():
    """Every code written in the code base (a member of an app's enum, which ``log`` demands)."""
    used = set()
    for path in REPO.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts or "migrations" in path.parts:
            continue
        used |= set(re.findall(r"\b[A-Z][a-z]+Code\.([A-Z_]+)\b", path.read_text()))
    names = {member.name for member in codes().values()}
    assert used
    assert sorted(used - names) == []


@pytest.mark.parametrize("code", sorted(codes()))
def test_every_code_reads_in_german_and_english_without_a_placeholder(code):
    template = str(codes()[code].label)
    sample = {name: f"<{name}>" for name in re.findall(r"%\((\w+)\)s", template)}
    for details in (sample, {}):  # all details, and none (an erased person's entry)
        with translation.override("en"):
            english = text_of(code, details)
        with translation.override("de"):
            german = text_of(code, details)
        assert english
        assert german
        assert german != english, code
        for words in (english, german):
            assert "%(" not in words
            assert ")s" not in words
            assert all(value in words for value in sample.values()) or not details


def test_a_detail_the_entry_lacks_is_left_out_never_shown_raw():
    with translation.override("de"):
        erased = text_of("player_erased", {})
        named = text_of("player_erased", {"name": "Gelöschte Person 7"})
    assert "%(name)s" not in erased
    assert "…" in erased
    assert "Gelöschte Person 7" in named


def test_a_code_no_app_knows_reads_as_itself():
    assert text_of("gone_since_long", {"name": "x"}) == "gone_since_long"


def test_log_takes_only_an_apps_code_and_only_inside_a_transaction(db):
    from tests.factories.tournaments import tournament_with_players

    tournament, _entries = tournament_with_players(4)
    with pytest.raises(TypeError):
        log(tournament, SYSTEM, "tournament_created")  # type: ignore[arg-type]
    entry = log(tournament, SYSTEM, TournamentCode.PUBLISHED)
    assert isinstance(entry, OrganiserAction)
    assert entry.action == "published"


@pytest.mark.django_db(transaction=True)
def test_log_refuses_to_write_outside_a_transaction():
    from tests.factories.tournaments import tournament_with_players

    tournament, _entries = tournament_with_players(4)
    with pytest.raises(RuntimeError):
        log(tournament, SYSTEM, TournamentCode.PUBLISHED)
    with transaction.atomic():
        log(tournament, SYSTEM, TournamentCode.PUBLISHED)
    assert tournament.actions.filter(action="published").count() == 1


def test_every_log_says_what_it_is_about():
    for model in _all_subclasses(LogEntry):
        if not model._meta.abstract:
            assert model.about or model.about_fields is not LogEntry.about_fields


@pytest.mark.parametrize(
    ("details", "german"),
    [
        ({"kind": "score_sheets", "series": 2, "filled": True}, "Spiellisten, Serie 2, ausgefüllt"),
        ({"kind": "score_sheets", "series": 1, "filled": False}, "Spiellisten, Serie 1, leer"),
        ({"kind": "seating_list", "series": 3}, "Sitzplan, Serie 3"),
        ({"kind": "certificates", "top": 3}, "Urkunden, Plätze 1–3"),
        ({"kind": "standings"}, "Rangliste"),
        ({"kind": "Spielzettel"}, "Spielzettel"),  # an entry from before codes were logged
    ],
)
def test_the_log_names_what_was_printed(details, german):
    action = OrganiserAction(action="documents_started", details=details)
    with translation.override("de"):
        assert action.text() == f"hat gedruckt: {german}"
