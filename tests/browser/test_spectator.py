"""The spectator page in a real browser: a deal recorded through the API shows within one poll."""

import pytest
from playwright.sync_api import expect

from results.views import POLL_SECONDS
from tests.factories.api import NORMAL, client_for, publish
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_recorded_deal_appears_within_one_poll(phone, screenshot):
    table = seated_table(4)
    tournament = publish(table.series.tournament)
    phone.set_viewport_size({"width": 800, "height": 900})
    phone.goto(f"/t/{tournament.pk}/")
    totals = phone.locator("#ranking tbody .total")
    expect(totals).to_have_text(["0", "0", "0", "0"])

    captain = client_for(table=table)
    response = captain.post(f"/api/v1/tables/{table.pk}/deals/", {"deal": NORMAL}, format="json")
    assert response.status_code == 201

    expect(totals).to_have_text(["1", "1", "-1", "-1"], timeout=(POLL_SECONDS + 2) * 1000)
    expect(phone.locator("#ranking tbody tr.changed")).to_have_count(4)
    expect(phone.locator("#ranking .move.down")).to_have_count(2)  # 2 and 4: from a shared 1st
    expect(phone.locator('#tables [data-table="1"] .count')).to_have_text(
        "1/24", timeout=(2 * POLL_SECONDS + 2) * 1000
    )
    screenshot(phone, "spectator-ranking")
