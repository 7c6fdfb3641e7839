"""What apps above ``results`` add to a tournament's results and to its spectators' page: the
ports of ``results`` (``karlchen.ports``).

``results`` freezes the public standings, writes the tournament's archive and its spreadsheets,
shows the spectators' ranking page (``results.views.SpectatorView``), and imports none of the
apps above it. An app that ranks something else from the standings (``teams``: the teams' and
clubs' rankings; ``signups``: the rankings per category) or links from them (``registry``: the
players' public profiles) provides its share here when Django starts (its
``AppConfig.ready``), and ``results`` asks it where it writes or shows a tournament:

- ``RESULTS_PARTS``: a ``ResultsPart`` (``results.parts``) under a name of its own, for its
  share of the frozen snapshot, the archive and the spreadsheets. Without the app, an archive
  or a snapshot holding its part is refused (an unknown field), never half read.
- ``SECTIONS``: a function that gives, for each tournament, a ``Section``
  (``results.sections``) the ranking page includes beside the players' ranking, or None where
  the app has nothing to show for that tournament.
- ``BEAMER_SECTIONS``: the same for the beamer (``results.views.BeamerView``), shown below the
  ranking's pages (``stats``: the evening in figures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karlchen.ports import Many, PerKey, declare

if TYPE_CHECKING:
    from results.parts import ResultsPart
    from results.sections import SectionProvider

RESULTS_PARTS: PerKey[ResultsPart] = declare(
    PerKey("results.parts", provided_by={"teams": "teams", "categories": "signups"})
)

SECTIONS: Many[SectionProvider] = declare(
    Many("results.sections", provided_by=("teams", "signups", "registry", "seasons"))
)

BEAMER_SECTIONS: Many[SectionProvider] = declare(
    Many("results.beamer_sections", provided_by=("stats",))
)
