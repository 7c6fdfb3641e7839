"""The team ranking beside the players' ranking in a real browser: a deal recorded through the
API changes the teams' scores within one poll."""

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from results.views import POLL_SECONDS
from teams.domain.teams import Roster, create_team
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import ORGA, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_team_ranking_follows_a_recorded_deal(phone, screenshot):
    cache.clear()  # a tournament of an earlier test run may have had this id
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    entries = list(tournament.entries.order_by("start_number"))
    create_team(
        tournament, by=ORGA, name="Kreuz", roster=Roster(members=(entries[0].pk, entries[2].pk))
    )
    create_team(
        tournament, by=ORGA, name="Pik", roster=Roster(members=(entries[1].pk, entries[3].pk))
    )
    phone.set_viewport_size({"width": 800, "height": 900})
    phone.goto(f"/t/{tournament.pk}/")
    teams = phone.locator("#side-teams tbody tr")
    expect(teams).to_have_count(2)
    expect(phone.locator("#side-teams tbody td.num")).to_have_text(["0", "0"])
    # nobody has played yet: listed by name, not ranked
    expect(phone.locator("#side-teams tbody td.name")).to_contain_text(["Kreuz", "Pik"])
    expect(phone.locator("#side-teams tbody td.rank")).to_have_text(["–", "–"])

    captain = client_for(table=table)
    deal = {**NORMAL, "re": [2, 4]}  # Pik's two win: Pik moves ahead
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": deal}, format="json")
    assert response.status_code == 201
    expect(phone.locator("#side-teams tbody td.name")).to_have_text(
        ["Pik", "Kreuz"], timeout=(POLL_SECONDS + 2) * 1000
    )
    expect(phone.locator("#side-teams tbody td.num")).to_have_text(["2", "-2"])
    expect(phone.locator("#side-teams tbody td.rank")).to_have_text(["1", "2"])
    expect(phone.locator("#side-teams tbody strong").first).to_have_text("Spieler 2")
    screenshot(phone.locator("#side-rankings"), "spectator-side-rankings")
