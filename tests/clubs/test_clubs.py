"""Clubs, roles and invitations (docs/CLUBS.md): the domain, the API, the desk and the public
page. The matrix of who may use which endpoint is tests/karlchen/test_permission_matrix.py."""

import base64
import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from clubs import access
from clubs.access import Can
from clubs.domain.clubs import (
    accept_invitation,
    accept_invitation_as_newcomer,
    create_club,
    invite,
    open_invitation,
    remove_role,
    set_role,
    withdraw_invitation,
)
from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole, Invitation
from karlchen.actors import Actor
from karlchen.refusals import Refused
from seasons.domain.seasons import create_season
from tests.factories.api import client_for, codes, publish
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.api.permissions import visible_tournaments
from tournaments.domain.entries import add_entry
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def user(name, **fields):
    return get_user_model().objects.create_user(name, password="geheim-12345", **fields)


@pytest.fixture
def club():
    return Club.objects.create(name="Karo Sieben")


def role(club, who, kind):
    return ClubRole.objects.create(club=club, user=who, role=kind)


def link(token):
    return f"http://testserver/desk/invitations/{token}/"


# --- the domain -------------------------------------------------------------------------------


def test_a_self_service_club_makes_its_creator_admin():
    creator = user("anna")
    club = create_club(by=Actor.of_user(creator), name=" Herz As ", admin=creator)
    assert club.name == "Herz As"
    assert ClubRole.objects.get(club=club).role == ClubRoleKind.ADMIN
    assert access.may_club(creator, club, Can.MANAGE)


def test_a_club_name_is_required_unique_and_short():
    with pytest.raises(Refused) as empty:
        create_club(by=ORGA, name="  ", short_name="x" * 21)
    assert [p.code for p in empty.value.problems] == [
        "club_name_required",
        "club_short_name_too_long",
    ]
    create_club(by=ORGA, name="Herz As")
    with pytest.raises(Refused) as taken:
        create_club(by=ORGA, name="Herz As")
    assert taken.value.problem.code == "club_name_taken"


def test_a_club_is_set_up_under_a_name_so_far_only_typed_for_players():
    tournament, _players = tournament_with_players(4)
    entry = add_entry(tournament, by=ORGA, name="Ida Karo", club="Pik Dame")
    assert entry.player.club is None  # typed: no club made of it
    creator = user("anna")
    club = create_club(by=Actor.of_user(creator), name="Pik Dame", short_name="PD", admin=creator)
    entry.player.refresh_from_db()
    assert (entry.player.club, entry.player.club_name) == (club, "Pik Dame")  # linked, as typed
    assert (club.short_name, ClubRole.objects.get(club=club).user) == ("PD", creator)
    assert club.actions.filter(action="club_created").exists()
    with pytest.raises(Refused) as taken:  # set up now
        create_club(by=ORGA, name="Pik Dame", admin=user("bert"))
    assert taken.value.problem.code == "club_name_taken"
    assert ClubRole.objects.filter(club=club).count() == 1


def test_a_name_of_a_club_set_up_is_taken_whoever_runs_it():
    hosting = Club.objects.create(name="Kreuz Bube")
    Tournament.objects.create(name="Abend", date=datetime.date(2026, 12, 4), club=hosting)
    northern = Association.objects.create(name="Nord")
    Club.objects.create(name="Herz Zehn", association=northern)
    Club.objects.create(name="Karo Neun")  # nobody runs it: still a club
    for name, association in (("Kreuz Bube", None), ("Herz Zehn", northern), ("karo neun", None)):
        with pytest.raises(Refused) as taken:
            create_club(by=ORGA, name=name, association=association)
        assert taken.value.problem.code == "club_name_taken"
    assert Club.objects.count() == 3
    assert not ClubRole.objects.exists()


