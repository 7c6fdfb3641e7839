"""Schafkopf on the captain's page: a club evening's games by taps (the band of the declarer's
card points, Kontra and Klopfen among the doublings, a Ramsch with each player's points)."""

import pytest
from playwright.sync_api import expect

from scoring.models import Deal, DealRevision
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table

pytestmark = pytest.mark.django_db(transaction=True)


def tap(captain: CaptainPage, name: str, value) -> None:
    captain.form.locator(f'input[name="{name}"][value="{value}"]').click()


def test_a_club_evening_records_a_doubled_wenz_and_a_ramsch_by_taps(phone, screenshot):
    table = seated_table(4, game="schafkopf", rules={"preset": "club_evening"})
    captain = CaptainPage(phone, table).sign_in()

    # A Wenz of player 2 with 61–90, Kontra by player 3, knocked by player 1: 5 × 2 × 2.
    tap(captain, "contract", "wenz")
    tap(captain, "declarer", 2)
    tap(captain, "band", "61-90")
    captain.form.locator("[data-doublings] summary").click()
    tap(captain, "knocked", 1)
    tap(captain, "kontra", 3)
    expect(captain.form.locator("[data-doublings-count]")).to_have_text("(2)")
    expect(phone.locator("#preview h3")).to_contain_text("20")
    screenshot(phone, "captain-schafkopf-doubled-wenz")
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    stored = DealRevision.objects.get().input
    assert (stored["declarer_band"], stored["knocked"], stored["kontra"]) == ("61-90", [1], 3)
    assert Deal.objects.get().current.result["points"] == {"1": -20, "2": 60, "3": -20, "4": -20}

    # A Ramsch: everyone passed; each player's card points, the most loses.
    tap(captain, "contract", "ramsch")
    expect(captain.form.locator('input[name="declarer"]').first).to_be_hidden()
    for seat, points in {1: 10, 2: 25, 3: 50, 4: 35}.items():
        captain.form.locator(f"#ramsch-{seat}").fill(str(points))
    expect(phone.locator("#preview h3")).to_be_visible()
    screenshot(phone, "captain-schafkopf-ramsch")
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(2)
    ramsch = Deal.objects.get(number=2).current
    assert ramsch.input["ramsch_points"] == {"1": 10, "2": 25, "3": 50, "4": 35}
    points = ramsch.result["points"]
    assert [seat for seat, amount in points.items() if amount < 0] == ["3"]  # most points


def test_a_ramsch_tie_asks_who_took_the_highest_trump_only_while_players_are_level(phone):
    rules = {"preset": "club_evening", "ramsch_tie": "tricks_then_trump", "ramsch_jungfrau": False}
    table = seated_table(4, game="schafkopf", rules=rules)
    captain = CaptainPage(phone, table).sign_in()
    question = captain.form.locator("[data-ramsch-top-trump]")
    tap(captain, "contract", "ramsch")
    for seat, points in {1: 40, 2: 40, 3: 25, 4: 15}.items():
        captain.form.locator(f"#ramsch-{seat}").fill(str(points))
    expect(question).to_be_hidden()  # the tricks come first
    for seat, tricks in {1: 3, 2: 3, 3: 1, 4: 1}.items():
        captain.form.locator(f'[data-ramsch-tricks="{seat}"]').fill(str(tricks))
    expect(question).to_be_visible()
    # only the two level players can be tapped
    expect(question.locator("[data-top-trump-seat]:visible")).to_have_count(2)
    expect(question.locator('[data-top-trump-seat="3"]')).to_be_hidden()
    # more tricks decide: the question goes away again
    captain.form.locator('[data-ramsch-tricks="2"]').fill("2")
    captain.form.locator('[data-ramsch-tricks="3"]').fill("2")
    expect(question).to_be_hidden()
    captain.form.locator('[data-ramsch-tricks="2"]').fill("3")
    captain.form.locator('[data-ramsch-tricks="3"]').fill("1")
    expect(question).to_be_visible()
    captain.save()  # without the answer: the server asks for it
    expect(captain.error_at("deal.ramsch_top_trump")).not_to_be_empty()
    tap(captain, "ramsch_top_trump", 2)
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    stored = Deal.objects.get().current
    assert stored.input["ramsch_top_trump"] == 2
    assert stored.result["points"] == {"1": 2, "2": -6, "3": 2, "4": 2}


def test_where_the_trump_played_decides_the_captain_is_asked_who_played_it(phone):
    rules = {"ramsch": True, "ramsch_tie": "trump", "ramsch_highest_trump": "played"}
    table = seated_table(4, game="schafkopf", rules=rules)
    captain = CaptainPage(phone, table).sign_in()
    question = captain.form.locator("[data-ramsch-top-trump]")
    tap(captain, "contract", "ramsch")
    for seat, points in {1: 40, 2: 40, 3: 25, 4: 15}.items():
        captain.form.locator(f"#ramsch-{seat}").fill(str(points))
    expect(question).to_be_visible()
    expect(question.locator("legend")).to_have_text(
        "Gleichauf mit den meisten Augen: Wer hat den höchsten Trumpf gespielt?"
    )
    captain.save()  # without the answer: the server asks who played it
    expect(captain.error_at("deal.ramsch_top_trump")).to_have_text(
        "Die Spieler 1, 2 liegen gleichauf: "
        "Bitte angeben, wer von ihnen den höchsten Trumpf gespielt hat."
    )
    tap(captain, "ramsch_top_trump", 1)
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    assert Deal.objects.get().current.result["points"] == {"1": -6, "2": 2, "3": 2, "4": 2}


def test_a_farbwenz_tout_and_a_leaster_by_taps(phone):
    rules = {"farbwenz": True, "leaster": True}
    table = seated_table(4, game="schafkopf", rules=rules)
    captain = CaptainPage(phone, table).sign_in()
    # the Touts of games the rules do not play are not offered
    expect(captain.form.locator('input[name="contract"][value="geier_tout"]')).to_have_count(0)
    expect(captain.form.locator('input[name="contract"][value="ramsch"]')).to_have_count(0)

    tap(captain, "contract", "farbwenz_tout")
    tap(captain, "suit", "hearts")
    tap(captain, "declarer", 2)
    tap(captain, "band", "120")
    tap(captain, "declarer_tricks", 8)
    tap(captain, "laufende", 3)  # a Farbwenz counts them from 3
    expect(phone.locator("#preview h3")).to_contain_text("16")  # 10 + 3 × 2
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    tout = Deal.objects.get(number=1).current
    assert (tout.input["contract"], tout.input["suit"]) == ("farbwenz_tout", "hearts")
    assert tout.result["points"] == {"1": -16, "2": 48, "3": -16, "4": -16}

    tap(captain, "contract", "leaster")
    expect(captain.form.locator('input[name="declarer"]').first).to_be_hidden()
    for seat, points in {1: 10, 2: 45, 3: 40, 4: 25}.items():
        captain.form.locator(f"#ramsch-{seat}").fill(str(points))
    expect(phone.locator("#preview h3")).to_be_visible()
    captain.save()
    expect(phone.locator(".deals tbody tr")).to_have_count(2)
    leaster = Deal.objects.get(number=2).current
    assert leaster.result["points"] == {"1": 6, "2": -2, "3": -2, "4": -2}
    assert leaster.result["winner"] == "leaster_winners"
