"""The captain's page as a test drives it: tap, type and save like a captain at the table.

Fields are found by their names and values, not their words, so the same steps work in German
and English; what the page says is checked against the translated catalog where it matters.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scoring.domain.queries import table_state
from seating.models import Table


class CaptainPage:
    def __init__(self, page: Page, table: Table):
        self.page = page
        self.table = table
        self.form = page.locator("#deal-form")

    def sign_in(self) -> CaptainPage:
        self.page.goto(self.table.captain_path())
        expect(self.page).to_have_url(re.compile(r"/captain/$"))
        return self

    # --- entering ------------------------------------------------------------------------------

    def fill(
        self,
        *,
        contract: str = "normal",
        re: tuple[int, ...] = (),
        points: int | str = 121,
        solo: str | None = None,
        points_of: str = "re",
        announce: dict | None = None,
        extras: dict | None = None,
        tricks: int | None = None,
    ) -> None:
        """Fill in a Doppelkopf deal; ``extras`` maps (type, party) to a count."""
        self._choose("contract", contract)
        if solo:
            self._choose("solo", solo)
        for box in self.form.locator('input[name="re"]').all():
            if box.is_enabled() and box.is_checked():
                box.uncheck()
        for seat in re:
            self._choose("re", seat)
        self._choose("points_of", points_of)
        self.form.locator("#points").fill(str(points))
        if tricks is not None:
            self.form.locator("#re_tricks").fill(str(tricks))
        for party, level in (announce or {}).items():
            self.form.locator(f"#ann_{party}").select_option(level)
        for (kind, party), count in (extras or {}).items():
            self.form.locator(f"#extra-{kind}-{party}").fill(str(count))

    def fill_schafkopf(
        self,
        *,
        contract: str,
        declarer: int,
        points: int,
        partner: int | None = None,
        suit: str | None = None,
        laufende: int = 0,
    ) -> None:
        self._choose("contract", contract)
        if suit:
            self._choose("suit", suit)
        self._choose("declarer", declarer)
        if partner:
            self._choose("partner", partner)
        self.form.locator("#points").fill(str(points))
        self.form.locator("#laufende").fill(str(laufende))

    def _choose(self, name: str, value) -> None:
        self.form.locator(f'input[name="{name}"][value="{value}"]').check()

    def save(self) -> None:
        self.form.locator('button[type="submit"]').click()

    def play(self, **deal) -> None:
        """Enter and save one deal, and wait until the score sheet shows it."""
        rows = self.sheet_rows()
        self.fill(**deal)
        self.save()
        expect(self.page.locator(".deals tbody tr")).to_have_count(rows + 1)

    # --- reading -------------------------------------------------------------------------------

    def sheet_rows(self) -> int:
        return self.page.locator(".deals tbody tr").count()

    def preview_text(self) -> str:
        preview = self.page.locator("#preview h3")
        expect(preview).to_be_visible()
        return self.page.locator("#preview").inner_text()

    def error_at(self, field: str):
        return self.form.locator(f'[data-error-for~="{field}"]')

    def playing_seats(self) -> list[int]:
        boxes = self.form.locator('[data-seat]:not([hidden]) input[name="re"]')
        return [int(value) for value in boxes.evaluate_all("boxes => boxes.map(b => b.value)")]

    def next_deal(self):
        """The next deal as the server knows it (the test shares the live server's database)."""
        return table_state(Table.objects.select_related("series__tournament").get(pk=self.table.pk))
