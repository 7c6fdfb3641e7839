"""Counting what an organiser does on a journey through the desk: each click (a field focused,
a button, a link, an option picked) and each key typed (``bench/club_year.py`` prints them)."""

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page


@dataclass
class Journey:
    """The clicks and keystrokes of one journey (a choice in a list: two clicks)."""

    page: Page
    clicks: int = 0
    keys: int = 0
    steps: list[str] = field(default_factory=list)

    def click(self, locator) -> None:
        locator.click()
        self.clicks += 1

    def type(self, locator, text: str) -> None:
        locator.click()
        locator.press_sequentially(text)
        self.clicks += 1
        self.keys += len(text)

    def choose(self, locator, label: str | None = None, *, value: str | None = None) -> None:
        if value is not None:
            locator.select_option(value=value)
        else:
            locator.select_option(label=label)
        self.clicks += 2

    def counts(self) -> dict[str, int]:
        return {"clicks": self.clicks, "keystrokes": self.keys}


def record(counts: dict[str, dict[str, int]]) -> None:
    """Add the journeys' counts to the file ``KARLCHEN_CLUB_YEAR`` names, if it is set."""
    target = os.environ.get("KARLCHEN_CLUB_YEAR")
    if not target:
        return
    path = Path(target)
    known = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps(known | counts))


def shots_folder() -> Path:
    """Where the journeys' screenshots at both sizes go (looked at by whoever runs them)."""
    folder = Path(os.environ.get("KARLCHEN_CLUB_YEAR_SHOTS", "/tmp/karlchen-club-year"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