def test_the_last_admin_stays(club):
    admin = user("anna")
    role(club, admin, ClubRoleKind.ADMIN)
    with pytest.raises(Refused) as refused:
        remove_role(club, admin, by=ORGA)
    assert refused.value.problem.code == "club_last_admin"
    with pytest.raises(Refused):
        set_role(club, admin, ClubRoleKind.SCORER, by=ORGA)
    other = user("bert")
    set_role(club, other, ClubRoleKind.ADMIN, by=ORGA)
    set_role(club, admin, ClubRoleKind.SCORER, by=ORGA)  # another admin now
    assert ClubRole.objects.get(club=club, user=admin).role == ClubRoleKind.SCORER


def test_an_invitation_is_mailed_after_the_commit_and_used_once(
    club, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        invitation, token = invite(
            club, email="neu@example.org", role=ClubRoleKind.SCORER, by=ORGA, link=link
        )
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["neu@example.org"]
    assert link(token) in mail.outbox[0].body
    assert invitation.token_hash != token  # only the hash is stored
    newcomer = user("neu")
    granted = accept_invitation(token, newcomer, by=Actor.of_user(newcomer))
    assert (granted.club, granted.role) == (club, ClubRoleKind.SCORER)
    assert open_invitation(token) is None
    with pytest.raises(Refused) as again:
        accept_invitation(token, user("dritte"), by=ORGA)
    assert again.value.problem.code == "invitation_used"


def test_an_expired_or_unknown_invitation_gives_nothing(club):
    invitation, token = invite(
        club, email="neu@example.org", role=ClubRoleKind.ORGANISER, by=ORGA, link=link
    )
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    with pytest.raises(Refused) as expired:
        accept_invitation(token, user("neu"), by=ORGA)
    assert expired.value.problem.code == "invitation_expired"
    with pytest.raises(Refused) as unknown:
        accept_invitation("nope", user("zwei"), by=ORGA)
    assert unknown.value.problem.code == "invitation_unknown"
    assert not ClubRole.objects.exists()


def test_an_invitation_never_lowers_a_role(club):
    admin = user("anna")
    role(club, admin, ClubRoleKind.ADMIN)
    _invitation, token = invite(club, email="a@example.org", role="scorer", by=ORGA, link=link)
    assert accept_invitation(token, admin, by=ORGA).role == ClubRoleKind.ADMIN


def test_an_invitation_needs_an_address_and_a_role(club):
    with pytest.raises(Refused) as refused:
        invite(club, email="kein adressat", role="boss", by=ORGA, link=link)
    assert [p.code for p in refused.value.problems] == ["unknown_role", "invitation_email_invalid"]
    assert not Invitation.objects.exists()


# --- scoping ----------------------------------------------------------------------------------


def test_querysets_are_scoped_by_memberships(club):
    other = Club.objects.create(name="Pik Dame")
    mine, _ = tournament_with_players(0, name="Mine", club=club)
    theirs, _ = tournament_with_players(0, name="Theirs", club=other)
    public, _ = tournament_with_players(0, name="Public", club=other)
    publish(public)
    scorer = user("schreiber")
    role(club, scorer, ClubRoleKind.SCORER)
    visible = visible_tournaments(scorer)
    assert set(visible) == {mine, public}
    assert not Tournament.objects.filter(access.scoped(Tournament, scorer, Can.RUN)).exists()
    assert access.may(scorer, mine, Can.SCORE)
    assert not access.may(scorer, mine, Can.RUN)
    assert not access.may(scorer, theirs, Can.VIEW)


def test_an_association_admin_sees_its_clubs_ranking_tournaments_and_runs_its_seasons(club):
    association = Association.objects.create(name="Landesverband")
    club.association = association
    club.save()
    admin = user("verband")
    association.admins.add(admin)
    ranking, _ = tournament_with_players(0, club=club, ranking_tournament=True)
    _evening, _ = tournament_with_players(0, club=club)
    visible = set(visible_tournaments(admin))
    assert visible == {ranking}
    assert not access.may(admin, ranking, Can.RUN)
    league = create_season(by=ORGA, name="Verbandsliga", association=association)
    assert access.may(admin, league, Can.RUN)
    assert access.may_create_club(admin, association)
    assert not access.may_create_club(admin, None)


def test_self_service_clubs_are_a_setting(settings):
    anna = user("anna")
    assert not access.may_create_club(anna, None)
    settings.KARLCHEN_SELF_SERVICE_CLUBS = True
    assert access.may_create_club(anna, None)


# --- the API ----------------------------------------------------------------------------------


def test_the_api_invites_and_the_invited_accepts(club, django_capture_on_commit_callbacks):
    admin = user("anna")
    role(club, admin, ClubRoleKind.ADMIN)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(admin).post(
            f"/api/v1/clubs/{club.pk}/invitations/",
            {"email": "neu@example.org", "role": "organiser"},
            format="json",
        )
    assert answer.status_code == 201, answer.content
    token = re.search(r"/desk/invitations/([^/]+)/", answer.json()["link"]).group(1)
    assert len(mail.outbox) == 1
    newcomer = user("neu")
    accepted = client_for(newcomer).post(
        "/api/v1/invitations/accept/", {"token": token}, format="json"
    )
    assert accepted.json() == {"user": newcomer.pk, "username": "neu", "role": "organiser"}
    roles = client_for(newcomer).get(f"/api/v1/clubs/{club.pk}/roles/").json()
    assert [(r["username"], r["role"]) for r in roles] == [("anna", "admin"), ("neu", "organiser")]
    again = client_for(user("dritte")).post(
        "/api/v1/invitations/accept/", {"token": token}, format="json"
    )
    assert (again.status_code, codes(again)) == (400, [("token", "invitation_used")])


def test_someone_without_an_account_accepts_by_the_api_and_signs_in_with_it(club):
    _invitation, token = invite(
        club, email="neu@example.org", role=ClubRoleKind.SCORER, by=ORGA, link=link
    )
    url = "/api/v1/invitations/accept/"
    anonymous = APIClient()
    assert anonymous.post(url, {"token": token}, format="json").status_code == 401
    half = anonymous.post(url, {"token": token, "username": "neu"}, format="json")
    assert (half.status_code, codes(half)) == (400, [("password", "required")])
    weak = anonymous.post(
        url, {"token": token, "username": "neu", "password": "123"}, format="json"
    )
    assert weak.status_code == 400
    assert [field for field, _code in codes(weak)] == ["password"]
    assert not get_user_model().objects.filter(username="neu").exists()

    body = {"token": token, "username": "neu", "password": "Herz-Dame-2026"}
    created = anonymous.post(url, body, format="json")
    assert created.status_code == 201, created.content
    assert (created.json()["username"], created.json()["role"]) == ("neu", "scorer")
    signed_in = APIClient()
    signed_in.credentials(
        HTTP_AUTHORIZATION="Basic " + base64.b64encode(b"neu:Herz-Dame-2026").decode()
    )
    assert signed_in.get(f"/api/v1/clubs/{club.pk}/").json()["my_role"] == "scorer"

    _second, other_token = invite(
        club, email="x@example.org", role=ClubRoleKind.ORGANISER, by=ORGA, link=link
    )
    extra = signed_in.post(url, {"token": other_token, "username": "zwei"}, format="json")
    assert (extra.status_code, codes(extra)) == (400, [("username", "invitation_signed_in")])


def test_a_refused_newcomer_leaves_no_account_and_the_link_open(club):
    _invitation, token = invite(
        club, email="neu@example.org", role=ClubRoleKind.SCORER, by=ORGA, link=link
    )
    user("bert")
    with pytest.raises(Refused) as taken:
        accept_invitation_as_newcomer(token, username="Bert", password="Herz-Dame-2026")
    assert [(p.field, p.code) for p in taken.value.problems] == [("username", "username_taken")]
    with pytest.raises(Refused) as bad:
        accept_invitation_as_newcomer(token, username="neu ling", password="Herz-Dame-2026")
    assert bad.value.problem.code == "username_invalid"
    with pytest.raises(Refused) as long:
        accept_invitation_as_newcomer(token, username="n" * 151, password="Herz-Dame-2026")
    assert long.value.problem.code == "username_invalid"
    assert open_invitation(token) is not None  # still open
    granted = accept_invitation_as_newcomer(token, username="neu", password="Herz-Dame-2026")
    assert (granted.user.username, granted.role) == ("neu", ClubRoleKind.SCORER)
    assert granted.user.check_password("Herz-Dame-2026")
    assert club.actions.filter(action="invitation_accepted").get().details["username"] == "neu"
    with pytest.raises(Refused) as used:
        accept_invitation_as_newcomer(token, username="dritte", password="Herz-Dame-2026")
    assert used.value.problem.code == "invitation_used"
    assert not get_user_model().objects.filter(username="dritte").exists()


def test_the_api_creates_a_tournament_only_in_ones_own_club(club):
    organiser = user("orga2")
    role(club, organiser, ClubRoleKind.ORGANISER)
    other = Club.objects.create(name="Pik Dame")
    client = client_for(organiser)
    body = {"name": "Vereinsabend", "date": "2026-12-05"}
    refused = client.post("/api/v1/tournaments/", {**body, "club": other.pk}, format="json")
    assert (refused.status_code, codes(refused)) == (400, [("club", "club_not_allowed")])
    created = client.post("/api/v1/tournaments/", {**body, "club": club.pk}, format="json")
    assert created.status_code == 201
    assert created.json()["club"] == club.pk
    colleague = user("kollege")
    role(club, colleague, ClubRoleKind.ORGANISER)
    patched = client_for(colleague).patch(
        f"/api/v1/tournaments/{created.json()['id']}/", {"venue": "Vereinsheim"}, format="json"
    )
    assert patched.status_code == 200  # the club's organisers run its tournaments


def test_the_api_manages_roles_with_the_clubs_admins_only(club):
    admin, scorer = user("anna"), user("bert")
    role(club, admin, ClubRoleKind.ADMIN)
    role(club, scorer, ClubRoleKind.SCORER)
    url = f"/api/v1/clubs/{club.pk}/roles/"
    refused = client_for(scorer).post(url, {"username": "bert", "role": "admin"}, format="json")
    assert refused.status_code == 403
    unknown = client_for(admin).post(url, {"username": "niemand", "role": "scorer"}, format="json")
    assert (unknown.status_code, codes(unknown)) == (400, [("username", "unknown_user")])
    raised = client_for(admin).post(url, {"username": "bert", "role": "organiser"}, format="json")
    assert raised.json()["role"] == "organiser"
    last = client_for(admin).delete(f"{url}{admin.pk}/")
    assert (last.status_code, codes(last)) == (400, [("role", "club_last_admin")])
    assert client_for(admin).delete(f"{url}{scorer.pk}/").status_code == 204


def test_the_api_creates_clubs_for_association_admins(settings):
    association = Association.objects.create(name="Landesverband")
    admin, anna = user("verband"), user("anna")
    association.admins.add(admin)
    created = client_for(admin).post(
        "/api/v1/clubs/", {"name": "Neu", "association": association.pk}, format="json"
    )
    assert created.status_code == 201
    assert not ClubRole.objects.exists()  # the association's admin manages it anyway
    refused = client_for(anna).post("/api/v1/clubs/", {"name": "Eigen"}, format="json")
    assert codes(refused) == [("association", "club_not_creatable")]
    settings.KARLCHEN_SELF_SERVICE_CLUBS = True
    own = client_for(anna).post("/api/v1/clubs/", {"name": "Eigen"}, format="json")
    assert own.status_code == 201
    assert ClubRole.objects.get(club_id=own.json()["id"]).user == anna


# --- the desk and the public page -------------------------------------------------------------


def test_the_desk_invitation_creates_an_account_and_accepts(club):
    _invitation, token = invite(club, email="neu@example.org", role="scorer", by=ORGA, link=link)
    page = Client().get(f"/desk/invitations/{token}/")
    assert page.status_code == 200
    assert "Karo Sieben" in page.content.decode()
    browser = Client()
    answer = browser.post(
        f"/desk/invitations/{token}/",
        {"username": "neu", "password1": "lang-genug-789", "password2": "lang-genug-789"},
    )
    assert answer.status_code == 302
    newcomer = get_user_model().objects.get(username="neu")
    assert ClubRole.objects.get(club=club, user=newcomer).role == ClubRoleKind.SCORER
    assert browser.get(answer["Location"]).status_code == 200  # the club's desk page
    assert Client().get(f"/desk/invitations/{token}/").status_code == 404  # used up


def test_the_desk_club_page_invites_and_changes_roles(club, django_capture_on_commit_callbacks):
    admin, scorer = user("anna"), user("bert")
    role(club, admin, ClubRoleKind.ADMIN)
    member = role(club, scorer, ClubRoleKind.SCORER)
    desk = Client()
    desk.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        sent = desk.post(
            f"/desk/clubs/{club.pk}/",
            {"action": "invite", "email": "neu@example.org", "role": "scorer"},
        )
    assert sent.status_code == 302
    assert len(mail.outbox) == 1
    desk.post(f"/desk/clubs/{club.pk}/", {"action": "role", "member": member.pk, "role": "admin"})
    assert ClubRole.objects.get(pk=member.pk).role == ClubRoleKind.ADMIN
    bad = desk.post(f"/desk/clubs/{club.pk}/", {"action": "role", "member": "x1"})
    assert bad.status_code == 404
    with translation.override("en"):
        page = desk.get(f"/desk/clubs/{club.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "neu@example.org" in page
    assert "bert" in page
    assert "anna: invited neu@example.org as Scorer" in page
    assert "anna: made bert Club admin" in page


def test_every_change_of_a_clubs_people_is_in_its_log(club):
    anna, bert, carl = user("anna"), user("bert"), user("carl")
    by = Actor.of_user(anna)
    created = create_club(by=by, name="Herz As", admin=anna)
    set_role(created, bert, ClubRoleKind.SCORER, by=by)
    invitation, token = invite(
        created, email="carl@example.org", role="organiser", by=by, link=link
    )
    accept_invitation(token, carl, by=Actor.of_user(carl))
    other, _token = invite(created, email="dora@example.org", role="scorer", by=by, link=link)
    withdraw_invitation(other, by=by)
    withdraw_invitation(other, by=by)  # a second time changes nothing and notes nothing
    remove_role(created, bert, by=by)
    with pytest.raises(Refused):
        remove_role(created, anna, by=by)  # the last admin: refused, and not in the log
    log = [
        (row.user_label, row.action, row.details) for row in created.actions.order_by("at", "pk")
    ]
    assert log == [
        ("anna", "club_created", {"name": "Herz As"}),
        ("anna", "role_given", {"username": "anna", "role": "admin"}),
        ("anna", "role_given", {"username": "bert", "role": "scorer"}),
        ("anna", "invitation_sent", {"email": "carl@example.org", "role": "organiser"}),
        (
            "carl",
            "invitation_accepted",
            {"email": "carl@example.org", "username": "carl", "role": "organiser"},
        ),
        ("anna", "invitation_sent", {"email": "dora@example.org", "role": "scorer"}),
        ("anna", "invitation_withdrawn", {"email": "dora@example.org"}),
        ("anna", "role_taken", {"username": "bert"}),
    ]
    assert invitation.pk != other.pk


def test_the_desk_offers_the_users_clubs_for_a_new_tournament(club):
    organiser = user("orga2")
    role(club, organiser, ClubRoleKind.ORGANISER)
    Club.objects.create(name="Pik Dame")
    desk = Client()
    desk.force_login(organiser)
    page = desk.get("/desk/new/").content.decode()
    assert "Karo Sieben" in page
    assert "Pik Dame" not in page


def test_the_clubs_public_page_lists_public_tournaments_and_seasons(club):
    public, _ = tournament_with_players(0, name="Offener Abend", club=club)
    publish(public)
    tournament_with_players(0, name="Geheimer Entwurf", club=club)
    create_season(by=ORGA, name="Vereinsmeisterschaft", club=club)
    create_season(by=ORGA, name="Interne Wertung", club=club, is_public=False)
    page = Client().get(f"/clubs/{club.pk}/").content.decode()
    assert "Offener Abend" in page
    assert "Vereinsmeisterschaft" in page
    assert "Geheimer Entwurf" not in page
    assert "Interne Wertung" not in page
    assert Client().get("/clubs/999999/").status_code == 404


def test_a_scorer_checks_in_but_does_not_set_up_and_another_club_sees_nothing(club):
    """docs/API.md §9.13's worked example."""
    scorer, stranger = user("bert"), user("fremd")
    role(club, scorer, ClubRoleKind.SCORER)
    role(Club.objects.create(name="Pik Dame"), stranger, ClubRoleKind.ORGANISER)
    tournament, entries = tournament_with_players(2, club=club)
    base = f"/api/v1/tournaments/{tournament.pk}/"
    checked = client_for(scorer).patch(
        f"{base}entries/{entries[0].pk}/", {"checked_in": True}, format="json"
    )
    assert checked.json()["checked_in"] is True
    withdrawn = client_for(scorer).patch(
        f"{base}entries/{entries[0].pk}/", {"withdrawn": True}, format="json"
    )
    assert withdrawn.status_code == 403
    assert client_for(scorer).patch(base, {"venue": "Heim"}, format="json").status_code == 403
    assert client_for(stranger).get(base).status_code == 404
    assert tournament.pk not in [
        t["id"] for t in client_for(stranger).get("/api/v1/tournaments/").json()
    ]


def test_the_desk_sets_up_a_season_of_ones_club_only(club):
    from seasons.models import Season

    organiser = user("orga2")
    role(club, organiser, ClubRoleKind.ORGANISER)
    other = Club.objects.create(name="Pik Dame")
    desk = Client()
    desk.force_login(organiser)
    page = desk.get("/desk/seasons/").content.decode()
    assert "Karo Sieben" in page
    assert "Pik Dame" not in page
    form = {"name": "Meisterschaft", "game": "doppelkopf", "preset": "total", "series_count": 3}
    form |= {"normal_deals": 20, "is_public": "on"}
    refused = desk.post("/desk/seasons/", {**form, "home": f"club:{other.pk}"})
    assert refused.status_code == 400
    created = desk.post("/desk/seasons/", {**form, "home": f"club:{club.pk}"})
    assert created.status_code == 302
    season = Season.objects.get(name="Meisterschaft")
    assert season.club == club
    colleague = user("kollege")
    role(club, colleague, ClubRoleKind.ADMIN)
    assert access.may(colleague, season, Can.RUN)


def test_an_association_admin_adds_its_clubs_ranking_tournaments_to_its_ranking_list(club):
    association = Association.objects.create(name="Landesverband")
    club.association = association
    club.save()
    admin = user("verband")
    association.admins.add(admin)
    ranking_list = create_season(by=ORGA, name="Rangliste", association=association)
    ranking, _ = tournament_with_players(0, club=club, ranking_tournament=True)
    evening, _ = tournament_with_players(0, club=club)
    url = f"/api/v1/seasons/{ranking_list.pk}/evenings/"
    added = client_for(admin).post(
        url, {"tournament": ranking.pk, "ranking_tournament": True}, format="json"
    )
    assert added.status_code == 201
    private = client_for(admin).post(url, {"tournament": evening.pk}, format="json")
    assert private.status_code == 404  # not a ranking tournament: unknown to the association
    assert not access.may(admin, ranking, Can.RUN)  # the evening itself stays the club's
