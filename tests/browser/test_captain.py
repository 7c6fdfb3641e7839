"""The captain's page in a real browser: a whole series entered from a phone, refusals at the
field, corrections, a five-table, confirmations, and deals entered without a connection."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from karlchen.messages import MESSAGES
from results.domain.standings import standings
from rules.doppelkopf import band_of
from scoring.domain.queries import table_state
from scoring.models import Deal, DealRevision
from seating.domain.seating import reissue_captain_token, seat_series
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import ORGA, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def german(code: str) -> str:
    with translation.override("de"):
        return str(MESSAGES[code])


def kinds(table) -> list[str]:
    return list(Deal.objects.filter(table=table).order_by("number").values_list("kind", flat=True))


# The 20 normal-game rows and 3 compulsory solos of a four-table; deal 24 is then the
# Vorführung of position 4, who never played a solo.
FOUR_TABLE_SERIES = [
    {"re": (1, 3), "points": 131, "announce": {"re": "re"}},
    {"contract": "solo", "solo": "queens", "re": (2,), "points": 121},  # Pflichtsolo; 2 deals again
    {"re": (2, 4), "points": 100},
    {"contract": "wedding", "re": (1, 2), "points": 150, "extras": {("fox", "re"): 1}},
    {"contract": "solo", "solo": "jacks", "re": (1,), "points": 80},  # lost Pflichtsolo
    {"re": (3, 4), "points": 130, "points_of": "kontra"},  # Kontra counted: Re has 110
    {"re": (1, 4), "points": 151, "announce": {"re": "no90"}},
    {"re": (2, 3), "points": 121, "announce": {"kontra": "kontra"}},
    {"contract": "solo", "solo": "diamonds", "re": (2,), "points": 140},  # Lustsolo of 2
    {"contract": "silent_wedding", "re": (4,), "points": 125},
    {"re": (1, 2), "points": 90},
    {"re": (3, 4), "points": 181, "announce": {"re": "re", "kontra": "kontra"}},
    {"contract": "solo", "solo": "fleischlos", "re": (3,), "points": 122},  # Pflichtsolo of 3
    {"re": (1, 3), "points": 120},
    {"re": (2, 4), "points": 240, "tricks": 12},  # schwarz: tricks are asked for
    {"re": (1, 4), "points": 135, "extras": {("doppelkopf", "kontra"): 1}},
    {"re": (2, 3), "points": 121},
    {"re": (1, 2), "points": 60},
    {"re": (3, 4), "points": 128},
    {"re": (1, 3), "points": 140, "extras": {("karlchen", "re"): 1}},
    {"re": (2, 4), "points": 119},
    {"re": (1, 4), "points": 121},
    {"re": (2, 3), "points": 95},
]


def test_a_captain_plays_a_whole_four_table_series(phone, screenshot):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    expect(phone.locator("#table-title")).to_contain_text("Serie 1")
    screenshot(phone, "captain-table-empty")

    # A refused deal: the message stands at the card points, nothing is stored.
    captain.fill(re=(1, 3), points=250)
    expect(captain.error_at("deal.re_points")).not_to_be_empty()
    captain.save()
    expect(phone.locator("#feedback")).to_have_attribute("data-tone", "error")
    assert Deal.objects.filter(table=table).count() == 0

    for number, deal in enumerate(FOUR_TABLE_SERIES, start=1):
        captain.play(**deal)
        if number == 1:
            captain.fill(contract="solo", solo="queens", re=(2,), points=121)
            breakdown = captain.preview_text()  # before saving: the soloist wins 3 × 1
            assert "Pflichtsolo · Damensolo" in breakdown  # the kind with the solo's type
            assert "gewonnen +1" in breakdown  # the winner's line: the heading says whose
            assert "Spieler 2\n+3" in breakdown
            screenshot(phone.locator("#deal-form"), "captain-entry-form")
            screenshot(phone, "captain-table-screen")
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # no zooming

    # Deal 24: the forced solo of position 4, announced and preselected by the page.
    expect(phone.locator(".banner.forced")).to_contain_text("Spieler 4")
    assert phone.locator('input[name="re"][value="4"]').is_checked()
    captain.play(contract="solo", solo="hearts", re=(4,), points=100)
    expect(phone.locator(".banner.done")).to_be_visible()
    expect(captain.form).to_be_hidden()  # nothing left to enter, only corrections

    assert kinds(table).count("compulsory_solo") == 3
    assert kinds(table)[1] == "compulsory_solo"
    assert kinds(table)[8] == "voluntary_solo"
    assert kinds(table)[-1] == "forced_solo"
    assert len(kinds(table)) == 24

    # A correction with a reason: a new revision, the old one kept.
    phone.locator('[data-correct="3"]').click()
    expect(captain.form).to_be_visible()
    captain.form.locator("#points").fill("110")
    captain.form.locator("#reason").fill("Augen falsch gezählt")
    captain.save()
    expect(phone.locator('[data-deal="3"]')).to_contain_text("korrigiert")
    revisions = DealRevision.objects.filter(deal__table=table, deal__number=3)
    assert list(revisions.values_list("version", "reason")) == [
        (1, ""),
        (2, "Augen falsch gezählt"),
    ]
    totals = phone.locator(".players .total").all_inner_texts()
    ranking = {row.name: row.total for row in standings(table.series.tournament)}
    assert [int(total) for total in totals] == [ranking[f"Spieler {n}"] for n in range(1, 5)]


def test_a_five_table_series_leaves_the_dealer_out(phone):
    table = seated_table(5)
    captain = CaptainPage(phone, table).sign_in()
    sat_out = []
    for _ in range(30):
        state = captain.next_deal()
        upcoming = state.next_deal
        playing = captain.playing_seats()
        assert playing == list(upcoming.players)  # the page hides who sits out
        expect(phone.locator(".progress")).to_contain_text(f"Spieler {upcoming.dealer}")
        sat_out.append(upcoming.sitting_out)
        owed = [seat for seat in playing if state.compulsory_solos[seat] == "owed"]
        if upcoming.forced_soloist:
            captain.play(contract="solo", solo="clubs", re=(upcoming.forced_soloist,), points=130)
        elif owed and upcoming.number % 6 == 2:
            captain.play(contract="solo", solo="queens", re=(owed[0],), points=110)
        else:
            captain.play(re=(playing[0], playing[2]), points=121 + upcoming.number)
    assert len(kinds(table)) == 30
    assert sorted(set(sat_out)) == [1, 2, 3, 4, 5]
    assert table_state(table).complete


def test_a_link_opens_its_own_table_only(phone, live_server):
    first = seated_table(4)
    tournament = first.series.tournament
    series = tournament.series.get(number=2)
    (second,) = seat_series(series, [[seat.entry for seat in first.seats.all()]], by=ORGA)

    response = phone.goto(f"{live_server.url}/captain/not-a-table-link/")
    assert response.status == 403
    expect(phone.locator("h1")).to_contain_text("nicht gültig")

    CaptainPage(phone, first).sign_in()
    status = phone.evaluate(
        """async (url) => {
            const data = JSON.parse(document.getElementById("captain-data").textContent);
            const answer = await fetch(url, {headers: {Authorization: "Table " + data.token}});
            return answer.status;
        }""",
        f"/api/v1/tables/{second.pk}/",
    )
    assert status == 403

    reissue_captain_token(first, by=ORGA)  # the organisers revoke the link: the phone is signed out
    phone.reload()
    expect(phone.locator("h1")).to_contain_text("nicht gültig")


def test_a_player_of_the_other_party_confirms_with_a_pin(phone):
    table = seated_table(4, confirmation_required=True)
    captain = CaptainPage(phone, table).sign_in()
    captain.play(re=(1, 3), points=131)  # position 4 keeps the list and is Kontra: Re confirms
    confirm = phone.locator('form[data-confirm="1"]')
    expect(confirm).to_be_visible()
    expect(phone.locator('[data-deal="1"]')).to_have_class("normal unconfirmed")
    assert confirm.locator('input[name="player"]').evaluate_all(
        "inputs => inputs.map(i => i.value)"
    ) == ["1", "3"]
    pin = table.seats.get(position=3).entry.pin
    wrong = "0000" if pin != "0000" else "1111"

    confirm.locator('input[name="player"][value="3"]').check()
    confirm.locator('input[name="pin"]').fill(wrong)
    confirm.locator('button[type="submit"]').click()
    expect(confirm.locator("[data-confirm-error]")).to_have_text(german("pin_wrong"))

    confirm.locator('input[name="pin"]').fill(pin)
    confirm.locator('button[type="submit"]').click()
    expect(phone.locator('form[data-confirm="1"]')).to_have_count(0)
    revision = Deal.objects.get(table=table, number=1).current
    assert revision.confirmed_by == table.seats.get(position=3).entry


def test_deals_entered_offline_are_sent_once_when_the_connection_is_back(phone):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")  # the offline helper
    captain.play(re=(1, 2), points=140)

    phone.context.set_offline(True)
    captain.fill(re=(1, 3), points=131)
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("1")
    captain.fill(contract="solo", solo="queens", re=(2,), points=150)
    captain.save()
    expect(phone.locator("#queue h2")).to_contain_text("2")
    expect(captain.form.locator("[data-form-title]")).to_contain_text("4")  # followed offline
    assert Deal.objects.filter(table=table).count() == 1

    phone.reload()  # without a connection: the page as last loaded, with what waits
    expect(phone.locator("#queue h2")).to_contain_text("2")
    expect(captain.form.locator("[data-form-title]")).to_contain_text("4")

    # Back online, but the API still unreachable: a reload keeps what waits.
    # context.route: under a service worker, page.route does not see the page's API calls
    phone.context.route("**/api/v1/**", lambda route: route.abort())
    phone.context.set_offline(False)
    phone.reload()
    expect(phone.locator("#queue h2")).to_contain_text("2")

    # The first answer is lost on the way back: the deal is sent again and stored once.
    lost = []

    def lose_first_answer(route):
        response = route.fetch()
        if not lost:
            lost.append(response.status)
            route.abort()
        else:
            route.fulfill(response=response)

    phone.context.unroute("**/api/v1/**")
    phone.context.route("**/api/v1/tables/*/deals/", lose_first_answer)
    expect(phone.locator("#queue")).to_be_hidden(timeout=20_000)
    assert lost == [201]
    assert kinds(table) == ["normal", "normal", "compulsory_solo"]
    expect(phone.locator(".deals tbody tr")).to_have_count(3)


def test_a_schafkopf_table_in_english(phone):
    table = seated_table(4, game="schafkopf", normal_deals=4)
    captain = CaptainPage(phone, table).sign_in()
    phone.locator('header button[value="en"]').click()
    expect(phone.locator("#table-title")).to_have_text("Series 1 · table 1")

    captain.fill_schafkopf(contract="rufer", suit="acorns", declarer=1, partner=3, points=130)
    expect(captain.error_at("deal.declarer_points")).to_have_text(
        "Card points must be between 0 and 120."
    )
    captain.form.locator("#points").fill("70")
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    captain.fill_schafkopf(contract="wenz", declarer=2, points=50)
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(2)

    points = [
        Deal.objects.get(table=table, number=number).current.result["points"] for number in (1, 2)
    ]
    assert points[0]["1"] == points[0]["3"] > 0  # the Rufer won
    assert points[1]["2"] < 0  # the Wenz lost
    assert kinds(table) == ["normal", "normal"]


def test_a_late_preview_answer_does_not_paint_over_a_newer_one(phone):
    """The breakdown of a deal whose entry changed, or was saved, while its preview was on the
    way is dropped: the form shows the last one asked for, and no error of an earlier state."""
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    asked, held = [], []

    def hold_some(route):
        asked.append(route)
        if len(asked) in (1, 3):  # answered below, once the form has moved on
            held.append(route)
        else:
            route.continue_()

    def until_held(count: int) -> None:
        for _ in range(100):
            if len(held) == count:
                return
            phone.wait_for_timeout(50)
        raise AssertionError(f"{len(held)} previews held, not {count}")

    phone.context.route("**/deals/preview/", hold_some)
    captain.fill(re=(1, 3), band=band_of(100))  # Re lost: this preview is held
    until_held(1)
    captain.fill(re=(1, 3), band=band_of(200))  # Re won well: this one comes
    breakdown = phone.locator("#preview")
    expect(breakdown.locator("h3")).to_be_visible()
    painted = breakdown.inner_text()
    held[0].continue_()
    phone.wait_for_timeout(500)
    assert breakdown.inner_text() == painted

    captain.fill(re=(1, 3), band=band_of(160))  # asked again, held, and saved meanwhile
    until_held(2)
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    held[1].continue_()
    phone.wait_for_timeout(500)
    expect(breakdown).to_be_empty()
    assert phone.evaluate("window.scrollY") == 0
