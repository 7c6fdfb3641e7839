"""A season of three club evenings, walked as a club runs it: the season set up at
the desk (its evenings entered by game value), each evening started from the season, its players
checked in and series 1 seated with one tap each, the deals entered on the captain's phone by
quick entry (the second evening by points per player), a deal of the first evening corrected
afterwards, and the season ranking at /s/<id>/ changing with it."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import translation
from playwright.sync_api import expect

from scoring.labels import LINES
from scoring.models import Deal
from seasons.models import Season, SeasonEvening
from tests.browser.captain import CaptainPage
from tests.browser.conftest import PHONE, browser_page

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1280, "height": 800}
NAMES = ["Anna Adler", "Bernd Berg", "Carla Clausen", "Dieter Dorn"]


@pytest.fixture
def desk(chromium, live_server):
    get_user_model().objects.create_user("leitung", password="geheim-genug")
    cache.clear()
    with browser_page(chromium, live_server, viewport=LAPTOP) as page:
        page.goto("/desk/")
        page.fill("#id_username", "leitung")
        page.fill("#id_password", "geheim-genug")
        page.get_by_role("button", name="Anmelden").click()
        yield page


def german(words) -> str:
    with translation.override("de"):
        return str(words)


def submit(page, selector: str) -> None:
    page.locator(selector).locator('button[type="submit"]').click()


def start_evening(desk, season) -> object:
    """ "Start the next evening" on the season's desk page: a draft with the regulars entered."""
    desk.goto(f"/desk/seasons/{season.pk}/")
    submit(desk, 'form:has(input[name="action"][value="new"])')
    expect(desk).to_have_url(re.compile(r"/entries/$"))
    return SeasonEvening.objects.filter(season=season).latest("tournament_id").tournament


def check_in_and_seat(desk, tournament) -> None:
    """The overview's two taps, then the evening is opened to the spectators."""
    desk.goto(f"/desk/{tournament.pk}/")
    submit(desk, 'form[action$="/entries/check-in-all/"]')
    expect(desk).to_have_url(re.compile(rf"/desk/{tournament.pk}/$"))
    submit(desk, 'form[action$="/series/1/seat/"]')
    expect(desk.locator(".board tbody tr")).to_have_count(1)
    desk.goto(f"/desk/{tournament.pk}/")
    desk.select_option("#status", "running")
    submit(desk, 'form:has(select[name="status"])')


def score_of(phone, season, name: str) -> int:
    phone.goto(f"/s/{season.pk}/")
    row = phone.locator("#season-ranking tbody tr", has_text=name)
    return int(row.locator("td.num").first.inner_text().replace("−", "-"))


def test_a_season_of_three_evenings_with_a_correction_in_the_first(
    desk, chromium, live_server, eager_celery, screenshot
):
    # The season: its evenings play one series of two normal deals, entered by game value.
    desk.goto("/desk/seasons/")
    desk.fill("#id_name", "Clubmeisterschaft")
    desk.fill("#id_series_count", "1")
    desk.fill("#id_normal_deals", "2")
    desk.check('input[name="entry_mode"][value="value"]')
    submit(desk, 'form[action="/desk/seasons/"]')
    season = Season.objects.get()
    assert season.entry_mode == "value"

    # Evening 1: nobody played before, so the players are entered at the desk.
    first = start_evening(desk, season)
    assert first.entry_mode == "value"
    for name in NAMES:  # newcomers: the desk asks before it makes a new person
        desk.fill("#id_name", name)
        submit(desk, f'form[action="/desk/{first.pk}/entries/"]')
        desk.check("#id_new_person")
        submit(desk, f'form[action="/desk/{first.pk}/entries/"]')
        expect(desk.locator("#entry-list")).to_contain_text(name)
    check_in_and_seat(desk, first)
    first_table = first.series.get(number=1).tables.get()
    seated = {seat.position: seat.entry.player.name for seat in first_table.seats.all()}

    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        captain = CaptainPage(phone, first_table).sign_in()
        captain.fill_quick_value(2, (1, 3))
        entered = german(LINES["entered_value"])  # the phone speaks German
        expect(phone.locator("#preview")).to_contain_text(entered)
        captain.save()
        expect(phone.locator(".deals tbody tr")).to_have_count(1)
        captain.fill_quick_value(1, (2,))  # one winner: position 2's compulsory solo
        expect(phone.locator("#preview")).to_contain_text("+3")
        screenshot(phone, "captain-quick-value")
        captain.save()
        expect(phone.locator(".deals tbody tr")).to_have_count(2)
        assert Deal.objects.get(table=first_table, number=2).kind == "compulsory_solo"

    # Evening 2: the regulars are entered already; this evening is entered by points.
    second = start_evening(desk, season)
    assert second.entries.count() == 4
    desk.goto(f"/desk/{second.pk}/setup/")
    desk.check('input[name="entry_mode"][value="points"]')
    submit(desk, "form.setup")
    second.refresh_from_db()
    assert second.entry_mode == "points"
    check_in_and_seat(desk, second)
    second_table = second.series.get(number=1).tables.get()
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        captain = CaptainPage(phone, second_table).sign_in()
        sum_check = phone.locator("[data-zero-sum]")
        captain.fill_quick_points({1: 3, 2: -3, 3: 3})
        expect(sum_check).to_have_attribute("data-tone", "bad")
        captain.fill_quick_points({4: -3})
        expect(sum_check).to_have_attribute("data-tone", "")
        screenshot(phone, "captain-quick-points")
        captain.save()
        expect(phone.locator(".deals tbody tr")).to_have_count(1)

    # Evening 3: by game value again, as the season says.
    third = start_evening(desk, season)
    assert third.entry_mode == "value"
    check_in_and_seat(desk, third)
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as phone:
        captain = CaptainPage(phone, third.series.get(number=1).tables.get()).sign_in()
        captain.fill_quick_value(1, (1, 2))
        captain.save()
        expect(phone.locator(".deals tbody tr")).to_have_count(1)

        # The season ranking, then a correction of evening 1's first deal on its phone.
        before = score_of(phone, season, seated[1])
        ranking_before = phone.locator("#season-ranking").inner_text()
        captain = CaptainPage(phone, first_table).sign_in()
        phone.locator('[data-correct="1"]').click()
        expect(phone.locator('input[name="quick_value"][value="2"]')).to_be_checked()
        captain.fill_quick_value(2, (2, 4))
        phone.locator("[data-reason-choice]").first.click()
        captain.save()
        expect(phone.locator('tr[data-deal="1"]')).to_contain_text("korrigiert")
        assert score_of(phone, season, seated[1]) == before - 4
        assert phone.locator("#season-ranking").inner_text() != ranking_before
        screenshot(phone, "season-after-correction")
