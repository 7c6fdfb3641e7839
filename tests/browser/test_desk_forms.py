"""The desk's forms as a laptop (1280×720) and a phone (360×740) show them: the set-up offers only
what applies to the chosen game, its extra points are a tidy grid of boxes, and the extra-point
counters at a table's page show their number on buttons big enough to tap; no page of a played
evening is wider than the screen."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, browser_page
from tests.factories.documents import play_series
from tests.factories.tournaments import organiser, seated_table

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = {"laptop": {"width": 1280, "height": 720}, "phone": PHONE}


@pytest.fixture(params=list(SIZES))
def desk_page(request, chromium, live_server):
    """The organiser's desk, signed in, at a laptop's or a phone's size."""
    client = Client()
    client.force_login(organiser())
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(chromium, live_server, viewport=SIZES[request.param]) as page:
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        page.size = request.param
        yield page


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        """elements => elements.map(element => {
            const box = element.getBoundingClientRect();
            return {text: element.textContent.trim(), left: box.left, top: box.top,
                    right: box.right, bottom: box.bottom,
                    clipped: element.scrollWidth > element.clientWidth + 1};
        })""",
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"] - 1
        and b["left"] < a["right"] - 1
        and a["top"] < b["bottom"] - 1
        and b["top"] < a["bottom"] - 1
    )


def test_the_set_up_shows_only_what_applies_to_the_chosen_game(desk_page, screenshot):
    page = desk_page
    page.goto("/desk/new/")
    game, preset = page.locator("#id_game"), page.locator("#id_preset")
    doppelkopf_only = [
        page.locator(".field", has=page.locator("#id_compulsory_solos")),
        page.locator("fieldset[data-only-game=doppelkopf]"),
        page.get_by_text("Normalspiele je Vierertisch"),
    ]
    schafkopf_only = [
        page.locator("fieldset[data-only-game=schafkopf]"),
        page.get_by_text("Spiele je Serie", exact=True),
    ]
    for locator in doppelkopf_only:
        expect(locator).to_be_visible()
    for locator in schafkopf_only:
        expect(locator).to_be_hidden()
    assert preset.input_value() == "ddv"

    game.select_option("schafkopf")  # no reload: the page changes at once
    for locator in doppelkopf_only:
        expect(locator).to_be_hidden()
    for locator in schafkopf_only:
        expect(locator).to_be_visible()
    assert preset.input_value() == "schafkopf"
    assert page.locator("#id_normal_deals").input_value() == "32"  # Schafkopf's usual deals
    offered = preset.locator("option:not([hidden])").evaluate_all(
        "options => options.map(option => option.value)"
    )
    assert offered == ["schafkopf", "bavarian_tournament", "club_evening"]  # no DDV rules
    assert page.locator("#id_sk_tariff_rufer").input_value() == "1"  # the tariff filled in
    geier = page.locator("#id_sk_tariff_geier")  # a club game's price follows the tariff
    assert (geier.input_value(), geier.get_attribute("placeholder")) == ("", "wie ein Solo")
    expect(page.locator("#id_sk_stoss")).not_to_be_checked()
    preset.select_option("club_evening")  # the club options are filled in
    expect(page.locator("#id_sk_stoss")).to_be_checked()
    expect(page.locator("#id_sk_farbwenz")).not_to_be_checked()
    preset.select_option("schafkopf")
    expect(page.locator("#id_sk_stoss")).not_to_be_checked()
    screenshot(page, f"desk-setup-schafkopf-{page.size}")

    game.select_option("doppelkopf")
    for locator in doppelkopf_only:
        expect(locator).to_be_visible()
    for locator in schafkopf_only:
        expect(locator).to_be_hidden()
    assert preset.input_value() == "ddv"
    assert page.locator("#id_normal_deals").input_value() == "20"
    screenshot(page, f"desk-setup-doppelkopf-{page.size}")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[page.size]["width"]


def test_the_extra_points_are_a_grid_of_boxes_with_whole_labels(desk_page, screenshot):
    page = desk_page
    page.goto("/desk/new/")
    # the first group of boxes; the Bock triggers below are laid out alike
    group = page.locator("fieldset.checks:has(input[value=fox])")
    expect(group.locator("legend")).to_have_text("Sonderpunkte")
    items = boxes(page, "fieldset.checks:has(input[value=fox]) .check-item")
    assert len(items) > 3
    group_box = group.bounding_box()
    for number, item in enumerate(items):
        assert item["text"], item
        assert not item["clipped"], item
        assert group_box["x"] <= item["left"], item
        assert item["right"] <= group_box["x"] + group_box["width"], item
        for other in items[number + 1 :]:
            assert not overlap(item, other), (item, other)
    # each box sits beside its own label, on the same line
    for label in group.locator(".check-item").all():
        box, text = label.locator("input").bounding_box(), label.locator("span").bounding_box()
        assert box["x"] + box["width"] <= text["x"]
        assert abs((box["y"] + box["height"] / 2) - (text["y"] + text["height"] / 2)) < 12
    columns = {round(item["left"]) for item in items}
    assert len(columns) >= (3 if page.size == "laptop" else 1)
    group.scroll_into_view_if_needed()
    screenshot(group, f"desk-setup-extras-{page.size}")


