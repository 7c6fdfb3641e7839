"""What a reader of the calendar or the results index asks for: game, region, host club, a
range of dates and a page. Parsed from a query string, each bad value refused by its field."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from karlchen.refusals import Problem, Refused
from tournaments.enums import Game

FIELDS = ("game", "region", "club", "date_from", "date_to", "page")
MAX_REGION = 80  # Tournament.region's length
MAX_PAGE = 10_000
MAX_ID = 10**18 - 1  # a club's id: at most 18 digits


@dataclass(frozen=True)
class Filters:
    game: str = ""
    region: str = ""  # compared without regard to case
    club: int | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None

    def key(self) -> str:
        """The filters as a short stable text: part of the cache key of a listing."""
        return "|".join(
            str(value or "")
            for value in (
                self.game,
                self.region.casefold(),
                self.club,
                self.date_from,
                self.date_to,
            )
        )

    def query(self) -> dict[str, str]:
        """The filters as query parameters (the empty ones left out): for the pages' links."""
        values = {
            "game": self.game,
            "region": self.region,
            "club": "" if self.club is None else str(self.club),
            "date_from": self.date_from.isoformat() if self.date_from else "",
            "date_to": self.date_to.isoformat() if self.date_to else "",
        }
        return {name: value for name, value in values.items() if value}


def parse_filters(query: Mapping[str, str]) -> tuple[Filters, int]:
    """The filters and the page (from 1) of a query; unknown parameters are ignored (a page's
    own, a tracker's), every bad value refused at once, each by its field."""
    problems: list[Problem] = []
    game = (query.get("game") or "").strip()
    if game and game not in Game.values:
        problems.append(Problem("listing_game_unknown", "game", {"game": game[:40]}))
    region = (query.get("region") or "").strip()
    if len(region) > MAX_REGION:
        problems.append(Problem("text_too_long", "region", {"max": MAX_REGION}))
    club = _number(query.get("club"), "club", problems, "listing_club_invalid")
    date_from = _date(query.get("date_from"), "date_from", problems)
    date_to = _date(query.get("date_to"), "date_to", problems)
    if date_from and date_to and date_to < date_from:
        problems.append(Problem("listing_dates_reversed", "date_to", {}))
    page = _number(query.get("page"), "page", problems, "listing_page_invalid") or 1
    if page > MAX_PAGE:
        problems.append(Problem("listing_page_invalid", "page", {"max": MAX_PAGE}))
    if problems:
        raise Refused(problems)
    filters = Filters(game, region, club, date_from, date_to)
    return filters, page


def _number(raw: str | None, field: str, problems: list[Problem], code: str) -> int | None:
    # Not stripped: the schema says a number or nothing, and " " (a "+" in a query) is neither.
    text = raw or ""
    if not text:
        return None
    if not text.isdigit() or len(text) > len(str(MAX_ID)) or int(text) < 1:
        problems.append(Problem(code, field, {"max": MAX_PAGE}))
        return None
    return int(text)


def _date(raw: str | None, field: str, problems: list[Problem]) -> datetime.date | None:
    text = raw or ""  # not stripped, as a number's
    if not text:
        return None
    try:
        value = datetime.date.fromisoformat(text)
    except ValueError:
        value = None
    if value is None or len(text) != 10 or not 2000 <= value.year <= 2999:
        problems.append(Problem("listing_date_invalid", field, {}))
        return None
    return value
