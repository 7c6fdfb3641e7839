"""Browser tests: Playwright driving Debian's chromium against the live test server.

Playwright's own browser download cannot work on these machines; ``bin/services`` installs
Debian's ``chromium``, launched here with flags that keep it off the network. Pages are looked at
as a phone sees them (360 px wide). Screenshots go to ``test-output/`` (or
``$KARLCHEN_TEST_OUTPUT``) for people to look at. A failing test's report shows what each page
still open did last and its HTML (``PageJournal``).
"""

import os
import time
from collections import deque
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
    any JavaScript error on it fails the test. What the page did is kept for a failure's report
    (``pytest_runtest_makereport``)."""
    context = chromium.new_context(locale="de-DE", base_url=live_server.url, **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    journal = PageJournal(page)
    OPEN_PAGES.append(journal)
    try:
        yield page
    finally:
        OPEN_PAGES.remove(journal)
        context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


class PageJournal:
    """The last things a page did (requests, answers, navigations, console lines), with the
    seconds since it opened: a browser test that fails under load says what the page saw."""

    KEPT = 60

    def __init__(self, page) -> None:
        self.page, self.begun = page, time.monotonic()
        self.lines: deque[str] = deque(maxlen=self.KEPT)
        page.on("request", lambda request: self.note("->", request.method, request.url))
        page.on("response", lambda response: self.note("<-", response.status, response.url))
        page.on("requestfailed", lambda request: self.note("failed", request.url))
        page.on("framenavigated", lambda frame: self.note("at", frame.url))
        page.on("console", lambda message: self.note("console", message.text))

    def note(self, *words) -> None:
        self.lines.append(f"{time.monotonic() - self.begun:7.3f} " + " ".join(map(str, words)))

    def report(self) -> str:
        try:
            html = self.page.content()
        except Exception as error:  # a page that is closing has no content left to give
            html = f"(no content: {error})"
        return "\n".join([*self.lines, "", html])


OPEN_PAGES: list[PageJournal] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for number, journal in enumerate(OPEN_PAGES, 1):
            report.sections.append((f"page {number} ({journal.page.url})", journal.report()))


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
