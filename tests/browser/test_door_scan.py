"""The door's scan in the browser: chromium's camera (a video of the sign-up's QR code) shows the
code, the door list decodes it (jsQR: chromium on Linux has no BarcodeDetector), checks the
player in and says, aloud for screen readers, who it is and what is still to pay."""

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from signups.domain.checkin_code import checkin_code
from signups.domain.signups import confirm
from signups.models import SignUp
from tests.browser.axe import described, violations
from tests.browser.conftest import PHONE
from tests.browser.fake_camera import door_with_camera, write_video
from tests.signups.conftest import announced, signed_up

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_camera_reads_the_code_and_checks_the_player_in(
    chromium, live_server, eager_celery, tmp_path, screenshot
):
    cache.clear()
    tournament = announced(fee=1_000, category_fees={"Jugend": 500})
    signup = signed_up(tournament, 1, category="Jugend")
    confirm(signup)
    signup = SignUp.objects.get(pk=signup.pk)
    # a second of an empty wall, then the player holds up the code for three seconds
    video = write_video(tmp_path / "door.y4m", [(None, 10), (checkin_code(signup), 30)])
    with door_with_camera(
        chromium, live_server, tournament, video, viewport=PHONE, has_touch=True
    ) as door:
        result = door.locator("[data-scan-result]")
        expect(result).to_have_attribute("aria-live", "polite")
        found = {"door": violations(door)}
        door.get_by_role("button", name="Scannen").click()
        expect(result).to_have_text(
            f"{signup.entry.start_number}. Anna 1 (Jugend) ist eingecheckt: noch 5 € zu zahlen.",
            timeout=20_000,
        )
        expect(result).to_have_attribute("data-tone", "ok")
        expect(door.locator(f"#entry-{signup.entry_id}")).to_have_class(re.compile(r"\bhere\b"))
        expect(door.locator(f"#entry-{signup.entry_id} [data-here-cell]")).to_have_text("✔ da")
        screenshot(door, "door-scan-checked-in")
        # the code stays in view: it is not sent again (which would say "used already")
        door.wait_for_timeout(1_500)
        expect(result).to_contain_text("ist eingecheckt")
        door.get_by_role("button", name="Scannen beenden").click()
        expect(door.locator("[data-door-scan] video")).to_be_hidden()
        found["door scanning"] = violations(door)
    signup.entry.refresh_from_db()
    assert signup.entry.checked_in
    found = {name: page_violations for name, page_violations in found.items() if page_violations}
    assert found == {}, "axe-core found serious or critical violations:\n" + described(found)


def test_a_code_of_another_tournament_is_refused_on_screen(
    chromium, live_server, eager_celery, tmp_path
):
    cache.clear()
    tournament, elsewhere = announced(), announced()
    stranger = signed_up(elsewhere, 2)
    confirm(stranger)
    video = write_video(tmp_path / "foreign.y4m", [(checkin_code(stranger), 20)])
    with door_with_camera(chromium, live_server, tournament, video, viewport=PHONE) as door:
        door.get_by_role("button", name="Scannen").click()
        result = door.locator("[data-scan-result]")
        expect(result).to_have_text(
            "Dieser Check-in-Code gehört zu einem anderen Turnier.", timeout=20_000
        )
        expect(result).to_have_attribute("data-tone", "error")
    assert not SignUp.objects.get(pk=stranger.pk).entry.checked_in
