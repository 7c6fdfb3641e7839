"""The page's series script (static/captain/series.js) follows the series engine exactly.

Offline, the captain's page works out the next deal (dealer, who sits out, a Vorführung) from
the server's last state and the deals still waiting. Random valid series are replayed by the
Python engine and, from a random point on, by the script in the browser: both must agree on
every next deal and on where the rotation stands.
"""

import random
from dataclasses import asdict

import pytest

from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table
from tournaments.engine.series import PlayedDeal, SeriesSettings, replay

pytestmark = pytest.mark.django_db(transaction=True)

CONTRACTS = ("normal", "wedding", "silent_wedding", "poverty")


def random_case(rng: random.Random) -> dict:
    """A random valid series; the server knows it up to ``split``, the page the deals after."""
    settings = SeriesSettings(
        table_size=rng.choice((4, 5)),
        normal_deals=rng.randint(0, 12),
        compulsory_solos=rng.random() < 0.8,
    )
    time_up = rng.choice([None, None, rng.randint(0, 10)])
    deals: list[PlayedDeal] = []
    while upcoming := replay(settings, deals, time_up_after=_called(time_up, deals)).next_deal:
        deals.append(_a_deal(rng, upcoming))
    # Time is called at the server, so the page only ever continues after it was called.
    split = rng.randint(min(time_up, len(deals)) if time_up is not None else 0, len(deals))
    stop = rng.randint(split, len(deals))
    start = replay(settings, deals[:split], time_up_after=_called(time_up, deals[:split]))
    end = replay(settings, deals[:stop], time_up_after=_called(time_up, deals[:stop]))
    return {
        "settings": {
            "table_size": settings.table_size,
            "compulsory_solos": settings.compulsory_solos,
        },
        "cursor": _cursor(settings, start),
        "deals": [
            {"soloist": deal.soloist, "contract": deal.contract} for deal in deals[split:stop]
        ],
        "expected": {"cursor": _cursor(settings, end), "next": _next(end.next_deal)},
    }


def _called(time_up: int | None, deals: list) -> int | None:
    return time_up if time_up is not None and time_up <= len(deals) else None


def _a_deal(rng: random.Random, upcoming) -> PlayedDeal:
    if upcoming.forced_soloist is not None:
        return PlayedDeal(soloist=upcoming.forced_soloist, contract="solo")
    if rng.random() < 0.4:
        return PlayedDeal(soloist=rng.choice(upcoming.players), contract="solo")
    return PlayedDeal(soloist=None, contract=rng.choice(CONTRACTS))


def _cursor(settings: SeriesSettings, state) -> dict:
    return {
        "normal_limit": state.deals_total - settings.compulsory_solo_count,
        "deals_played": state.deals_played,
        "rotation_dealer": state.rotation_dealer,
        "normal_played": state.normal_played,
        "compulsory_done": sorted(state.compulsory_done),
    }


def _next(upcoming) -> dict | None:
    return {**asdict(upcoming), "players": list(upcoming.players)} if upcoming else None


FOLLOW = """(cases) => cases.map((one) => {
    let cursor = one.cursor;
    for (const deal of one.deals) {
        cursor = KarlchenSeries.after(one.settings, cursor, deal);
        if (cursor === null) return {refused: deal};
    }
    cursor = {...cursor, compulsory_done: [...cursor.compulsory_done].sort()};
    return {cursor: cursor, next: KarlchenSeries.nextDeal(one.settings, cursor)};
})"""


def test_the_page_follows_the_series_engine_through_random_series(phone):
    CaptainPage(phone, seated_table(4)).sign_in()
    rng = random.Random(20261202)
    cases = [random_case(rng) for _ in range(600)]
    followed = phone.evaluate(FOLLOW, cases)
    for case, result in zip(cases, followed, strict=True):
        assert result == case["expected"], case
    assert {case["settings"]["table_size"] for case in cases} == {4, 5}
    assert any(
        case["expected"]["next"] and case["expected"]["next"]["forced_soloist"] for case in cases
    )
    assert any(case["expected"]["next"] is None for case in cases)
