"""How many actions a deal costs on the captain's page: a whole series played by taps.

The deals are the demo's (``scoring.demo.generate_series``: contracts, solos, weddings,
announcements and extra points as often as tournament tables play them), entered the way a
captain enters them: every tap and every keystroke is one action, and only what differs from
the form as the page sets it up is tapped (a due Vorführung is preselected). The card points
are tapped as their band (RULES.md §3.1). Prints the count per deal and the summary
(``bench/captain_actions.py`` runs this with its output shown); fails if a plain normal game
takes more than 5 actions, the median deal more than 6, or a plain normal game needs scrolling
(extra points open in place below the announcements: those may scroll); and whatever the deal,
if Save is not on the screen once it is filled in (the save bar keeps it there) or a deal
reaches the server more than once.
"""

import random
import statistics

import pytest

from rules.doppelkopf import band_of
from scoring.demo import generate_series
from tests.browser.captain import CaptainPage
from tests.browser.conftest import PHONE
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 24  # a series with a wedding, a voluntary solo, a Vorführung and extra points
PLAIN_MOST = 5
MEDIAN_MOST = 6


def taps_for(deal: dict) -> dict:
    """The captain's entries for a deal of the contract (CaptainPage.fill's arguments)."""
    entries: dict = {"contract": deal["contract"], "re": tuple(deal["re"])}
    entries["band"] = band_of(deal["re_points"])
    if deal.get("solo"):
        entries["solo"] = deal["solo"]
    if deal.get("re_tricks") is not None:
        entries["tricks"] = deal["re_tricks"]
    announced = {
        party: level for party, level in (deal.get("announcements") or {}).items() if level
    }
    if announced:
        entries["announce"] = announced
    extras: dict = {}
    for extra in deal.get("extras") or ():
        key = (extra["type"], extra["party"])
        extras[key] = extras.get(key, 0) + 1
    if extras:
        entries["extras"] = extras
    return entries


def what(deal: dict) -> str:
    parts = [deal["contract"] + (f" {deal['solo']}" if deal.get("solo") else "")]
    parts += [
        f"{party} {level}" for party, level in (deal.get("announcements") or {}).items() if level
    ]
    parts += [f"{extra['type']} ({extra['party']})" for extra in deal.get("extras") or ()]
    return ", ".join(parts)


def is_plain(deal: dict) -> bool:
    announced = any((deal.get("announcements") or {}).values())
    schwarz = deal.get("re_tricks") is not None
    return deal["contract"] == "normal" and not announced and not deal.get("extras") and not schwarz


def on_one_screen(captain: CaptainPage) -> bool:
    """Nothing scrolled to tap, and Save (under the breakdown) within the screen."""
    captain.preview_text()  # the deal's breakdown has come
    save = captain.form.locator('button[type="submit"]').bounding_box()
    scrolled = captain.page.evaluate("window.scrollY")
    return scrolled == 0 and save["y"] + save["height"] <= PHONE["height"]


def save_in_reach(captain: CaptainPage) -> bool:
    """Save is on the screen as the deal stands, wherever the page is scrolled to."""
    save = captain.form.locator('button[type="submit"]').bounding_box()
    return save["y"] >= 0 and save["y"] + save["height"] <= PHONE["height"]


def test_a_series_played_by_taps_meets_the_action_targets(phone):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    sent = []  # every save that reached the network (a record is a POST to the deals)

    def on_request(request) -> None:
        if request.method == "POST" and request.url.endswith("/deals/"):
            sent.append(request.post_data_json["idempotency_key"])

    phone.on("request", on_request)
    settings = table.series.tournament.series_settings(4)
    deals = generate_series(random.Random(SEED), settings)
    counts, scrolled, out_of_reach = [], [], []
    print(f"\nThe captain's actions per deal (seed {SEED}, {len(deals)} deals, 360×740):")
    for generated in deals:
        deal = generated.deal
        captain.actions = 0
        captain.fill(**taps_for(deal))
        if is_plain(deal) and not on_one_screen(captain):
            scrolled.append(generated.upcoming.number)
        if not save_in_reach(captain):
            out_of_reach.append(generated.upcoming.number)
        rows = captain.sheet_rows()
        captain.save()
        captain.page.locator(".deals tbody tr").nth(rows).wait_for()
        counts.append((deal, captain.actions))
        print(f"  {generated.upcoming.number:2}  {captain.actions:2}  {what(deal)}")
    plain = [actions for deal, actions in counts if is_plain(deal)]
    every = [actions for _deal, actions in counts]
    print(
        f"plain normal games: {len(plain)}, actions {min(plain)}–{max(plain)} "
        f"(target ≤ {PLAIN_MOST}); every deal: median {statistics.median(every)} "
        f"(target ≤ {MEDIAN_MOST}), mean {statistics.mean(every):.1f}, most {max(every)}; "
        f"normal games that needed scrolling: {len(scrolled)}; deals whose Save needed a swipe: "
        f"{len(out_of_reach)}; deals sent more than once: {len(sent) - len(set(sent))}"
    )
    assert max(plain) <= PLAIN_MOST
    assert statistics.median(every) <= MEDIAN_MOST
    assert scrolled == []
    assert out_of_reach == []
    assert len(sent) == len(set(sent)) == len(deals)
