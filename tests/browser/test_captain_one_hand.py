"""The captain's page held in one hand at 360×740: a plain game from the contract to "Save" on
one screen in four taps, 44-pixel targets, the save confirmed beside the thumb, "Clear" undone,
tricks and wedding details only where they apply, and corrections with a reason to tap."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scoring.models import Deal, DealRevision
from scoring.views import CORRECTION_REASONS, TEXTS
from tests.browser.captain import CaptainPage
from tests.browser.conftest import PHONE
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)

# Records every vibration the page asks for (headless chromium has no motor to feel).
VIBRATIONS = """
window.vibrations = [];
navigator.vibrate = (pattern) => { vibrations.push(pattern); return true; };
"""
CONTROLS = (
    "#deal-form .chip span, #deal-form button, #deal-form summary, "
    "#deal-form input:not([type=radio]):not([type=checkbox])"
)


def german(words) -> str:
    with translation.override("de"):
        return str(words)


def below_the_fold(page, locator) -> float:
    """How far the element reaches below the screen's bottom edge (≤ 0: all of it on screen)."""
    box = locator.bounding_box()
    return box["y"] + box["height"] - PHONE["height"]


def test_a_plain_game_is_four_taps_on_one_screen_and_its_save_is_felt(phone, screenshot):
    phone.add_init_script(VIBRATIONS)
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    captain.fill(re=(1, 3), band="121-150")
    expect(phone.locator("#preview h3")).to_be_visible()
    save = captain.form.locator('button[type="submit"]')
    assert phone.evaluate("window.scrollY") == 0
    assert below_the_fold(phone, save) <= 0  # the breakdown shows, Save is still in reach
    screenshot(phone, "captain-one-hand-plain-game")
    captain.save()

    feedback = phone.locator("#feedback")
    expect(feedback).to_contain_text(german(TEXTS["saved"]) % {"number": 1})
    assert below_the_fold(phone, feedback) <= 0
    expect(feedback.locator(".totals li")).to_have_count(4)
    expect(feedback.locator(".totals")).to_contain_text("Spieler 1 1 (+1)")
    assert phone.evaluate("window.vibrations.length") == 1
    assert captain.actions == 4  # two names, one band, Save
    screenshot(phone, "captain-one-hand-saved")

    # The next deal's form is ready at once: nothing of the last one is left in it.
    assert captain.form.locator("input[name=re]:checked").count() == 0
    assert captain.form.locator("input[name=band]:checked").count() == 0
    expect(captain.form.locator("input[name=contract][value=normal]")).to_be_checked()
    revision = DealRevision.objects.get(deal__table=table)
    assert revision.input["re_band"] == "121-150"


def test_every_control_of_the_form_is_at_least_44_pixels(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    captain.open_extras()
    captain.fill(contract="solo", solo="jacks", re=(2,), band="240")  # tricks are asked for
    too_small = phone.evaluate(
        """(controls) => Array.from(document.querySelectorAll(controls))
            .filter((element) => element.offsetParent !== null)
            .map((element) => [element.textContent.trim() || element.id,
                               element.getBoundingClientRect()])
            .filter(([, box]) => box.width < 44 || box.height < 44)
            .map(([name, box]) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`)""",
        CONTROLS,
    )
    assert too_small == []


def test_clear_empties_the_form_at_once_and_can_be_undone(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    captain.fill(re=(2, 4), band="151-180", announce={"re": "no90"})
    captain.form.locator("[data-clear]").click()
    assert captain.form.locator("input[name=re]:checked").count() == 0
    feedback = phone.locator("#feedback")
    expect(feedback).to_contain_text(german(TEXTS["cleared"]))
    feedback.get_by_role("button", name=german(TEXTS["undo"])).click()
    expect(captain.form.locator('input[name="re"][value="4"]')).to_be_checked()
    expect(captain.form.locator('input[name="band"][value="151-180"]')).to_be_checked()
    expect(captain.form.locator('input[name="ann_re"][value="no90"]')).to_be_checked()
    expect(feedback).to_be_hidden()


def test_the_tricks_are_asked_only_where_a_party_has_no_card_points(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    tricks = captain.form.locator("[data-tricks]")
    captain.fill(re=(1, 2), band="121-150")
    expect(tricks).to_be_hidden()
    captain.fill(re=(1, 2), band="240")
    expect(tricks).to_be_visible()
    offered = tricks.locator("[data-trick-count]:not([hidden])")
    assert offered.evaluate_all("chips => chips.map((chip) => chip.dataset.trickCount)") == [
        "10",
        "11",
        "12",
    ]
    # Kontra counted nothing: the same as Re's 240, seen from the other side.
    captain.fill(re=(1, 2), band="0", points_of="kontra")
    expect(tricks).to_be_visible()
    captain.fill(re=(1, 2), band="0", points_of="kontra", tricks=12)
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    assert DealRevision.objects.get().input["re_band"] == "240"
    assert Deal.objects.get().current.result["lines"][-1]["code"] == "schwarz"


def test_a_wedding_says_what_to_tap_and_without_a_partner_offers_no_extra_points(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    hint = captain.form.locator("[data-wedding-hint]")
    captain.fill(contract="wedding")
    expect(captain.form.locator("[data-re-legend]")).to_have_text(german(TEXTS["wedding_players"]))
    expect(hint).to_have_text(german(TEXTS["wedding_first"]))
    captain.fill(contract="wedding", re=(3,))
    expect(hint).to_have_text(german(TEXTS["wedding_alone"]))
    expect(captain.form.locator("details[data-extras]")).to_be_hidden()
    captain.fill(contract="wedding", re=(3, 1))
    expect(hint).to_be_hidden()
    expect(captain.form.locator("details[data-extras]")).to_be_visible()
    captain.fill(contract="wedding", re=(3,), band="181-210")
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    points = Deal.objects.get().current.result["points"]
    assert points["3"] == -3 * points["1"] > 0  # the bride alone, scored as a solo


def test_a_third_name_replaces_the_first_so_a_slip_costs_one_tap(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    for seat in (1, 2, 4):
        captain.form.locator(f'input[name="re"][value="{seat}"]').click()
    checked = captain.form.locator("input[name=re]:checked")
    assert checked.evaluate_all("boxes => boxes.map((box) => box.value)") == ["2", "4"]


def test_a_correction_takes_its_reason_by_one_tap(phone):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    captain.play(re=(1, 3), band="121-150")
    phone.locator('[data-correct="1"]').click()
    expect(captain.form.locator("[data-form-title]")).to_be_visible()
    reason = german(CORRECTION_REASONS[0])
    captain.form.get_by_role("button", name=reason).click()
    expect(captain.form.locator("#reason")).to_have_value(reason)
    captain.fill(re=(1, 3), band="90-119")
    captain.save()
    expect(phone.locator('[data-deal="1"]')).to_contain_text("korrigiert")
    assert DealRevision.objects.get(version=2).reason == reason
