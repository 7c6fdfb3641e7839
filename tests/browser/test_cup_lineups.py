"""A cup's tournament on the organiser's phone (360×740): from the cup's desk page to the
tournament's line-ups, a substitute of the squad swapped in with "Raus"/"Rein", as on a
league's match day. Nothing scrolls sideways, no serious or critical accessibility violation
(axe-core); screenshots for people to look at."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from competitions.domain.squads import add_to_squad
from competitions.models import Entrant
from cups.domain.cups import start_group_round
from people.models import Player
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE, browser_page
from tests.browser.test_club_year import signed_in
from tests.cups.conftest import make_cup
from tests.factories.tournaments import ORGA, organiser
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_substitute_swapped_in_at_a_cup_s_tournament_on_a_phone(
    chromium, live_server, screenshot
):
    cache.clear()
    cup = make_cup()
    buben = Entrant.objects.get(competition=cup, name="Buben")
    sub = Player.objects.create(name="Berta Bank")
    add_to_squad(buben, by=ORGA, player=sub, substitute=True)
    match, _other = start_group_round(cup, by=ORGA, number=1)
    out = Player.objects.get(name="Buben 2")
    found = {}
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        signed_in(phone, live_server, organiser())
        phone.goto(f"/desk/cups/{cup.pk}/")
        phone.locator(f"a[href='/desk/cups/{cup.pk}/matches/{match.pk}/']").click()
        expect(phone.get_by_role("heading", level=1)).to_have_text(match.evening.tournament.name)
        swap = phone.locator(f"form.swap:has(input[value='{buben.pk}'])")
        swap.get_by_label("Raus").select_option(label=out.name)
        swap.get_by_label("Rein").select_option(label=sub.name)
        swap.get_by_role("button").click()
        expect(phone.locator("ul.messages")).to_contain_text(
            f"{sub.name} spielt für Buben statt {out.name}."
        )
        expect(phone.locator(f"#lineup-{buben.pk}").locator("xpath=..")).to_contain_text(
            f"{sub.name} (Ersatz)"
        )
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        found["cup match lineups"] = violations(phone)
        screenshot(phone, "cup-match-lineups-360")
    tournament = match.evening.tournament
    assert Entry.objects.get(tournament=tournament, player=out).withdrawn
    assert not Entry.objects.get(tournament=tournament, player=sub).withdrawn
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
