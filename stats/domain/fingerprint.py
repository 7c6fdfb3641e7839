"""What a count was made from, in a few aggregate queries: the one idea of a fingerprint, which
each tournament's stored figures (``stats.domain.stored``) and the rating
(``stats.domain.rating``) compare with what they were last counted from.

Two facts make a handful of numbers enough:

- **Which deals, in which state** (``deals_print``): a revision never changes; a correction or
  a void is a new revision with a new, higher id. So the number of deals and the sum of their
  current revisions' ids change whenever a deal is recorded, corrected or voided.
- **Who played them** (``people_print``): a deal's points belong to entries and an entry to a
  person; a merge of two persons moves an entry to the other. So the number of entries and
  the sum of each entry's id times its player's id change whenever an entry comes, goes or
  changes hands.

What else a count depends on (what the public may see of a tournament, the engine's version)
the caller adds to the parts, and ``digest`` makes one short text of them.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Aggregate, Count, F, QuerySet, Sum
from django.db.models.functions import Coalesce

from scoring.models import Deal
from tournaments.models import Entry

Print = tuple[Any, ...]


def deals_print(
    deals: QuerySet[Deal], per: str | None = None, **more: Aggregate | Coalesce
) -> list[Print]:
    """Which deals in which state: the number of deals and the sum of their current revisions'
    ids, then ``more``'s aggregates; all together (one row), or per value of the field ``per``
    (each row led by that value). One query."""
    aggregates = {"deals": Count("pk"), "revisions": Coalesce(Sum("current_id"), 0), **more}
    return _print(deals, per, aggregates)


def people_print(entries: QuerySet[Entry], per: str | None = None) -> list[Print]:
    """Who sits at the entries: their number and the sum of entry id × player id; all
    together (one row), or per value of the field ``per``. One query."""
    aggregates = {"entries": Count("pk"), "seated": Coalesce(Sum(F("pk") * F("player_id")), 0)}
    return _print(entries, per, aggregates)


def _print(rows: QuerySet[Any], per: str | None, aggregates: dict[str, Any]) -> list[Print]:
    if per is None:
        return [tuple(rows.aggregate(**aggregates).values())]
    return [tuple(row) for row in rows.values_list(per).annotate(**aggregates).order_by()]


def digest(parts: object) -> str:
    """The parts as one short text (32 hex digits): equal parts, equal text."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
