"""A camera for chromium that shows QR codes (a Y4M video for its fake capture device), and
the desk's door list in a chromium that has it.

Y4M is a header line and raw frames; grey pictures need only the luma plane (chroma at 128).
Chromium plays the file at its frame rate and starts again at the end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import segno
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, browser_page
from tests.factories.tournaments import organiser

WIDTH, HEIGHT = 320, 240
BLACK, WHITE = 16, 235  # video luma range


def camera_flags(video: Path) -> list[str]:
    """Chromium's flags for a camera that shows ``video``, allowed without asking."""
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def qr_frame(text: str | None) -> bytes:
    """One grey frame's luma: the QR code of ``text`` in the middle (None: an empty wall)."""
    rows = [bytes([WHITE]) * WIDTH] * HEIGHT
    if text is None:
        return b"".join(rows)
    matrix = segno.make(text, error="m").matrix
    scale = (HEIGHT - 40) // len(matrix)
    size = scale * len(matrix)
    top, left = (HEIGHT - size) // 2, (WIDTH - size) // 2
    rows = list(rows)
    for y, line in enumerate(matrix):
        pixels = b"".join(bytes([BLACK if dark else WHITE]) * scale for dark in line)
        row = bytes([WHITE]) * left + pixels + bytes([WHITE]) * (WIDTH - left - size)
        for offset in range(scale):
            rows[top + y * scale + offset] = row
    return b"".join(rows)


def write_video(path: Path, shots: Sequence[tuple[str | None, int]], *, fps: int = 10) -> Path:
    """A Y4M video of ``shots``: each a code (None: nothing) held for that many frames."""
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2 * 2)
    with path.open("wb") as video:
        video.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for text, frames in shots:
            frame = b"FRAME\n" + qr_frame(text) + chroma
            for _ in range(frames):
                video.write(frame)
    return path


@contextmanager
def camera_chromium(chromium: Browser, video: Path) -> Iterator[Browser]:
    """A second chromium, like the tests' one, whose camera shows ``video``."""
    browser = chromium.browser_type.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *camera_flags(video)]
    )
    try:
        yield browser
    finally:
        browser.close()


@contextmanager
def desk_door(browser: Browser, live_server, tournament, **options) -> Iterator[Page]:
    """The door list of ``tournament`` at the desk, signed in as its organiser."""
    client = Client()
    client.force_login(organiser())
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    with browser_page(browser, live_server, **options) as page:
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        page.goto(f"/desk/{tournament.pk}/money/")
        yield page


@contextmanager
def door_with_camera(chromium: Browser, live_server, tournament, video: Path, **options):
    """The door list in a chromium whose camera shows ``video``."""
    with (
        camera_chromium(chromium, video) as browser,
        desk_door(browser, live_server, tournament, **options) as page,
    ):
        yield page