def test_the_extra_point_counters_at_the_desk_show_their_number(desk_page, screenshot):
    page = desk_page
    table = seated_table()
    page.goto(f"/desk/{table.series.tournament.pk}/tables/{table.pk}/")
    page.locator("input[name=contract][value=normal]").check()
    page.locator("details[data-extras] summary").click()  # rarer inputs open in place
    counter = page.locator("#extra-fox-re")
    expect(counter).to_be_visible()
    page.locator('button[data-target="extra-fox-re"][data-step="1"]').click()
    page.locator('button[data-target="extra-fox-re"][data-step="1"]').click()
    expect(counter).to_have_value("2")
    for stepper in page.locator(".extras .stepper").all():
        field = stepper.locator("input")
        wide_enough = field.evaluate("input => input.scrollWidth <= input.clientWidth")
        assert wide_enough, field.get_attribute("id")
        # the number itself fits inside the box, past its padding (two digits, to be sure)
        room, text = field.evaluate(
            """input => {
                const style = getComputedStyle(input);
                const context = document.createElement("canvas").getContext("2d");
                context.font = style.font;
                return [input.clientWidth - parseFloat(style.paddingLeft)
                    - parseFloat(style.paddingRight), context.measureText("00").width];
            }"""
        )
        assert room >= text, (field.get_attribute("id"), room, text)
        for button in stepper.locator("button").all():
            size = button.bounding_box()
            assert size["width"] >= 44, size
            assert size["height"] >= 44, size
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[page.size]["width"]
    page.locator("details.extras").scroll_into_view_if_needed()
    screenshot(page.locator("details.extras"), f"desk-table-extras-{page.size}")


def test_the_desk_pages_fit_the_screen_and_wide_lists_scroll_in_their_box(desk_page, screenshot):
    """A phone at the door: no page of a played evening is wider than the screen (the navigation
    and the forms stay in reach); a list wider than the screen scrolls sideways in its box."""
    page = desk_page
    table = seated_table(5)
    play_series(table)
    first = table.series.tournament.entries.order_by("start_number").first().player
    first.name = "Monika Zimmermann-Schäfer"  # a name and a club as long as real ones
    first.club_name = "Doppelkopffreunde Kreuz-Dame Bielefeld"
    first.save()
    tournament = table.series.tournament.pk
    width = SIZES[page.size]["width"]
    boxed = {}
    for address in ("/desk/", "/desk/players/", f"/desk/{tournament}/entries/",
                    f"/desk/{tournament}/series/1/", f"/desk/{tournament}/results/",
                    f"/desk/{tournament}/money/"):  # fmt: skip
        page.goto(address)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, address
        boxed[address] = page.eval_on_selector_all(
            "table.list", "lists => lists.some(list => list.scrollWidth > list.clientWidth + 1)"
        )
    page.goto(f"/desk/{tournament}/entries/")
    check_in = page.locator(".here-button").first
    page.evaluate(
        "button => button.closest('tr').scrollIntoView({block: 'center'})",
        check_in.element_handle(),
    )
    box = page.locator("#entry-list").bounding_box()  # on a phone the list's scroll box
    shown = min(width, box["x"] + box["width"])
    assert check_in.bounding_box()["x"] + check_in.bounding_box()["width"] <= shown  # no swipe
    club = page.locator("#entry-list tbody tr").first.get_by_text(
        "Doppelkopffreunde Kreuz-Dame Bielefeld"
    )
    # the club once: in its own column, on a phone under the name
    assert [shown.is_visible() for shown in club.all()].count(True) == 1
    screenshot(page.locator("#entry-list"), f"desk-entries-{page.size}")
    if page.size == "phone":
        assert boxed[f"/desk/{tournament}/series/1/"], boxed  # wider than a phone: it scrolls
        board = page.locator("table.board")
        page.goto(f"/desk/{tournament}/series/1/")
        board.locator("thead").scroll_into_view_if_needed()
        last = board.locator("thead th").last
        expect(last).not_to_be_in_viewport()
        board.evaluate("list => { list.scrollLeft = list.scrollWidth; }")
        expect(last).to_be_in_viewport()
        screenshot(board, "desk-series-board-phone-scrolled")
    else:
        assert not any(boxed.values()), boxed
