"""The captain's page at a quick-entry evening (RULES.md §11.8): the value and the winners typed
offline wait on the phone like any deal, the page follows the series through them (a lone
winner is the Pflichtsolo, after which the same player deals again), and they are sent once the
connection is back."""

import pytest
from playwright.sync_api import expect

from scoring.models import Deal
from tests.browser.axe import described, violations
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_quick_deals_wait_offline_and_the_page_follows_the_series(phone):
    table = seated_table(4, entry_mode="value")
    captain = CaptainPage(phone, table).sign_in()
    captain.fill_quick_value(2, (1, 3))
    expect(phone.locator("#preview")).to_contain_text("+2")
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)

    phone.context.set_offline(True)
    captain.fill_quick_value(1, (3,))  # position 3 wins a solo alone: its Pflichtsolo
    expect(phone.locator("[data-quick-alone]")).to_be_visible()
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("1")
    # Deal 2 was a Pflichtsolo: position 2 dealt it and deals deal 3 as well.
    title = phone.locator("[data-form-title]")
    expect(title).to_contain_text("3")
    names = {seat.position: seat.entry.player.name for seat in table.seats.all()}
    expect(title).to_contain_text(names[2])
    captain.fill_quick_value(1, (2, 4))
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("2")
    assert Deal.objects.filter(table=table).count() == 1

    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.locator(".deals tbody tr")).to_have_count(3)
    expect(phone.locator("#queue")).to_be_hidden()
    kinds = list(Deal.objects.filter(table=table).order_by("number").values_list("kind", "dealer"))
    assert kinds == [("normal", 1), ("compulsory_solo", 2), ("normal", 2)]


TAPPABLE = (
    "#deal-form .chip:not([hidden]) span, #deal-form button:not([hidden]), "
    "#deal-form input[type=number]"
)


@pytest.mark.parametrize("mode", ["value", "points"])
def test_the_quick_forms_are_accessible_and_every_control_fits_a_thumb(phone, mode):
    table = seated_table(5, entry_mode=mode)
    CaptainPage(phone, table).sign_in()
    phone.locator("#deal-form").wait_for()
    found = violations(phone)
    assert found == [], described({"captain " + mode: found})
    sizes = phone.locator(TAPPABLE).evaluate_all(
        """elements => elements
            .filter((element) => element.offsetParent !== null)
            .map((element) => {
                const box = element.getBoundingClientRect();
                return [element.outerHTML.slice(0, 60), box.width, box.height];
            })"""
    )
    assert sizes
    small = [(html, w, h) for html, w, h in sizes if w < 44 or h < 44]
    assert small == []
