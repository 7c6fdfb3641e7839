"""A Bock round on the captain's page (RULES.md §2.3): a club evening with Bock rounds, a deal of
120 : 120 starts one, the card says "Bock ×2 (n left)", the next deal is saved doubled, and a
correction of the triggering deal moves the round on the server and on the card."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scoring.domain.queries import table_state
from scoring.models import Deal
from scoring.views import TEXTS
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def german(name: str, **values) -> str:
    with translation.override("de"):
        return str(TEXTS[name]) % values


def server_factors(table) -> list[int]:
    """Each deal's Bock factor as the server stored it."""
    return [deal.current.result.get("bock_factor", 1) for deal in deals_of(table)]


def deals_of(table):
    return Deal.objects.filter(table=table).select_related("current").order_by("number")


def correct(captain: CaptainPage, number: int, band: str) -> None:
    """Open deal ``number`` for a correction, tap its new band and a reason, and save."""
    rows = captain.sheet_rows()
    captain.page.locator(f'[data-correct="{number}"]').click()
    expect(captain.form.locator("[data-reason]")).to_be_visible()
    captain.form.locator(f'input[name="band"][value="{band}"]').check()
    captain.form.locator("[data-reason-choice]").first.click()
    captain.save()
    expect(captain.page.locator(f'[data-deal="{number}"]')).to_contain_text("korrigiert")
    assert captain.sheet_rows() == rows


def test_a_bock_round_is_played_and_a_correction_of_its_trigger_moves_it(phone, screenshot):
    table = seated_table(4, rules={"preset": "club_bock"})
    captain = CaptainPage(phone, table).sign_in()
    banner = phone.locator("#now .banner.bock")
    captain.play(re=(1, 2), band="121-150")  # deal 1: Re wins 1
    expect(banner).to_have_count(0)

    captain.play(re=(1, 3), band="120")  # deal 2: 120 : 120 starts a round of four deals
    expect(banner).to_have_text(german("bock", factor=2, left=4))
    expect(banner).to_have_attribute("data-bock", "2")
    screenshot(phone, "captain-bock-round")

    # deal 3 is a Bock deal: Re wins 1, saved as 2 for each
    captain.fill(re=(1, 2), band="121-150")
    expect(captain.page.locator("#preview")).to_contain_text("Bock")
    captain.save()
    feedback = phone.locator("#feedback")
    worth = german("breakdown_winner", party="Re", value=2)
    expect(feedback).to_contain_text(german("saved", number=3))
    expect(feedback).to_contain_text(worth)
    expect(feedback.locator(".totals li").first).to_contain_text("(+2)")
    expect(banner).to_have_text(german("bock", factor=2, left=3))
    expect(phone.locator('[data-deal="2"]')).not_to_contain_text("Bock ×")
    expect(phone.locator('[data-deal="3"]')).to_contain_text("Bock ×2")
    assert server_factors(table) == [1, 1, 2]
    assert deals_of(table)[2].current.result["points"] == {"1": 2, "2": 2, "3": -2, "4": -2}
    assert table_state(table).next_deal.bock.deals_left == 3

    # deal 2 was no tie after all (125 for Re): no Bock round, deal 3 counts once
    correct(captain, 2, "121-150")
    expect(banner).to_have_count(0)
    assert server_factors(table) == [1, 1, 1]
    assert deals_of(table)[2].current.result["points"] == {"1": 1, "2": 1, "3": -1, "4": -1}
    expect(phone.locator('[data-deal="3"]')).not_to_contain_text("Bock ×")
    assert table_state(table).next_deal.bock.level == 0

    # but deal 1 was: the round starts at deal 2, so deals 2 and 3 are Bock and two are left
    correct(captain, 1, "120")
    expect(banner).to_have_text(german("bock", factor=2, left=2))
    assert server_factors(table) == [1, 2, 2]
    state = table_state(table)
    assert (state.next_deal.bock.factor, state.next_deal.bock.deals_left) == (2, 2)
    assert deals_of(table)[1].current.version == 2  # the correction itself; deal 3 was rescored
    assert deals_of(table)[2].current.version == 1
    expect(phone.locator('[data-deal="2"]')).to_contain_text("Bock ×2")


def test_bock_that_adds_points_shows_as_plus_on_the_card_and_the_sheet(phone):
    table = seated_table(4, rules={"preset": "club_bock", "bock_mode": "add"})
    captain = CaptainPage(phone, table).sign_in()
    banner = phone.locator("#now .banner.bock")
    captain.play(re=(1, 3), band="120")  # 120 : 120 starts the round
    expect(banner).to_have_text(german("bock_add", points=1, left=4))
    expect(banner).to_have_attribute("data-bock-points", "1")
    captain.fill(re=(1, 2), band="121-150")  # Re wins 1, + 1 for Bock
    captain.save()
    expect(phone.locator("#feedback")).to_contain_text(
        german("breakdown_winner", party="Re", value=2)
    )
    expect(phone.locator('[data-deal="2"]')).to_contain_text("Bock +1")
    expect(banner).to_have_text(german("bock_add", points=1, left=3))
    result = deals_of(table)[1].current.result
    assert (result["bock_points"], result["points"]["1"]) == (1, 2)
    assert "bock_factor" not in result
