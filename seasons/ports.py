"""The port through which apps above ``seasons`` add their share to a season's archive: the
port of ``seasons`` (``karlchen.ports``).

A league (app ``leagues``) is a season with divisions, teams and match days; ``seasons`` may not
import it (docs/DESIGN.md), yet a season's archive must carry it. An app provides a
``SeasonPart`` (``seasons.parts``) under its name in its ``AppConfig.ready()``; the season
archive (``seasons.domain.archive``) writes each part's export under the part's name, checks
what an archive holds there before anything is created, and restores it once the evenings are
imported, in the import's transaction. An archive naming a part no installed app reads is
refused as an unknown field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karlchen.ports import Many, PerKey, declare

if TYPE_CHECKING:
    from seasons.club_views import ClubSectionProvider
    from seasons.parts import SeasonPart

SEASON_PARTS: PerKey[SeasonPart] = declare(
    PerKey("seasons.parts", provided_by={"league": "leagues"})
)

# A club's public page (``seasons.club_views``) shows what apps above add for the club
# (``stats``: the club's latest public season in figures): a ``results.sections.Section`` or None.
CLUB_SECTIONS: Many[ClubSectionProvider] = declare(
    Many("seasons.club_sections", provided_by=("stats",))
)
