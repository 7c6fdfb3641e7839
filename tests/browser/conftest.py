"""Browser tests: Playwright driving Debian's chromium against the live test server.

Playwright's own browser download cannot work on these machines; ``bin/services`` installs
Debian's ``chromium``, launched here with flags that keep it off the network. Pages are looked at
as a phone sees them (360 px wide). Screenshots go to ``test-output/`` (or
``$KARLCHEN_TEST_OUTPUT``) for people to look at.
"""

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import REPO

CHROMIUM = os.environ.get("KARLCHEN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
# The pages' timers run faster here than as shipped (5 s each; tests/results/test_page_timers.py
# and tests/scoring/test_retry_timer.py check that those reach the pages): a spectator's page
# reads the standings again every POLL_SECONDS, a captain's page sends what waits again every
# RETRY_SECONDS. A test waits for one poll and the same 2 s for the server's answer as with the
# shipped interval.
POLL_SECONDS = 1
RETRY_SECONDS = 2
OUTPUT = Path(os.environ.get("KARLCHEN_TEST_OUTPUT", REPO / "test-output"))

# Playwright's sync API runs an event loop in this thread; the ORM calls of a test are still
# plain synchronous code between two browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,  # Playwright gives every launch a fresh profile of its own
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def quick_timers(settings):
    settings.SPECTATOR_POLL_SECONDS = POLL_SECONDS
    settings.CAPTAIN_RETRY_SECONDS = RETRY_SECONDS


@contextmanager
def browser_page(chromium, live_server, **options):
    """A page in a fresh browser context (German, as the club room speaks) on the live server;
    any JavaScript error on it fails the test."""
    context = chromium.new_context(locale="de-DE", base_url=live_server.url, **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture
def phone(chromium, live_server):
    """A fresh phone-sized browser on the live server."""
    with browser_page(chromium, live_server, viewport=PHONE, has_touch=True) as page:
        yield page


@pytest.fixture
def screenshot():
    """Save a screenshot of a page (or one element) under the test output directory."""

    def save(target, name: str) -> Path:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        path = OUTPUT / f"{name}.png"
        target.screenshot(
            path=str(path), **({"full_page": True} if hasattr(target, "goto") else {})
        )
        return path

    return save
