"""The page's series script (static/captain/series.js) follows the series engine exactly.

Offline, the captain's page works out the next deal (dealer, who sits out, a Vorführung) from
the server's last state and the deals still waiting. Random valid series are replayed by the
Python engine and, from a random point on, by the script in the browser: both must agree on
every next deal, on where the rotation stands and on the Bock rounds; the script tells which deals
start a Bock round exactly as the rules engine does.
"""

import random
from dataclasses import asdict

import pytest

from karlchen.refusals import Refused
from rules.doppelkopf import (
    BOCK_TRIGGERS,
    KONTRA_LEVELS,
    POINT_BANDS,
    RE_LEVELS,
    bock_triggers,
    deal_from_dict,
    parse_doppelkopf_rules,
)
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table
from tournaments.engine.series import (
    BockMode,
    BockSettings,
    BockStacking,
    PlayedDeal,
    SeriesSettings,
    replay,
)

pytestmark = pytest.mark.django_db(transaction=True)

CONTRACTS = ("normal", "wedding", "silent_wedding", "poverty")


def random_case(rng: random.Random) -> dict:
    """A random valid series; the server knows it up to ``split``, the page the deals after."""
    table_size = rng.choice((4, 5))
    bock = None
    if rng.random() < 0.6:
        bock = BockSettings(
            length=rng.choice((table_size, rng.randint(1, 6))),
            stacking=rng.choice(list(BockStacking)),
            multiplier=rng.randint(2, 4),
            max_level=rng.randint(1, 4),
            pause_compulsory_solos=rng.random() < 0.5,
            mode=rng.choice(list(BockMode)),
            add_points=rng.randint(1, 3),
        )
    settings = SeriesSettings(
        table_size=table_size,
        normal_deals=rng.randint(0, 12),
        compulsory_solos=rng.random() < 0.8,
        bock=bock,
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
            "bock": None if bock is None else asdict(bock),
        },
        "cursor": _cursor(settings, start),
        "deals": [
            {"soloist": deal.soloist, "contract": deal.contract, "bock_trigger": deal.bock_trigger}
            for deal in deals[split:stop]
        ],
        "expected": {"cursor": _cursor(settings, end), "next": _next(end.next_deal)},
    }


def _called(time_up: int | None, deals: list) -> int | None:
    return time_up if time_up is not None and time_up <= len(deals) else None


def _a_deal(rng: random.Random, upcoming) -> PlayedDeal:
    trigger = rng.random() < 0.3
    if upcoming.forced_soloist is not None:
        return PlayedDeal(soloist=upcoming.forced_soloist, contract="solo", bock_trigger=trigger)
    if rng.random() < 0.4:
        soloist = rng.choice(upcoming.players)
        return PlayedDeal(soloist=soloist, contract="solo", bock_trigger=trigger)
    return PlayedDeal(soloist=None, contract=rng.choice(CONTRACTS), bock_trigger=trigger)


def _cursor(settings: SeriesSettings, state) -> dict:
    return {
        "normal_limit": state.deals_total - settings.compulsory_solo_count,
        "deals_played": state.deals_played,
        "rotation_dealer": state.rotation_dealer,
        "normal_played": state.normal_played,
        "compulsory_done": sorted(state.compulsory_done),
        "bock_rounds": list(state.bock_rounds),
    }


def _next(upcoming) -> dict | None:
    return {**asdict(upcoming), "players": list(upcoming.players)} if upcoming else None


ALL_TRIGGERS = sorted(BOCK_TRIGGERS)


def random_entered(rng: random.Random) -> dict:
    """A Doppelkopf deal as entered, often one that fires a Bock trigger."""
    contract = rng.choice(("normal", "normal", "solo", "silent_wedding"))
    points = rng.choice((120, 120, rng.randint(0, 240)))
    deal = {
        "contract": contract,
        "re": [1] if contract != "normal" else [1, 3],
        "re_points": points,
        "announcements": {"re": rng.choice(RE_LEVELS), "kontra": rng.choice(KONTRA_LEVELS)},
        "extras": [],
    }
    if contract == "solo":
        deal["solo"] = "queens"
    if points in (0, 240) or rng.random() < 0.3:
        deal["re_tricks"] = (
            rng.choice((0, 1, 6, 11, 12))
            if points not in (0, 240)
            else (rng.choice((0, 1)) if points == 0 else rng.choice((11, 12)))
        )
    if contract == "normal" and rng.random() < 0.3:
        deal["extras"] = [{"type": "karlchen_caught", "party": rng.choice(("re", "kontra"))}]
    if rng.random() < 0.3:  # a club that does not count enters the band (API.md §4.1)
        points = deal.pop("re_points")
        deal["re_band"] = next(
            band for band, (low, high) in POINT_BANDS.items() if low <= points <= high
        )
    return deal


