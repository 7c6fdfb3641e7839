"""Parts of a tournament's results that apps above ``results`` own.

An app that ranks something else from the standings (``teams``: the teams' and clubs'
rankings) provides a ``ResultsPart`` through the port ``results.ports.RESULTS_PARTS`` when
Django starts (its ``AppConfig.ready``), under a name of its own, and ``results`` asks it for
its share:

- ``frozen``: what spectators see of it now; a freeze keeps it in the tournament's frozen
  snapshot (``frozen_standings["parts"][name]``) beside the players' ranking, so that spectators
  see it as it was at the freeze, and a thaw drops it with the rest.
- ``export`` / ``restore``: its part of the tournament archive (``archive[name]``; None: nothing
  to archive). ``restore`` builds it again in the imported tournament (inside the import's
  transaction, after the entries and the series) or raises ``Refused`` with fields inside the
  part (``teams.0.members.1``; the archive prefixes the part's name).
- ``restore_frozen``: its frozen share as archived, with the ids of the imported tournament.
- ``tables``: sheets for the tournament's spreadsheets (the XLSX has each as a sheet; each can
  be downloaded as a CSV of its own, ``<key>-csv``).

Every hook is optional.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from karlchen.actors import Actor
    from tournaments.models import Entry, Tournament

TableCell = int | float | str | None


@dataclass(frozen=True)
class PartTable:
    key: str  # the CSV's kind (``<key>-csv``) and the end of its file name
    title: str  # the XLSX sheet's title
    rows: Sequence[Sequence[TableCell]]  # the first the header
    widths: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ResultsPart:
    name: str
    frozen: Callable[[Tournament], Any] | None = None
    export: Callable[[Tournament], Any] | None = None
    # (the new tournament, the archived part, its entries by start number, who imports)
    restore: Callable[[Tournament, Any, Mapping[int, Entry], Actor], None] | None = None
    # (the new tournament, the archived frozen share, its entries by start number) -> the share
    restore_frozen: Callable[[Tournament, Any, Mapping[int, Entry]], Any] | None = None
    tables: Callable[[Tournament], list[PartTable]] | None = None
