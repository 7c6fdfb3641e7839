"""A club's people in a browser: its admin invites a scorer at the desk's club page, the
invited person opens the link, creates an account there and is the club's scorer; a tournament
is set up with its host club and moved to another in Set-up; the pages have no serious
accessibility violations (axe-core)."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.domain.clubs import create_club
from clubs.enums import ClubRoleKind
from clubs.models import Club, ClubRole
from karlchen.actors import Actor
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tournaments.models import OrganiserAction, Tournament

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 720}


def signed_in_cookie(user, live_server) -> dict:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}


def test_an_admin_invites_and_the_invited_joins(chromium, live_server):
    club = Club.objects.create(name="Kreuz As")
    admin = get_user_model().objects.create_user("anna")
    ClubRole.objects.create(club=club, user=admin, role=ClubRoleKind.ADMIN)
    found = {}
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies([signed_in_cookie(admin, live_server)])
        desk.goto(f"/desk/clubs/{club.pk}/")
        assert "/login/" not in desk.url, desk.url
        found["desk club"] = violations(desk)
        desk.locator("#id_email").fill("bert@example.org")
        desk.locator("#id_role").select_option("scorer")
        desk.locator("form:has(#id_email) button[type=submit]").click()
        notice = desk.get_by_text(re.compile("/desk/invitations/")).inner_text()
        link = re.search(r"(/desk/invitations/[^/\s]+/)", notice).group(1)
        assert "bert@example.org" in desk.content()
        desk.goto("/desk/clubs/")
        found["desk clubs"] = violations(desk)

    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        phone.goto(link)
        found["invitation"] = violations(phone)
        phone.locator("#id_username").fill("bert")
        phone.locator("#id_password1").fill("lang-genug-789")
        phone.locator("#id_password2").fill("lang-genug-789")
        phone.locator("form:has(#id_username) button[type=submit]").click()
        phone.wait_for_url(f"**/desk/clubs/{club.pk}/")
        phone.goto(f"/clubs/{club.pk}/")
        phone.locator("#club").wait_for()
        found["club page"] = violations(phone)
    bert = get_user_model().objects.get(username="bert")
    assert ClubRole.objects.get(club=club, user=bert).role == ClubRoleKind.SCORER

    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_tournament_is_set_up_with_its_host_club_and_moved_in_set_up(chromium, live_server):
    """One "Host club" field on the new-tournament form, among the clubs the user runs; Set-up
    shows it and moves the tournament to the user's other club."""
    organiser = get_user_model().objects.create_user("anna")
    kreuz = create_club(by=Actor.of_user(organiser), name="Kreuz As", admin=organiser)
    pik = create_club(by=Actor.of_user(organiser), name="Pik Dame", admin=organiser)
    create_club(by=Actor.system(), name="Herz Zehn")  # not hers: not offered
    found = {}
    with browser_page(chromium, live_server, viewport=LAPTOP) as desk:
        desk.context.add_cookies([signed_in_cookie(organiser, live_server)])
        desk.goto("/desk/new/")
        club = desk.get_by_label("Ausrichtender Verein")
        assert club.count() == 1  # one field, not two
        offered = club.locator("option").all_inner_texts()
        assert offered[1:] == ["Kreuz As", "Pik Dame"]
        desk.locator("#id_name").fill("Herbstturnier")
        club.select_option(label="Kreuz As")
        found["new tournament"] = violations(desk)
        desk.locator("form.setup button[type=submit]").last.click()
        desk.wait_for_url("**/entries/")
        tournament = Tournament.objects.get(name="Herbstturnier")
        assert tournament.club == kreuz

        desk.goto(f"/desk/{tournament.pk}/setup/")
        club = desk.get_by_label("Ausrichtender Verein")
        assert club.locator("option:checked").inner_text() == "Kreuz As"
        club.select_option(label="Pik Dame")
        found["set-up"] = violations(desk)
        with desk.expect_navigation():
            desk.locator("form.setup button[type=submit]").last.click()
        assert desk.url.endswith(f"/desk/{tournament.pk}/setup/"), desk.url
        assert desk.get_by_label("Ausrichtender Verein").locator("option:checked").inner_text() == (
            "Pik Dame"
        )
    tournament.refresh_from_db()
    assert tournament.club == pik
    assert OrganiserAction.objects.filter(
        tournament=tournament, action="host_club_changed"
    ).exists()
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
