"""A tournament's host club is changed by someone who runs tournaments of both clubs, in one
transaction and logged; anyone else is refused at the field ``club`` and nothing changes."""

import pytest
from django.contrib.auth import get_user_model

from clubs.domain.clubs import create_club, set_role
from clubs.enums import ClubRoleKind
from karlchen.actors import Actor
from karlchen.refusals import Refused
from tests.factories.tournaments import ORGA, tournament_with_players
from tournaments.domain.tournaments import change_host_club
from tournaments.models import OrganiserAction

pytestmark = pytest.mark.django_db


def user(name):
    return get_user_model().objects.create_user(name)


def codes(refusal):
    return [(problem.field, problem.code) for problem in refusal.value.problems]


@pytest.fixture
def world():
    anna, bert = user("anna"), user("bert")
    kreuz = create_club(by=ORGA, name="Kreuz As", admin=anna)
    pik = create_club(by=ORGA, name="Pik Dame", admin=bert)
    tournament, _ = tournament_with_players(0, club=kreuz)
    return tournament, kreuz, pik, anna, bert


def test_someone_who_runs_both_clubs_moves_the_tournament_and_it_is_logged(world):
    tournament, _kreuz, pik, anna, _bert = world
    set_role(pik, anna, ClubRoleKind.ORGANISER, by=ORGA)
    moved = change_host_club(tournament, pik, by=Actor.of_user(anna))
    tournament.refresh_from_db()
    assert tournament.club == pik == moved.club
    log = OrganiserAction.objects.filter(tournament=tournament).latest("pk")
    assert (log.action, log.details) == (
        "host_club_changed",
        {"old": "Kreuz As", "new": "Pik Dame"},
    )
    assert change_host_club(tournament, pik, by=Actor.of_user(anna)).club == pik  # no change
    assert OrganiserAction.objects.filter(action="host_club_changed").count() == 1


def test_moving_needs_the_right_to_run_in_the_old_and_in_the_new_club(world):
    tournament, kreuz, pik, anna, bert = world
    with pytest.raises(Refused) as refusal:  # anna runs Kreuz As, not Pik Dame
        change_host_club(tournament, pik, by=Actor.of_user(anna))
    assert codes(refusal) == [("club", "club_not_allowed")]
    with pytest.raises(Refused) as refusal:  # bert runs Pik Dame, not Kreuz As
        change_host_club(tournament, pik, by=Actor.of_user(bert))
    assert codes(refusal) == [("club", "host_club_not_allowed")]
    assert refusal.value.problems[0].params == {"club": "Kreuz As"}
    scorer = user("carla")
    set_role(kreuz, scorer, ClubRoleKind.SCORER, by=ORGA)
    set_role(pik, scorer, ClubRoleKind.ADMIN, by=ORGA)
    with pytest.raises(Refused) as refusal:  # a scorer of Kreuz As does not run its tournaments
        change_host_club(tournament, pik, by=Actor.of_user(scorer))
    assert codes(refusal) == [("club", "host_club_not_allowed")]
    with pytest.raises(Refused):
        change_host_club(tournament, None, by=Actor.system())
    tournament.refresh_from_db()
    assert tournament.club == kreuz
    assert not OrganiserAction.objects.filter(action="host_club_changed").exists()


def test_a_tournament_made_private_stays_its_movers_and_a_private_one_joins_a_club(world):
    tournament, kreuz, _pik, anna, _bert = world
    assert not tournament.organisers.filter(pk=anna.pk).exists()
    change_host_club(tournament, None, by=Actor.of_user(anna))
    tournament.refresh_from_db()
    assert tournament.club is None
    assert tournament.organisers.filter(pk=anna.pk).exists()
    change_host_club(tournament, kreuz, by=Actor.of_user(anna))
    tournament.refresh_from_db()
    assert tournament.club == kreuz
    stranger = user("dora")
    private, _ = tournament_with_players(0, name="Privat")
    with pytest.raises(Refused) as refusal:  # not hers: she does not run it
        change_host_club(private, kreuz, by=Actor.of_user(stranger))
    assert ("club", "club_not_allowed") in codes(refusal)
