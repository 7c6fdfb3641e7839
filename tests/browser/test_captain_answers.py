"""What the captain's page says when the server refuses a save, answers late or not at all, and
that a save still on its way is never sent a second time by the page's own retry timer."""

import re

import pytest
from django.utils import timezone, translation
from playwright.sync_api import expect

from karlchen.messages import MESSAGES
from scoring.models import Deal
from scoring.views import RETRY_SECONDS, TEXTS
from tests.browser.captain import CaptainPage
from tests.factories.tournaments import seated_table
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SAVES = re.compile(r"/deals/(\d+/)?$")  # a record (POST) or a correction (PUT), not a preview


@pytest.fixture
def shipped_retry_timer(settings):
    """The retry timer as shipped (every 5 s): the page's clock is run on by the test."""
    settings.CAPTAIN_RETRY_SECONDS = RETRY_SECONDS


def german(text) -> str:
    with translation.override("de"):
        return str(text)


def test_a_correction_refused_because_the_results_became_final_says_so_at_the_form(phone):
    table = seated_table(4)
    captain = CaptainPage(phone, table).sign_in()
    captain.play(re=(1, 3), band="121-150")
    # Meanwhile the organiser marks the results final; the captain's page still shows the form.
    Tournament.objects.filter(pk=table.series.tournament_id).update(
        results_final_at=timezone.now(), results_final_by="Orga"
    )
    phone.locator('[data-correct="1"]').click()
    captain.form.locator("#reason").fill("Falsch eingetragen")
    captain.fill(re=(1, 3), band="90-119")
    captain.save()

    refusal = german(MESSAGES["results_final"]).split("%")[0].strip()
    expect(captain.error_at("deal")).to_contain_text(refusal)
    expect(phone.locator("#status")).not_to_contain_text(german(TEXTS["saving"]))
    assert Deal.objects.get(table=table).current.version == 1  # nothing changed


def test_a_save_still_on_its_way_is_not_sent_again_by_the_retry_timer(phone, shipped_retry_timer):
    table = seated_table(4)
    phone.clock.install()  # the page's timers, run on below rather than waited for
    captain = CaptainPage(phone, table).sign_in()
    held = []  # the saves that reached the network, held back like a slow server's answer
    phone.route(SAVES, lambda route: held.append(route))
    captain.fill(re=(1, 3), points=131)
    captain.save()
    expect(phone.locator("#status")).to_contain_text(german(TEXTS["saving"]))
    phone.clock.run_for(11_000)  # the retry timer (every 5 s) has fired twice meanwhile

    assert len(held) == 1
    held[0].continue_()
    phone.unroute(SAVES)

    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    expect(phone.locator("#feedback")).to_contain_text(german(TEXTS["saved"] % {"number": 1}))
    expect(phone.locator("#status")).not_to_contain_text(german(TEXTS["sent_one"]))
    assert Deal.objects.filter(table=table).count() == 1


def test_a_save_the_server_never_answers_is_kept_with_a_message_and_sent_again(
    phone, shipped_retry_timer
):
    table = seated_table(4)
    phone.clock.install()  # the page's timers: its send timeout and its retry
    captain = CaptainPage(phone, table).sign_in()
    held = []
    phone.route(SAVES, lambda route: held.append(route))
    captain.fill(re=(1, 3), points=131)
    captain.save()
    expect(phone.locator("#status")).to_contain_text(german(TEXTS["saving"]))

    phone.clock.run_for(21_000)  # past the send timeout, nothing answered

    expect(phone.locator("#status")).to_contain_text(german(TEXTS["server_trouble"]))
    phone.unroute(SAVES)
    phone.clock.run_for(6_000)  # the retry timer sends it again, with the same key
    expect(phone.locator(".deals tbody tr")).to_have_count(1)
    assert Deal.objects.filter(table=table).count() == 1


def test_a_deal_kept_offline_leaves_the_phone_at_the_top_of_the_next_deal(phone):
    captain = CaptainPage(phone, seated_table(4)).sign_in()
    captain.fill(re=(1, 3), band="121-150", extras={("fox", "re"): 1})
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the extras, below
    assert phone.evaluate("window.scrollY") > 0
    phone.context.set_offline(True)
    captain.save()

    expect(phone.locator("#status")).to_contain_text(german(TEXTS["offline_kept"]))
    assert phone.evaluate("window.scrollY") == 0
