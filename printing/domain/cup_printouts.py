"""A team cup on paper: its group tables and its bracket, as the organisers see it now.

The rows are the cup's cached body (``cups.domain.state.cached_cup``) worded by
``cups.presentation``, so the paper shows what the cup's page shows. One or two pages: the
desk renders it at once (no job). The bracket is a table of one column per knock-out round,
each pairing spanning the rows of the two pairings it follows, so that it sits between them
as on a drawn bracket.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from cups.domain.state import cached_cup
from cups.models import Cup
from cups.presentation import cup_view
from printing import pdf

BRACKET_TEMPLATE = "print/cup_bracket.html"


@dataclass(frozen=True)
class Cell:
    pairing: dict[str, Any]
    rows: int  # how many of the first round's rows it spans


@dataclass(frozen=True)
class CupDocument:
    cup: Cup
    body: dict[str, Any]
    grid: list[list[Cell]]  # the bracket's rows, each with the cells that start in it
    printed_at: datetime.datetime


def bracket_grid(rounds: list[dict[str, Any]]) -> list[list[Cell]]:
    """Round r's pairing p starts in row p·2^(r−1) and spans 2^(r−1) rows."""
    if not rounds:
        return []
    grid: list[list[Cell]] = [[] for _ in rounds[0]["pairings"]]
    for number, round_ in enumerate(rounds):
        span = 2**number
        for position, pairing in enumerate(round_["pairings"]):
            grid[position * span].append(Cell(pairing, span))
    return grid


def cup_document(cup: Cup) -> CupDocument:
    body = cup_view(json.loads(cached_cup(cup).content))
    rounds = body["bracket"]["rounds"] if body["bracket"] else []
    return CupDocument(cup, body, bracket_grid(rounds), timezone.localtime())


def cup_bracket_pdf(cup: Cup) -> pdf.Rendered:
    return pdf.render(BRACKET_TEMPLATE, {"document": cup_document(cup)})
