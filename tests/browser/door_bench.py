"""The door's pace, measured in chromium (run by ``bench/door.py``; not part of the suite: the
file's name keeps pytest from collecting it unless named).

A 100-player open tournament (fee 10 €), every player signed up and entered. Two ways in:

- **by scan**: chromium's fake camera plays a video of the 100 check-in codes one after the
  other, each held ``hold`` seconds with ``gap`` seconds of empty wall between (the next player
  stepping up); the door list's scan runs through it once. Measured: how many were checked
  in, check-ins per minute over the pass, and each scan's delay from the code's first frame to
  the answer on screen (the camera's start is taken as the video's first frame: ±1 frame).
- **by name**: the organiser types each name into the search (Playwright's ``fill``: the
  machine's time, not a person's typing) and taps "bezahlt" in the one row left, which takes
  the fee and checks in; the page reloads. Measured: check-ins per minute.

Neither includes a person's own pace (walking up, finding the phone, typing): the scan's pace
is set by the video, the name's by the machine alone.
"""

from __future__ import annotations

import statistics
import time

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from signups.domain.checkin_code import checkin_code
from signups.domain.signups import Applicant, confirm, sign_up
from signups.models import SignUp
from tests.browser.fake_camera import desk_door, door_with_camera, write_video
from tests.signups.conftest import announced
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = 100
FPS = 10
LEAD = 10  # frames of empty wall before the first player
PACES = [(0.8, 0.2), (0.3, 0.1)]  # (hold, gap) in seconds: a brisk door, and faster than any

# The page's answers as they appear, with the time the camera started.
WATCH = """() => {
  window.doorLog = [];
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (wanted) => {
    const stream = await original(wanted);
    window.cameraStart = performance.now();
    return stream;
  };
  const slot = document.querySelector("[data-scan-result]");
  new MutationObserver(() => {
    window.doorLog.push([performance.now(), slot.dataset.tone, slot.textContent]);
  }).observe(slot, { childList: true, characterData: true, subtree: true });
}"""


def players(tournament):
    signups = []
    for n in range(PLAYERS):
        applicant = Applicant(name=f"Gast{n:03d} Spieler", email=f"gast{n}@example.org")
        signup = sign_up(tournament, applicant)
        confirm(signup)
        signups.append(SignUp.objects.get(pk=signup.pk))
    return signups


def test_door_pace(chromium, live_server, eager_celery, tmp_path, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    tournament = announced(fee=1_000)
    signups = players(tournament)
    print(f"\n{PLAYERS} players entered; chromium at 1280×800, jsQR (no BarcodeDetector here)")
    for hold, gap in PACES:
        Entry.objects.filter(tournament=tournament).update(checked_in=False)
        scan_pass(chromium, live_server, tournament, signups, tmp_path, hold, gap)
    Entry.objects.filter(tournament=tournament).update(checked_in=False)
    name_pass(chromium, live_server, tournament, signups, tmp_path)


def scan_pass(chromium, live_server, tournament, signups, tmp_path, hold, gap):
    hold_frames, gap_frames = round(hold * FPS), round(gap * FPS)
    shots = [(None, LEAD)]
    for signup in signups:
        shots += [(checkin_code(signup), hold_frames), (None, gap_frames)]
    shots.append((None, 10 * FPS))  # the pass ends on an empty wall, not on the first code again
    video = write_video(tmp_path / f"door-{hold}.y4m", shots, fps=FPS)
    period = (hold_frames + gap_frames) / FPS
    viewport = {"width": 1280, "height": 800}
    with door_with_camera(chromium, live_server, tournament, video, viewport=viewport) as door:
        door.evaluate(WATCH)
        door.get_by_role("button", name="Scannen").click()
        door.wait_for_function("window.cameraStart !== undefined")
        door.wait_for_timeout((LEAD / FPS + PLAYERS * period + 1.5) * 1000)
        start = door.evaluate("window.cameraStart")
        answers = door.evaluate("window.doorLog")
    checked = Entry.objects.filter(tournament=tournament, checked_in=True).count()
    oks = [(at - start) / 1000 for at, tone, _ in answers if tone == "ok"]
    refused = [text for _, tone, text in answers if tone == "error"]
    delays = scan_delays(oks, period)
    minutes = (oks[-1] - oks[0]) / 60 if len(oks) > 1 else float("nan")
    print(
        f"scan, each code held {hold:.1f} s + {gap:.1f} s between ({60 / period:.0f} players/min "
        f"offered): {checked}/{PLAYERS} checked in, {(len(oks) - 1) / minutes:.1f} check-ins/min "
        f"(first to last answer), delay code→answer median {statistics.median(delays):.2f} s, "
        f"max {max(delays):.2f} s; refusals on screen: {len(refused)}"
    )


def scan_delays(oks, period):
    """Each answer's delay after the first frame of the code it answered (the k-th slot the
    answer falls in: a code is answered while shown or just after)."""
    delays = []
    for at in oks:
        slot = int((at - LEAD / FPS) // period)
        delays.append(at - (LEAD / FPS + slot * period))
    return delays


def name_pass(chromium, live_server, tournament, signups, tmp_path):

    viewport = {"width": 1280, "height": 800}
    with desk_door(chromium, live_server, tournament, viewport=viewport) as door:
        began = time.perf_counter()
        for signup in signups:
            door.get_by_placeholder("Name, Verein oder Nummer").fill(signup.name.lower())
            row = door.locator(f"#entry-{signup.entry_id}")
            row.get_by_role("button", name="bezahlt").click()
            expect(door.locator(f"#entry-{signup.entry_id}")).to_have_attribute(
                "data-checked-in", "true"
            )
        seconds = time.perf_counter() - began
    checked = Entry.objects.filter(tournament=tournament, checked_in=True).count()
    print(
        f"name search + tap 'bezahlt' (page reload of the 100-row list): {checked}/{PLAYERS} "
        f"checked in, {PLAYERS / seconds * 60:.1f} check-ins/min ({seconds / PLAYERS:.2f} s each)"
    )
