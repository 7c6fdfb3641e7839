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
        self.actions = 0  # taps and keystrokes, as the captain would make them

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
        points: int | str | None = None,
        band: str | None = None,
        solo: str | None = None,
        points_of: str = "re",
        announce: dict | None = None,
        extras: dict | None = None,
        tricks: int | None = None,
    ) -> None:
        """Fill in a Doppelkopf deal by taps, as a captain does: the band of card points
        (``band``, one tap) or the exact points (``points``, typed); ``extras`` maps (type,
        party) to a count. Only what differs from the form as it stands is tapped; every tap
        and keystroke is counted in ``actions``."""
        self._tap_unless_checked("contract", contract)
        if solo:
            self._tap_unless_checked("solo", solo)
        wanted = {str(seat) for seat in re}
        chosen = self.form.locator('input[name="re"]:checked:enabled')
        for seat in chosen.evaluate_all("boxes => boxes.map((box) => box.value)"):
            if seat not in wanted:
                self._tap(self.form.locator(f'input[name="re"][value="{seat}"]'))
        for seat in re:
            self._tap_unless_checked("re", seat)
        self._tap_unless_checked("points_of", points_of)
        exact = self.form.locator('input[name="exact"]')
        if band is not None:
            if exact.is_checked():
                self._tap(exact)
            self._tap_unless_checked("band", band)
        elif points is not None:
            if not exact.is_checked():
                self._tap(exact)
            self.type_into(self.form.locator("#points"), str(points))
        if tricks is not None:
            self._tap_unless_checked("re_tricks", tricks)
        for party, level in (announce or {}).items():
            self._tap_unless_checked(f"ann_{party}", level)
        for (kind, party), count in (extras or {}).items():
            self.open_extras()
            for _ in range(count):
                self._tap(self.form.locator(f'[data-target="extra-{kind}-{party}"][data-step="1"]'))

    def open_extras(self) -> None:
        extras = self.form.locator("details[data-extras]")
        if not extras.evaluate("details => details.open"):
            self._tap(extras.locator("summary"))

    def type_into(self, field, content: str) -> None:
        """A tap into the field, then one action per character (its old value selected away)."""
        self._tap(field)
        field.press("Control+a")
        field.press_sequentially(content)
        self.actions += len(content)

    def _tap_unless_checked(self, name: str, value) -> None:
        box = self.form.locator(f'input[name="{name}"][value="{value}"]')
        if not box.is_checked():
            self._tap(box)

    def _tap(self, target) -> None:
        self.actions += 1
        target.click()

    def fill_schafkopf(
        self,
        *,
        contract: str,
        declarer: int,
        points: int | None = None,
        band: str | None = None,
        partner: int | None = None,
        suit: str | None = None,
        laufende: int = 0,
    ) -> None:
        """A Schafkopf deal: the band of the declarer's card points, or the exact ``points``."""
        self._tap_unless_checked("contract", contract)
        if suit:
            self._tap_unless_checked("suit", suit)
        self._tap_unless_checked("declarer", declarer)
        if partner:
            self._tap_unless_checked("partner", partner)
        exact = self.form.locator('input[name="exact"]')
        if band is not None:
            if exact.is_checked():
                self._tap(exact)
            self._tap_unless_checked("band", band)
        elif points is not None:
            if not exact.is_checked():
                self._tap(exact)
            self.type_into(self.form.locator("#points"), str(points))
        self._tap_unless_checked("laufende", laufende)

    def fill_quick_value(self, value: int, winners: tuple[int, ...]) -> None:
        """A quick entry (RULES.md §11.8): one tap on the value chip, one per winner."""
        self._tap_unless_checked("quick_value", value)
        chosen = self.form.locator('input[name="winners"]:checked')
        for seat in chosen.evaluate_all("boxes => boxes.map((box) => box.value)"):
            if int(seat) not in winners:
                self._tap(self.form.locator(f'input[name="winners"][value="{seat}"]'))
        for seat in winners:
            self._tap_unless_checked("winners", seat)

    def fill_quick_points(self, points: dict[int, int]) -> None:
        """Each player's points typed, a minus by the ± button beside the field."""
        for seat, amount in points.items():
            field = self.form.locator(f'[data-quick-points="{seat}"]')
            self.type_into(field, str(abs(amount)))
            if amount < 0:
                self._tap(self.form.locator(f'[data-negate="quick-points-{seat}"]'))

    def _choose(self, name: str, value) -> None:
        self.form.locator(f'input[name="{name}"][value="{value}"]').check()

    def save(self) -> None:
        self._tap(self.form.locator('button[type="submit"]'))

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
