"""Memberships of associations with their member numbers (docs/REGISTRY.md): setting and
removing one, the database's guards, merging, export and erasure, the API."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError

from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole
from karlchen.refusals import Refused
from people.access import manageable_players, may_manage
from people.domain.duplicates import duplicate_pairs
from people.domain.memberships import remove_membership, set_membership
from people.engine.duplicates import INITIALS, MEMBER_NUMBER_DIFFERS, SAME_NAME
from people.models import Membership, Player, RegistryAction
from registry.domain.merge import merge_players
from registry.domain.privacy import erase_player, export_player
from tests.factories.api import client_for, codes, public_tournament
from tests.factories.tournaments import ORGA

pytestmark = pytest.mark.django_db


@pytest.fixture
def rheinland():
    return Association.objects.create(name="DV Rheinland", short_name="DVR")


@pytest.fixture
def hessen():
    return Association.objects.create(name="DV Hessen")


def player(name="Hans Müller", **fields):
    return Player.objects.create(name=name, **fields)


def refusal_of(error: pytest.ExceptionInfo) -> list[tuple[str, str, dict]]:
    return [(p.field, p.code, p.params) for p in error.value.problems]


def numbers(person):
    return {row.association.name: row.member_number for row in person.memberships.all()}


# --- the domain ----------------------------------------------------------------------------------


def test_set_change_and_remove_a_membership_logged(rheinland):
    hans = player()
    set_membership(hans, rheinland, "  R-17 ", by=ORGA)
    assert numbers(hans) == {"DV Rheinland": "R-17"}
    set_membership(hans, rheinland, "R-18", by=ORGA)
    assert numbers(hans) == {"DV Rheinland": "R-18"}
    remove_membership(hans, rheinland, by=ORGA)
    assert numbers(hans) == {}
    log = RegistryAction.objects.filter(player_id=hans.pk).order_by("pk")
    assert [(row.action, row.details) for row in log] == [
        ("membership_set", {"association": rheinland.pk}),
        ("membership_set", {"association": rheinland.pk}),
        ("membership_removed", {"association": rheinland.pk}),
    ]


def test_one_number_is_one_persons_per_association(rheinland, hessen):
    hans, grete = player(), player("Grete Weber")
    set_membership(hans, rheinland, "17", by=ORGA)
    with pytest.raises(Refused) as error:
        set_membership(grete, rheinland, " 17", by=ORGA)
    assert refusal_of(error) == [
        (
            "member_number",
            "membership_number_taken",
            {"number": "17", "association": "DV Rheinland", "player": hans.pk},
        )
    ]
    assert numbers(grete) == {}
    set_membership(grete, hessen, "17", by=ORGA)  # another association: another number
    assert numbers(grete) == {"DV Hessen": "17"}


@pytest.mark.parametrize(
    ("number", "code"),
    [
        ("   ", "membership_number_required"),
        ("1" * 31, "text_too_long"),
        ("R\x0017", "text_control_characters"),
        (17, "player_text"),
    ],
)
def test_bad_member_numbers_are_refused_and_change_nothing(rheinland, number, code):
    hans = player()
    with pytest.raises(Refused) as error:
        set_membership(hans, rheinland, number, by=ORGA)
    assert [(field, found) for field, found, _ in refusal_of(error)] == [("member_number", code)]
    assert not Membership.objects.exists()
    assert not RegistryAction.objects.exists()


def test_removing_what_is_not_there_and_erased_people_are_refused(rheinland):
    hans = player()
    with pytest.raises(Refused) as error:
        remove_membership(hans, rheinland, by=ORGA)
    assert refusal_of(error) == [
        ("association", "membership_unknown", {"association": "DV Rheinland"})
    ]
    erase_player(hans, confirm="Hans Müller", by=ORGA)
    with pytest.raises(Refused) as error:
        set_membership(hans, rheinland, "1", by=ORGA)
    assert refusal_of(error)[0][1] == "player_erased"


def test_the_database_guards_both_rules(rheinland):
    hans, grete = player(), player("Grete Weber")
    Membership.objects.create(player=hans, association=rheinland, member_number="1")
    with pytest.raises(IntegrityError):
        Membership.objects.create(player=grete, association=rheinland, member_number="1")


def test_the_database_allows_one_membership_per_association(rheinland):
    hans = player()
    Membership.objects.create(player=hans, association=rheinland, member_number="1")
    with pytest.raises(IntegrityError):
        Membership.objects.create(player=hans, association=rheinland, member_number="2")


# --- merging, export, erasure --------------------------------------------------------------------


def test_merge_refuses_different_numbers_in_one_association(rheinland, hessen):
    kept, other = player(), player("Müller, Hans")
    set_membership(kept, rheinland, "R-1", by=ORGA)
    set_membership(other, rheinland, "R-2", by=ORGA)
    set_membership(other, hessen, "H-9", by=ORGA)
    with pytest.raises(Refused) as error:
        merge_players(kept, other, by=ORGA)
    assert refusal_of(error) == [
        (
            "memberships",
            "player_merge_memberships",
            {"association": "DV Rheinland", "kept": "R-1", "other": "R-2"},
        )
    ]
    assert numbers(other) == {"DV Rheinland": "R-2", "DV Hessen": "H-9"}


def test_merge_takes_over_the_memberships_the_kept_player_lacks(rheinland, hessen):
    kept, other = player(), player("Müller, Hans")
    set_membership(kept, rheinland, "R-1", by=ORGA)
    set_membership(other, hessen, "H-9", by=ORGA)
    merge_players(kept, other, by=ORGA)
    assert numbers(kept) == {"DV Rheinland": "R-1", "DV Hessen": "H-9"}
    assert not Player.objects.filter(pk=other.pk).exists()
    assert Membership.objects.count() == 2


def test_export_lists_the_memberships_and_erasing_removes_them(rheinland):
    hans = player()
    set_membership(hans, rheinland, "R-17", by=ORGA)
    data = export_player(hans, by=ORGA)
    assert data["memberships"] == [
        {"association": rheinland.pk, "association_name": "DV Rheinland", "member_number": "R-17"}
    ]
    erase_player(hans, confirm="Hans Müller", by=ORGA)
    assert not Membership.objects.exists()
    assert export_player(hans, by=ORGA)["memberships"] == []


def test_the_duplicates_weigh_the_association_numbers(rheinland, hessen):
    hans, twin, third = player(), player("Müller, Hans"), player("H. Müller")
    set_membership(hans, rheinland, "R-1", by=ORGA)
    set_membership(twin, rheinland, "R-2", by=ORGA)
    set_membership(third, hessen, "H-1", by=ORGA)
    pairs = {
        (pair.first.pk, pair.second.pk): pair.reasons
        for pair in duplicate_pairs(Player.objects.all(), threshold=0.0)
    }
    assert pairs[(hans.pk, twin.pk)] == (SAME_NAME, MEMBER_NUMBER_DIFFERS)
    assert pairs[(hans.pk, third.pk)] == (INITIALS,)


# --- the API -------------------------------------------------------------------------------------


@pytest.fixture
def entered():
    """A player of a tournament of the test organiser (theirs to manage)."""
    _tournament, (entry, *_) = public_tournament(2, name="Frühjahr")
    return Player.objects.get(pk=entry.player_id)


def membership_url(person, association):
    return f"/api/v1/players/{person.pk}/memberships/{association.pk}/"


def test_the_api_sets_lists_and_removes_memberships(entered, rheinland, orga_client):
    answer = orga_client.put(
        membership_url(entered, rheinland), {"member_number": " R-17 "}, format="json"
    )
    assert answer.status_code == 200
    expected = [
        {"association": rheinland.pk, "association_name": "DV Rheinland", "member_number": "R-17"}
    ]
    assert answer.json()["memberships"] == expected
    assert orga_client.get(f"/api/v1/players/{entered.pk}/").json()["memberships"] == expected
    answer = orga_client.delete(membership_url(entered, rheinland))
    assert (answer.status_code, answer.json()["memberships"]) == (200, [])
    answer = orga_client.delete(membership_url(entered, rheinland))
    assert (answer.status_code, codes(answer)) == (400, [("association", "membership_unknown")])


def test_the_api_refuses_a_taken_number_and_bad_input(entered, rheinland, orga_client):
    set_membership(player("Grete Weber"), rheinland, "R-1", by=ORGA)
    url = membership_url(entered, rheinland)
    answer = orga_client.put(url, {"member_number": "R-1"}, format="json")
    assert (answer.status_code, codes(answer)) == (
        400,
        [("member_number", "membership_number_taken")],
    )
    assert "DV Rheinland" in answer.json()["errors"][0]["message"]
    answer = orga_client.put(url, {"member_number": "   "}, format="json")
    assert answer.status_code == 400
    assert orga_client.put(url, {}, format="json").status_code == 400
    assert orga_client.put(url, {"member_number": "1", "x": 1}, format="json").status_code == 400
    assert not entered.memberships.exists()


def test_the_api_hides_strangers_players_and_unknown_associations(
    entered, rheinland, orga_client, stranger_client, anonymous
):
    url = membership_url(entered, rheinland)
    body = {"member_number": "R-1"}
    assert stranger_client.put(url, body, format="json").status_code == 404
    assert anonymous.put(url, body, format="json").status_code in (401, 403)
    unknown = f"/api/v1/players/{entered.pk}/memberships/999999/"
    assert orga_client.put(unknown, body, format="json").status_code == 404
    assert not Membership.objects.exists()


def test_a_superuser_sees_the_memberships(entered, rheinland):
    set_membership(entered, rheinland, "R-5", by=ORGA)
    root = client_for(get_user_model().objects.create_superuser("root"))
    found = root.get("/api/v1/players/", {"q": entered.name}).json()
    assert found[0]["memberships"][0]["member_number"] == "R-5"


def test_a_club_manages_its_members_by_their_number_not_by_the_name_typed(rheinland):
    """The club a player is listed with is typed at any desk: the name alone gives the club's
    admins nobody; a member number in the club's association does."""
    club = Club.objects.create(name="Pik Dame Köln", association=rheinland)
    admin = get_user_model().objects.create_user("vorsitz")
    ClubRole.objects.create(club=club, user=admin, role=ClubRoleKind.ADMIN)
    listed = player("Anna Schmidt", club=club)  # typed at some desk, no number
    member = player("Berta Kluge", club=club)
    set_membership(member, rheinland, "R-17", by=ORGA)
    assert set(manageable_players(admin)) == {member}
    assert not may_manage(admin, listed)
    homeless = Club.objects.create(name="Kreuz Bube")  # a club of no association
    ClubRole.objects.create(club=homeless, user=admin, role=ClubRoleKind.ADMIN)
    player("Carla Weiß", club=homeless)
    assert set(manageable_players(admin)) == {member}