def trigger_cases(rng: random.Random, count: int) -> list[dict]:
    rules = parse_doppelkopf_rules({"bock_triggers": ALL_TRIGGERS, "extras": ["karlchen_caught"]})
    cases = []
    while len(cases) < count:
        entered = random_entered(rng)
        try:
            fired = bock_triggers(rules, deal_from_dict(entered))
        except Refused:
            continue
        cases.append({"deal": entered, "fired": sorted(fired)})
    return cases


def test_the_page_tells_which_deals_start_a_bock_round_as_the_rules_engine_does(phone):
    CaptainPage(phone, seated_table(4)).sign_in()
    cases = trigger_cases(random.Random(20261203), 800)
    settings = {"bock_triggers": ALL_TRIGGERS, "tricks": 12}
    found = phone.evaluate(
        "([s, cases]) => cases.map((one) => KarlchenSeries.bockTriggers(s, one.deal))",
        [settings, cases],
    )
    for case, fired in zip(cases, found, strict=True):
        assert fired == case["fired"], case
    assert {trigger for case in cases for trigger in case["fired"]} == set(ALL_TRIGGERS)
    only_tie = {"bock_triggers": ["tie_120"], "tricks": 12}
    tie = next(case["deal"] for case in cases if "tie_120" in case["fired"])
    assert phone.evaluate("([s, d]) => KarlchenSeries.bockTriggers(s, d)", [only_tie, tie]) == [
        "tie_120"
    ]


def test_a_deal_entered_offline_starts_its_bock_round_on_the_page(phone):
    CaptainPage(phone, seated_table(4)).sign_in()
    settings = {
        "table_size": 4,
        "compulsory_solos": True,
        "bock": {
            "length": 4,
            "stacking": "multiply",
            "multiplier": 2,
            "max_level": 3,
            "pause_compulsory_solos": False,
        },
        "bock_triggers": ["tie_120"],
        "tricks": 12,
    }
    cursor = {
        "normal_limit": 20,
        "deals_played": 0,
        "rotation_dealer": 1,
        "normal_played": 0,
        "compulsory_done": [],
        "bock_rounds": [],
    }
    tie = {"contract": "normal", "re": [1, 3], "re_points": 120}
    nxt = phone.evaluate(
        """([s, c, d]) => {
            const after = KarlchenSeries.after(s, c, KarlchenSeries.played("doppelkopf", d));
            return KarlchenSeries.nextDeal(s, after).bock;
        }""",
        [settings, cursor, tie],
    )
    assert nxt == {"level": 1, "factor": 2, "deals_left": 4, "points": 0}
    adding = {**settings, "bock": {**settings["bock"], "mode": "add", "add_points": 2}}
    nxt = phone.evaluate(
        """([s, c, d]) => {
            const after = KarlchenSeries.after(s, c, KarlchenSeries.played("doppelkopf", d));
            return KarlchenSeries.nextDeal(s, after).bock;
        }""",
        [adding, cursor, tie],
    )
    assert nxt == {"level": 1, "factor": 1, "deals_left": 4, "points": 2}


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
    bock_next = [case["expected"]["next"] for case in cases if case["expected"]["next"]]
    assert any(upcoming["bock"]["level"] > 1 for upcoming in bock_next)
    assert any(upcoming["bock"]["points"] > 1 for upcoming in bock_next)


QUICK_ENTRIES = [
    {"entry": "value", "value": 2, "winners": [1, 3], "contract": "normal", "soloist": None},
    {"entry": "value", "value": 1, "winners": [2], "contract": "solo", "soloist": 2},
    {
        "entry": "points",
        "points": {"1": -3, "2": 1, "3": 1, "4": 1},
        "contract": "solo",
        "soloist": 1,
    },
    {"entry": "value", "value": 1, "winners": [4], "contract": "silent_wedding", "soloist": None},
    {"entry": "value", "value": 0, "winners": [], "contract": "solo", "soloist": 3},
    {
        "entry": "value",
        "value": 3,
        "winners": [1, 2],
    },  # as a client may send it: the server completes it
]


def test_the_page_reads_quick_entries_as_the_series_engine_does(phone):
    CaptainPage(phone, seated_table(4)).sign_in()
    found = phone.evaluate(
        "deals => deals.map((deal) => KarlchenSeries.played('doppelkopf', deal))", QUICK_ENTRIES
    )
    for deal, played in zip(QUICK_ENTRIES, found, strict=True):
        expected = PlayedDeal.of_result("doppelkopf", deal)
        assert played == {
            "soloist": expected.soloist,
            "contract": expected.contract,
            "bock_trigger": False,
        }, deal
