"""Known people as a name is typed (``people.domain.search``): against a re-computation over
random registries, and at the edges (the erased, other clubs' people, member numbers)."""

import datetime
import re
import unicodedata

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.domain.clubs import create_club
from clubs.models import Association
from karlchen.collation import sort_key
from people.domain.memberships import set_membership
from people.domain.search import SEARCH_LIMIT, find_people, namesakes, search_players
from people.models import Membership, Player
from tests.factories.tournaments import ORGA, organiser, tournament_with_players
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

LETTERS = "abdeilmnorsuzäöüßéÄÖÜÉMSZ"
name_words = st.text(alphabet=LETTERS, min_size=1, max_size=7)
names = st.lists(name_words, min_size=1, max_size=3).map(" ".join)
person = st.fixed_dictionaries(
    {
        "name": names,
        "number": st.none() | st.sampled_from(["D-1", "D-2", "d-3", "77"]),
        "erased": st.booleans(),
        "mine": st.booleans(),  # entered in a tournament the user runs, or only in another's
    }
)


def folded(text: str) -> list[str]:
    """The words of a text compared as a German reader would, recomputed from Unicode's own
    tables (not the engine's)."""
    letters = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    ).casefold()
    spaced = " ".join(re.findall(r"[a-z0-9]+", letters))
    for written, vowel in (("ae", "a"), ("oe", "o"), ("ue", "u")):
        spaced = spaced.replace(written, vowel)
    return spaced.split()


def expected(people: list[dict], typed: str) -> list[int]:
    """The ids a search for ``typed`` should offer, in order: computed over the test's own
    list of what it made, not by asking the database."""
    typed_words, number = folded(typed), typed.strip().casefold()
    ranked = []
    for one in people:
        if one["erased"] or not one["mine"]:
            continue
        name_words = folded(one["name"])
        if number and number in {n.casefold() for n in one["numbers"]}:
            place = 0
        elif typed_words and all(
            any(word.startswith(part) for word in name_words) for part in typed_words
        ):
            place = 1 if " ".join(name_words).startswith(" ".join(typed_words)) else 2
        else:
            continue
        ranked.append((place, sort_key(one["name"]), one["id"]))
    return [row[2] for row in sorted(ranked)[:SEARCH_LIMIT]]


@pytest.fixture
def two_tournaments():
    mine, _ = tournament_with_players(0, name="Mein Abend")
    other, _ = tournament_with_players(0, name="Fremder Abend")
    other.organisers.clear()
    association = Association.objects.create(name="Verband")
    return mine, other, association


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(people=st.lists(person, min_size=1, max_size=25), data=st.data())
def test_the_search_offers_what_a_recomputation_over_the_registry_offers(
    two_tournaments, people, data
):
    mine, other, association = two_tournaments
    user = organiser()
    with transaction.atomic():
        numbers_taken: set[str] = set()
        for n, one in enumerate(people):
            number = one["number"] if one["number"] not in numbers_taken else None
            numbers_taken.add(number or "")
            player = Player.objects.create(
                name=one["name"],
                member_number=number if n % 2 else None,
                erased_at=timezone.now() if one["erased"] else None,
            )
            one["id"], one["numbers"] = player.pk, [number] if number else []
            if number and not n % 2:  # every other number is a membership's
                Membership.objects.create(
                    player=player, association=association, member_number=number
                )
            tournament = mine if one["mine"] else other
            Entry.objects.create(tournament=tournament, player=player, start_number=n + 1)
        typed = data.draw(
            st.one_of(
                st.sampled_from([one["name"] for one in people]).flatmap(
                    lambda name: st.integers(1, len(name)).map(lambda cut: name[:cut])
                ),
                st.sampled_from(["D-1", "d-2", "D-3", "77", "mü", "MUE", "s", "e m"]),
                st.text(alphabet=LETTERS + " -", max_size=5),
            )
        )
        found = [player.pk for player in search_players(user, typed)]
        assert found == expected(people, typed), typed
        transaction.set_rollback(True)


def test_erased_people_are_never_offered():
    _tournament, (entry,) = tournament_with_players(1)
    Player.objects.filter(pk=entry.player_id).update(
        name="Jürgen Müller", member_number="D-9", erased_at=timezone.now()
    )
    user = organiser()
    assert search_players(user, "Müller") == []
    assert search_players(user, "D-9") == []


def test_another_clubs_people_are_never_offered():
    admin = get_user_model().objects.create_user("admin")
    other_admin = get_user_model().objects.create_user("other")
    association = Association.objects.create(name="DDV")
    ours = create_club(name="Karo Sieben", by=ORGA, association=association, admin=admin)
    theirs = create_club(name="Herz As", by=ORGA, association=association, admin=other_admin)
    member = Player.objects.create(name="Jürgen Müller", club=ours, club_name="Karo Sieben")
    stranger = Player.objects.create(name="Jürgen Mueller", club=theirs, club_name="Herz As")
    set_membership(member, association, "111", by=ORGA)
    set_membership(stranger, association, "222", by=ORGA)
    assert search_players(admin, "mueller") == [member]
    assert search_players(admin, "222") == []
    assert search_players(other_admin, "Müller") == [stranger]
    assert search_players(None, "Müller") == []
    assert search_players(get_user_model().objects.create_user("nobody"), "mu") == []


def test_a_member_number_comes_first_and_namesakes_are_told_apart():
    _tournament, entries = tournament_with_players(4)
    names = ["Hans Müller", "Hans Mueller", "Anna Hansen", "Hansjörg Zahn"]
    for entry, name in zip(entries, names, strict=True):
        Player.objects.filter(pk=entry.player_id).update(name=name)
    Player.objects.filter(pk=entries[3].player_id).update(member_number="hans")
    found = search_players(organiser(), "Hans")
    assert [p.name for p in found] == [
        "Hansjörg Zahn",
        "Hans Mueller",
        "Hans Müller",
        "Anna Hansen",
    ]
    assert namesakes(found) == {entries[0].player_id, entries[1].player_id}
    assert [p.name for p in search_players(organiser(), "Hans", limit=1)] == ["Hansjörg Zahn"]


def test_nothing_is_found_for_nothing_or_too_much():
    _tournament, _entries = tournament_with_players(2)
    players = Player.objects.all()
    assert find_people(players, "") == []
    assert find_people(players, " - ") == []  # no word, and no member number either
    assert find_people(players, "Spieler " * 20) == []
    assert len(find_people(players, "Spieler")) == 2
    assert find_people(players, "Spieler", limit=0) == []


def test_a_search_reads_a_bounded_number_of_rows(django_assert_max_num_queries):
    _tournament, _entries = tournament_with_players(12, date=datetime.date(2026, 1, 1))
    with django_assert_max_num_queries(5):
        found = search_players(organiser(), "sp")
        assert len(found) == SEARCH_LIMIT
        assert [p.club.name if p.club else p.club_name for p in found]
