"""The category rankings and the results' mark beside the players' ranking in a real browser: a
deal recorded through the API changes a category's ranking within one poll, and the mark turns
from provisional to final when the organisers mark the results final; no serious
accessibility violations (axe-core)."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from scoring.domain.series import close_series
from signups.domain.categories import set_category
from signups.domain.settings import set_announcement
from tests.browser.axe import described, violations
from tests.browser.conftest import POLL_SECONDS
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import ORGA, seated_table
from tournaments.domain.final import mark_final
from tournaments.domain.tournaments import update_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_category_ranking_and_the_final_mark_follow_live(phone, screenshot):
    cache.clear()  # a tournament of an earlier test run may have had this id
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    update_tournament(tournament, by=ORGA, protest_minutes=0)
    entries = list(tournament.entries.order_by("start_number"))
    set_announcement(tournament, by=ORGA, category_fees={"Damen": 800})
    set_category(entries[0], "Damen", by=ORGA)
    set_category(entries[1], "Damen", by=ORGA)
    phone.set_viewport_size({"width": 800, "height": 900})
    phone.goto(f"/t/{tournament.pk}/")
    names = phone.locator("#category-tables tbody td.name")
    expect(names).to_have_text(["Spieler 1", "Spieler 2"])
    expect(phone.locator("#results-status")).to_contain_text("Vorläufige Ergebnisse")
    found = {"ranking with categories": violations(phone)}

    captain = client_for(table=table)
    deal = {**NORMAL, "re": [2, 4]}  # player 2 wins: ahead of player 1 in Damen too
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": deal}, format="json")
    assert response.status_code == 201
    expect(names).to_have_text(["Spieler 2", "Spieler 1"], timeout=(POLL_SECONDS + 2) * 1000)
    expect(phone.locator("#category-tables tbody td.rank")).to_have_text(["1", "2"])
    screenshot(phone.locator("#category-rankings"), "spectator-category-rankings")

    close_series(table.series, by=ORGA, force=True)
    mark_final(tournament, by=ORGA)
    expect(phone.locator("#results-status")).to_have_text(
        "Endgültige Ergebnisse", timeout=(POLL_SECONDS + 2) * 1000
    )
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)
