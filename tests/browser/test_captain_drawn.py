"""The captain's page is drawn by the server as its script will show it at first: what the
script hides for the form's first contract, the player who sits out, a due compulsory solo and
this phone's choice of exact points are hidden (or shown) in the HTML already. Otherwise the
form jumps when the script runs on a slow phone (Lighthouse's layout shift: it cost the page
its performance score)."""

import pytest

from scoring.domain.deals import record_deal
from scoring.domain.queries import table_state
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table
from tests.scoring.domain.conftest import CAPTAIN, normal

pytestmark = pytest.mark.django_db(transaction=True)

# Every element whose `hidden` differs between the HTML as served and the page after its
# script has run (matched by their places in the tree), with the start of its markup.
HIDDEN_CHANGED = """async () => {
  const served = new DOMParser().parseFromString(
    await (await fetch(location.href)).text(), "text/html");
  const place = (element) => {
    const steps = [];
    for (let node = element; node.parentElement; node = node.parentElement) {
      steps.unshift(`${node.tagName}:${[...node.parentElement.children].indexOf(node)}`);
    }
    return steps.join("/");
  };
  const live = new Map([...document.querySelectorAll("#deal-form *")].map((e) => [place(e), e]));
  return [...served.querySelectorAll("#deal-form *")]
    .filter((element) => live.has(place(element)))
    .filter((element) => !element.closest("[hidden]"))  // inside a hidden box: no jump
    .filter((element) => live.get(place(element)).hidden !== element.hidden)
    .map((element) => element.outerHTML.slice(0, 120));
}"""


def changed_by_the_script(phone, table) -> list[str]:
    CaptainPage(phone, table).sign_in()
    phone.wait_for_load_state("networkidle")
    return phone.evaluate(HIDDEN_CHANGED)


def test_a_four_table_is_drawn_as_shown(phone):
    assert changed_by_the_script(phone, seated_table(4)) == []


def test_the_player_sitting_out_is_hidden_in_the_html(phone):
    table = seated_table(5)
    assert changed_by_the_script(phone, table) == []
    sitting_out = table_state(table).next_deal.sitting_out
    assert phone.locator(f'#deal-form label[data-seat="{sitting_out}"]').first.is_hidden()


def test_a_due_compulsory_solo_is_drawn_with_the_solo_types(phone):
    table = seated_table(4, normal_deals=1)
    record_deal(table, deal=normal([1, 2]), by=CAPTAIN)  # four solos owed in four deals
    assert changed_by_the_script(phone, table) == []
    assert phone.locator('input[name="contract"][value="solo"]').is_checked()


def test_a_phone_that_counts_exactly_gets_the_points_field_drawn(phone):
    table = seated_table(4)
    CaptainPage(phone, table).sign_in()
    phone.locator('input[name="exact"]').check()
    assert {c["name"]: c["value"] for c in phone.context.cookies()}["karlchen_exact"] == "1"
    phone.reload()
    assert phone.evaluate(HIDDEN_CHANGED) == []
    assert phone.locator("#points").is_visible()


def test_a_schafkopf_table_is_drawn_as_shown(phone):
    assert changed_by_the_script(phone, seated_table(4, game="schafkopf")) == []


@pytest.mark.parametrize("mode", ["value", "points"])
def test_a_quick_entry_five_table_is_drawn_as_shown(phone, mode):
    table = seated_table(5, entry_mode=mode)
    assert changed_by_the_script(phone, table) == []
    sitting_out = table_state(table).next_deal.sitting_out
    assert phone.locator(f'#deal-form [data-seat="{sitting_out}"]').first.is_hidden()
