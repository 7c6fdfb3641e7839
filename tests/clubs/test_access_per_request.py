"""Who may do what, asked many times in one request, costs that request one query (the user's
roles, associations and whether they run the home by name, read together), and a change in the
middle of the request counts from the next check, as it does outside one (``clubs.access``)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import access
from clubs.access import Can
from clubs.domain.clubs import remove_role, set_role
from clubs.enums import ClubRoleKind
from clubs.models import Association, Club, ClubRole
from karlchen.memo import RequestMemoMiddleware, request_memo
from seasons.domain.seasons import create_season
from tests.factories.api import client_for
from tests.factories.tournaments import ORGA, tournament_with_players

pytestmark = pytest.mark.django_db


def in_a_request(check):
    """``check()`` run as a view is, inside the memo a request has."""
    return RequestMemoMiddleware(lambda _request: check())(None)


@pytest.fixture
def home():
    club = Club.objects.create(
        name="Karo Sieben", association=Association.objects.create(name="LV")
    )
    tournament, _entries = tournament_with_players(4, club=club, ranking_tournament=True)
    tournament.organisers.clear()
    return tournament


def user(name):
    return get_user_model().objects.create_user(name)


def every_answer(who, home):
    return {can: access.may(who, home, can) for can in Can}


@pytest.mark.parametrize(
    ("kind", "allowed"),
    [
        ("scorer", {Can.VIEW, Can.SCORE}),
        ("organiser", {Can.VIEW, Can.SCORE, Can.RUN}),
        ("by_name", {Can.VIEW, Can.SCORE, Can.RUN}),
        ("association", {Can.VIEW}),
        ("stranger", set()),
    ],
)
def test_every_check_of_a_request_costs_it_one_query(home, kind, allowed):
    who = user("anna")
    if kind in ("scorer", "organiser"):
        ClubRole.objects.create(club=home.club, user=who, role=kind)
    elif kind == "by_name":
        home.organisers.add(who)
    elif kind == "association":
        home.club.association.admins.add(who)
    with CaptureQueriesContext(connection) as queries:
        answers = in_a_request(lambda: [every_answer(who, home) for _ in range(3)])
    assert len(queries) == 1
    assert all(answer == {can: can in allowed for can in Can} for answer in answers)
    # outside a request nothing is kept: each check reads again, and answers the same
    with CaptureQueriesContext(connection) as queries:
        assert every_answer(who, home) == answers[0]
    assert len(queries) == len(Can)


def test_the_memo_is_the_requests_alone(home):
    who = user("anna")
    assert in_a_request(lambda: access.may(who, home, Can.VIEW)) is False
    assert request_memo() is None  # dropped with the answer
    ClubRole.objects.create(club=home.club, user=who, role=ClubRoleKind.SCORER)
    assert in_a_request(lambda: access.may(who, home, Can.VIEW)) is True


def test_a_role_given_or_taken_in_a_request_counts_from_the_next_check(home):
    who = user("anna")

    def give_and_take():
        before = access.may(who, home, Can.RUN)
        set_role(home.club, who, ClubRoleKind.ORGANISER, by=ORGA)
        given = access.may(who, home, Can.RUN)
        remove_role(home.club, who, by=ORGA)
        return before, given, access.may(who, home, Can.RUN)

    assert in_a_request(give_and_take) == (False, True, False)


def test_organisers_and_association_admins_changed_in_a_request_count_at_once(home):
    who = user("anna")
    season = create_season(by=ORGA, name="Saison", club=None, is_public=False)

    def change():
        answers = [access.may(who, home, Can.RUN), access.may(who, season, Can.RUN)]
        home.organisers.add(who)
        season.organisers.add(who)
        answers += [access.may(who, home, Can.RUN), access.may(who, season, Can.RUN)]
        home.organisers.remove(who)
        answers.append(access.may(who, home, Can.RUN))
        answers.append(access.may_club(who, home.club, Can.MANAGE))
        home.club.association.admins.add(who)
        answers.append(access.may_club(who, home.club, Can.MANAGE))
        return answers

    assert in_a_request(change) == [False, False, True, True, False, False, True]


def test_a_club_moved_to_another_association_in_a_request_counts_at_once(home):
    who = user("anna")
    other = Association.objects.create(name="Anderer LV")
    other.admins.add(who)

    def move():
        before = access.may(who, home, Can.VIEW)  # a ranking tournament of the admin's clubs
        home.club.association = other
        home.club.save(update_fields=["association"])
        return before, access.may(who, home, Can.VIEW)

    assert in_a_request(move) == (False, True)


def test_an_api_refusal_reads_the_users_rights_once(home):
    """A stranger's write refused: the session, the user, the tournament and one query for
    every check the refusal makes (may they run it, may they see it)."""
    client = client_for(user("fremd"))
    url = f"/api/v1/tournaments/{home.pk}/series/1/close/"
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {}, format="json")
    assert response.status_code == 404  # a draft, private to them
    assert len(queries) == 4


def test_a_home_asked_after_the_club_costs_nothing_more_where_the_role_answers(home):
    who = user("anna")
    ClubRole.objects.create(club=home.club, user=who, role=ClubRoleKind.ORGANISER)
    other = user("bert")

    def checks():
        return [
            access.may_club(who, home.club, Can.RUN),
            access.may(who, home, Can.RUN),
            access.may(other, home, Can.VIEW),  # another user: their own query
        ]

    with CaptureQueriesContext(connection) as queries:
        assert in_a_request(checks) == [True, True, False]
    assert len(queries) == 2
