"""A person of the registry: correcting them, their consent, who may manage whom and finding
duplicates (``people``)."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from karlchen.actors import Actor
from karlchen.refusals import Refused
from people.access import manageable_players, may_manage
from people.domain.duplicates import duplicate_pairs
from people.domain.players import change_player, record_consent
from people.models import Player, RegistryAction
from scoring.domain.deals import record_deal
from seating.domain.seating import seat_series
from signups.domain.money import set_fee
from signups.domain.signups import Applicant, add_signup
from teams.domain.teams import Roster, create_team
from tests.factories.api import NORMAL, publish
from tests.factories.tournaments import CAPTAIN, ORGA, organiser, tournament_with_players

pytestmark = pytest.mark.django_db

BY = Actor.of_user


def codes(refusal: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in refusal.value.problems]


def played(name="Vereinsturnier", date=datetime.date(2026, 3, 1)):
    """A public tournament of four at one table with one deal: seats 1 and 3 win."""
    tournament, entries = tournament_with_players(4, name=name, date=date)
    publish(tournament)
    (table,) = seat_series(tournament.series.get(number=1), [entries], by=ORGA)
    record_deal(table, deal=NORMAL, by=CAPTAIN)
    return tournament, entries


def rename(player, name, **fields):
    Player.objects.filter(pk=player.pk).update(name=name, **fields)
    player.refresh_from_db()
    return player


@pytest.fixture
def history():
    """Hans Müller, entered twice as two players: at a played tournament in a team, and at an
    open tournament through a sign-up with his e-mail and a paid fee."""
    first, entries = played("Frühjahrsturnier", datetime.date(2026, 3, 1))
    hans = rename(entries[0].player, "Hans Müller", birth_year=1970)
    create_team(first, by=ORGA, name="Die Buben", roster=Roster(members=(entries[0].pk,)))
    second, _ = tournament_with_players(2, name="Sommerturnier", date=datetime.date(2026, 6, 1))
    signup = add_signup(
        second,
        Applicant(name="Müller, Hans", email="hans@example.org", member_number="D-4711"),
        by=ORGA,
    )
    set_fee(signup.entry, "paid", by=ORGA)
    return first, second, hans, signup.entry.player, signup


# --- correcting a player and recording consent ---------------------------------------------------


def test_change_player_sets_every_field_and_logs_field_names_only():
    _, (entry, *_rest) = tournament_with_players(1)
    player = change_player(
        entry.player,
        {
            "name": " Grete Schulz ",
            "club": "Pik Dame",
            "member_number": "D-1",
            "birth_year": 1980,
            "guest": True,
            "profile_hidden": True,
        },
        by=ORGA,
    )
    player.refresh_from_db()
    assert (player.name, player.club_name, player.member_number, player.birth_year) == (
        "Grete Schulz",
        "Pik Dame",
        "D-1",
        1980,
    )
    assert player.guest
    assert player.profile_hidden
    log = RegistryAction.objects.get(player_id=player.pk)
    assert log.details == {"fields": "name, club, member_number, birth_year, guest, profile_hidden"}
    change_player(player, {"club": "", "member_number": "", "birth_year": None}, by=ORGA)
    player.refresh_from_db()
    assert (player.club, player.member_number, player.birth_year) == (None, None, None)


def test_change_player_refuses_every_bad_field_at_once_and_changes_nothing():
    _, (entry, other) = tournament_with_players(2)
    change_player(other.player, {"member_number": "D-9"}, by=ORGA)
    with pytest.raises(Refused) as refusal:
        change_player(
            entry.player,
            {
                "name": " ",
                "birth_year": 1800,
                "member_number": "D-9",
                "guest": "yes",
                "club": "x" * 121,
                "colour": "red",
                "profile_hidden": 1,
            },
            by=ORGA,
        )
    assert sorted(codes(refusal)) == [
        ("birth_year", "player_birth_year"),
        ("club", "text_too_long"),
        ("colour", "player_unknown_field"),
        ("guest", "player_flag"),
        ("member_number", "player_member_number_taken"),
        ("name", "name_required"),
        ("profile_hidden", "player_flag"),
    ]
    with pytest.raises(Refused) as refusal:
        change_player(entry.player, {"name": 7, "club": "a\x00b", "birth_year": True}, by=ORGA)
    assert sorted(codes(refusal)) == [
        ("birth_year", "player_birth_year"),
        ("club", "text_control_characters"),
        ("name", "player_text"),
    ]
    entry.player.refresh_from_db()
    assert entry.player.name == "Spieler 1"
    assert not RegistryAction.objects.filter(player_id=entry.player.pk).exists()


def test_consent_is_recorded_with_when_who_and_how_and_can_be_cleared():
    user = organiser("anna")
    _, (entry,) = tournament_with_players(1)
    player = record_consent(entry.player, True, "signed form", by=BY(user))
    assert player.listing_consent is True
    assert (player.consent_by, player.consent_how) == ("anna", "signed form")
    assert player.consent_at is not None
    assert player.profile_public
    player = record_consent(player, None, "", by=BY(user))
    assert (player.listing_consent, player.consent_at, player.consent_by) == (None, None, "")
    with pytest.raises(Refused) as refusal:
        record_consent(player, False, "  ", by=BY(user))
    assert codes(refusal) == [("how", "player_consent_how")]
    with pytest.raises(Refused) as refusal:
        record_consent(player, True, "x" * 201, by=BY(user))
    assert codes(refusal) == [("how", "text_too_long")]
    with pytest.raises(Refused) as refusal:
        record_consent(player, True, "a\nb", by=BY(user))
    assert codes(refusal) == [("how", "text_control_characters")]


# --- duplicates and who may see whom -------------------------------------------------------------


def test_duplicates_are_found_among_the_players_a_user_organises(history):
    first, second, hans, duplicate, _ = history
    anna = organiser("anna")
    assert not manageable_players(anna).exists()
    assert not may_manage(anna, hans)
    second.organisers.add(anna)
    assert set(manageable_players(anna)) == set(Player.objects.filter(entry__tournament=second))
    assert may_manage(anna, duplicate)
    assert not may_manage(anna, hans)
    first.organisers.add(anna)
    pairs = duplicate_pairs(manageable_players(anna))
    assert next((p.first, p.second) for p in pairs) == (hans, duplicate)
    assert pairs[0].reasons == ("same_name",)
    superuser = get_user_model().objects.create_superuser("root")
    assert manageable_players(superuser).count() == Player.objects.count()
    assert not manageable_players(None).exists()
